import type { RunOutcome, RunRequest } from '../cli/process';

type OnDeadline = (stage: NonNullable<RunOutcome['timeoutStage']>) => void;

/**
 * The timers of one run: its output deadline (first output, then inactivity),
 * one-shot timers (total deadline, completion linger, grace periods, hard
 * stops), and the settle poller. All are cleared at once when the run settles,
 * so nothing of a finished run fires later.
 */
export class RunTimers {
  private readonly timers = new Set<NodeJS.Timeout>();
  private deadline: NodeJS.Timeout | undefined;
  private poller: NodeJS.Timeout | undefined;

  /** Runs `fn` once after `ms`, unless cleared first. */
  later(ms: number, fn: () => void): void {
    const t = setTimeout(() => {
      this.timers.delete(t);
      fn();
    }, ms);
    this.timers.add(t);
  }

  /** At spawn: the first-output deadline (else the inactivity one) and the total one. */
  startDeadlines(request: RunRequest, onDeadline: OnDeadline): void {
    const first = request.firstOutputTimeoutMs ?? request.inactivityTimeoutMs;
    if (first !== undefined) this.armDeadline(first, () => onDeadline('first output'));
    if (request.totalTimeoutMs !== undefined) this.later(request.totalTimeoutMs, () => onDeadline('total'));
  }

  /** A line came: the output deadline becomes the inactivity deadline, from now. */
  restartInactivity(request: RunRequest, onDeadline: OnDeadline): void {
    this.clearDeadline();
    if (request.inactivityTimeoutMs !== undefined) this.armDeadline(request.inactivityTimeoutMs, () => onDeadline('inactivity'));
  }

  /** (Re)arms the one output deadline: a new line re-arms it, a decided outcome clears it. */
  armDeadline(ms: number, fn: () => void): void {
    this.clearDeadline();
    this.deadline = setTimeout(fn, ms);
  }

  clearDeadline(): void {
    if (this.deadline !== undefined) clearTimeout(this.deadline);
    this.deadline = undefined;
  }

  /** Calls `fn` every `ms` until cleared; a second call while polling changes nothing. */
  poll(ms: number, fn: () => void): void {
    if (this.poller === undefined) this.poller = setInterval(fn, ms);
  }

  clearAll(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.clearDeadline();
    if (this.poller !== undefined) clearInterval(this.poller);
  }
}
