// At host shutdown the watchdog ends what the host registered, never a process that later got the same pid.
import * as assert from 'assert';
import { spawn, type ChildProcess } from 'child_process';
import { killTreesNow } from '../../../src/node/processTree';
import { refOf } from '../../../src/node/procfs';
import { isAlive } from '../../../src/node/signals';
import { leaderTree, pidReused } from '../../../src/node/watchdogTrees';
import { waitFor } from '../../support/waits';

describe('the watchdog and reused pids (src/node/watchdogTrees.ts)', function () {
  this.timeout(10_000);
  let child: ChildProcess | undefined;
  afterEach(() => {
    if (child?.pid && isAlive(child.pid)) process.kill(-child.pid, 'SIGKILL');
    child = undefined;
  });

  /** A process-group leader of its own, as a later process that took a registered agent's pid would be. */
  function groupLeader(): number {
    child = spawn('sleep', ['30'], { detached: true, stdio: 'ignore' });
    assert.ok(child.pid);
    return child.pid;
  }

  it('a registered leader whose pid now runs another process: that process and its group are left alone', async function () {
    if (process.platform !== 'linux') this.skip(); // start times come from /proc
    const pid = groupLeader();
    const now = refOf(pid);
    assert.ok(now?.start !== undefined);
    // Registered with an earlier start time: the agent that had this pid is gone, another process took it.
    const registered = { pid, start: now.start - 1 };
    assert.ok(pidReused(registered));
    killTreesNow([leaderTree(registered, [])]);
    assert.strictEqual(await waitFor(() => !isAlive(pid), 500), false, 'the watchdog killed a process that reused the agent pid');
  });

  it('the registered leader itself (same start time) is ended with its group', async function () {
    if (process.platform !== 'linux') this.skip(); // start times come from /proc
    const pid = groupLeader();
    const registered = refOf(pid)!;
    assert.ok(!pidReused(registered));
    killTreesNow([leaderTree(registered, [])]);
    assert.ok(await waitFor(() => !isAlive(pid), 2000), 'the registered agent still runs');
  });
});
