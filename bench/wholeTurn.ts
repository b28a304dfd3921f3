/**
 * 2. Whole-turn overhead: a recorded turn replayed with its timing scaled to
 * about 2 s; our wall time (turn requested → printTurn() resolved, process tree
 * settled) over the bare process's wall time (spawn → 'close').
 */
import { BenchEntry, median, nowMs, p95, ratioOf, round } from './lib';
import { bareTurn, runBare } from './bare';
import { createBenchStack } from './stack';
import { printTurn } from '../test/support/printTurn';

const SAMPLE = 'senpi-stream-partial-thinking-success.jsonl';
/** The sample's last line is at 11.410 s. */
const SCALE = 2.0 / 11.41;
const WARMUP = 1;
const RUNS = 8;
const TARGET_RATIO = 1.02;

export async function benchWholeTurn(): Promise<BenchEntry[]> {
  const stack = createBenchStack({ turn: { kind: 'replay', sample: SAMPLE, timing: SCALE } });
  try {
    const prompt = 'Reply with exactly: STREAMTEST OK and nothing else, then a 15-word sentence about coffee.';
    const bare = bareTurn(stack.fake.binPath, stack.workspace, prompt);
    const ours: number[] = [];
    const base: number[] = [];
    const pairRatios: number[] = [];
    const runOurs = async (): Promise<number> => {
      const t0 = nowMs();
      const r = await printTurn(stack, { workspace: stack.workspace, mode: 'plan', prompt, onEvent: () => undefined });
      if (!r.text) throw new Error('replayed turn produced no text');
      return nowMs() - t0;
    };
    const runBase = async (): Promise<number> => (await runBare(bare)).wallMs;
    for (let i = 0; i < WARMUP + RUNS; i++) {
      let o: number;
      let b: number;
      if (i % 2 === 0) {
        o = await runOurs();
        b = await runBase();
      } else {
        b = await runBase();
        o = await runOurs();
      }
      if (i < WARMUP) continue;
      ours.push(o);
      base.push(b);
      pairRatios.push(o / b);
    }
    // Each run is paired with the bare run next to it: the median of those ratios resists load from other processes.
    const ratio = median(pairRatios);
    return [
      {
        name: 'whole_turn_wall',
        value: round(median(ours), 1),
        unit: 'ms',
        baseline: round(median(base), 1),
        ratio: round(ratio, 4),
        target: `ratio < ${TARGET_RATIO}`,
        met: ratio < TARGET_RATIO,
        p95: round(p95(ours), 1),
        runs: RUNS,
        detail:
          `replay of ${SAMPLE} scaled to ~2 s; ratio = median of ${RUNS} paired ratios (ratio of medians ${(ratioOf(median(ours), median(base)) ?? NaN).toFixed(4)}); ` +
          `ours ${ours.map((x) => x.toFixed(0)).join('/')} ms, bare ${base.map((x) => x.toFixed(0)).join('/')} ms`,
      },
    ];
  } finally {
    stack.dispose();
  }
}
