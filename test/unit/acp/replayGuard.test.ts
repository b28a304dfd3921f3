// A loaded chat's late replay is never the answer: told by what the updates are (user message chunks,
// `replay-…` tool calls, text equal to a replayed message), and by a bounded quiet period where nothing else can tell.
import * as assert from 'assert';
import { AcpClient } from '../../../src/acp/client';
import { ReplayGuard } from '../../../src/acp/replayGuard';
import type { LateReplayOrder } from '../../fixtures/acp/lateReplay';
import { FakeClock } from '../../support/fakeClock';
import { within } from '../../support/waits';
import { harness, openSession, turn, WORKSPACE } from './support';

// The bounds as a user meets them, stated here (not imported from src/): quiet for 300 ms, at most 15 s after the load.
const QUIET_MS = 300;
const SETTLE_MAX_MS = 15_000;

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
    await clock.tick(QUIET_MS - 200);
    g.observe(text('agent_message_chunk', 'late'));
    await clock.tick(QUIET_MS - 1);
    assert.ok(!settled, 'settled while the replay still went on');
    await clock.tick(1);
    assert.ok(settled, 'not settled after a quiet period');

    const busy = new ReplayGuard(clock);
    let done = false;
    void busy.settled().then(() => (done = true));
    for (let t = 0; t < SETTLE_MAX_MS - 100; t += 100) {
      busy.observe(text('agent_thought_chunk', `late ${t}`));
      await clock.tick(100);
    }
    assert.ok(!done, 'settled while the replay still went on');
    busy.observe(text('agent_thought_chunk', 'late at the end'));
    await clock.tick(100);
    assert.ok(done, 'a replay that never goes quiet held the prompt beyond the bound');
  });

  it('40 chunks 100 ms apart hold the prompt until 300 ms after the last; a slower trickle, twice its gap; keep-alives never', async () => {
    const clock = new FakeClock();
    const g = new ReplayGuard(clock);
    g.mark();
    let settled = false;
    void g.settled().then(() => (settled = true));
    for (let i = 1; i <= 40; i++) {
      await clock.tick(100);
      g.observe(text('agent_message_chunk', `Replayed history ${i}. `));
      g.observe({ sessionUpdate: 'available_commands_update', availableCommands: [] });
    }
    await clock.tick(299);
    assert.ok(!settled, 'settled 299 ms after the last chunk');
    await clock.tick(1);
    assert.ok(settled, 'not settled 300 ms after the last chunk');

    const slow = new ReplayGuard(clock);
    slow.mark();
    for (let i = 1; i <= 3; i++) {
      await clock.tick(600);
      slow.observe(text('agent_message_chunk', `Slow ${i}. `));
    }
    let slowDone = false;
    void slow.settled().then(() => (slowDone = true));
    await clock.tick(1199);
    assert.ok(!slowDone, 'a trickle 600 ms apart settled before twice its gap');
    await clock.tick(1);
    assert.ok(slowDone, 'not settled after twice its gap');

    const alive = new ReplayGuard(clock);
    alive.mark();
    let aliveDone = false;
    void alive.settled().then(() => (aliveDone = true));
    await clock.tick(200);
    alive.observe({ sessionUpdate: 'available_commands_update', availableCommands: [] });
    alive.observe({ sessionUpdate: 'session_info_update', title: 'x' });
    await clock.tick(100);
    assert.ok(aliveDone, 'keep-alives held the prompt back');
  });
});

describe('ACP late replay: the wait after a load as the real CLI times it', () => {
  it("the CLI reading the chat for 1.5 s before its replay is no gap: the prompt waits 300 ms after the fence's answer, not more", async () => {
    const clock = new FakeClock();
    const g = new ReplayGuard(clock);
    // As in the capture (syntaur-cursor-14-session-load.load.jsonl): 1.5 s of nothing, the whole history within 2 ms, the result.
    await clock.tick(1500);
    g.observe(text('user_message_chunk', 'Add a line.'));
    g.observe(text('agent_message_chunk', 'Added it.'));
    g.mark();
    await clock.tick(5);
    g.mark(); // the fence's answer
    let settled = false;
    void g.settled().then(() => (settled = true));
    await clock.tick(QUIET_MS - 1);
    assert.ok(!settled, 'settled before 300 ms of quiet');
    await clock.tick(1);
    assert.ok(settled, 'a loaded chat waited longer than 300 ms after the fence although its replay was over');
  });

  it('a trickle 1 s apart holds the prompt 1.5 s after its last update at most, not twice its gap', async () => {
    const clock = new FakeClock();
    const g = new ReplayGuard(clock);
    g.mark();
    for (let i = 1; i <= 3; i++) {
      await clock.tick(1000);
      g.observe(text('agent_message_chunk', `Slow ${i}. `));
    }
    let settled = false;
    void g.settled().then(() => (settled = true));
    await clock.tick(1499);
    assert.ok(!settled, 'settled 1499 ms after the last chunk');
    await clock.tick(1);
    assert.ok(settled, 'waited past 1.5 s of quiet');
  });

  it('40 chunks 250 ms apart after the fence (10 s, past the old 3 s bound) hold the prompt until 500 ms after the last', async () => {
    const clock = new FakeClock();
    const g = new ReplayGuard(clock);
    g.mark();
    let settled = false;
    void g.settled().then(() => (settled = true));
    for (let i = 1; i <= 40; i++) {
      await clock.tick(250);
      assert.ok(!settled, `settled before chunk ${i}`);
      g.observe(text('agent_message_chunk', `Replayed history ${i}. `));
    }
    await clock.tick(499);
    assert.ok(!settled, 'settled 499 ms after the last chunk');
    await clock.tick(1);
    assert.ok(settled, 'not settled twice the gap after the last chunk');
  });
});

describe('ACP late replay in every ordering (client and fake agent)', () => {
  it('history trickling 40 chunks 100 ms apart after the mode fence: none of it is the answer', async function () {
    this.timeout(30_000);
    const h = harness({
      loadedMode: 'plan',
      lateReplay: { chunks: 40, gapMs: 100, afterFence: true },
      turn: { kind: 'answer', text: 'The new answer.', chunk: 3, delayMs: 150 },
    });
    await h.client.initialize();
    const s = await h.client.loadSession(LOADED, WORKSPACE);
    const r = await turn(h, s, { mode: 'ask' });
    assert.ok(r.outcome.ok, JSON.stringify(r.outcome));
    assert.strictEqual(r.shown, 'The new answer.');
  });

  it("a fresh chat's first turn waits for no replay: it completes with the clock never moved", async () => {
    const h = harness({ turn: { kind: 'answer', text: 'Fresh.' } });
    const client = new AcpClient(h.transport, { initializeTimeoutMs: 2000, setupTimeoutMs: 2000, platform: 'linux', clock: new FakeClock() });
    const hh = { ...h, client };
    const r = await within(turn(hh, await openSession(hh)), 10_000);
    assert.notStrictEqual(r, 'still running', 'the first turn of a fresh chat waited on the clock');
    if (r !== 'still running') assert.strictEqual(r.shown, 'Fresh.');
  });

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
