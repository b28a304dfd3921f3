// How long the extension host froze while a test ran: the one measure of the hostile-output tests (5-hostile-output,
// 11-hostile-text). A stall is ours when the host's main thread was held by its own work (however slowly a busy
// machine runs it) or a blocking call, not when it only waited for a core that other programs held.
import * as fs from 'fs';

/** The longest freeze a test allows (the product aims at 100 ms; this leaves a slow machine room). */
export const STALL_LIMIT_MS = 250;

/** How long this thread (the extension host's JavaScript thread) has waited for a core so far (ms), from Linux's schedstat; undefined where there is none. */
function mainThreadWaitMs(): number | undefined {
  try {
    const ms = Number(fs.readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[1]) / 1e6;
    return Number.isFinite(ms) ? ms : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A 50 ms timer in the extension host: the longest it fired late while `run` ran, less the time the host's main
 * thread spent waiting for a core that other programs held (a machine whose cores are all busy, as in CI: there a
 * timer fires 500 ms late while the host ran 20 ms of it). Whatever else held the host (its own work, however slowly
 * a busy machine runs it, or a blocking call) counts whole. Where schedstat is missing, the plain lateness counts.
 */
export async function worstStall<T>(run: () => Promise<T>): Promise<{ value: T; stallMs: number; lateMs: number }> {
  let last = Date.now();
  let lastWait = mainThreadWaitMs();
  let worst = 0;
  let worstLate = 0;
  const timer = setInterval(() => {
    const now = Date.now();
    const wait = mainThreadWaitMs();
    const late = now - last - 50;
    worstLate = Math.max(worstLate, late);
    worst = Math.max(worst, wait === undefined || lastWait === undefined ? late : late - (wait - lastWait));
    last = now;
    lastWait = wait;
  }, 50);
  try {
    const value = await run();
    return { value, stallMs: Math.round(worst), lateMs: worstLate };
  } finally {
    clearInterval(timer);
  }
}
