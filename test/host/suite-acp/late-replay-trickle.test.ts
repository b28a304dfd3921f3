// A continued chat whose history the CLI goes on replaying after the mode fence, trickling 40 chunks 100 ms apart
// (issue 47, item 5): none of it is shown as the new answer, however long it trickles.
import * as assert from 'assert';
import { chatRequest } from '../suite-faults/support';
import { renderedAnswer } from '../helpers';
import { acpFake, acpReady, freshAgents } from './support';

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
    const lines = [...acpFake().acpLog().values()].find((l) => l.some((x) => x.dir === 'in' && JSON.stringify(x.msg).includes('trickle-2')));
    assert.ok(
      lines?.some((l) => l.dir === 'in' && l.msg.method === 'session/load'),
      'the session was not loaded',
    );
    const replayed = (lines ?? []).filter((l) => l.dir === 'out' && JSON.stringify(l.msg).includes('Replayed history')).length;
    assert.strictEqual(replayed, 40, 'the fake did not replay late');
  });
});
