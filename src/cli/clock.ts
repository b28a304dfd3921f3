/**
 * Time as a port: what the core reads of the clock (`now()`) and the timers its deadlines, backoffs and
 * idle times run on. The core takes a {@link Clock} in its dependencies; the extension, the bench and most
 * tests get {@link systemClock}, and timing tests a fake one (test/support/fakeClock.ts) they move by hand,
 * so no test has to sleep on real time to prove a deadline.
 */

/** What `setTimeout` returned, to give back to `clearTimeout`; opaque to the core. */
export type TimerHandle = unknown;

export interface Clock {
  /** Milliseconds since the epoch, as `Date.now()`. */
  now(): number;
  /** Runs `fn` once, `ms` from now. */
  setTimeout(fn: () => void, ms: number): TimerHandle;
  /** Cancels a timer that has not run yet; a timer that ran, or undefined, is ignored. */
  clearTimeout(handle: TimerHandle): void;
}

/** The real clock: `Date.now()` and the host's timers. Stateless, so one object serves every caller. */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout> | undefined),
};
