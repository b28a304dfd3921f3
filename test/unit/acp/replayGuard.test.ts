// A loaded chat's late replay is never the answer: told by what the updates are (user message chunks,
// `replay-…` tool calls, text equal to a replayed message), and by a bounded quiet period where nothing else can tell.
import * as assert from 'assert';
import { REPLAY_QUIET_MS, REPLAY_SETTLE_MAX_MS, ReplayGuard } from '../../../src/acp/replayGuard';
import type { LateReplayOrder } from '../../fixtures/acp/lateReplay';
import { FakeClock } from '../../support/fakeClock';
import { harness, turn, WORKSPACE } from './support';

const text = (sessionUpdate: string, t: string) => ({ sessionUpdate, content: { type: 'text', text: t } });
const LOADED = '351d70d2-a44d-4b4f-b200-2d8e80297a02';

describe('ACP late replay: what is history', () => {
  it('a user message chunk, a replay- tool call and a message the replay already sent are history; new text is not', () => {
    const g = new ReplayGuard(new FakeClock());
    g.observe(text('agent_message_chunk', 'Second answer: the first part.'));
    assert.ok(g.isReplay(text('user_message_chunk', 'Remember this.')));
    assert.ok(g.isReplay({ sessionUpdate: 'tool_call', toolCallId: 'replay-0-2', title: 'Read' }));
    assert.ok(g.isReplay(text('agent_message_chunk', 'Second answer: the first part.')));
    assert.ok(!g.isReplay(text('agent_message_chunk', 'Third answer')));
    assert.ok(!g.isReplay({ sessionUpdate: 'tool_call', toolCallId: 'call-1', title: 'Read' }));
    assert.strictEqual(g.dropped, 3);
  });

  it('the first prompt waits until the replay has been quiet, and never longer than the bound', async () => {
    const clock = new FakeClock();
    const g = new ReplayGuard(clock);
    let settled = false;
    void g.settled().then(() => (settled = true));
    await clock.tick(REPLAY_QUIET_MS - 100);
    g.observe(text('agent_message_chunk', 'late'));
    await clock.tick(REPLAY_QUIET_MS - 1);
    assert.ok(!settled, 'settled while the replay still went on');
    await clock.tick(1);
    assert.ok(settled, 'not settled after a quiet period');

    const busy = new ReplayGuard(clock);
    let done = false;
    void busy.settled().then(() => (done = true));
    for (let t = 0; t < REPLAY_SETTLE_MAX_MS; t += 100) {
      busy.observe(text('agent_thought_chunk', `late ${t}`));
      await clock.tick(100);
    }
    assert.ok(done, 'a replay that never goes quiet held the prompt beyond the bound');
  });
});

describe('ACP late replay in every ordering (client and fake agent)', () => {
  for (const at of ['beforeAnswers', 'betweenAnswers', 'afterAnswers', 'duringTurn'] as LateReplayOrder[]) {
    it(`late replay ${at}: the answer is the new turn's, whole`, async () => {
      const h = harness({
        loadedMode: 'plan',
        lateTail: { at, ms: 50 },
        turn: { kind: 'answer', text: 'Third answer: whole.', chunk: 4, delayMs: 20 },
      });
      await h.client.initialize();
      const s = await h.client.loadSession(LOADED, WORKSPACE);
      const r = await turn(h, s);
      assert.ok(r.outcome.ok, JSON.stringify(r.outcome));
      assert.strictEqual(r.shown, 'Third answer: whole.');
    });
  }
});
