import * as assert from 'assert';
import * as os from 'os';
import { NodeProcessRunner } from '../../../src/node/nodeProcessRunner';
import { isAlive } from '../../../src/node/signals';
import { FAKE_NARRATION } from '../../fixtures/fakeCli';
import { ENV, fakeCliFixture, isResult, RecordingLogger, STDOUT_HOLDER_SCRIPT, TestToken, waitFor } from './runHarness';

/** One run (src/node/processRun.ts): its outcome from spawn to settling. */
describe('NodeProcessRunner (real processes, fake cursor-agent)', function () {
  this.timeout(10000);
  let runner: NodeProcessRunner;
  let logger: RecordingLogger;
  beforeEach(() => {
    logger = new RecordingLogger();
    runner = new NodeProcessRunner(logger);
  });
  const { fake, turn } = fakeCliFixture(() => runner);

  it('streams a normal turn and ends exited 0 with every line', async () => {
    const f = fake();
    const lines: string[] = [];
    let spawnedPid: number | undefined;
    const outcome = await runner.run(turn(f, { onLine: (l) => void lines.push(l), onSpawn: (pid) => (spawnedPid = pid), firstOutputTimeoutMs: 5000, inactivityTimeoutMs: 5000 }));
    assert.strictEqual(outcome.kind, 'exited');
    assert.strictEqual(outcome.exitCode, 0);
    assert.strictEqual(outcome.signal, null);
    assert.strictEqual(outcome.lines, lines.length);
    assert.strictEqual(outcome.pid, spawnedPid);
    assert.strictEqual(outcome.stdout, '', 'stdout is not collected when onLine is given');
    const events = lines.map((l) => JSON.parse(l) as { type: string; result?: string });
    assert.strictEqual(events[0]?.type, 'system');
    assert.strictEqual(events[events.length - 1]?.type, 'result');
    assert.strictEqual(events[events.length - 1]?.result, FAKE_NARRATION + 'Demo answer from auto: you asked "What is in this folder?".');
  });

  it('ends a CLI that never exits after its result: completed, process gone', async () => {
    const f = fake({ turn: { kind: 'resultThenHang' } });
    const outcome = await runner.run(turn(f, { onLine: (l) => (isResult(l) ? 'complete' : 'continue'), inactivityTimeoutMs: 5000 }));
    assert.strictEqual(outcome.kind, 'completed');
    assert.ok(outcome.pid !== undefined && !isAlive(outcome.pid));
    assert.ok(outcome.durationMs < 2500, `took ${outcome.durationMs} ms`);
  });

  it('a CLI that exits by itself after its result is completed with its own exit code', async () => {
    const f = fake();
    const outcome = await runner.run(turn(f, { onLine: (l) => (isResult(l) ? 'complete' : 'continue') }));
    assert.strictEqual(outcome.kind, 'completed');
    assert.strictEqual(outcome.exitCode, 0);
  });

  it('does not spawn at all when the token is already cancelled', async () => {
    const f = fake();
    const token = new TestToken();
    token.cancel();
    let spawned = false;
    const outcome = await runner.run(turn(f, { cancellation: token, onSpawn: () => (spawned = true) }));
    assert.strictEqual(outcome.kind, 'cancelled');
    assert.strictEqual(outcome.pid, undefined);
    assert.strictEqual(spawned, false);
    assert.strictEqual(f.invocations().length, 0);
  });

  it('cancels before the first line and ends the process', async () => {
    const f = fake({ turn: { kind: 'noFirstLine' } });
    const token = new TestToken();
    const pending = runner.run(turn(f, { cancellation: token, onLine: () => undefined }));
    assert.ok(await waitFor(() => f.invocations()[0]?.stdin != null, 3000), 'the fake started and read its prompt');
    token.cancel();
    const outcome = await pending;
    assert.strictEqual(outcome.kind, 'cancelled');
    assert.strictEqual(outcome.lines, 0);
    assert.deepStrictEqual(f.livePids(), []);
  });

  it('ends a grandchild left behind by a CLI that exited normally', async () => {
    const f = fake({ turn: { kind: 'grandchild', delayMs: 5 } });
    const lines: string[] = [];
    const outcome = await runner.run(turn(f, { onLine: (l) => void lines.push(l) }));
    assert.strictEqual(outcome.kind, 'exited');
    assert.strictEqual(outcome.exitCode, 0);
    assert.ok(isResult(lines[lines.length - 1] ?? ''));
    assert.ok(f.pids().some((p) => p.role === 'grandchild'));
    assert.deepStrictEqual(f.livePids(), []);
  });

  it('reports a crash by signal', async () => {
    const f = fake({ turn: { kind: 'crashMidStream', signal: true, afterEvents: 4 } });
    const outcome = await runner.run(turn(f, { onLine: () => undefined }));
    assert.strictEqual(outcome.kind, 'exited');
    assert.strictEqual(outcome.signal, 'SIGKILL');
    assert.strictEqual(outcome.lines, 4);
  });

  it('survives binary noise and an onLine that throws', async () => {
    const f = fake({ turn: { kind: 'binaryNoise' } });
    const lines: string[] = [];
    const outcome = await runner.run(
      turn(f, {
        onLine: (l) => {
          lines.push(l);
          if (lines.length === 2) throw new Error('consumer bug');
        },
      }),
    );
    assert.strictEqual(outcome.kind, 'exited');
    assert.strictEqual(outcome.exitCode, 0);
    assert.ok(lines.some(isResult));
    assert.ok(logger.messages.some((m) => m.includes('consumer bug')));
  });

  it('resolves when the CLI exited but an escaped process still holds its stdout', async () => {
    // A process outside the group keeps the pipe open, so 'close' never comes by itself.
    const script = STDOUT_HOLDER_SCRIPT;
    let holder = 0;
    const outcome = await runner.run({
      launch: { command: process.execPath, args: ['-e', script] },
      cwd: os.tmpdir(),
      env: ENV,
      onLine: (l) => void (holder = (JSON.parse(l) as { pid: number }).pid),
    });
    try {
      assert.strictEqual(outcome.kind, 'exited');
      assert.strictEqual(outcome.exitCode, 0);
      assert.ok(outcome.durationMs < 3000, `took ${outcome.durationMs} ms`);
    } finally {
      if (holder) process.kill(holder, 'SIGKILL');
    }
  });
});
