// A continued chat whose history the CLI goes on replaying after the mode fence, trickling 40 chunks 100 ms apart
// (issue 47, item 5): none of it is shown as the new answer, however long it trickles.
import * as assert from 'assert';
import { chatRequest } from '../requests';
import { renderedAnswer } from '../helpers';
import { acpReady, freshAgents, wireOf } from './support';

describe('history replayed after the mode fence is never the new answer (ACP)', function () {
  this.timeout(60_000);
  before(async function () {
    this.timeout(30_000);
    await acpReady();
  });

  it('40 replayed chunks 100 ms apart after the fence: 0 of them shown, the new answer whole', async () => {
    await freshAgents({ turn: { kind: 'answer', text: 'First answer.' } });
    const first = await chatRequest('Remember this. trickle-1');
    assert.strictEqual(first.metadata?.errorKind, undefined, JSON.stringify(first));
    // A new process: the chat's session is loaded, and its replay trickles on after the answer to the fence.
    await freshAgents({
      loadedMode: 'plan',
      loadedModel: 'default[]',
      lateReplay: { chunks: 40, gapMs: 100, afterFence: true },
      turn: { kind: 'answer', text: 'The new answer, streamed slowly.', chunk: 3, delayMs: 100 },
    });
    const second = await chatRequest('And now? trickle-2', false);
    assert.strictEqual(second.metadata?.errorKind, undefined, JSON.stringify(second));
    assert.strictEqual(await renderedAnswer(), 'The new answer, streamed slowly.');
    // The wire of this turn's process only (earlier tests' processes replay too).
    const lines = wireOf('And now? trickle-2');
    assert.ok(
      lines.some((l) => l.dir === 'in' && l.msg.method === 'session/load'),
      'the session was not loaded',
    );
    const replayedAt = lines.flatMap((l, i) => (l.dir === 'out' && JSON.stringify(l.msg).includes('Replayed history') ? [i] : []));
    assert.strictEqual(replayedAt.length, 40, 'the fake did not replay late');
    // The trickle really came after the fence (the first session/set_mode's answer), as in the issue.
    const fence = lines.find((l) => l.dir === 'in' && l.msg.method === 'session/set_mode');
    const fenceAnswer = lines.findIndex((l) => l.dir === 'out' && l.msg.method === undefined && fence !== undefined && l.msg.id === fence.msg.id);
    assert.ok(fenceAnswer >= 0 && replayedAt[0]! > fenceAnswer, `the replay did not trickle after the fence (${fenceAnswer}, ${replayedAt[0]})`);
  });
});
