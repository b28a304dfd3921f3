import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { spawnSync } from 'child_process';
import type { RunOutcome } from '../../../src/cli/process';
import { NodeProcessRunner } from '../../../src/node/nodeProcessRunner';
import { type FakeCli } from '../../fixtures/fakeCli';
import { waitFor } from '../../support/waits';
import { ENV, fakeCliFixture, TURN_ARGS, waitSync } from './runHarness';
import { MemoryLogger } from '../../support/logger';

/** The runner (src/node/nodeProcessRunner.ts): live runs, and dispose() ending them all. */
describe('NodeProcessRunner (real processes, fake cursor-agent)', function () {
  this.timeout(10000);
  let runner: NodeProcessRunner;
  beforeEach(() => (runner = new NodeProcessRunner(new MemoryLogger())));
  const { fake, turn } = fakeCliFixture(() => runner);

  it('dispose() ends every live run, and later runs do not spawn', async () => {
    const f = fake({ turn: { kind: 'noFirstLine' } });
    const a = runner.run(turn(f, { onLine: () => undefined }));
    const b = runner.run(turn(f, { onLine: () => undefined }));
    assert.ok(await waitFor(() => f.invocations().filter((i) => i.stdin != null).length === 2, 3000));
    assert.strictEqual(runner.liveRuns, 2);
    runner.dispose();
    const outcomes: RunOutcome[] = await Promise.all([a, b]);
    assert.deepStrictEqual(
      outcomes.map((o) => o.kind),
      ['cancelled', 'cancelled'],
    );
    assert.deepStrictEqual(f.livePids(), []);
    const after = await runner.run(turn(f));
    assert.strictEqual(after.kind, 'cancelled');
    assert.strictEqual(f.invocations().length, 2);
  });

  it('dispose() SIGKILLs every tree before it returns: nothing is left to a timer', async function () {
    if (process.platform === 'win32') this.skip(); // POSIX signals and process groups; Windows uses taskkill (planned in windowsLaunch tests)
    // The wrapper dies of SIGTERM; the node under it ignores SIGTERM. A grace period far longer than the wait below.
    const f = fake({ turn: { kind: 'ignoreSigterm', intervalMs: 50 } }, { wrapperStyle: 'child' });
    let lines = 0;
    const pending = runner.run(turn(f, { killGraceMs: 5000, onLine: () => void lines++ }));
    assert.ok(await waitFor(() => lines > 0 && f.livePids().length === 2, 3000), 'wrapper and node running');
    runner.dispose();
    // No event-loop turn: only what dispose() itself did can have ended them.
    assert.ok(
      waitSync(() => f.livePids().length === 0, 1000),
      `still running after dispose(): ${f.livePids().join(', ')}`,
    );
    const outcome = await pending;
    assert.strictEqual(outcome.kind, 'cancelled');
    assert.ok(outcome.durationMs < 3000, `took ${outcome.durationMs} ms`);
  });

  for (const platform of ['linux', 'darwin'] as const) {
    it(`leaves no CLI process behind when the host exits right after dispose() (${platform} path)`, async function () {
      if (process.platform !== 'linux') this.skip(); // real processes with the other platform's path
      // linux: a node that ignores SIGTERM under a wrapper, and a grandchild in its own session while its parent lives.
      // darwin: no synchronous walk there; the group itself must be killed before dispose() returns.
      // The SIGTERM-ignoring node writes nothing after its first lines, so it can't die of EPIPE once the host is gone.
      const ignoring = () => fake({ turn: { kind: 'ignoreSigterm', intervalMs: 60000 } }, { wrapperStyle: 'child' });
      const fakes: FakeCli[] =
        platform === 'linux'
          ? [ignoring(), fake({ turn: { kind: 'grandchild', delayMs: 50, hang: true, detached: true } })]
          : [ignoring(), fake({ turn: { kind: 'grandchild', delayMs: 50, hang: true } }, { wrapperStyle: 'child' })];
      const host = path.join(fakes[0]!.dir, 'host.js');
      fs.writeFileSync(
        host,
        [
          'const { NodeProcessRunner } = require(process.argv[2]);',
          'const { platform, bins, args, env } = JSON.parse(process.argv[3]);',
          'const runner = new NodeProcessRunner(undefined, { platform });',
          'const seen = new Set();',
          "bins.forEach((bin, i) => void runner.run({ launch: { command: bin, args }, cwd: require('path').dirname(bin), env, stdin: 'x', killGraceMs: 5000,",
          '  onLine: () => { seen.add(i); if (seen.size === bins.length) { runner.dispose(); process.exit(0); } } }));',
          'setTimeout(() => process.exit(3), 5000);', // the child's own script, not a wait
        ].join('\n'),
      );
      const runnerModule = path.join(__dirname, '..', '..', '..', 'src', 'node', 'nodeProcessRunner.js');
      const res = spawnSync(
        process.execPath,
        [host, runnerModule, JSON.stringify({ platform, bins: fakes.map((x) => x.binPath), args: TURN_ARGS, env: ENV })],
        { timeout: 8000 },
      );
      assert.strictEqual(res.status, 0, `host: ${String(res.stderr)}`);
      const expected = platform === 'linux' ? 2 + 2 : 2 + 3;
      assert.strictEqual(fakes.flatMap((x) => x.pids()).length, expected, 'every process had started');
      const left = () => fakes.flatMap((x) => x.livePids());
      assert.ok(await waitFor(() => left().length === 0, 1000), `left running after the host exited: ${left().join(', ')}`);
    });
  }
});
