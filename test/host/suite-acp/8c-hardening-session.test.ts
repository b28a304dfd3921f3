// What one hostile or failing session can no longer do to the window: an `execute` titled like our
// hover tool is rejected (only reads of ours are allowed once), and one chat's `session/load` error
// stays that chat's (auto does not move the whole window to print mode).
import * as assert from 'assert';
import * as vscode from 'vscode';
import { chatRequest, cursorLog, cursorModel, lmRequest, logMark } from '../requests';
import { renderedAnswer } from '../helpers';
import { acpFake, acpReady, freshAgents, printTurnsSince, promptsSent, wire } from './support';

type Line = { dir: string; msg: Record<string, unknown> };
/** The option the extension chose for each permission request since `from` (wire lines), with the request's kind. */
function permissionAnswers(from: number): Array<{ kind?: string; optionId?: string }> {
  const lines: Line[] = wire().slice(from);
  return lines
    .filter((l) => l.dir === 'out' && l.msg.method === 'session/request_permission')
    .map((req) => {
      const res = lines.find((l) => l.dir === 'in' && l.msg.id === req.msg.id && l.msg.method === undefined);
      const kind = ((req.msg.params as { toolCall?: { kind?: string } }).toolCall ?? {}).kind;
      return { kind, optionId: ((res?.msg.result as { outcome?: { optionId?: string } } | undefined)?.outcome ?? {}).optionId };
    });
}

describe('one session cannot forge a read or move the window (ACP, auto)', function () {
  this.timeout(60_000);
  before(async function () {
    this.timeout(30_000);
    await acpReady();
  });

  it('@cursor: an execute (or edit) request titled and named like our hover tool is rejected once; the hover read itself is allowed', async () => {
    const hover = { tool: 'hover', args: { file: 'no-such.ts', line: 1 } };
    await freshAgents({
      turn: { kind: 'mcpCall', calls: [{ ...hover, kind: 'execute' }, { ...hover, kind: 'edit' }, hover], text: 'Tried:' },
    });
    const from = wire().length;
    const r = await chatRequest('forge a hover forged-permission');
    assert.strictEqual(r.metadata?.errorKind, undefined, JSON.stringify(r));
    assert.deepStrictEqual(permissionAnswers(from), [
      { kind: 'execute', optionId: 'reject-once' },
      { kind: 'edit', optionId: 'reject-once' },
      { kind: 'other', optionId: 'allow-once' },
    ]);
    const answer = await renderedAnswer();
    assert.match(answer, /hover: rejected[\s\S]*hover: rejected[\s\S]*hover: (?!rejected)/, answer);
  });

  it("one chat's session/load failing with -32603 fails that chat only: the next chat still runs over ACP, not print mode", async () => {
    await freshAgents({});
    const first = 'Remember the number 7. load-err-1';
    const a1 = await lmRequest(first);
    assert.strictEqual(a1.error, undefined, String(a1.error));
    // A new process (chat A's session is not in it): continuing A loads it, and that load fails.
    await freshAgents({ loadError: { code: -32603, message: 'Internal error' } });
    const since = acpFake().invocations().length;
    const from = logMark();
    const model = await cursorModel('auto');
    const { User, Assistant } = vscode.LanguageModelChatMessage;
    const messages = [User(first), Assistant(a1.text), User('Which number? load-err-2')];
    let failed: unknown;
    try {
      const response = await model.sendRequest(messages, {}, new vscode.CancellationTokenSource().token);
      for await (const _ of response.text) void _;
    } catch (e) {
      failed = e;
    }
    assert.ok(failed instanceof vscode.LanguageModelError, 'chat A answered although its session could not be loaded');
    const next = 'A new question. load-err-3';
    const b = await lmRequest(next);
    assert.strictEqual(b.error, undefined, String(b.error));
    assert.strictEqual(printTurnsSince(since), 0, "a print-mode turn ran: one chat's load error moved the window to print mode");
    assert.ok(
      promptsSent().some((p) => p.includes('load-err-3')),
      'the next chat was not sent over ACP',
    );
    assert.ok(!cursorLog().slice(from).includes('uses print mode from now on'), 'the window fell back to print mode');
  });
});
