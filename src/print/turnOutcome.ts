/**
 * What a finished print-mode run means: an answer (complete or cancelled) or
 * a failure with its kind. Pure: the evidence in, the verdict out; the order
 * of the rules is the decision.
 */
import { CliError, describeError } from '../cli/errors';
import { classifyFailure } from '../cli/failureClassifier';
import type { RunOutcome } from '../cli/process';

/** What the run and its stream left behind. */
export interface FinishedRun {
  run: Pick<RunOutcome, 'kind' | 'exitCode' | 'signal' | 'stderrTail' | 'lines' | 'timeoutStage' | 'spawnErrorCode'>;
  /** The agent changed something in a read-only turn (the tool's summary). */
  breach?: string;
  /** Asked to resume a chat, the CLI started this one instead. */
  forgotten?: string;
  /** The start of an error `result`'s text. */
  resultError?: string;
  /** The stream ended with its `result`. */
  done: boolean;
}

export interface VerdictContext {
  firstOutputTimeoutMs: number;
  inactivityTimeoutMs: number;
  model?: string;
  /** Models known to exist, for the "unknown model" message (read only when needed). */
  knownModels?: () => readonly string[];
  platform: string;
}

export type RunVerdict =
  | { kind: 'answered'; cancelled: boolean }
  /** `binaryGone`: the binary could not be started; resolve it again next time. */
  | { kind: 'failed'; error: CliError; binaryGone?: boolean };

export function decideRunOutcome(f: FinishedRun, c: VerdictContext): RunVerdict {
  const { run } = f;
  const failed = (error: CliError, binaryGone?: boolean): RunVerdict => ({ kind: 'failed', error, ...(binaryGone ? { binaryGone } : {}) });
  if (f.breach !== undefined) return failed(new CliError(describeError('policyBreach', { detail: f.breach })));
  if (f.forgotten !== undefined) return failed(new CliError(describeError('resumeFailed')));
  if (run.kind === 'cancelled') return { kind: 'answered', cancelled: true };
  const details = () => ({ model: c.model, knownModels: c.knownModels?.(), platform: c.platform });
  if (f.resultError !== undefined)
    return failed(classifyFailure({ exitCode: run.exitCode, stderr: run.stderrTail, resultError: f.resultError }, details()));
  if (f.done) return { kind: 'answered', cancelled: false };
  if (run.kind === 'timeout') {
    const stage = run.timeoutStage === 'first output' ? 'first output' : 'inactivity';
    const ms = stage === 'first output' ? c.firstOutputTimeoutMs : c.inactivityTimeoutMs;
    return failed(new CliError(describeError('timeout', { seconds: Math.round(ms / 1000), stage }), { stderrTail: run.stderrTail }));
  }
  if (run.kind === 'spawnError') return failed(classifyFailure({ spawnErrorCode: run.spawnErrorCode }), true);
  const classified = classifyFailure({ exitCode: run.exitCode, signal: run.signal, stderr: run.stderrTail, noOutput: run.lines === 0 }, details());
  if (classified.kind === 'unknown' && run.exitCode === 0) {
    // Exited cleanly but never sent its `result`: keep what was shown and say the answer may be cut short.
    const detail = 'it ended without finishing its answer; what arrived is shown above';
    return failed(new CliError(describeError('malformedStream', { detail }), { stderrTail: run.stderrTail, exitCode: 0 }));
  }
  return failed(classified);
}
