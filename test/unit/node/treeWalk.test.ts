/**
 * tree-kill where it does the job (src/node/treeWalk.ts): the POSIX tree walk on the Stop/deadline path
 * when its `ps` is a system one; our own walk when it is missing or not a system one; never on Windows.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { spawn } from 'child_process';
import treeKill from 'tree-kill';
import { planKillTree } from '../../../src/cli/windowsLaunch';
import { GroupWatch } from '../../../src/node/groupWatch';
import { NodeProcessRunner } from '../../../src/node/nodeProcessRunner';
import { killProcessTree } from '../../../src/node/processTree';
import { isAlive } from '../../../src/node/signals';
import { systemHelperOnPath, TreeWalk } from '../../../src/node/treeWalk';
import type { FakeCli } from '../../fixtures/fakeCli';
import { cancellationSource } from '../../support/cancellation';
import { MemoryLogger } from '../../support/logger';
import { waitFor } from '../../support/waits';
import { fakeCliFixture, startEscapingTree } from './runHarness';

/** tree-kill itself, counting its calls. */
function countingTreeKill(): { calls: number[]; fn: (pid: number, signal: string, cb: (e?: Error) => void) => void } {
  const calls: number[] = [];
  return { calls, fn: (pid, signal, cb) => (calls.push(pid), treeKill(pid, signal, cb)) };
}

const systemPs = () => process.platform === 'linux' && systemHelperOnPath('ps', process.env.PATH) !== undefined;

describe('tree-kill walks the tree where its ps is a system one', function () {
  this.timeout(15000);
  let f: FakeCli | undefined;
  const tmp: string[] = [];
  afterEach(() => {
    const leaks = f?.livePids() ?? [];
    f?.cleanup();
    f = undefined;
    for (const d of tmp.splice(0)) fs.rmSync(d, { recursive: true, force: true });
    assert.deepStrictEqual(leaks, []);
  });

  async function startTree(): Promise<{ leader: number; grandchild: number }> {
    const t = await startEscapingTree();
    f = t.cli;
    return t;
  }

  function tempDir(): string {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'treewalk-'));
    tmp.push(d);
    return d;
  }

  it('ps present: tree-kill ends the whole tree, the grandchild that left the group too (with only the group kill beside it)', async function () {
    if (!systemPs()) this.skip(); // needs a system ps on Linux (tree-kill runs it); a slim host without procps is the next test
    const { leader, grandchild } = await startTree();
    const spy = countingTreeKill();
    const walk = new TreeWalk({ platform: 'linux', treeKill: spy.fn });
    // The 'darwin' plan on Linux: our own walk is left out (tree-kill replaces /bin/ps there), so only tree-kill can reach the grandchild.
    await killProcessTree(leader, 'SIGTERM', 'darwin', walk);
    assert.deepStrictEqual(spy.calls, [leader]);
    assert.ok(await waitFor(() => !new GroupWatch(leader).alive() && !isAlive(grandchild), 3000), 'group and escaped grandchild gone');
  });

  describe('Stop through the runner', function () {
    const spy = countingTreeKill();
    let runner: NodeProcessRunner;
    beforeEach(() => (runner = new NodeProcessRunner(new MemoryLogger(), { treeWalk: new TreeWalk({ treeKill: spy.fn }) })));
    const { fake, turn } = fakeCliFixture(() => runner);

    it('ps present: a cancelled turn is walked by tree-kill and nothing of its tree is left', async function () {
      if (!systemPs()) this.skip(); // needs a system ps on Linux (tree-kill runs it)
      const cli = fake({ turn: { kind: 'grandchild', delayMs: 100, hang: true, detached: true } });
      const { token, cancel } = cancellationSource();
      const outcome = await runner.run(
        turn(cli, {
          cancellation: token,
          killGraceMs: 2000,
          onLine: () => {
            if (!token.isCancellationRequested) cancel();
          },
        }),
      );
      assert.strictEqual(outcome.kind, 'cancelled');
      assert.strictEqual(spy.calls.length, 1, 'tree-kill called once, on SIGTERM');
      // The run ends when its group is gone; the grandchild outside the group was signalled too and may take a moment to die.
      assert.ok(await waitFor(() => cli.livePids().length === 0, 3000), `left alive: ${cli.livePids().join(', ')}`);
    });
  });

  it('ps absent (a slim host): our walk ends the tree, tree-kill is never started, nothing crashes', async function () {
    if (process.platform !== 'linux') this.skip(); // our walk reads /proc (Linux only)
    const { leader, grandchild } = await startTree();
    const empty = tempDir();
    const saved = process.env.PATH;
    process.env.PATH = empty; // what tree-kill's bare `spawn('ps')` would search: an unhandled ENOENT there is a crash
    try {
      const spy = countingTreeKill();
      const walk = new TreeWalk({ platform: 'linux', treeKill: spy.fn });
      assert.strictEqual(walk.available, false);
      await killProcessTree(leader, 'SIGTERM', 'linux', walk);
      assert.deepStrictEqual(spy.calls, []);
      assert.ok(await waitFor(() => !new GroupWatch(leader).alive() && !isAlive(grandchild), 3000), 'group and escaped grandchild gone');
    } finally {
      process.env.PATH = saved;
    }
  });

  it('a ps found first on PATH outside the system folders (a workspace) is never run', async function () {
    if (process.platform !== 'linux') this.skip(); // builds a POSIX PATH with a planted ps script
    const dir = tempDir();
    const ran = path.join(dir, 'ran');
    fs.writeFileSync(path.join(dir, 'ps'), `#!/bin/sh\ntouch '${ran}'\n`, { mode: 0o755 });
    const walk = new TreeWalk({ platform: 'linux', searchPath: `${dir}${path.delimiter}${process.env.PATH ?? ''}` });
    assert.strictEqual(walk.available, false);
    assert.strictEqual(new TreeWalk({ platform: 'linux', searchPath: `.${path.delimiter}/usr/bin` }).available, false, 'a relative entry first');
    const { leader, grandchild } = await startTree();
    await killProcessTree(leader, 'SIGTERM', 'linux', walk);
    assert.ok(await waitFor(() => !new GroupWatch(leader).alive() && !isAlive(grandchild), 3000));
    assert.ok(!fs.existsSync(ran), 'the folder’s ps never ran');
  });

  it('Windows plan: never tree-kill (it would run taskkill through cmd.exe); taskkill by absolute path, as an argument array', async function () {
    if (process.platform === 'win32') this.skip(); // simulates a Windows plan with SystemRoot removed from a POSIX host; on real Windows that would break spawning
    assert.deepStrictEqual(planKillTree(4242, 'win32', 'C:\\Windows'), {
      command: 'C:\\Windows\\System32\\taskkill.exe',
      args: ['/PID', '4242', '/T', '/F'],
    });
    assert.strictEqual(new TreeWalk({ platform: 'win32' }).available, false);
    // A walk that would run here (a Linux host) is still not used for a Windows plan.
    const spy = countingTreeKill();
    const walk = new TreeWalk({ platform: process.platform, treeKill: () => spy.calls.push(-1) });
    const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 20000)'], { stdio: 'ignore' }); // the child's own script, not a wait
    const exited = new Promise((r) => sleeper.once('exit', r));
    const saved = process.env.SystemRoot;
    delete process.env.SystemRoot; // no safe taskkill.exe here: the process itself is killed instead
    try {
      await killProcessTree(sleeper.pid ?? 0, 'SIGTERM', 'win32', walk);
    } finally {
      if (saved !== undefined) process.env.SystemRoot = saved;
    }
    await exited;
    assert.deepStrictEqual(spy.calls, []);
  });
});
