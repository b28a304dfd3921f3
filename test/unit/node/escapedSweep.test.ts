import * as assert from 'assert';
import { NodeProcessRunner } from '../../../src/node/nodeProcessRunner';
import { isAlive } from '../../../src/node/signals';
import { countFsCalls, ENV, fakeCliFixture, isResult } from './runHarness';
import { MemoryLogger } from '../../support/logger';

/** The escaped-process sweep (src/node/escapedSweep.ts): processes that left the group and outlived the CLI. */
describe('NodeProcessRunner (real processes, fake cursor-agent)', function () {
  this.timeout(10000);
  let runner: NodeProcessRunner;
  beforeEach(() => (runner = new NodeProcessRunner(new MemoryLogger())));
  const { fake, turn } = fakeCliFixture(() => runner);

  it('ends a grandchild that left the group (setsid) and outlived a CLI that exited normally', async function () {
    if (process.platform !== 'linux') this.skip(); // found through /proc/<pid>/environ
    const f = fake({ turn: { kind: 'grandchild', delayMs: 5, detached: true } });
    const lines: string[] = [];
    const outcome = await runner.run(turn(f, { sweepEscaped: true, onLine: (l) => void lines.push(l) }));
    assert.strictEqual(outcome.exitCode, 0);
    assert.ok(isResult(lines[lines.length - 1] ?? ''));
    const gc = f.pids().find((p) => p.role === 'grandchild');
    assert.ok(gc, 'the fake started a grandchild');
    assert.ok(!isAlive(gc.pid), 'the escaped grandchild is gone when the outcome resolves');
    assert.ok(outcome.durationMs < 3000, `took ${outcome.durationMs} ms`);
  });

  it('reads no process environment at the end of a run that did not ask for the escaped-process sweep', async function () {
    if (process.platform !== 'linux') this.skip(); // the sweep reads /proc/<pid>/environ, which only Linux has
    const f = fake({ turn: { kind: 'grandchild', delayMs: 5 } });
    const { result, environSync, environAsync } = await countFsCalls(async () => [
      await runner.run({ launch: { command: f.binPath, args: ['--version'] }, cwd: f.dir, env: ENV, totalTimeoutMs: 5000 }),
      await runner.run(turn(f, { onLine: () => undefined })),
    ]);
    assert.deepStrictEqual(
      result.map((o) => o.kind),
      ['exited', 'exited'],
    );
    assert.strictEqual(environSync + environAsync, 0, `read ${environSync} + ${environAsync} environments`);
  });

  it('sweeps escaped processes only asynchronously (fs.promises) when a run asks for it', async function () {
    if (process.platform !== 'linux') this.skip(); // the sweep reads /proc/<pid>/environ (Linux only)
    const f = fake({ turn: { kind: 'grandchild', delayMs: 5, detached: true } });
    const {
      result: outcome,
      environSync,
      environAsync,
    } = await countFsCalls(() => runner.run(turn(f, { sweepEscaped: true, onLine: () => undefined })));
    assert.strictEqual(outcome.kind, 'exited');
    const gc = f.pids().find((p) => p.role === 'grandchild');
    assert.ok(gc, 'the fake started a grandchild');
    assert.ok(!isAlive(gc.pid), 'the escaped grandchild is gone when the outcome resolves');
    assert.strictEqual(environSync, 0, 'no synchronous read of any environment');
    assert.ok(environAsync > 0, 'environments were read asynchronously');
  });
});
