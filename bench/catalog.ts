/**
 * 7. Model catalog: 100 concurrent reads of a cold ModelCatalog (wired as in
 * extension.ts: `agent.modelsText()` through the real runner) must start
 * exactly one `models` process; 100 warm reads must start none. Processes are
 * counted from the fake's own invocation records.
 */
import { BenchEntry, nowMs, round } from './lib';
import { createBenchStack } from './stack';

const READS = 100;

export async function benchCatalog(): Promise<BenchEntry[]> {
  // A realistic `models` call takes a while: 300 ms leaves every cold read time to pile up on it.
  const stack = createBenchStack({ modelsDelayMs: 300 });
  try {
    await stack.binary.resolve(); // `--version` once, as the status probe at startup would
    const catalog = stack.runtime.catalog;
    const count = () => stack.fake.invocations().filter((i) => i.argv[0] === 'models').length;
    const all = () => stack.fake.invocations().length;

    const before = count();
    const beforeAll = all();
    const t0 = nowMs();
    const cold = await Promise.all(Array.from({ length: READS }, () => catalog.get()));
    const coldMs = nowMs() - t0;
    const coldModels = count() - before;
    const coldAll = all() - beforeAll;
    if (cold.some((s) => s.models.length === 0)) throw new Error('a cold read returned no models');

    const before2 = all();
    const t1 = nowMs();
    const warm = await Promise.all(Array.from({ length: READS }, () => catalog.get()));
    const warmMs = nowMs() - t1;
    const warmAll = all() - before2;
    if (warm.some((s) => s.models.length === 0)) throw new Error('a warm read returned no models');
    catalog.dispose();
    return [
      {
        name: 'catalog_cold_models_processes',
        value: coldModels,
        unit: 'processes',
        baseline: READS,
        ratio: round(coldModels / READS, 3),
        target: 'exactly 1',
        met: coldModels === 1 && coldAll === 1,
        runs: READS,
        detail:
          `${READS} concurrent cold reads: ${coldModels} \`models\` process(es), ${coldAll} process(es) of any kind, ` +
          `all answered in ${coldMs.toFixed(0)} ms (the fake's \`models\` takes 300 ms); baseline = one process per read`,
      },
      {
        name: 'catalog_warm_processes',
        value: warmAll,
        unit: 'processes',
        baseline: READS,
        ratio: round(warmAll / READS, 3),
        target: 'exactly 0',
        met: warmAll === 0,
        runs: READS,
        detail: `${READS} concurrent warm reads answered in ${warmMs.toFixed(2)} ms`,
      },
    ];
  } finally {
    stack.dispose();
  }
}
