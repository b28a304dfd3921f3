// Stop and the deadlines over ACP: the partial answer stays, the session stays usable, and no
// process is left behind by a turn that hangs.
import * as assert from 'assert';
import * as vscode from 'vscode';
import { chatRequest, lmRequest } from '../requests';
import { renderedAnswer, waitFor } from '../helpers';
import { acpFake, acpProcesses, assertNoProcess, fakePids, freshAgents, printTurnsSince, setUserSetting, wire, acpReady } from './support';

const chunksOut = () =>
  wire().filter(
    (l) => l.dir === 'out' && (l.msg.params as { update?: { sessionUpdate?: string } } | undefined)?.update?.sessionUpdate === 'agent_message_chunk',
  ).length;

describe('Stop and deadlines over ACP', function () {
  this.timeout(40_000);
  before(async function () {
    this.timeout(30_000);
    await acpReady();
  });

  it('@cursor Stop: session/cancel as a notification, the partial answer stays, the next turn runs in the same process', async () => {
    await freshAgents({
      turns: [
        { kind: 'never', text: 'Partial answer' },
        { kind: 'answer', text: 'After the stop.' },
      ],
    });
    const chunks = chunksOut();
    const pending = chatRequest('Never finish. stop-1');
    await waitFor('the partial answer to stream', () => chunksOut() > chunks);
    await new Promise((r) => setTimeout(r, 300));
    await vscode.commands.executeCommand('workbench.action.chat.cancel');
    const r = await pending;
    assert.strictEqual(r.metadata?.errorKind, undefined, JSON.stringify(r));
    assert.strictEqual(await renderedAnswer(), 'Partial answer');
    assert.ok(
      wire().some((l) => l.dir === 'in' && l.msg.method === 'session/cancel' && l.msg.id === undefined),
      'no session/cancel notification',
    );
    const processes = acpProcesses().length;
    const live = fakePids().length;
    const next = await chatRequest('Now answer. stop-2', false);
    assert.strictEqual(next.metadata?.errorKind, undefined, JSON.stringify(next));
    assert.strictEqual(await renderedAnswer(), 'After the stop.');
    assert.strictEqual(acpProcesses().length, processes, 'the turn after Stop started a process');
    assert.strictEqual(fakePids().length, live, 'Stop left a process behind or ended the session');
  });

  it('a turn that goes silent ends at the inactivity deadline with a timeout, and the process serves the next turn', async () => {
    await freshAgents({
      turns: [
        { kind: 'never', text: 'Then silence' },
        { kind: 'answer', text: 'Awake.' },
      ],
    });
    const o = await lmRequest('Go silent. silent-1');
    assert.ok(o.error instanceof vscode.LanguageModelError, `answered: ${o.text}`);
    assert.match(o.error.message, /stopped producing output|timed out|seconds/i);
    const processes = acpProcesses().length;
    const again = await lmRequest('Wake up. silent-2');
    assert.strictEqual(again.text, 'Awake.');
    assert.strictEqual(acpProcesses().length, processes);
  });

  it('backend acp: a handshake that never completes fails at the deadline and its process is ended', async () => {
    // The handshake's deadline is the start-up one (cursorAgent.firstOutputTimeoutSeconds, at least 5) when shorter
    // than 15 s: 5 s here instead of waiting out 15.
    await setUserSetting('firstOutputTimeoutSeconds', 5);
    await setUserSetting('backend', 'acp');
    try {
      await freshAgents({ handshake: 'hang' });
      const since = acpFake().invocations().length;
      const o = await lmRequest('Hello? hang');
      assert.ok(o.error instanceof vscode.LanguageModelError, `answered: ${o.text}`);
      assert.match(o.error.message, /did not finish within 5 s/, 'the user is told the deadline the setting gave');
      assert.strictEqual(printTurnsSince(since), 0);
      await assertNoProcess('after a hung handshake');
    } finally {
      await setUserSetting('backend', undefined);
      await setUserSetting('firstOutputTimeoutSeconds', undefined);
      acpFake().setAcpScenario({});
    }
  });
});
