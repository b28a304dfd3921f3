import * as assert from 'assert';
import { spawn } from 'child_process';
import { findByEnvironment } from '../../../src/node/procfs';
import { waitFor } from '../../support/waits';
import { ENV } from './runHarness';

describe('findByEnvironment', function () {
  this.timeout(10000);
  it('finds the live processes whose environment holds the entry, and only those (Linux)', async function () {
    if (process.platform !== 'linux') this.skip(); // reads /proc (Linux only)
    const value = `test-${process.pid}-${Date.now()}`;
    const spawnWith = (env: Record<string, string>) =>
      spawn(process.execPath, ['-e', 'setTimeout(()=>{},10000)'], { env: { ...ENV, ...env }, stdio: 'ignore' }); // the child's own script, not a wait
    const marked = spawnWith({ MARK_UNDER_TEST: value });
    const prefixOnly = spawnWith({ MARK_UNDER_TEST: `${value}-other` });
    const otherName = spawnWith({ XMARK_UNDER_TEST: value });
    try {
      assert.ok(await waitFor(async () => (await findByEnvironment('MARK_UNDER_TEST', value)).length > 0, 3000));
      assert.deepStrictEqual(
        (await findByEnvironment('MARK_UNDER_TEST', value)).map((r) => r.pid),
        [marked.pid],
      );
      assert.deepStrictEqual(await findByEnvironment('MARK_UNDER_TEST', value, 'darwin'), [], 'no /proc elsewhere');
    } finally {
      for (const c of [marked, prefixOnly, otherName]) c.kill('SIGKILL');
    }
    assert.ok(await waitFor(async () => (await findByEnvironment('MARK_UNDER_TEST', value)).length === 0, 3000), 'dead processes are not reported');
  });
});
