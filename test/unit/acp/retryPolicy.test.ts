// Under `acp` the CLI does not retry a failed model call: a transient failure before any text is tried again
// once, after a short backoff on the clock, with a progress line; never after text, never for other failures, never twice.
import * as assert from 'assert';
import { CliError, describeError, type CliErrorKind } from '../../../src/cli/errors';
import { withOneRetry } from '../../../src/acp/retryPolicy';
import type { BackendTurnOutcome } from '../../../src/turn/chatBackend';
import { FakeClock } from '../../support/fakeClock';

/** The pause before the one retry, as the user meets it (stated here, not imported from src/). */
const RETRY_BACKOFF_MS = 1500;

const failed = (kind: CliErrorKind, shownText = false): BackendTurnOutcome => ({
  ok: false,
  error: new CliError(describeError(kind, {})),
  shownText,
});
const answered: BackendTurnOutcome = { ok: true, cancelled: false, text: 'Second attempt.', durationMs: 1, promptBytes: 1 };

async function run(first: BackendTurnOutcome, clock = new FakeClock()) {
  let progress = 0;
  let again = 0;
  const p = withOneRetry(
    async () => first,
    async () => (again++, answered),
    { clock, progress: () => progress++ },
  );
  for (let i = 0; i < 5; i++) await clock.tick(RETRY_BACKOFF_MS / 5);
  return { outcome: await p, progress, again };
}

describe('ACP retry of a transient failure', () => {
  it("Cursor's retryable failure before any text is tried again once, after the backoff, and the user gets the second answer", async () => {
    const clock = new FakeClock();
    let again = 0;
    let progress = 0;
    const p = withOneRetry(
      async () => failed('network'),
      async () => (again++, answered),
      { clock, progress: () => progress++ },
    );
    await clock.tick(RETRY_BACKOFF_MS - 1);
    assert.strictEqual(again, 0, 'tried again before the backoff');
    assert.strictEqual(progress, 1, 'no progress line');
    await clock.tick(1);
    assert.deepStrictEqual(await p, answered);
    assert.strictEqual(again, 1);
  });

  it('never after text was shown, never for sign-in, plan, payment or generic failures', async () => {
    for (const first of [failed('network', true), failed('loggedOut'), failed('usageLimit'), failed('unknown')]) {
      const r = await run(first);
      assert.strictEqual(r.again, 0, `retried ${JSON.stringify(first)}`);
      assert.strictEqual(r.progress, 0);
      assert.strictEqual(r.outcome, first);
    }
  });

  it('never more than once: a second transient failure is the answer', async () => {
    const clock = new FakeClock();
    let calls = 0;
    const p = withOneRetry(
      async () => failed('network'),
      async () => (calls++, failed('network')),
      { clock, progress: () => undefined },
    );
    await clock.tick(RETRY_BACKOFF_MS);
    const o = await p;
    assert.ok(!o.ok && o.error.kind === 'network');
    assert.strictEqual(calls, 1);
  });
});
