/**
 * 4. Memory: peak memory growth of the process running a turn that streams
 * 100 MB and 200 MB of events. Each turn runs in a forked worker
 * (bench/memoryWorker.ts) so the rest of the bench does not pollute it.
 * The stream is a long *agent* turn (scenario longAgentTurn): rounds of
 * thinking deltas, a one-line narration and a file read with an 8 KiB result,
 * then the final answer; the answer text itself stays small (a few hundred KB),
 * as in a real long turn, where the bulk of the bytes is tool traffic.
 * Baseline: the same worker spawning the same fake directly and discarding stdout.
 */
import { fork } from 'node:child_process';
import * as path from 'node:path';
import { BenchEntry, median, ratioOf, round } from './lib';
import type { MemoryReport } from './memoryWorker';

const MB = 1024 * 1024;
const LENGTHS = [100 * MB, 200 * MB];
const TARGET_MB = 20;
const RUNS = 3;
/** Text-only streams (for reference): their recap and result lines must stay under the reader's 16 MiB line limit. */
const TEXT_LENGTHS = [4 * MB, 8 * MB];

function runWorker(mode: 'ours' | 'bare', bytes: number, shape: 'agent' | 'text' = 'agent'): Promise<MemoryReport> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(__dirname, 'memoryWorker.js'), [mode, String(bytes), shape], {
      execArgv: ['--expose-gc'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let report: MemoryReport | undefined;
    child.on('message', (m) => (report = m as MemoryReport));
    child.on('error', reject);
    child.on('exit', (code) => (report ? resolve(report) : reject(new Error(`memory worker (${mode}, ${bytes}) exited ${code} without a report`))));
  });
}

export async function benchMemory(): Promise<BenchEntry[]> {
  const out: BenchEntry[] = [];
  const heapAt: number[] = [];
  const rssAt: number[] = [];
  for (const bytes of LENGTHS) {
    const base = await runWorker('bare', bytes);
    const runs: MemoryReport[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await runWorker('ours', bytes));
    const rss = median(runs.map((r) => r.rssGrowth)) / MB;
    const heap = median(runs.map((r) => r.heapGrowth)) / MB;
    rssAt.push(rss);
    heapAt.push(heap);
    const o = runs[0];
    out.push({
      name: `memory_peak_rss_growth_${bytes / MB}MB`,
      value: round(rss, 1),
      unit: 'MB',
      baseline: round(base.rssGrowth / MB, 1),
      ratio: round(ratioOf(rss, base.rssGrowth / MB), 2),
      target: `< ${TARGET_MB} MB`,
      met: rss < TARGET_MB,
      runs: RUNS,
      detail:
        `ours (median of ${RUNS} workers): rss +${runs.map((r) => (r.rssGrowth / MB).toFixed(1)).join('/')} MB, ` +
        `heapUsed peak +${runs.map((r) => (r.heapGrowth / MB).toFixed(1)).join('/')} MB, external +${(o!.externalGrowth / MB).toFixed(1)} MB, ` +
        `retained after GC ${(o!.retainedHeap / MB).toFixed(2)} MB, ${o!.textChars} answer chars, ${(o!.durationMs / 1000).toFixed(1)} s; ` +
        `bare: rss +${(base.rssGrowth / MB).toFixed(1)} MB, heapUsed +${(base.heapGrowth / MB).toFixed(1)} MB, ` +
        `${(base.stdoutBytes / MB).toFixed(0)} MB read in ${(base.durationMs / 1000).toFixed(1)} s`,
    });
  }
  // RSS moves by a few MB from run to run (page reuse, GC timing); the V8 heap is what this code controls.
  const delta = heapAt[1]! - heapAt[0]!;
  out.push({
    name: 'memory_growth_length_dependence',
    value: round(delta, 1),
    unit: 'MB',
    baseline: round(heapAt[0]!, 1),
    ratio: round(ratioOf(heapAt[1]!, heapAt[0]!), 2),
    target: 'independent of length: peak heapUsed growth at 200 MB - at 100 MB < 5 MB',
    met: delta < 5,
    runs: RUNS,
    detail: `peak heapUsed growth ${heapAt[0]!.toFixed(1)} MB at 100 MB vs ${heapAt[1]!.toFixed(1)} MB at 200 MB; peak RSS growth ${rssAt[0]!.toFixed(1)} vs ${rssAt[1]!.toFixed(1)} MB (medians)`,
  });
  // For reference: a stream that is all assistant text. The answer itself must be kept (it is
  // shown and returned), so growth here follows the answer's length by design; no target.
  for (const bytes of TEXT_LENGTHS) {
    const o = await runWorker('ours', bytes, 'text');
    out.push({
      name: `memory_text_only_answer_${bytes / MB}MB`,
      value: round(o.rssGrowth / MB, 1),
      unit: 'MB',
      baseline: round(bytes / MB, 1),
      ratio: round(o.rssGrowth / bytes, 2),
      target: null,
      met: null,
      runs: 1,
      detail:
        `longStream of ${bytes / MB} MB of assistant deltas (then a recap and a result each carrying the whole answer): ` +
        `heapUsed peak +${(o.heapGrowth / MB).toFixed(1)} MB, retained after GC ${(o.retainedHeap / MB).toFixed(2)} MB, ${o.textChars} answer chars; ` +
        `baseline = the answer's size`,
    });
  }
  return out;
}
