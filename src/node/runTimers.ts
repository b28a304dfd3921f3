import { type Clock, systemClock, type TimerHandle } from '../cli/clock';
import type { RunOutcome, RunRequest } from '../cli/process';

type OnDeadline = (stage: NonNullable<RunOutcome['timeoutStage']>) => void;

/**
 * The timers of one run: its output deadline (first output, then inactivity),
 * one-shot timers (total deadline, completion linger, grace periods, hard
 * stops), and the settle poller. All are cleared at once when the run settles,
 * so nothing of a finished run fires later. On the injected clock (a fake one in tests).
 */
export class RunTimers {
  private readonly timers = new Set<TimerHandle>();
  private deadline: TimerHandle | undefined;
  private poller: TimerHandle | undefined;

  constructor(private readonly clock: Clock = systemClock) {}

  /** Runs `fn` once after `ms`, unless cleared first. */
  later(ms: number, fn: () => void): void {
    const t = this.clock.setTimeout(() => {
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
    this.deadline = this.clock.setTimeout(fn, ms);
  }

  clearDeadline(): void {
    if (this.deadline !== undefined) this.clock.clearTimeout(this.deadline);
    this.deadline = undefined;
  }

  /** Calls `fn` every `ms` until cleared; a second call while polling changes nothing. */
  poll(ms: number, fn: () => void): void {
    if (this.poller !== undefined) return;
    const tick = (): void => {
      this.poller = this.clock.setTimeout(tick, ms); // re-armed first: `fn` may clear it
      fn();
    };
    this.poller = this.clock.setTimeout(tick, ms);
  }

  clearAll(): void {
    for (const t of this.timers) this.clock.clearTimeout(t);
    this.timers.clear();
    this.clearDeadline();
    if (this.poller !== undefined) this.clock.clearTimeout(this.poller); // kept set: a settled run never polls again
  }
}
