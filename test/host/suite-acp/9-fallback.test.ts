// Last in the suite: after a transport failure `auto` keeps the rest of the window on print mode.
import * as assert from 'assert';
import * as vscode from 'vscode';
import { assertLmAnswer, lmRequest, logMark, waitForLog } from '../requests';
import { fakeAnswer, renderedAnswer } from '../helpers';
import { acpFake, acpProcesses, freshAgents, printTurnsSince, acpReady } from './support';

describe('auto falls back to print mode (last: the window stays there)', function () {
  this.timeout(30_000);
  before(async function () {
    this.timeout(30_000);
    await acpReady();
  });

  it('a cursor-agent acp that dies before any text: the turn reruns in print mode, and later turns stay there', async () => {
    await freshAgents({ turn: { kind: 'die' } });
    const since = acpFake().invocations().length;
    const from = logMark();
    const prompt = 'Are you there? dies-before-text';
    assertLmAnswer(await lmRequest(prompt), fakeAnswer('auto', prompt));
    assert.strictEqual(printTurnsSince(since), 1, 'the turn was not rerun in print mode');
    await waitForLog('this window uses print mode from now on', from);
    const processes = acpProcesses().length;
    const next = 'And now? after-fallback';
    assertLmAnswer(await lmRequest(next), fakeAnswer('auto', next));
    assert.strictEqual(printTurnsSince(since), 2);
    assert.strictEqual(acpProcesses().length, processes, 'an ACP process started after the fallback');
    await vscode.commands.executeCommand('workbench.action.chat.newChat');
    await vscode.commands.executeCommand('workbench.action.chat.open', { query: '@cursor /status', blockOnResponse: true });
    assert.match(await renderedAnswer(), /- Backend: print mode: the ACP connection failed before answering \(/);
  });
});
