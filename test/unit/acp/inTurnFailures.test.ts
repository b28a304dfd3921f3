/** ACP turns that fail inside the turn, stall, or follow a late replay: what the user is told, and what is never shown. */
import * as assert from 'assert';
import { CLI_FAILURES, POSTGRES_ANSWERS } from '../../fixtures/acp/fakeAcpFailures';
import { FakeClock } from '../../support/fakeClock';
import { waitFor } from '../../support/waits';
import { harness, Harness, openSession, turn, TurnRun, WORKSPACE } from './support';

describe('ACP in-turn failures', () => {
  for (const [i, text] of POSTGRES_ANSWERS.entries()) {
    it(`an answer quoting an error line is the answer, whole (${i + 1})`, async () => {
      const h = harness({ turn: { kind: 'answer', text } });
      const r = await turn(h, await openSession(h));
      assert.ok(r.outcome.ok, JSON.stringify(r.outcome));
      assert.strictEqual(r.shown, text);
    });
  }

  const FORMS: Array<[keyof typeof CLI_FAILURES, string, string]> = [
    ['signIn', 'loggedOut', 'The Cursor CLI is not logged in.'],
    ['upgrade', 'usageLimit', "You've hit your Cursor usage limit."],
    ['payment', 'usageLimit', "You've hit your Cursor usage limit."],
    ['settings', 'unknown', 'The Cursor CLI failed: Check your settings to continue.'],
    ['unauthenticated', 'loggedOut', 'The Cursor CLI is not logged in.'],
    ['network', 'network', 'The Cursor CLI could not reach Cursor (network error).'],
    ['internal', 'unknown', 'The Cursor CLI failed: ConnectError: [internal] internal error.'],
  ];
  for (const [form, kind, message] of FORMS) {
    it(`the CLI's "${form}" failure is reported as ${kind}, and nothing of it (not even its blank lines) is shown`, async () => {
      const h = harness({ turn: { kind: 'cliFailure', before: 'Let me check.', failure: CLI_FAILURES[form] } });
      const r = await turn(h, await openSession(h));
      assert.ok(!r.outcome.ok, `answered: ${JSON.stringify(r.shown)}`);
      assert.strictEqual(r.outcome.error.kind, kind);
      assert.strictEqual(r.outcome.error.message, message);
      assert.strictEqual(r.outcome.transport, undefined, 'the user’s business, never rerun in print mode');
      assert.strictEqual(r.shown, 'Let me check.');
    });
  }

  it('an unknown error string is still a failure, quoted redacted and cut', async () => {
    const secret = 'ghp_' + 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8';
    const h = harness({ turn: { kind: 'cliFailure', failure: `Error: Something new broke for token ${secret} ${'x'.repeat(1000)}` } });
    const r = await turn(h, await openSession(h));
    assert.ok(!r.outcome.ok);
    assert.strictEqual(r.outcome.error.kind, 'unknown');
    assert.match(r.outcome.error.message, /^The Cursor CLI failed: Something new broke for token /);
    assert.ok(!r.outcome.error.message.includes(secret.slice(4, 12)), r.outcome.error.message);
    assert.ok(r.outcome.error.message.length < 400, `${r.outcome.error.message.length} characters`);
    assert.strictEqual(r.shown, '');
  });

  it('a chunk of the failure shape that more text follows is answer text, shown whole', async () => {
    // In chunks of 10 the second chunk is "\n\nError: b": the failure shape, until "oom.…" follows.
    const text = 'See below.\n\nError: boom.\n\nThat is expected.';
    const h = harness({ turn: { kind: 'answer', text, chunk: 10 } });
    const r = await turn(h, await openSession(h));
    assert.ok(r.outcome.ok, JSON.stringify(r.outcome));
    assert.strictEqual(r.shown, text);
  });
});

