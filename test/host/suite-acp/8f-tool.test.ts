// `cursor_ask` over ACP (the default backend): the tool's answer is the agent's, the question reaches
// session/prompt, the files the agent read come back, and cancelling the call cancels the turn.
import * as assert from 'assert';
import * as vscode from 'vscode';
import { waitFor, workspacePath } from '../helpers';
import { askTool, errorMessage } from '../askTool';
import { acpFake, acpProcesses, acpReady, fakePids, freshAgents, printTurnsSince, promptsSent, wire } from './support';

const chunksOut = () =>
  wire().filter(
    (l) => l.dir === 'out' && (l.msg.params as { update?: { sessionUpdate?: string } } | undefined)?.update?.sessionUpdate === 'agent_message_chunk',
  ).length;

describe('cursor_ask over ACP', function () {
  this.timeout(40_000);
  before(async function () {
    this.timeout(30_000);
    await acpReady();
  });

  it("returns the ACP agent's answer and the files it read; the question is the end of session/prompt; no print-mode run", async () => {
    const file = `${workspacePath()}/src/hello.ts`;
    const updates = [
      { sessionUpdate: 'tool_call', toolCallId: 'tool_r1', title: 'Read File', kind: 'read', status: 'pending', rawInput: {} },
      { sessionUpdate: 'tool_call_update', toolCallId: 'tool_r1', rawInput: { path: file }, locations: [{ path: file }], status: 'completed' },
    ];
    await freshAgents({ turn: { kind: 'tools', updates, text: 'src/hello.ts exports hello(name).' } });
    const since = acpFake().invocations().length;
    const question = 'What does src/hello.ts export? acp-tool';
    const o = await askTool({ question });
    assert.strictEqual(errorMessage(o), '');
    assert.strictEqual(o.text, 'src/hello.ts exports hello(name).\n\nFiles the Cursor agent read: src/hello.ts.');
    assert.ok(
      promptsSent().some((p) => p.endsWith(question)),
      `the question did not reach session/prompt: ${JSON.stringify(promptsSent().slice(-1))}`,
    );
    assert.strictEqual(printTurnsSince(since), 0, 'a print-mode turn ran');
  });

  it('cancelling the call sends session/cancel and ends the turn at once; the next call runs in the same process', async () => {
    await freshAgents({
      turns: [
        { kind: 'never', text: 'Partial answer' },
        { kind: 'answer', text: 'After the cancel.' },
      ],
    });
    const chunks = chunksOut();
    const cts = new vscode.CancellationTokenSource();
    const pending = askTool({ question: 'Never finish. acp-tool-cancel' }, cts.token);
    await waitFor('the partial answer to stream', () => chunksOut() > chunks);
    const t0 = Date.now();
    cts.cancel();
    const o = await pending;
    assert.match(errorMessage(o), /cancel/i, `answered: ${JSON.stringify(o.text)}`);
    assert.ok(Date.now() - t0 < 5000, `the call ended ${Date.now() - t0} ms after the cancellation`);
    await waitFor('a session/cancel notification', () =>
      wire().some((l) => l.dir === 'in' && l.msg.method === 'session/cancel' && l.msg.id === undefined),
    );
    const processes = acpProcesses().length;
    const live = fakePids().length;
    const next = await askTool({ question: 'Now answer. acp-tool-next' });
    assert.strictEqual(next.text, 'After the cancel.\n\nFiles the Cursor agent read: none.');
    assert.strictEqual(acpProcesses().length, processes, 'the call after the cancel started a process');
    assert.strictEqual(fakePids().length, live, 'the cancel left a process behind or ended the session');
  });
});
