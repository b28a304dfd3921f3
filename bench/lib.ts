/**
 * Shared pieces of the benchmarks: statistics, the result entry and a timed
 * wait. The test doubles (cancellation, loggers) and sleep come from test/support/.
 */
import { sleep } from '../test/support/waits';

/** One figure of bench/results.json. `baseline`/`ratio` are null when no baseline applies; `met` is null when there is no target. */
export interface BenchEntry {
  name: string;
  value: number | null;
  unit: string;
  baseline: number | null;
  ratio: number | null;
  target: string | null;
  met: boolean | null;
  /** 95th percentile of the same measurement, when it has a distribution. */
  p95?: number | null;
  /** Number of measured runs behind `value`. */
  runs?: number;
  /** One line: what else was seen (absolute times, per-run figures, errors). */
  detail?: string;
}

export function median(xs: readonly number[]): number {
  return quantile(xs, 0.5);
}

export function p95(xs: readonly number[]): number {
  return quantile(xs, 0.95);
}

/** Linear-interpolation quantile (q in [0,1]); NaN for an empty list. */
export function quantile(xs: readonly number[], q: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const pos = (s.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return s[lo]! + (s[hi]! - s[lo]!) * (pos - lo);
}

export function round(x: number | null | undefined, digits = 2): number | null {
  if (x === null || x === undefined || !Number.isFinite(x)) return null;
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

export function ratioOf(value: number, baseline: number): number | null {
  return baseline === 0 ? null : value / baseline;
}

/** Milliseconds since an arbitrary origin, sub-millisecond resolution. */
export function nowMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}

// The quiet logger is the tests' (bench/stack.ts and bench/backendStack.ts import it from here).
export { quietLogger } from '../test/support/logger';

/** Waits until `check()` is true, polling every `everyMs`; resolves the time it became true (nowMs), or undefined on timeout. */
export async function waitFor(check: () => boolean, timeoutMs: number, everyMs = 1): Promise<number | undefined> {
  const until = nowMs() + timeoutMs;
  for (;;) {
    if (check()) return nowMs();
    if (nowMs() > until) return undefined;
    await sleep(everyMs);
  }
}