describe('ACP inactivity deadline', () => {
  const STALLED = 'The Cursor CLI stopped responding (no output for 1 s).';
  /** A turn on a fake clock, started and prompted: `ended()` says whether it has an outcome yet. */
  async function prompted(h: Harness, opts: { cancelGraceMs?: number } = {}) {
    const clock = new FakeClock();
    let result: TurnRun | undefined;
    const running = turn(h, await openSession(h), {}, { inactivityTimeoutMs: 1000, clock, ...opts }).then((r) => (result = r));
    assert.ok(await waitFor(() => h.agent.log.some((l) => l.dir === 'in' && l.msg.method === 'session/prompt'), 5000), 'never prompted');
    return { clock, running, ended: () => result !== undefined };
  }

  it('a turn that goes silent ends at the deadline, not before, with the print-mode "stopped responding" error', async () => {
    const h = harness({ turn: { kind: 'never' } });
    const t = await prompted(h);
    await t.clock.tick(999);
    assert.ok(!t.ended(), 'the turn ended before its inactivity deadline');
    await t.clock.tick(1);
    const r = await t.running;
    assert.ok(!r.outcome.ok);
    assert.strictEqual(r.outcome.error.message, STALLED);
  });

  it('an agent that ignores the cancel: still "stopped responding" (never "killed by SIGTERM"), and no print-mode rerun', async () => {
    const h = harness({ turn: { kind: 'deaf', text: '' } });
    const t = await prompted(h, { cancelGraceMs: 100 });
    await t.clock.tick(1000 + 99);
    assert.ok(!t.ended(), 'the session was given up on before the cancel grace was over');
    await t.clock.tick(1);
    const r = await t.running;
    assert.ok(!r.outcome.ok);
    assert.strictEqual(r.outcome.error.kind, 'timeout');
    assert.strictEqual(r.outcome.error.message, STALLED);
    assert.strictEqual(r.outcome.transport, undefined, 'a transport failure would be rerun in print mode');
    // Issue 21 item 5: the stuck session is abandoned, not the process (other chats may be answering in it).
    assert.ok(!h.transport.exited, 'the process that ignored the cancel was ended: other chats in it would die');
  });

  it('keep-alives that show nothing do not hold the turn open', async () => {
    const h = harness({ turn: { kind: 'keepAlive', text: 'Thinking', everyMs: 100 } });
    const keepAlives = () =>
      h.agent.log.filter(
        (l) => (l.msg.params as { update?: { sessionUpdate?: string } } | undefined)?.update?.sessionUpdate === 'available_commands_update',
      ).length;
    const t = await prompted(h);
    assert.ok(await waitFor(() => keepAlives() >= 2, 5000), 'no keep-alive came');
    await t.clock.tick(600);
    const seen = keepAlives();
    assert.ok(await waitFor(() => keepAlives() >= seen + 2, 5000), 'no more keep-alives came'); // each would re-arm the deadline if it counted
    await t.clock.tick(400);
    // No more ticks: only the deadline already due can end it (the agent stops on the cancel within its 100 ms beat).
    assert.ok(await waitFor(t.ended, 5000), 'keep-alives held the turn open past its inactivity deadline');
    const r = await t.running;
    assert.ok(!r.outcome.ok, 'the turn ended without an error');
    assert.strictEqual(r.outcome.error.message, STALLED);
  });

  it('an answer that keeps streaming is not cut by the deadline', async () => {
    const text = 'word '.repeat(30);
    const h = harness({ turn: { kind: 'answer', text, chunk: 5, delayMs: 60 } });
    const r = await turn(h, await openSession(h), {}, { inactivityTimeoutMs: 1000 });
    assert.ok(r.outcome.ok, JSON.stringify(r.outcome));
    assert.strictEqual(r.shown, text);
  });
});

describe('ACP history replayed late by session/load', () => {
  it('replay that goes on after the load result, 200 ms apart, never appears in the next answer', async () => {
    const h = harness({ loadedMode: 'plan', lateReplay: { chunks: 6, gapMs: 200 }, turn: { kind: 'answer', text: 'The new answer.' } });
    await h.client.initialize();
    const s = await h.client.loadSession('351d70d2-a44d-4b4f-b200-2d8e80297a02', WORKSPACE);
    const r = await turn(h, s);
    assert.ok(r.outcome.ok, JSON.stringify(r.outcome));
    assert.strictEqual(r.shown, 'The new answer.');
    const replayed = h.agent.log.filter((l) => JSON.stringify(l.msg).includes('Replayed history'));
    assert.strictEqual(replayed.length, 6, 'the fake did not replay late');
  });
});
