import * as assert from 'assert';
import { spawn } from 'child_process';
import { GroupWatch } from '../../../src/node/groupWatch';
import { waitFor } from '../../support/waits';
import { procState } from './runHarness';

describe('GroupWatch', function () {
  this.timeout(10000);
  it('tells a group of unreaped zombies from a live one, and a gone one', async function () {
    if (process.platform !== 'linux') this.skip(); // zombies are told apart by reading /proc/<pid>/stat (Linux only)
    // A group leader whose child outlives it: the child keeps the group alive after the leader exits.
    const script =
      "const c=require('child_process').spawn(process.execPath,['-e','setTimeout(()=>{},8000)'],{stdio:'ignore'});" + // the child's own script, not a wait
      'console.log(c.pid);setTimeout(()=>process.exit(0),50)'; // the leader's own script, not a wait
    const leader = spawn(process.execPath, ['-e', script], { detached: true, stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    leader.stdout.on('data', (d: Buffer) => (out += d.toString()));
    await new Promise((r) => leader.on('close', r));
    const member = Number(out.trim());
    try {
      assert.ok(member > 0 && leader.pid !== undefined);
      const watch = new GroupWatch(leader.pid, 'linux');
      assert.strictEqual(procState(leader.pid), undefined, 'the leader is gone (reaped)');
      assert.strictEqual(watch.alive(), true, 'its orphaned child still runs in the group');
      assert.strictEqual(new GroupWatch(leader.pid, 'linux').alive(), true);
      process.kill(member, 'SIGKILL');
      // Orphaned: reaped by PID 1 (or a subreaper), possibly late; meanwhile a zombie that kill(-pgid, 0) still sees.
      assert.ok(await waitFor(() => !watch.alive(), 2000), 'a group of zombies or no group at all counts as ended');
      assert.strictEqual(new GroupWatch(leader.pid, 'linux').alive(), false);
    } finally {
      try {
        process.kill(member, 'SIGKILL');
      } catch {
        /* gone */
      }
    }
  });
});
