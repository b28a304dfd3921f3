/**
 * Child process of benchmark 4 (forked with --expose-gc, so nothing else of
 * the bench pollutes its memory): runs one warm-up turn, collects garbage,
 * then samples its own memory every few ms during one long turn and reports
 * the peak growth over the pre-turn level to its parent.
 *
 * argv: <mode: ours|bare> <bytes> [agent|text]
 *   agent (default): scenario longAgentTurn (tool and thinking traffic, small answer)
 *   text: scenario longStream (the whole stream is assistant text: the answer itself is `bytes` long)
 */
import { BenchStack, createBenchStack } from './stack';
import { bareTurn, runBare } from './bare';
import { nowMs } from './lib';
import { sleep } from '../test/support/waits';
import { printTurn } from '../test/support/printTurn';

export interface MemoryReport {
  mode: string;
  bytes: number;
  /** Peak RSS (sampled, or the kernel's max RSS, whichever is higher) minus the pre-turn RSS (bytes). */
  rssGrowth: number;
  /** Peak V8 heapUsed minus pre-turn heapUsed (bytes). */
  heapGrowth: number;
  /** Peak external + arrayBuffers minus pre-turn (bytes). */
  externalGrowth: number;
  /** heapUsed after the turn and a full GC, minus pre-turn (bytes): what is retained. */
  retainedHeap: number;
  samples: number;
  durationMs: number;
  stdoutBytes: number;
  textChars: number;
}

const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);

async function settle(): Promise<void> {
  for (let i = 0; i < 3; i++) {
    gc();
    await sleep(20);
  }
}

async function oneTurn(stack: BenchStack, mode: string): Promise<{ stdoutBytes: number; textChars: number }> {
  const prompt = 'Trace every caller of the config loader across the repository.';
  if (mode === 'bare') {
    const r = await runBare(bareTurn(stack.fake.binPath, stack.workspace, prompt));
    return { stdoutBytes: r.stdoutBytes, textChars: 0 };
  }
  let textChars = 0;
  const r = await printTurn(stack, {
    workspace: stack.workspace,
    mode: 'plan',
    prompt,
    onEvent: (e) => {
      if (e.type === 'text') textChars += e.text.length;
    },
  });
  if (r.cancelled) throw new Error('turn cancelled');
  return { stdoutBytes: -1, textChars };
}

async function main(): Promise<void> {
  const [mode = 'ours', bytesArg, shape] = process.argv.slice(2);
  const bytes = Number(bytesArg);
  const stack =
    shape === 'text'
      ? createBenchStack({ turns: [{ kind: 'longStream', bytes: 1024 * 1024 }], turn: { kind: 'longStream', bytes } })
      : createBenchStack({ turns: [{ kind: 'longAgentTurn', bytes: 4 * 1024 * 1024 }], turn: { kind: 'longAgentTurn', bytes } });
  try {
    await oneTurn(stack, mode); // warm-up: code loaded and compiled, buffers sized
    await settle();
    const before = process.memoryUsage();
    // The kernel's max RSS covers the process's whole life: it only counts when the turn raised it.
    const maxRssBefore = process.resourceUsage().maxRSS * 1024;
    let peakRss = before.rss;
    let peakHeap = before.heapUsed;
    let peakExternal = before.external + before.arrayBuffers;
    let samples = 0;
    const sample = () => {
      const m = process.memoryUsage();
      samples++;
      if (m.rss > peakRss) peakRss = m.rss;
      if (m.heapUsed > peakHeap) peakHeap = m.heapUsed;
      if (m.external + m.arrayBuffers > peakExternal) peakExternal = m.external + m.arrayBuffers;
    };
    const timer = setInterval(sample, 5);
    const t0 = nowMs();
    const r = await oneTurn(stack, mode);
    const durationMs = nowMs() - t0;
    clearInterval(timer);
    sample();
    const maxRss = process.resourceUsage().maxRSS * 1024;
    await settle();
    const after = process.memoryUsage();
    const report: MemoryReport = {
      mode,
      bytes,
      rssGrowth: Math.max(peakRss, maxRss > maxRssBefore ? maxRss : 0) - before.rss,
      heapGrowth: peakHeap - before.heapUsed,
      externalGrowth: peakExternal - (before.external + before.arrayBuffers),
      retainedHeap: after.heapUsed - before.heapUsed,
      samples,
      durationMs,
      stdoutBytes: r.stdoutBytes,
      textChars: r.textChars,
    };
    process.send?.(report);
  } finally {
    stack.dispose();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`memory worker: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  },
);
