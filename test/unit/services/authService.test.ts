import * as assert from 'node:assert/strict';
import { AuthService, ReadyState } from '../../../src/services/readiness/authService';
import { MemoryLogger } from '../../support/logger';
import { nextTurn } from '../../support/waits';

describe('AuthService', () => {
  it('probes once for concurrent refreshes and throttles focus refreshes', async () => {
    let probes = 0;
    let now = 0;
    const auth = new AuthService({ probe: async () => (probes++, { state: 'ready', binary: '/x', version: '1' }) }, new MemoryLogger(), () => now);
    await Promise.all([auth.refresh(), auth.refresh(), auth.refresh()]);
    assert.equal(probes, 1);
    now = 30_000;
    await auth.refreshThrottled(60_000);
    assert.equal(probes, 1);
    now = 61_000;
    await auth.refreshThrottled(60_000);
    assert.equal(probes, 2);
  });

  it('gives a fresh answer when the user refreshes while a probe is already running', async () => {
    let next: ReadyState = { state: 'loggedOut' };
    let probes = 0;
    const auth = new AuthService(
      {
        probe: async () => {
          probes++;
          const seen = next;
          await nextTurn(); // still running when the forced refresh comes
          return seen;
        },
      },
      new MemoryLogger(),
    );
    const first = auth.refresh();
    next = { state: 'ready', binary: '/x', version: '1' };
    const fresh = await auth.refresh({ force: true });
    assert.equal((await first).state, 'loggedOut');
    assert.equal(fresh.state, 'ready');
    assert.equal(probes, 2);
  });

  it('re-checks a missing CLI in the background with a growing interval', async () => {
    let now = 0;
    let probes = 0;
    const auth = new AuthService(
      { probe: async () => (probes++, { state: 'notInstalled', kind: 'notInstalled', message: 'x' }) },
      new MemoryLogger(),
      () => now,
    );
    await auth.refresh();
    const times: number[] = [];
    for (now = 0; now <= 60_000; now += 1000) {
      const before = probes;
      await auth.recheckWhileNotReady();
      if (probes > before) times.push(now);
    }
    assert.deepEqual(times, [5000, 15000, 35000]);
  });

  it('announces state changes (logged out → ready) and not repeats', async () => {
    let next: ReadyState = { state: 'loggedOut' };
    const auth = new AuthService({ probe: async () => next }, new MemoryLogger());
    const seen: string[] = [];
    auth.onDidChange((s) => seen.push(s.state));
    await auth.refresh();
    await auth.refresh();
    next = { state: 'ready', binary: '/x', version: '1' };
    await auth.refresh();
    assert.deepEqual(seen, ['loggedOut', 'ready']);
  });

  it('never logs the account email', async () => {
    const logger = new MemoryLogger();
    const auth = new AuthService({ probe: async () => ({ state: 'ready', binary: '/x', version: '1', email: 'secret.person@example.com' }) }, logger);
    await auth.refresh();
    assert.ok(!logger.text.includes('secret.person'));
  });
});
