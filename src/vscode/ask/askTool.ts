/**
 * `cursor_ask` (`#cursor` in a prompt): the Cursor agent as a language model tool that any agent or
 * extension in VS Code can call. One read-only turn in the workspace folder (askCursor.ts, the same turn
 * as the ask server's `ask_cursor`); the result is the answer's text and the files the agent read. A
 * refusal or a failure is an error, a cancelled turn a cancellation.
 */
import * as vscode from 'vscode';
import { oneLine } from '../../cli/markdownText';
import { parseAskInput } from '../../services/engine/askInput';
import { askCursorOnce, type AskCursorDeps } from './askCursor';

export const ASK_TOOL = 'cursor_ask';
/** How much of the question the invocation message shows. */
const SHOWN_QUESTION_CHARS = 200;

export type AskToolDeps = AskCursorDeps;

export class CursorAskTool implements vscode.LanguageModelTool<unknown> {
  constructor(private readonly deps: AskToolDeps) {}

  prepareInvocation(options: vscode.LanguageModelToolInvocationPrepareOptions<unknown>): vscode.PreparedToolInvocation {
    const parsed = parseAskInput(options.input);
    if (!parsed.ok) return { invocationMessage: vscode.l10n.t('Asking Cursor (the input is not valid)') };
    const { question, files } = parsed.input;
    const shown = shortLine(question, SHOWN_QUESTION_CHARS);
    return {
      invocationMessage: files?.length
        ? vscode.l10n.t('Asking Cursor: "{0}" with {1}', shown, shortLine(files.join(', '), SHOWN_QUESTION_CHARS))
        : vscode.l10n.t('Asking Cursor: "{0}"', shown),
    };
  }

  async invoke(
    options: vscode.LanguageModelToolInvocationOptions<unknown>,
    token: vscode.CancellationToken,
  ): Promise<vscode.LanguageModelToolResult> {
    const outcome = await askCursorOnce(this.deps, ASK_TOOL, options.input, token);
    if (outcome.status === 'error') throw new Error(outcome.message);
    if (outcome.status === 'cancelled') throw new vscode.CancellationError();
    return new vscode.LanguageModelToolResult([
      new vscode.LanguageModelTextPart(outcome.text),
      new vscode.LanguageModelTextPart(`\n\n${outcome.filesLine}`),
    ]);
  }
}

function shortLine(text: string, max: number): string {
  const flat = oneLine(text);
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}
