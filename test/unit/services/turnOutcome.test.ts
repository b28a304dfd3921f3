import * as assert from 'node:assert/strict';
import type { CliErrorKind } from '../../../src/cli/errors';
import { decideRunOutcome, FinishedRun } from '../../../src/print/turnOutcome';

const CTX = { firstOutputTimeoutMs: 60_000, inactivityTimeoutMs: 120_000, platform: 'linux' };
const exited = (exitCode: number | null, extra: Partial<FinishedRun['run']> = {}): FinishedRun['run'] => ({
  kind: 'exited',
  exitCode,
  signal: null,
  stderrTail: '',
  lines: 5,
  ...extra,
});
const completed: FinishedRun['run'] = { kind: 'completed', exitCode: null, signal: null, stderrTail: '', lines: 9 };

/** [what the user would notice, the finished run, the verdict: 'answer', 'cancelled', or the error kind]. */
const TABLE: Array<[string, FinishedRun, 'answer' | 'cancelled' | CliErrorKind]> = [
  ['a complete answer is an answer', { run: completed, done: true }, 'answer'],
  ['a clean exit after the result is an answer', { run: exited(0), done: true }, 'answer'],
  ['a stopped turn keeps its partial answer', { run: { ...completed, kind: 'cancelled' }, done: false }, 'cancelled'],
  ['a write in a read-only turn is a policy breach, even after the result', { run: completed, done: true, breach: 'Writing a.ts' }, 'policyBreach'],
  ['a breach wins over a cancellation', { run: { ...completed, kind: 'cancelled' }, done: false, breach: 'Writing a.ts' }, 'policyBreach'],
  [
    'a CLI that started another chat instead of resuming is a failed resume',
    { run: completed, done: false, forgotten: 'other-chat' },
    'resumeFailed',
  ],
  ['a forgotten chat wins over a cancellation', { run: { ...completed, kind: 'cancelled' }, done: false, forgotten: 'other-chat' }, 'resumeFailed'],
  [
    'a cancellation wins over an error result',
    { run: { ...completed, kind: 'cancelled' }, done: true, resultError: 'Error: 429 Too Many Requests' },
    'cancelled',
  ],
  [
    'an error result is classified by its words, even with the stream done',
    { run: completed, done: true, resultError: 'Error: 429 Too Many Requests' },
    'rateLimit',
  ],
  ['an error result without known words is unknown', { run: exited(1), done: true, resultError: 'the CLI reported an error' }, 'unknown'],
  [
    'silence before the first line is a timeout',
    { run: { ...exited(null), kind: 'timeout', timeoutStage: 'first output', lines: 0 }, done: false },
    'timeout',
  ],
  ['a stall mid-stream is a timeout', { run: { ...exited(null), kind: 'timeout', timeoutStage: 'inactivity' }, done: false }, 'timeout'],
  ['a timeout after the result is still the answer', { run: { ...exited(null), kind: 'timeout', timeoutStage: 'inactivity' }, done: true }, 'answer'],
  [
    'a missing binary is not installed',
    { run: { ...exited(null), kind: 'spawnError', spawnErrorCode: 'ENOENT', lines: 0 }, done: false },
    'notInstalled',
  ],
  [
    'stderr wording decides a failed exit',
    { run: exited(1, { stderrTail: "Error: Authentication required. Please run 'agent login' first" }), done: false },
    'loggedOut',
  ],
  ['a clean exit with nothing printed is a malformed stream (a very large prompt)', { run: exited(0, { lines: 0 }), done: false }, 'malformedStream'],
  ['a clean exit without a result is an answer cut short', { run: exited(0), done: false }, 'malformedStream'],
  ['a crash with unknown words is unknown', { run: exited(1, { stderrTail: 'Error: something exploded' }), done: false }, 'unknown'],
  ['a kill by a signal is unknown', { run: exited(null, { signal: 'SIGKILL' }), done: false }, 'unknown'],
];

describe('what a finished print-mode run means (table, no processes)', () => {
  for (const [name, finished, expected] of TABLE) {
    it(name, () => {
      const v = decideRunOutcome(finished, CTX);
      const got = v.kind === 'answered' ? (v.cancelled ? 'cancelled' : 'answer') : v.error.kind;
      assert.equal(got, expected);
    });
  }

  it('names the stage and the seconds of a timeout', () => {
    const first = decideRunOutcome({ run: { ...exited(null), kind: 'timeout', timeoutStage: 'first output', lines: 0 }, done: false }, CTX);
    assert.ok(first.kind === 'failed' && /printed nothing for 60 s/.test(first.error.message));
    const mid = decideRunOutcome({ run: { ...exited(null), kind: 'timeout', timeoutStage: 'inactivity' }, done: false }, CTX);
    assert.ok(mid.kind === 'failed' && /no output for 120 s/.test(mid.error.message));
  });

  it('asks to resolve the binary again only when it could not be started', () => {
    const gone = decideRunOutcome({ run: { ...exited(null), kind: 'spawnError', spawnErrorCode: 'ENOENT', lines: 0 }, done: false }, CTX);
    assert.ok(gone.kind === 'failed' && gone.binaryGone === true);
    const crashed = decideRunOutcome({ run: exited(1), done: false }, CTX);
    assert.ok(crashed.kind === 'failed' && crashed.binaryGone === undefined);
  });

  it('lists the known models for an unknown model, reading them only then', () => {
    let reads = 0;
    const knownModels = () => (reads++, ['gpt-5', 'auto']);
    decideRunOutcome({ run: completed, done: true }, { ...CTX, knownModels });
    assert.equal(reads, 0);
    const v = decideRunOutcome(
      { run: exited(1, { stderrTail: 'Cannot use this model: nope' }), done: false },
      { ...CTX, model: 'nope', knownModels },
    );
    assert.ok(v.kind === 'failed' && v.error.kind === 'unknownModel' && /gpt-5/.test(v.error.message));
  });
});
