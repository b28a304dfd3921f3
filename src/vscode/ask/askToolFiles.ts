/**
 * The files a `cursor_ask` caller named, read for the prompt the way `@cursor`'s attached files are
 * (see chatReferences.ts): only files inside the turn's workspace folder, a few, each clipped, and
 * all of them within one budget, so a question never grows past the prompt's size limit.
 */
import * as vscode from 'vscode';
import type { PromptReference } from '../../cli/prompt';
import type { HostEnvironment } from '../../cli/process';
import { placeFiles } from '../../services/engine/askInput';

const MAX_FILE_CHARS = 100_000;
const MAX_TOTAL_CHARS = 250_000;
/** Larger files are named, never opened. */
const MAX_FILE_BYTES = 5_000_000;

/** A file the caller named cannot be used: the message is for the calling model. */
export class ToolInputError extends Error {}

export async function readToolFiles(
  files: readonly string[],
  folder: string,
  host: Pick<HostEnvironment, 'platform' | 'realPath'>,
): Promise<PromptReference[]> {
  const placed = placeFiles(files, folder, host);
  if (placed.outside.length > 0) {
    throw new ToolInputError(`cursor_ask reads only files inside the workspace folder (${folder}); not inside it: ${placed.outside.join(', ')}.`);
  }
  const refs: PromptReference[] = [];
  const missing: string[] = [];
  let budget = MAX_TOTAL_CHARS;
  for (const abs of placed.inside) {
    const uri = vscode.Uri.file(abs);
    const label = vscode.workspace.asRelativePath(uri, false);
    let stat: vscode.FileStat;
    try {
      stat = await vscode.workspace.fs.stat(uri);
    } catch {
      missing.push(label);
      continue;
    }
    if ((stat.type & vscode.FileType.Directory) !== 0) {
      refs.push({ kind: 'text', label, content: `(folder) ${abs}` });
    } else if (stat.size > MAX_FILE_BYTES) {
      refs.push({ kind: 'text', label, content: `(not included: ${Math.round(stat.size / 1_000_000)} MB is too large; read it yourself if needed)` });
    } else {
      try {
        const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString()) ?? (await vscode.workspace.openTextDocument(uri));
        const content = clip(doc.getText(), Math.min(MAX_FILE_CHARS, budget));
        budget -= content.length;
        refs.push({ kind: 'file', label, path: abs, languageId: doc.languageId, content });
      } catch {
        refs.push({ kind: 'text', label, content: '(named by the caller, but it could not be read as text)' });
      }
    }
  }
  if (missing.length > 0) throw new ToolInputError(`No such file in the workspace folder (${folder}): ${missing.join(', ')}.`);
  return refs;
}

function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, Math.max(0, max))}\n… (truncated: the rest is not included)`;
}
