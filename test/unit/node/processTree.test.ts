import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { spawn } from 'child_process';
import { GroupWatch } from '../../../src/node/groupWatch';
import { killProcessTree, killTreesNow, PS_PATH } from '../../../src/node/processTree';
import { liveGroupMembers, refOf } from '../../../src/node/procfs';
import { isAlive, signalRef } from '../../../src/node/signals';
import type { FakeCli } from '../../fixtures/fakeCli';
import { sleep, waitFor } from '../../support/waits';
import { procState, startEscapingTree, waitSync } from './runHarness';

/** Killing whole trees (src/node/processTree.ts). */
describe('killProcessTree', function () {
  this.timeout(10000);
  let f: FakeCli | undefined;
  afterEach(() => {
    const leaks = f?.livePids() ?? [];
    f?.cleanup();
    f = undefined;
    assert.deepStrictEqual(leaks, []);
  });

  async function startTree(): Promise<{ leader: number; grandchild: number }> {
    const t = await startEscapingTree();
    f = t.cli;
    assert.ok(new GroupWatch(t.leader).alive());
    return t;
  }

  for (const platform of ['linux', 'darwin'] as const) {
    it(`ends the group and a descendant that left it (${platform === 'linux' ? '/proc walk' : '/bin/ps walk'})`, async function () {
      if (process.platform !== 'linux') this.skip(); // spawns real POSIX process groups and reads /proc
      if (platform === 'darwin' && !fs.existsSync(PS_PATH)) this.skip(); // slim containers have no procps
      const { leader, grandchild } = await startTree();
      const signalled = await killProcessTree(leader, 'SIGTERM', platform);
      assert.ok(signalled.some((r) => r.pid === leader));
      assert.ok(await waitFor(() => !new GroupWatch(leader).alive() && !isAlive(grandchild), 2000), 'group and escaped grandchild gone');
    });
  }

  it('signals the group before the tree walk (/bin/ps walk: nothing waits for ps)', async function () {
    if (process.platform !== 'linux') this.skip(); // reads /proc for the state of each process
    if (!fs.existsSync(PS_PATH)) this.skip(); // slim containers have no procps
    const { leader, grandchild } = await startTree();
    const group = (f as FakeCli)
      .pids()
      .filter((p) => p.role !== 'grandchild')
      .map((p) => p.pid);
    assert.strictEqual(group.length, 2, 'wrapper and node in the group');
    const pending = killProcessTree(leader, 'SIGTERM', 'darwin');
    // Before any event-loop turn (the walk's callback can't have run): every group member is stopped or gone.
    const reached = (p: number) => ['T', 't', 'Z', undefined].includes(procState(p));
    assert.ok(
      waitSync(() => group.every(reached), 500),
      `group states: ${group.map((p) => `${p}=${procState(p)}`).join(', ')}`,
    );
    const signalled = await pending;
    assert.ok(signalled.some((r) => r.pid === leader));
    assert.ok(await waitFor(() => !new GroupWatch(leader).alive() && !isAlive(grandchild), 2000), 'group and escaped grandchild gone');
  });
});

describe('pid reuse: nothing the extension did not start is ever signalled', function () {
  this.timeout(15000);
  const victims: Array<ReturnType<typeof spawn>> = [];
  afterEach(() => {
    for (const v of victims.splice(0)) v.kill('SIGKILL');
  });
  const victim = async () => {
    const v = spawn(process.execPath, ['-e', 'setInterval(()=>{},1000)'], { stdio: 'ignore' });
    victims.push(v);
    assert.ok(v.pid !== undefined && (await waitFor(() => refOf(v.pid as number) !== undefined, 2000)));
    return v.pid as number;
  };

  it('a pid found earlier that now belongs to another process (other start time) is left alone at shutdown and after the grace period', async function () {
    if (process.platform !== 'linux') this.skip(); // start times come from /proc
    const pid = await victim();
    const now = refOf(pid) as { pid: number; start: number };
    // What the run recorded when it found this pid: the same number, an earlier process.
    const recorded = { pid, start: now.start - 1 };
    killTreesNow([{ pid: 999_999_999, running: false, groupAlive: false, known: [recorded] }], 'linux');
    assert.strictEqual(signalRef(recorded, 'SIGKILL', 'linux'), false);
    await sleep(300); // proves a negative: a SIGKILL sent to it would have landed by now
    assert.ok(isAlive(pid), 'the unrelated process that took the pid over still runs');
    // The very process that was found is ended.
    killTreesNow([{ pid: 999_999_999, running: false, groupAlive: false, known: [now] }], 'linux');
    assert.ok(await waitFor(() => !isAlive(pid), 2000), 'the process found is ended');
  });
});

describe('helpers the extension starts are run by absolute path', function () {
  this.timeout(15000);
  it('the macOS/BSD tree walk never runs a `ps` or `pgrep` found on PATH', async function () {
    if (process.platform !== 'linux' || !fs.existsSync(PS_PATH)) this.skip(); // drives the non-/proc walk with a real /bin/ps
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'planted-'));
    const marker = path.join(dir, 'ran');
    for (const name of ['ps', 'pgrep']) fs.writeFileSync(path.join(dir, name), `#!/bin/sh\necho ${name} >> '${marker}'\nexit 1\n`, { mode: 0o755 });
    const savedPath = process.env.PATH;
    process.env.PATH = `${dir}:${savedPath ?? ''}`;
    const withChild = "require('child_process').spawn(process.execPath,['-e','setInterval(()=>{},1000)'],{stdio:'ignore'});setInterval(()=>{},1000)";
    const leader = spawn(process.execPath, ['-e', withChild], { detached: true, stdio: 'ignore' });
    try {
      assert.ok(leader.pid !== undefined);
      const pid = leader.pid;
      assert.ok(await waitFor(() => (liveGroupMembers(pid)?.length ?? 0) >= 2, 5000), 'its child did not start');
      await killProcessTree(pid, 'SIGKILL', 'darwin');
      assert.ok(await waitFor(() => !new GroupWatch(pid).alive(), 2000), 'the tree is ended');
    } finally {
      process.env.PATH = savedPath;
      try {
        process.kill(-(leader.pid as number), 'SIGKILL');
      } catch {
        /* gone */
      }
      const ran = fs.existsSync(marker) ? fs.readFileSync(marker, 'utf8').trim() : '';
      fs.rmSync(dir, { recursive: true, force: true });
      assert.strictEqual(ran, '', `a helper from PATH ran: ${ran}`);
    }
  });
});
