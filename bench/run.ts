/**
 * `npm run bench`: runs every benchmark in bench/README.md against the fake
 * CLI, one after the other (they measure wall time; running them in parallel
 * on a small machine would measure contention), prints one table and writes
 * the same figures to bench/results.json. Benchmarks report; a missed target
 * never makes this exit non-zero (only a crash of the runner itself does).
 *
 * `node out/bench/run.js <name>...` runs only the named benchmarks (see BENCHES).
 * `npm run bench -- --real [--turns N] [--prompt TEXT]` compares both backends on
 * the user's real, signed-in cursor-agent instead (bench/real.ts; never in CI).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { BenchEntry, nowMs } from './lib';
import { repoRoot } from '../test/support/samples';
import { benchFirstText } from './firstText';
import { benchWholeTurn } from './wholeTurn';
import { benchThroughput } from './throughput';
import { benchMemory } from './memory';
import { benchConversation } from './conversation';
import { benchActivation } from './activation';
import { benchCatalog } from './catalog';
import { benchStop } from './stop';
import { benchBackends } from './backends';
import { benchHostileAcp } from './hostileAcp';
import { benchPlanMode } from './planMode';
import { benchEditorTools } from './editorTools';
import { benchLoopbackFlood } from './loopbackFlood';
import { parseBenchArgs } from './realArgs';
import { runReal } from './real';

const BENCHES: Array<[string, () => Promise<BenchEntry[]>]> = [
  ['firstText', benchFirstText],
  ['wholeTurn', benchWholeTurn],
  ['throughput', benchThroughput],
  ['memory', benchMemory],
  ['conversation', benchConversation],
  ['activation', benchActivation],
  ['catalog', benchCatalog],
  ['stop', benchStop],
  ['backends', benchBackends],
  ['hostileAcp', benchHostileAcp],
  ['planMode', benchPlanMode],
  ['editorTools', benchEditorTools],
  ['loopbackFlood', benchLoopbackFlood],
];

function fmt(x: number | null | undefined): string {
  if (x === null || x === undefined || !Number.isFinite(x)) return '-';
  if (Math.abs(x) >= 1000) return x.toFixed(0);
  if (Math.abs(x) >= 100) return x.toFixed(1);
  return String(Math.round(x * 1000) / 1000);
}

/**
 * A figure with a target but no value, or whose verdict could not be established (`met` null),
 * was not measured: it is neither met nor missed.
 */
export function verdict(e: BenchEntry): 'yes' | 'NO' | 'not measured' | '-' {
  if (e.target === null) return '-';
  if (e.value === null || !Number.isFinite(e.value) || e.met === null) return 'not measured';
  return e.met ? 'yes' : 'NO';
}

/** The closing line: targets met, missed and not measured, each counted apart (a figure without a value is never "met"). */
export function closingLine(entries: BenchEntry[]): string {
  const withTarget = entries.filter((e) => e.target !== null);
  const met = withTarget.filter((e) => verdict(e) === 'yes');
  const missed = withTarget.filter((e) => verdict(e) === 'NO');
  const unmeasured = withTarget.filter((e) => verdict(e) === 'not measured');
  const why = (e: BenchEntry) => `${e.name}: ${(e.detail ?? 'no value').slice(0, 160)}`;
  return (
    `bench: ${met.length} of ${withTarget.length} targets met` +
    (missed.length ? `, ${missed.length} missed (${missed.map((e) => e.name).join(', ')})` : '') +
    (unmeasured.length ? `, ${unmeasured.length} not measured (${unmeasured.map(why).join('; ')})` : '')
  );
}

export function renderTable(entries: BenchEntry[]): string {
  const head = ['benchmark', 'median', 'p95', 'unit', 'baseline', 'ratio', 'target', 'met'];
  const rows = entries.map((e) => [e.name, fmt(e.value), fmt(e.p95), e.unit, fmt(e.baseline), fmt(e.ratio), e.target ?? '-', verdict(e)]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 || i >= 6 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

async function main(): Promise<number> {
  const args = parseBenchArgs(process.argv.slice(2));
  if (args.mode === 'error') {
    console.error(`[bench] ${args.message}`);
    return 1;
  }
  if (args.mode === 'real') return runReal(args.turns, args.prompt);
  const only = args.names;
  const selected = BENCHES.filter(([n]) => only.length === 0 || only.includes(n));
  if (selected.length === 0) throw new Error(`no benchmark named ${only.join(', ')}; known: ${BENCHES.map(([n]) => n).join(', ')}`);
  const entries: BenchEntry[] = [];
  const started = nowMs();
  const load = () =>
    os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(' ');
  const environment = {
    node: process.version,
    platform: `${process.platform} ${os.arch()}`,
    cpus: os.cpus().length,
    loadAverageAtStart: load(),
    loadAverageAtEnd: '',
  };
  console.log(`[bench] node ${process.version}, ${environment.cpus} CPUs, load average ${environment.loadAverageAtStart}`);
  for (const [name, bench] of selected) {
    const t0 = nowMs();
    process.stdout.write(`[bench] ${name}…`);
    try {
      const got = await bench();
      entries.push(...got);
      process.stdout.write(` ${((nowMs() - t0) / 1000).toFixed(1)} s\n`);
    } catch (err) {
      const why = err instanceof Error ? err.message : String(err);
      process.stdout.write(` FAILED: ${why}\n`);
      entries.push({
        name,
        value: null,
        unit: '-',
        baseline: null,
        ratio: null,
        target: 'the benchmark runs',
        met: null,
        detail: `benchmark failed, not measured: ${why}`,
      });
    }
  }
  console.log('');
  console.log(renderTable(entries));
  console.log('');
  for (const e of entries) if (e.detail) console.log(`${e.name}: ${e.detail}`);
  environment.loadAverageAtEnd = load();
  const file = path.join(repoRoot(), 'bench', 'results.json');
  fs.writeFileSync(file, JSON.stringify({ benchmarks: entries, environment }, null, 2) + '\n');
  console.log('');
  console.log(
    `[bench] ${entries.length} figures in ${((nowMs() - started) / 1000).toFixed(0)} s; ` +
      `load average at the end ${environment.loadAverageAtEnd}; written to ${path.relative(process.cwd(), file) || file}`,
  );
  console.log(closingLine(entries));
  return 0;
}

if (require.main === module)
  main().then(
    (code) => process.exit(code),
    (err) => {
      console.error(`[bench] ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      process.exit(1);
    },
  );
