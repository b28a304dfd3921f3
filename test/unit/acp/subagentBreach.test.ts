/**
 * A subagent's tool calls (under its own session id, after the turn's `task` call) pass the turn's own rules: a completed
 * write or command is a read-only breach (the parent session is cancelled, the process ended), and its keep-alives hold
 * no stalled turn open. Updates of a session nobody opened, with no task open, are counted and logged.
 */
import * as assert from 'assert';
import { AcpClient } from '../../../src/acp/client';
import { FakeClock } from '../../support/fakeClock';
import { waitFor } from '../../support/waits';
import { harness, openSession, turn } from './support';

/** Counts the lines the client has read (after it handled each) holding `a` and `b`. */
function counter(h: ReturnType<typeof harness>, a: string, b: string): () => number {
  let n = 0;
  h.transport.onLine((l) => void (l.includes(a) && l.includes(b) && n++));
  return () => n;
}

describe("ACP subagents: the turn's own read-only rules", () => {
  for (const write of ['edit', 'execute'] as const) {
    it(`a subagent's completed ${write} under its own session id stops the turn as a breach: cancel to the parent, process ended`, async () => {
      const h = harness({ turn: { kind: 'subagent', text: 'ok', writes: [write] } });
      let killed = false;
      const kill = h.transport.kill.bind(h.transport);
      h.transport.kill = () => ((killed = true), kill());
      const session = await openSession(h);
      const r = await turn(h, session);
      assert.ok(!r.outcome.ok, `answered: ${JSON.stringify(r.outcome)}`);
      assert.strictEqual(r.outcome.error.kind, 'policyBreach');
      assert.match(r.outcome.error.message, /changed something in a read-only turn/);
      assert.match(r.outcome.error.message, /subagent/);
      assert.strictEqual(r.shown, '');
      const cancels = h.sent().filter((m) => m.method === 'session/cancel');
      assert.deepStrictEqual(
        cancels.map((m) => (m.params as { sessionId: string }).sessionId),
        [session.id],
        'session/cancel goes to the parent session, once',
      );
      assert.ok(killed, 'the agent process was not ended');
      const breaches = r.events.filter((e) => e.type === 'policyBreach');
      assert.strictEqual(breaches.length, 1);
      const after = r.events.slice(r.events.findIndex((e) => e.type === 'policyBreach') + 1);
      assert.deepStrictEqual(
        after.filter((e) => e.type === 'subagent' || e.type === 'text'),
        [],
        'shown after the breach',
      );
    });
  }

  it("a subagent's keep-alives (available_commands_update every 400 ms) never re-arm the inactivity deadline", async () => {
    const h = harness({ turn: { kind: 'subagent', text: 'never', keepAliveMs: 5 } });
    const clock = new FakeClock();
    const keepAlives = counter(h, '"sessionId":"sub-', 'available_commands_update');
    let done = false;
    const session = await openSession(h);
    const running = turn(h, session, {}, { inactivityTimeoutMs: 1000, clock }).then((r) => ((done = true), r));
    // The subagent's read (shown) has arrived: the deadline counts from here.
    assert.ok(await waitFor(() => keepAlives() >= 1, 5000), 'no keep-alive');
    await clock.tick(400);
    const seen = keepAlives();
    assert.ok(await waitFor(() => keepAlives() >= seen + 2, 5000), 'no more keep-alives');
    await clock.tick(599);
    assert.ok(!done, 'the turn ended before its deadline');
    await clock.tick(1);
    const ended = await waitFor(() => done, 2000);
    if (!ended) h.client.cancel(session.id); // the fake's keep-alives stop
    assert.ok(ended, 'the turn outlived its deadline: the keep-alives re-armed it');
    const r = await running;
    assert.ok(!r.outcome.ok, JSON.stringify(r.outcome));
    assert.strictEqual(r.outcome.error.kind, 'timeout');
  });

  it('updates under a session nobody opened, with no task open, are counted and logged, never taken as the answer', async () => {
    const h = harness({ turn: { kind: 'subagent', text: 'The answer.', noTask: true } });
    const logged: string[] = [];
    const client = new AcpClient(h.transport, { initializeTimeoutMs: 2000, setupTimeoutMs: 2000, platform: 'linux', log: (m) => logged.push(m) });
    const hh = { ...h, client };
    const r = await turn(hh, await openSession(hh));
    assert.ok(r.outcome.ok, JSON.stringify(r.outcome));
    assert.strictEqual(r.shown, 'The answer.');
    assert.ok(client.stats.strayUpdates >= 3, `stray ${client.stats.strayUpdates}`);
    assert.strictEqual(logged.filter((l) => /never opened/.test(l)).length, 1, logged.join('\n'));
  });
});
