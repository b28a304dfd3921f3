// A subagent's writes are the agent's writes (issue 47, item 1 and 2): in a read-only turn, a subagent that completes an
// edit or a command under its own session id stops the turn with the read-only breach message, `session/cancel` goes to
// the parent session and the agent's process is gone within the cancel and kill graces, through `@cursor` and `vscode.lm`;
// and a subagent's keep-alives hold no stalled turn open.
import * as assert from 'assert';
import * as vscode from 'vscode';
import { chatRequest, lmRequest } from '../requests';
import { waitFor } from '../helpers';
import { acpFake, acpReady, fakePids, freshAgents } from './support';

/** The cancel grace and the kill grace (PROCESS_LIMITS in src/services/engine/chatRuntime.ts), stated here as the user meets them. */
const GRACE_MS = 2000;
const BREACH = /changed something in a read-only turn/;
const STALLED = 'The Cursor CLI stopped responding (no output for 5 s).';

/** The session the prompt tagged `tag` went to, and the pid of the process that got it. */
function promptOf(tag: string): { sessionId: string; pid: number } {
  for (const [pid, lines] of acpFake().acpLog()) {
    const p = lines.find((l) => l.dir === 'in' && l.msg.method === 'session/prompt' && JSON.stringify(l.msg.params).includes(tag));
    if (p) return { sessionId: (p.msg.params as { sessionId: string }).sessionId, pid };
  }
  assert.fail(`no prompt tagged ${tag}`);
}

/** The sessions `session/cancel` was sent for, in the process `pid`. */
function cancelsIn(pid: number): string[] {
  return (acpFake().acpLog().get(pid) ?? [])
    .filter((l) => l.dir === 'in' && l.msg.method === 'session/cancel')
    .map((l) => (l.msg.params as { sessionId: string }).sessionId);
}

describe("a subagent's writes stop a read-only turn like the agent's own (ACP)", function () {
  this.timeout(60_000);
  before(async function () {
    this.timeout(30_000);
    await acpReady();
  });

  const cases = [
    { surface: '@cursor', write: 'edit' },
    { surface: 'vscode.lm', write: 'execute' },
    { surface: '@cursor', write: 'execute' },
    { surface: 'vscode.lm', write: 'edit' },
  ] as const;
  for (const c of cases) {
    it(`${c.surface}: a subagent's completed ${c.write} under its own session id ends the turn as a breach; the process is gone`, async () => {
      const tag = `sub-${c.write}-${c.surface === '@cursor' ? 'chat' : 'lm'}`;
      await freshAgents({ turn: { kind: 'subagent', text: 'ok', writes: [c.write] } });
      let message: string;
      if (c.surface === '@cursor') {
        const r = await chatRequest(`Only look around. ${tag}`);
        assert.strictEqual(r.metadata?.errorKind, 'policyBreach', JSON.stringify(r));
        message = r.errorDetails?.message ?? '';
      } else {
        const o = await lmRequest(`Only look around. ${tag}`);
        assert.ok(o.error instanceof vscode.LanguageModelError, `answered: ${JSON.stringify(o.text)}`);
        assert.strictEqual(o.text, '', 'text shown');
        message = o.error.message;
      }
      const reported = Date.now();
      assert.match(message, BREACH);
      const { sessionId, pid } = promptOf(tag);
      assert.deepStrictEqual(cancelsIn(pid), [sessionId], 'session/cancel to the parent session, once');
      const gone = await waitFor(`the agent ${pid} to be gone`, () => (fakePids().includes(pid) ? undefined : Date.now()), 2 * GRACE_MS + 3000, 50);
      assert.ok(gone - reported <= 2 * GRACE_MS + 1000, `the agent ran ${gone - reported} ms after the breach was reported`);
    });
  }

  it("vscode.lm: a subagent's keep-alives (available_commands_update every 400 ms) never hold a stalled turn open", async () => {
    await freshAgents({ turn: { kind: 'subagent', text: 'never', keepAliveMs: 400 } });
    // Decided by state: the turn ends on its 5 s deadline; a turn the keep-alives held open would still run at 20 s.
    const running = lmRequest('Keep me waiting. sub-keep-alive');
    const o = await Promise.race([running, waitFor('never', () => undefined, 20_000).catch(() => 'still running' as const)]);
    assert.notStrictEqual(o, 'still running', 'the keep-alives held the turn open');
    if (o === 'still running') return;
    assert.ok(o.error instanceof vscode.LanguageModelError, `answered: ${JSON.stringify(o.text)}`);
    assert.ok(o.error.message.startsWith(STALLED), o.error.message);
  });
});
