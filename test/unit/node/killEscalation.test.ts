import * as assert from 'assert';
import * as os from 'os';
import { NodeProcessRunner } from '../../../src/node/nodeProcessRunner';
import { isAlive } from '../../../src/node/signals';
import { waitFor } from '../../support/waits';
import { countFsCalls, ENV, fakeCliFixture, STDOUT_HOLDER_SCRIPT } from './runHarness';
import { cancellationSource } from '../../support/cancellation';
import { MemoryLogger } from '../../support/logger';

/** Ending a run's tree (src/node/killEscalation.ts): SIGTERM, SIGKILL after the grace period, only what is still the run's. */
describe('NodeProcessRunner (real processes, fake cursor-agent)', function () {
  this.timeout(10000);
  let runner: NodeProcessRunner;
  beforeEach(() => (runner = new NodeProcessRunner(new MemoryLogger())));
  const { fake, turn } = fakeCliFixture(() => runner);

  for (const wrapperStyle of ['exec', 'child'] as const) {
    it(`cancels mid-stream and ends wrapper, node and grandchild (${wrapperStyle} wrapper)`, async () => {
      const f = fake({ turn: { kind: 'grandchild', delayMs: 100, hang: true } }, { wrapperStyle });
      const { token, cancel } = cancellationSource();
      let aliveAtCancel: number[] = [];
      const outcome = await runner.run(
        turn(f, {
          cancellation: token,
          killGraceMs: 2000,
          onLine: () => {
            if (token.isCancellationRequested) return;
            aliveAtCancel = f.livePids();
            cancel();
          },
        }),
      );
      assert.strictEqual(outcome.kind, 'cancelled');
      const roles = f
        .pids()
        .map((p) => p.role)
        .sort();
      assert.deepStrictEqual(roles, wrapperStyle === 'child' ? ['fake', 'grandchild', 'wrapper'] : ['fake', 'grandchild']);
      assert.strictEqual(aliveAtCancel.length, roles.length, 'all of them were running when the turn was cancelled');
      assert.deepStrictEqual(f.livePids(), [], 'everything gone when the outcome resolves');
      assert.ok(outcome.durationMs < 2000, `took ${outcome.durationMs} ms`);
    });
  }

  it('ends a grandchild that escaped the process group (setsid) while its parent lives', async () => {
    const f = fake({ turn: { kind: 'grandchild', delayMs: 100, hang: true, detached: true } });
    const { token, cancel } = cancellationSource();
    const outcome = await runner.run(turn(f, { cancellation: token, onLine: () => cancel() }));
    assert.strictEqual(outcome.kind, 'cancelled');
    const gc = f.pids().find((p) => p.role === 'grandchild');
    assert.ok(gc);
    assert.ok(await waitFor(() => !isAlive(gc.pid), 2500), 'escaped grandchild ended');
  });

  it('SIGKILLs a CLI that ignores SIGTERM after the grace period', async () => {
    const f = fake({ turn: { kind: 'ignoreSigterm', intervalMs: 50 } });
    const { token, cancel } = cancellationSource();
    const outcome = await runner.run(turn(f, { cancellation: token, killGraceMs: 400, onLine: () => cancel() }));
    assert.strictEqual(outcome.kind, 'cancelled');
    assert.strictEqual(outcome.signal, 'SIGKILL');
    assert.ok(outcome.durationMs >= 400, `took ${outcome.durationMs} ms`);
    assert.ok(outcome.lines >= 1);
  });

  it('waits for a lingering group without walking /proc every poll', async function () {
    if (process.platform !== 'linux') this.skip(); // counts /proc reads (Linux only)
    // The wrapper (group leader) dies of SIGTERM at once; the node under it lingers for the whole grace period.
    const f = fake({ turn: { kind: 'ignoreSigterm', intervalMs: 50 } }, { wrapperStyle: 'child' });
    const { token, cancel } = cancellationSource();
    const { result: outcome, procWalks } = await countFsCalls(() =>
      runner.run(turn(f, { cancellation: token, killGraceMs: 1000, onLine: () => cancel() })),
    );
    assert.strictEqual(outcome.kind, 'cancelled');
    assert.ok(outcome.durationMs >= 1000, `took ${outcome.durationMs} ms`);
    assert.deepStrictEqual(f.livePids(), []);
    assert.ok(procWalks <= 6, `walked /proc ${procWalks} times in ${outcome.durationMs} ms`);
  });
});

describe('pid reuse: nothing the extension did not start is ever signalled', function () {
  this.timeout(15000);

  it('no signal reaches a process group after it was seen gone (its id may have been reused)', async function () {
    if (process.platform === 'win32') this.skip(); // no process groups
    // The CLI's child starts a process in its own session that holds stdout, and exits (so the tree walk can't
    // find the holder); the CLI exits on SIGTERM: its group dies, the pipe stays open.
    const holderScript = STDOUT_HOLDER_SCRIPT;
    const script =
      `require('child_process').spawn(process.execPath,['-e',${JSON.stringify(holderScript)}],{stdio:['ignore','inherit','ignore']})` +
      ".on('exit',()=>setTimeout(()=>console.log('{}'),100));setInterval(()=>{},1000)"; // the child's own script, not a wait
    const original = process.kill;
    const groupSignals: Array<{ pgid: number; signal: string; groupExisted: boolean }> = [];
    process.kill = ((pid: number, signal?: string | number) => {
      if (pid < 0 && signal !== 0 && signal !== undefined) {
        let groupExisted = true;
        try {
          original.call(process, pid, 0);
        } catch {
          groupExisted = false;
        }
        groupSignals.push({ pgid: -pid, signal: String(signal), groupExisted });
      }
      return original.call(process, pid, signal as string);
    }) as typeof process.kill;
    let holder = 0;
    const { token, cancel } = cancellationSource();
    try {
      const runner = new NodeProcessRunner();
      const outcome = await runner.run({
        launch: { command: process.execPath, args: ['-e', script] },
        cwd: os.tmpdir(),
        env: ENV,
        killGraceMs: 100, // the SIGKILL escalation comes after the group died, before the held pipe is given up on
        cancellation: token,
        onLine: (l) => {
          const pid = (JSON.parse(l) as { pid?: number }).pid;
          if (pid) holder = pid;
          else cancel(); // the holder's parent has exited: the holder is out of the tree
        },
      });
      assert.strictEqual(outcome.kind, 'cancelled');
    } finally {
      process.kill = original;
      if (holder) process.kill(holder, 'SIGKILL');
    }
    assert.ok(groupSignals.length > 0, 'the group was signalled while it lived');
    assert.deepStrictEqual(
      groupSignals.filter((g) => !g.groupExisted),
      [],
      'a signal went to a group that no longer existed',
    );
  });
});
