/**
 * A `vscode.lm` request message as a turn reads it: its text (tool results included, text and
 * JSON data parts decoded, as LanguageModelDataPart.text()/.json() make them) and its other data
 * parts as binary attachments (images are sent; any other type is named by images.ts, never dropped).
 */
import * as vscode from 'vscode';
import type { PlainMessage } from '../../services/conversation/conversationIndex';
import type { BinaryAttachment } from '../../services/engine/images';

export interface LmMessage extends PlainMessage {
  attachments: BinaryAttachment[];
}

/** Copilot's prompt-caching hint: a data part that marks a cache boundary, not content. */
const CACHE_CONTROL = 'cache_control';

const isTextMime = (mime: string) => mime.startsWith('text/') || mime === 'application/json' || mime.endsWith('+json');

export function readLmMessage(m: vscode.LanguageModelChatRequestMessage): LmMessage {
  const role = m.role === vscode.LanguageModelChatMessageRole.Assistant ? 'assistant' : 'user';
  const attachments: BinaryAttachment[] = [];
  const text = m.content
    .map((p) => {
      if (p instanceof vscode.LanguageModelTextPart) return p.value;
      if (p instanceof vscode.LanguageModelToolResultPart) {
        return p.content.map((c) => (c instanceof vscode.LanguageModelTextPart ? c.value : '')).join('');
      }
      if (p instanceof vscode.LanguageModelDataPart) {
        if (p.mimeType === CACHE_CONTROL) return '';
        if (isTextMime(p.mimeType)) return new TextDecoder().decode(p.data);
        attachments.push({ label: `${p.mimeType} part ${attachments.length + 1}`, declaredMime: p.mimeType, bytes: p.data });
      }
      return '';
    })
    .join('');
  return { role, text, attachments };
}
