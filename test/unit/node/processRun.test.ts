import * as assert from 'assert';
import { spawn, type ChildProcess } from 'child_process';
import { EventEmitter } from 'events';
import * as os from 'os';
import { PassThrough } from 'stream';
import type { RunOutcome, RunRequest } from '../../../src/cli/process';
import { HARD_STOP_MS } from '../../../src/node/killEscalation';
import { NodeProcessRunner } from '../../../src/node/nodeProcessRunner';
import { ProcessRun } from '../../../src/node/processRun';
import { isAlive } from '../../../src/node/signals';
import { FAKE_NARRATION } from '../../fixtures/fakeCli';
import { waitFor, within } from '../../support/waits';
import { ENV, fakeCliFixture, isResult, STDOUT_HOLDER_SCRIPT, TURN_ARGS } from './runHarness';
import { cancellationSource } from '../../support/cancellation';
import { MemoryLogger } from '../../support/logger';

/** One run (src/node/processRun.ts): its outcome from spawn to settling. */
describe('NodeProcessRunner (real processes, fake cursor-agent)', function () {
  this.timeout(10000);
  let runner: NodeProcessRunner;
  let logger: MemoryLogger;
  beforeEach(() => {
    logger = new MemoryLogger();
    runner = new NodeProcessRunner(logger);
  });
  const { fake, turn } = fakeCliFixture(() => runner);

  it('streams a normal turn and ends exited 0 with every line', async () => {
    const f = fake();
    const lines: string[] = [];
    let spawnedPid: number | undefined;
    const outcome = await runner.run(
      turn(f, { onLine: (l) => void lines.push(l), onSpawn: (pid) => (spawnedPid = pid), firstOutputTimeoutMs: 5000, inactivityTimeoutMs: 5000 }),
    );
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
    const { token, cancel } = cancellationSource();
    cancel();
    let spawned = false;
    const outcome = await runner.run(turn(f, { cancellation: token, onSpawn: () => (spawned = true) }));
    assert.strictEqual(outcome.kind, 'cancelled');
    assert.strictEqual(outcome.pid, undefined);
    assert.strictEqual(spawned, false);
    assert.strictEqual(f.invocations().length, 0);
  });

  it('cancels before the first line and ends the process', async () => {
    const f = fake({ turn: { kind: 'noFirstLine' } });
    const { token, cancel } = cancellationSource();
    const pending = runner.run(turn(f, { cancellation: token, onLine: () => undefined }));
    assert.ok(await waitFor(() => f.invocations()[0]?.stdin != null, 3000), 'the fake started and read its prompt');
    cancel();
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
    assert.ok(logger.lines.some((m) => m.includes('consumer bug')));
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

/**
 * A CLI whose `exit` and `close` never come (stuck in the kernel, or a host
 * that loses the events): the run must still settle once SIGKILL has had
 * HARD_STOP_MS to work. The run gets a stand-in child whose events never come,
 * carrying the pid of a real process this test started and owns (its own
 * group, SIGTERM ignored so it is still unreaped when SIGKILL comes): every
 * signal of the run reaches only that process.
 */
describe('ProcessRun whose child never reports its exit (hard stop)', function () {
  this.timeout(15000);
  let owned: { real: ChildProcess; exited: Promise<NodeJS.Signals | null> } | undefined;
  let standIn: ChildThatNeverReports | undefined;
  beforeEach(function () {
    if (process.platform === 'win32') this.skip(); // POSIX signals and process groups; Windows uses taskkill
  });
  afterEach(function () {
    // Let the run's poller stop even if the hard stop did not settle it (the product broken on purpose).
    standIn?.emit('exit', null, 'SIGKILL');
    standIn?.emit('close', null, 'SIGKILL');
    standIn = undefined;
    const real = owned?.real;
    owned = undefined;
    if (real === undefined || real.exitCode !== null || real.signalCode !== null) return;
    real.kill('SIGKILL'); // through its handle: never a reused pid
    assert.fail(`process ${real.pid} left behind by "${this.currentTest?.title}"`);
  });

  /** A real node in its own process group that ignores SIGTERM; resolves once it has said it is ready. */
  async function startOwned(): Promise<{ pid: number; exited: Promise<NodeJS.Signals | null> }> {
    const script = "process.on('SIGTERM',()=>{});process.stdout.write('ready');setInterval(()=>{},1000)";
    const real = spawn(process.execPath, ['-e', script], { detached: true, stdio: ['ignore', 'pipe', 'ignore'] });
    const exited = new Promise<NodeJS.Signals | null>((r) => real.once('exit', (_code, signal) => r(signal)));
    owned = { real, exited };
    await new Promise<void>((resolve, reject) => {
      real.stdout?.once('data', () => resolve());
      real.once('error', reject);
    });
    real.stdout?.destroy();
    assert.ok(real.pid !== undefined);
    return { pid: real.pid, exited };
  }

  async function runStuck(over: Partial<RunRequest>, act: () => void): Promise<{ outcome: RunOutcome; pid: number; signal: NodeJS.Signals | null }> {
    const { pid, exited } = await startOwned();
    const request: RunRequest = {
      launch: { command: 'cursor-agent', args: TURN_ARGS },
      cwd: os.tmpdir(),
      env: ENV,
      stdin: 'Hello',
      killGraceMs: 100,
      ...over,
    };
    const run = new ProcessRun(request, process.platform, 500, new MemoryLogger(), () => (standIn = new ChildThatNeverReports(pid)).asChild());
    const pending = run.start();
    act();
    // Generous: the grace period, HARD_STOP_MS, and room for a loaded machine.
    const outcome = await within(pending, 100 + HARD_STOP_MS + 6000);
    assert.notStrictEqual(outcome, 'still running', 'the turn never ended: its CLI reported no exit, and nothing stopped waiting for it');
    const signal = await within(exited, 3000);
    assert.notStrictEqual(signal, 'still running', `the turn ended but its CLI (pid ${pid}) still runs`);
    return { outcome: outcome as RunOutcome, pid, signal: signal as NodeJS.Signals | null };
  }

  it('a cancelled turn whose CLI never reports its exit still ends (hard stop after SIGKILL), and nothing it started is left', async () => {
    const { token, cancel } = cancellationSource();
    const { outcome, pid, signal } = await runStuck({ cancellation: token }, () => cancel());
    assert.strictEqual(outcome.kind, 'cancelled');
    assert.strictEqual(outcome.pid, pid);
    assert.strictEqual(signal, 'SIGKILL', 'the CLI ignored SIGTERM, so SIGKILL ended it');
    assert.strictEqual(isAlive(pid), false);
  });

  it('a turn past its deadline whose CLI never reports its exit still ends as a timeout, and nothing it started is left', async () => {
    const { outcome, pid, signal } = await runStuck({ firstOutputTimeoutMs: 50 }, () => undefined);
    assert.strictEqual(outcome.kind, 'timeout');
    assert.strictEqual(outcome.timeoutStage, 'first output');
    assert.strictEqual(outcome.pid, pid);
    assert.strictEqual(signal, 'SIGKILL', 'the CLI ignored SIGTERM, so SIGKILL ended it');
    assert.strictEqual(isAlive(pid), false);
  });
});

/** What `spawn` would return, with a real pid, stdio that never ends, and no `exit` or `close` ever. */
class ChildThatNeverReports extends EventEmitter {
  readonly stdin = new PassThrough();
  readonly stdout = new PassThrough();
  readonly stderr = new PassThrough();
  constructor(readonly pid: number) {
    super();
  }
  asChild(): ChildProcess {
    return this as unknown as ChildProcess;
  }
}
