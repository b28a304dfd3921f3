/**
 * A clock the test moves by hand, for the core's clock port (src/cli/clock.ts): nothing runs until
 * `tick`, timers fire in order of their due time (then of their setting), `now()` reads the time of the
 * timer firing. Hand-written rather than `@sinonjs/fake-timers`: the core takes its clock as a port, so
 * nothing global needs replacing (the real processes, mocha and the leak check keep the real timers),
 * and this fake is the whole of what the port needs.
 */
import type { Clock, TimerHandle } from '../../src/cli/clock';

interface Timer {
  id: number;
  due: number;
  fn: () => void;
}

/** A turn of the event loop: what a fired timer set off (promise chains, I/O callbacks already due) runs first. */
const turn = (): Promise<void> => new Promise((r) => setImmediate(r));

export class FakeClock implements Clock {
  private time: number;
  private seq = 0;
  private readonly timers = new Map<number, Timer>();

  constructor(start = Date.UTC(2026, 0, 1)) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  setTimeout(fn: () => void, ms: number): TimerHandle {
    const id = ++this.seq;
    this.timers.set(id, { id, due: this.time + Math.max(0, ms), fn });
    return id;
  }

  clearTimeout(handle: TimerHandle): void {
    if (typeof handle === 'number') this.timers.delete(handle);
  }

  /** Timers set and not yet fired nor cleared. */
  pending(): number {
    return this.timers.size;
  }

  /** When the next timer fires (ms from now), or undefined with none pending. */
  nextIn(): number | undefined {
    const next = this.next();
    return next === undefined ? undefined : next.due - this.time;
  }

  /**
   * Moves the time `ms` forward, firing every timer due by then in order, each at its own time, with a
   * turn of the event loop after each (so a timer it sets off is due in the same tick if it falls in it),
   * and one before the first (so what the test started has set its timers).
   */
  async tick(ms: number): Promise<void> {
    const end = this.time + ms;
    await turn();
    for (let t = this.next(); t !== undefined && t.due <= end; t = this.next()) {
      this.timers.delete(t.id);
      this.time = t.due;
      t.fn();
      await turn();
    }
    this.time = end;
  }

  private next(): Timer | undefined {
    let first: Timer | undefined;
    for (const t of this.timers.values()) if (first === undefined || t.due < first.due) first = t;
    return first;
  }
}
