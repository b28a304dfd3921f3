/**
 * 1. First-text overhead: from "turn requested" (CursorAgentService.turn called)
 * to the first `text` event out of the CLI layer, against the bare process's
 * first stdout line. The fake writes init, user and the first assistant delta
 * in one write as soon as its stdin ends (scenario `firstTextImmediately`), so
 * the bare first line and our first text leave the CLI at the same moment.
 */
import type { ChildProcess } from 'node:child_process';
import { BenchEntry, median, nowMs, p95, ratioOf, round } from './lib';
import { bareTurn, runBare } from './bare';
import { createBenchStack } from './stack';
import { printTurn } from '../test/support/printTurn';

const WARMUP = 5;
const RUNS = 80;
const TARGET_MS = 5;

export async function benchFirstText(): Promise<BenchEntry[]> {
  const stack = createBenchStack({ turn: { kind: 'firstTextImmediately' } });
  try {
    const prompt = 'What does app.ts export?';
    const bare = bareTurn(stack.fake.binPath, stack.workspace, prompt);
    const ours: number[] = [];
    const base: number[] = [];
    const diffs: number[] = [];
    // Where our time goes, from the same runs: every spawn is timestamped, and so is
    // the first stdout chunk (a listener added before the runner's own, so it fires first).
    // Instrumentation only: the real spawn runs unchanged.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const cp = require('node:child_process') as { spawn: (...a: unknown[]) => ChildProcess };
    const realSpawn = cp.spawn;
    let spawnAt = NaN;
    let dataAt = NaN;
    const beforeSpawn: number[] = [];
    const afterData: number[] = [];
    const runOurs = async (): Promise<number> => {
      let first: number | undefined;
      spawnAt = NaN;
      dataAt = NaN;
      cp.spawn = function (this: unknown, ...a: unknown[]) {
        spawnAt = nowMs();
        const child = realSpawn.apply(this, a);
        child.stdout?.once('data', () => (dataAt = nowMs()));
        return child;
      };
      const t0 = nowMs();
      await printTurn(stack, {
        workspace: stack.workspace,
        mode: 'plan',
        prompt,
        onEvent: (e) => {
          if (e.type === 'text' && first === undefined) first = nowMs() - t0;
        },
      });
      cp.spawn = realSpawn;
      if (first === undefined) throw new Error('no text event');
      beforeSpawn.push(spawnAt - t0);
      afterData.push(t0 + first - dataAt);
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
      if (i < WARMUP) {
        beforeSpawn.length = 0;
        afterData.length = 0;
        continue;
      }
      ours.push(o);
      base.push(b);
      diffs.push(o - b);
    }
    const md = median(diffs);
    const inProcess = beforeSpawn.map((b, i) => b + afterData[i]!);
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
        detail:
          `ours: first text event at median ${median(ours).toFixed(1)} ms (p95 ${p95(ours).toFixed(1)}); ` +
          `bare: first stdout line at median ${median(base).toFixed(1)} ms (p95 ${p95(base).toFixed(1)}); ` +
          `value = median of paired differences (it includes the run-to-run spread of starting a node process; see first_text_in_process)`,
      },
      {
        name: 'first_text_in_process',
        value: round(median(inProcess), 3),
        unit: 'ms',
        baseline: round(median(base), 2),
        ratio: round(ratioOf(median(inProcess), median(base)), 4),
        target: `< ${TARGET_MS} ms`,
        met: median(inProcess) < TARGET_MS,
        p95: round(p95(inProcess), 3),
        runs: RUNS,
        detail:
          `the part of the first-text latency spent in our code, from the same runs: ` +
          `printTurn() called → spawn() median ${median(beforeSpawn).toFixed(3)} ms (p95 ${p95(beforeSpawn).toFixed(3)}), ` +
          `first stdout chunk → text event median ${median(afterData).toFixed(3)} ms (p95 ${p95(afterData).toFixed(3)}); ` +
          `the rest is the CLI starting`,
      },
    ];
  } finally {
    stack.dispose();
  }
}
