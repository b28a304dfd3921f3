// Calling the `cursor_ask` language model tool as another extension (or an agent) does: shared by
// the suites that test it (print mode, ACP, untrusted).
import * as vscode from 'vscode';

export const ASK_TOOL = 'cursor_ask';

/** What a call returned: the result's text (every text part, joined), or what it was rejected with. */
export interface ToolOutcome {
  text?: string;
  error?: unknown;
  ms: number;
}

/** `vscode.lm.invokeTool('cursor_ask', …)` outside any chat (no invocation token), as an extension calls it. */
export async function askTool(input: unknown, token: vscode.CancellationToken = new vscode.CancellationTokenSource().token): Promise<ToolOutcome> {
  const t0 = Date.now();
  try {
    const result = await vscode.lm.invokeTool(ASK_TOOL, { input: input as object, toolInvocationToken: undefined }, token);
    const text = result.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
    return { text, ms: Date.now() - t0 };
  } catch (error) {
    return { error, ms: Date.now() - t0 };
  }
}

/** The message an outcome was rejected with ('' when it was not). */
export function errorMessage(o: ToolOutcome): string {
  return o.error === undefined ? '' : o.error instanceof Error ? o.error.message : String(o.error);
}
