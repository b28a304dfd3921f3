/**
 * Shared settings for the property-based tests.
 *
 * Runs are random but reproducible: on failure fast-check prints the seed and
 * the shrunk counterexample's path; re-run with `PROPERTY_SEED=<seed>` (and
 * `PROPERTY_PATH=<path>` to jump straight to the counterexample). Scale the
 * number of runs with `PROPERTY_RUNS_SCALE` (e.g. 10 for a long soak).
 */
import fc from 'fast-check';
import { NdjsonLineReader } from '../../../src/cli/ndjson';
import { TurnParser } from '../../../src/print/turnParser';
import type { TurnEvent } from '../../../src/turn/events';

const scale = Number(process.env.PROPERTY_RUNS_SCALE ?? '1');

/** Number of runs for a property, scaled by PROPERTY_RUNS_SCALE. */
export function runs(n: number): number {
  return Math.max(1, Math.round(n * (Number.isFinite(scale) && scale > 0 ? scale : 1)));
}

/** fc.assert parameters: the run count, plus a seed/path replay when asked for. */
export function params<T>(numRuns: number): fc.Parameters<T> {
  const p: fc.Parameters<T> = { numRuns: runs(numRuns) };
  if (process.env.PROPERTY_SEED) p.seed = Number(process.env.PROPERTY_SEED);
  if (process.env.PROPERTY_PATH) p.path = process.env.PROPERTY_PATH;
  return p;
}

/** Everything a user could notice from one turn's stdout. */
export interface Outcome {
  lines: string[];
  events: TurnEvent[];
  text: string;
  sessionId: string | undefined;
  done: boolean;
  result: TurnEvent | undefined;
  noise: string[];
  oversizedLines: number;
}

/** Feeds chunks through NdjsonLineReader → TurnParser, as the runner does. */
export function runChunks(chunks: Iterable<Uint8Array | string>, opts: { maxLineBytes?: number; readOnly?: boolean } = {}): Outcome {
  const reader = new NdjsonLineReader(opts.maxLineBytes);
  const parser = new TurnParser({ readOnly: opts.readOnly ?? true });
  const lines: string[] = [];
  const events: TurnEvent[] = [];
  const feed = (ls: string[]) => {
    for (const l of ls) {
      lines.push(l);
      events.push(...parser.push(l));
    }
  };
  for (const c of chunks) feed(reader.push(c));
  feed(reader.end());
  return {
    lines,
    events,
    text: events.flatMap((e) => (e.type === 'text' ? [e.text] : [])).join(''),
    sessionId: parser.sessionId,
    done: parser.done,
    result: events.find((e) => e.type === 'result'),
    noise: [...parser.noise],
    oversizedLines: reader.oversizedLines,
  };
}

/** Splits `bytes` at the given offsets (any order, duplicates and out-of-range ignored). */
export function cutAt(bytes: Uint8Array, cuts: readonly number[]): Uint8Array[] {
  const points = [...new Set(cuts.filter((c) => c > 0 && c < bytes.length))].sort((a, b) => a - b);
  const out: Uint8Array[] = [];
  let from = 0;
  for (const p of points) {
    out.push(bytes.subarray(from, p));
    from = p;
  }
  out.push(bytes.subarray(from));
  return out;
}
