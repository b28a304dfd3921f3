/**
 * 1. First-text overhead: from "turn requested" (CursorAgentService.turn called)
 * to the first `text` event out of the CLI layer, against the bare process's
 * first stdout line. The fake writes init, user and the first assistant delta
 * in one write as soon as its stdin ends (scenario `firstTextImmediately`), so
 * the bare first line and our first text leave the CLI at the same moment.
 */
import { BenchEntry, median, nowMs, p95, ratioOf, round } from './lib';
import { bareTurn, runBare } from './bare';
import { createBenchStack } from './stack';

const WARMUP = 5;
const RUNS = 60;
const TARGET_MS = 5;

export async function benchFirstText(): Promise<BenchEntry[]> {
  const stack = createBenchStack({ turn: { kind: 'firstTextImmediately' } });
  try {
    const prompt = 'What does app.ts export?';
    const bare = bareTurn(stack.fake.binPath, stack.workspace, prompt);
    const ours: number[] = [];
    const base: number[] = [];
    const diffs: number[] = [];
    const runOurs = async (): Promise<number> => {
      let first: number | undefined;
      const t0 = nowMs();
      await stack.agent.turn({
        workspace: stack.workspace,
        trusted: true,
        mode: 'plan',
        prompt,
        onEvent: (e) => {
          if (e.type === 'text' && first === undefined) first = nowMs() - t0;
        },
      });
      if (first === undefined) throw new Error('no text event');
      return first;
    };
    const runBase = async (): Promise<number> => {
      const r = await runBare(bare);
      if (r.firstLineMs === undefined) throw new Error('bare run printed no line');
      return r.firstLineMs;
    };
    for (let i = 0; i < WARMUP + RUNS; i++) {
      // Alternate the order so drift (page cache, CPU frequency) hits both sides alike.
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
      diffs.push(o - b);
    }
    const md = median(diffs);
    return [
      {
        name: 'first_text_overhead',
        value: round(md, 2),
        unit: 'ms',
        baseline: round(median(base), 2),
        ratio: round(ratioOf(median(ours), median(base)), 3),
        target: `median difference < ${TARGET_MS} ms`,
        met: md < TARGET_MS,
        p95: round(p95(diffs), 2),
        runs: RUNS,
        detail: `ours: first text event at median ${median(ours).toFixed(1)} ms (p95 ${p95(ours).toFixed(1)}); bare: first stdout line at median ${median(base).toFixed(1)} ms (p95 ${p95(base).toFixed(1)}); value = median of paired differences`,
      },
    ];
  } finally {
    stack.dispose();
  }
}
