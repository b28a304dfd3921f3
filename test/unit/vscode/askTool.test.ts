/**
 * The cursor_ask tool (src/vscode/ask/askTool.ts) on the `vscode` stand-in: what VS Code shows before it
 * runs, and a bad input refused before anything is asked of the flow. The extension-host suites run
 * whole calls through `vscode.lm.invokeTool`.
 */
import * as assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import { CursorAskTool } from '../../../src/vscode/ask/askTool';
import type { ChatTurnFlow } from '../../../src/services/engine/chatTurn';
import { DEFAULT_SETTINGS } from '../../../src/services/settingsSchema';
import { MemoryLogger } from '../../support/logger';
import { cancellationSource } from '../../support/cancellation';

describe('cursor_ask on a vscode stand-in', () => {
  let runs = 0;
  function tool(): CursorAskTool {
    const flow = { run: () => (runs++, Promise.reject(new Error('not expected'))) } as unknown as ChatTurnFlow;
    const deps = { flow, auth: {}, catalog: {}, settings: () => ({ ...DEFAULT_SETTINGS }), logger: new MemoryLogger(), host: { platform: 'linux' } };
    return new CursorAskTool(deps as unknown as ConstructorParameters<typeof CursorAskTool>[0]);
  }
  const prepare = (input: unknown) =>
    tool().prepareInvocation({ input } as vscode.LanguageModelToolInvocationPrepareOptions<unknown>) as vscode.PreparedToolInvocation;

  it('shows the question (on one line, at most 200 characters) and the files it will include', () => {
    assert.equal(prepare({ question: 'What does\n  hello.ts do?' }).invocationMessage, 'Asking Cursor: "What does hello.ts do?"');
    assert.equal(prepare({ question: 'Why?', files: ['src/a.ts', 'b.ts'] }).invocationMessage, 'Asking Cursor: "Why?" with src/a.ts, b.ts');
    const long = String(prepare({ question: 'x'.repeat(500) }).invocationMessage);
    assert.equal(long, `Asking Cursor: "${'x'.repeat(199)}…"`);
  });

  it('a bad input is shown as such, and refused before anything runs', async () => {
    assert.equal(prepare({ files: [] }).invocationMessage, 'Asking Cursor (the input is not valid)');
    const { token } = cancellationSource();
    await assert.rejects(
      tool().invoke(
        { input: { question: 3 } } as unknown as vscode.LanguageModelToolInvocationOptions<unknown>,
        token as unknown as vscode.CancellationToken,
      ),
      /^Error: Invalid input: question must be a string\. cursor_ask takes/,
    );
    assert.equal(runs, 0);
  });
});
