import * as assert from 'node:assert/strict';
import { ModelCatalog } from '../../../src/services/models/modelCatalog';
import { MemoryLogger } from '../../support/logger';
import { printModels } from '../../support/modelSources';
import { nextTurn } from '../../support/waits';

const MODELS_TEXT =
  'Available models\n\nauto - Auto (default)\ngpt-5 - GPT-5\nclaude-4.5-sonnet - Sonnet 4.5 1M\n\nTip: use --model <id> (or /model <id> in interactive mode) to switch.\n';

describe('ModelCatalog', () => {
  it('shares one CLI call between 100 concurrent cold reads, and makes none while warm', async () => {
    let calls = 0;
    const catalog = new ModelCatalog(
      printModels(async () => (calls++, await nextTurn(), MODELS_TEXT)),
      new MemoryLogger(),
      () => 60_000,
    );
    const snaps = await Promise.all(Array.from({ length: 100 }, () => catalog.get()));
    assert.equal(calls, 1);
    assert.deepEqual(
      snaps[99]!.models.map((m) => m.id),
      ['auto', 'gpt-5', 'claude-4.5-sonnet'],
    );
    await Promise.all(Array.from({ length: 100 }, () => catalog.get()));
    assert.equal(calls, 1);
  });

  it('fetches again after the time-to-live or an invalidation (login, binary change)', async () => {
    let now = 0;
    let calls = 0;
    const catalog = new ModelCatalog(
      printModels(async () => (calls++, MODELS_TEXT)),
      new MemoryLogger(),
      () => 1000,
      () => now,
    );
    await catalog.get();
    now = 999;
    await catalog.get();
    assert.equal(calls, 1);
    now = 1000;
    await catalog.get();
    assert.equal(calls, 2);
    catalog.invalidate();
    await catalog.get();
    assert.equal(calls, 3);
  });

  it('keeps the last good list when a refresh fails, and logs why', async () => {
    let fail = false;
    const logger = new MemoryLogger();
    const catalog = new ModelCatalog(
      printModels(async () => {
        if (fail) throw new Error('network down');
        return MODELS_TEXT;
      }),
      logger,
      () => 0,
    );
    await catalog.get();
    fail = true;
    const snap = await catalog.get();
    assert.equal(snap.models.length, 3);
    assert.equal(snap.lastError, 'network down');
    assert.match(logger.text, /keeping the last list \(3 models\): network down/);
  });

  it('treats output it cannot understand as a failure instead of caching an empty list', async () => {
    const catalog = new ModelCatalog(
      printModels(async () => 'Something new and unexpected\n'),
      new MemoryLogger(),
      () => 60_000,
    );
    const snap = await catalog.get();
    assert.equal(snap.models.length, 0);
    assert.match(snap.lastError ?? '', /not understood/);
  });

  it('backs off after a failure instead of running the CLI on every read', async () => {
    let now = 0;
    let calls = 0;
    const catalog = new ModelCatalog(
      printModels(async () => {
        calls++;
        throw new Error('offline');
      }),
      new MemoryLogger(),
      () => 60_000,
      () => now,
    );
    await catalog.get();
    await catalog.get();
    now = 29_000;
    await catalog.get();
    assert.equal(calls, 1);
    now = 31_000;
    await catalog.get();
    assert.equal(calls, 2);
    await catalog.refresh();
    assert.equal(calls, 3, 'an explicit refresh always asks the CLI');
  });

  it('tells listeners only when the list changed', async () => {
    const catalog = new ModelCatalog(
      printModels(async () => MODELS_TEXT),
      new MemoryLogger(),
      () => 0,
    );
    let fired = 0;
    catalog.onDidChange(() => fired++);
    await catalog.refresh();
    await catalog.refresh();
    assert.equal(fired, 1);
  });
});
