import * as assert from 'node:assert/strict';
import type { ProbeResult, ResolveDeps } from '../../../src/cli/binaryResolution';
import { BinaryService } from '../../../src/services/readiness/binaryService';
import { MemoryLogger } from '../../support/logger';
import { nextTurn } from '../../support/waits';

const BIN = '/opt/cursor/cursor-agent';

/** Resolution deps where only BIN may exist (on nothing's PATH, no install folder). */
/** `slow`: each look takes a turn of the event loop, so concurrent callers arrive while it runs. */
function deps(state: { installed: boolean; probes: number; looks?: number; slow?: boolean }): ResolveDeps {
  return {
    which: async () => undefined,
    listDir: async () => [],
    isFile: async (p) => {
      state.looks = (state.looks ?? 0) + 1; // once per resolution: the setting's file
      if (state.slow) await nextTurn();
      return p === BIN && state.installed;
    },
    probeVersion: async (p): Promise<ProbeResult> => {
      state.probes++;
      if (state.slow) await nextTurn();
      return p === BIN && state.installed ? { ok: true, version: '2026.10.01-e373342' } : { ok: false, reason: 'ENOENT', kind: 'notInstalled' };
    },
  };
}

describe('BinaryService', () => {
  it('remembers a binary it found, until invalidated', async () => {
    const state = { installed: true, probes: 0 };
    const binary = new BinaryService(deps(state), { platform: 'linux', homeDir: '/home/u' }, () => BIN, new MemoryLogger());
    assert.equal((await binary.resolve()).found, true);
    assert.equal((await binary.resolve()).found, true);
    assert.equal(state.probes, 1);
    binary.invalidate();
    await binary.resolve();
    assert.equal(state.probes, 2);
  });

  it('does not remember "not found": a CLI installed (or restored) later is found by the next call', async () => {
    const state = { installed: false, probes: 0 };
    const binary = new BinaryService(deps(state), { platform: 'linux', homeDir: '/home/u' }, () => BIN, new MemoryLogger());
    const missing = await binary.resolve();
    assert.equal(missing.found, false);
    assert.equal(missing.found === false && missing.kind, 'notInstalled');
    state.installed = true;
    const back = await binary.resolve();
    assert.equal(back.found, true);
    assert.equal(back.found && back.path, BIN);
  });

  it('shares one look between concurrent callers, found or not', async () => {
    for (const installed of [true, false]) {
      const state = { installed, probes: 0, looks: 0, slow: true };
      const binary = new BinaryService(deps(state), { platform: 'linux', homeDir: '/home/u' }, () => BIN, new MemoryLogger());
      const all = await Promise.all(Array.from({ length: 20 }, () => binary.resolve()));
      assert.equal(state.looks, 1, `one look for 20 concurrent callers (installed: ${installed})`);
      assert.ok(all.every((r) => r === all[0] && r.found === installed));
    }
  });
});
