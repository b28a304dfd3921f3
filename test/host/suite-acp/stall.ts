// How long the extension host froze while a test ran: the one measure of the hostile-output tests (5-hostile-output,
// 11a-hostile-text). A stall is ours when the host's main thread was held by its own work (however slowly a busy
// machine runs it) or a blocking call, not when it only waited for a core that other programs held. Where the measure
// cannot tell the two apart, it says so instead of failing (the test is reported pending, with its figures).
import * as assert from 'assert';
import * as fs from 'fs';

/** The longest freeze a test allows (the product aims at 100 ms; this leaves a slow machine room). */
export const STALL_LIMIT_MS = 250;

/** A thread's time on a core and waiting for one so far (ms), from Linux's schedstat; undefined where there is none. */
function schedstat(file: string): { runMs: number; waitMs: number } | undefined {
  try {
    const [run, wait] = fs.readFileSync(file, 'utf8').split(' ').map(Number);
    return Number.isFinite(run) && Number.isFinite(wait) ? { runMs: run! / 1e6, waitMs: wait! / 1e6 } : undefined;
  } catch {
    return undefined;
  }
}

/** How long each thread of this process (the extension host) has waited for a core so far (ms), by thread id. */
function threadWaits(): Map<string, number> {
  const out = new Map<string, number>();
  try {
    for (const tid of fs.readdirSync('/proc/self/task')) {
      const s = schedstat(`/proc/self/task/${tid}/schedstat`);
      if (s) out.set(tid, s.waitMs);
    }
  } catch {
    /* no /proc */
  }
  return out;
}

export interface StallMeasure<T> {
  value: T;
  /** The longest time the host's thread was held by its own work or an unexplained block (ms): over the limit fails. */
  stallMs: number;
  /** The most the 50 ms timer fired late (ms). */
  lateMs: number;
  /**
   * Set when the timer fired over the limit late less the thread's own wait for a core, but the rest is time the thread
   * slept while the host's other threads (V8's GC helpers, the libuv pool) waited for a core at least as long: it may
   * have waited for them (a wait for a core at one remove) or for a blocking call; this measure cannot tell which.
   */
  unclear?: string;
}

/**
 * A 50 ms timer in the extension host, read against the host's main thread (Linux's schedstat). Each time it fires,
 * its lateness is split into the thread's wait for a core (the machine's: never the extension's), its time on a core
 * (the host's own work, however slowly a busy machine runs it: counted whole) and the rest, when the thread slept
 * (a blocking call counts whole, unless the host's other threads waited for a core as long meanwhile: then unclear).
 * Where schedstat is missing, the plain lateness counts.
 */
export async function worstStall<T>(run: () => Promise<T>): Promise<StallMeasure<T>> {
  let last = Date.now();
  let lastOwn = schedstat('/proc/thread-self/schedstat');
  let lastWaits = threadWaits();
  let worst = 0;
  let worstLate = 0;
  let unclear: string | undefined;
  const self = ownTid();
  const timer = setInterval(() => {
    const now = Date.now();
    const own = schedstat('/proc/thread-self/schedstat');
    const waits = threadWaits();
    const late = now - last - 50;
    worstLate = Math.max(worstLate, late);
    if (own === undefined || lastOwn === undefined) worst = Math.max(worst, late);
    else {
      const waited = own.waitMs - lastOwn.waitMs;
      const ran = own.runMs - lastOwn.runMs;
      const held = late - waited;
      // The thread neither ran nor waited for a core: it slept. The host's other threads' waits for a core meanwhile.
      const slept = Math.max(0, held - ran);
      let othersWaited = 0;
      for (const [tid, w] of waits) if (tid !== self) othersWaited += w - (lastWaits.get(tid) ?? 0);
      const stall = held - Math.min(slept, Math.max(0, othersWaited));
      worst = Math.max(worst, stall);
      if (held >= STALL_LIMIT_MS && stall < STALL_LIMIT_MS) {
        const ms = (x: number) => `${Math.round(x)} ms`;
        unclear =
          `the host's timer fired ${ms(late)} late: its thread waited ${ms(waited)} for a core, ran ${ms(ran)} and slept ${ms(slept)}, ` +
          `while its other threads waited ${ms(othersWaited)} for a core`;
      }
    }
    last = now;
    lastOwn = own;
    lastWaits = waits;
  }, 50);
  try {
    const value = await run();
    return { value, stallMs: Math.round(worst), lateMs: worstLate, ...(unclear ? { unclear } : {}) };
  } finally {
    clearInterval(timer);
  }
}

/** This thread's id (the extension host's main thread: the timer runs on it). */
function ownTid(): string {
  try {
    return fs.readlinkSync('/proc/thread-self').split('/').pop() ?? '';
  } catch {
    return '';
  }
}

/**
 * Fails when the host's own work (or a blocking call) held it over the limit; when the measure could not tell the host's
 * own work from waiting for a core, says so (the test is reported pending with the figures) instead of failing.
 * Call it last in a test: everything else it checks has been checked.
 */
export function assertNoStall(ctx: Mocha.Context, m: StallMeasure<unknown>): void {
  console.log(`[stall] ${m.stallMs} ms held by the host (its timer up to ${m.lateMs} ms late): ${ctx.test?.title ?? ''}`);
  assert.ok(m.stallMs < STALL_LIMIT_MS, `the extension host stalled ${m.stallMs} ms (its timer fired up to ${m.lateMs} ms late)`);
  if (m.unclear) {
    console.log(`[stall] cannot tell the host's own work from waiting for a core: ${m.unclear}`);
    ctx.skip();
  }
}
