import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import type { CancellationLike, Logger, RunOutcome, RunRequest } from '../../../src/cli/process';
import { NodeProcessRunner } from '../../../src/node/nodeProcessRunner';
import { RUN_MARKER_ENV } from '../../../src/node/escapedSweep';
import { spawn, spawnSync } from 'child_process';
import { killProcessTree, killTreesNow, PS_PATH } from '../../../src/node/processTree';
import { GroupWatch } from '../../../src/node/groupWatch';
import { findByEnvironment, refOf } from '../../../src/node/procfs';
import { isAlive, signalRef } from '../../../src/node/signals';
import { planKillTree } from '../../../src/cli/windowsLaunch';
import { createFakeCli, FAKE_NARRATION, type FakeCli, type FakeCliOptions, type FakeScenario } from '../../fixtures/fakeCli';

const ENV: Record<string, string> = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: os.homedir(), LANG: 'C.UTF-8' };
const TURN_ARGS = ['-p', '--output-format', 'stream-json', '--stream-partial-output', '--mode', 'plan', '--trust'];

class TestToken implements CancellationLike {
  isCancellationRequested = false;
  private readonly listeners = new Set<() => void>();
  onCancellationRequested(listener: () => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }
  cancel(): void {
    this.isCancellationRequested = true;
    for (const l of [...this.listeners]) l();
  }
}

class RecordingLogger implements Logger {
  readonly messages: string[] = [];
  private add = (level: string) => (m: string | Error, ...args: unknown[]) => this.messages.push(`${level} ${String(m)} ${args.map(String).join(' ')}`);
  trace = this.add('trace');
  debug = this.add('debug');
  info = this.add('info');
  warn = this.add('warn');
  error = this.add('error');
}

function isResult(line: string): boolean {
  try {
    return (JSON.parse(line) as { type?: unknown }).type === 'result';
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(cond: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (cond()) return true;
    await sleep(20);
  }
  return cond();
}

async function waitForAsync(cond: () => Promise<boolean>, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await cond()) return true;
    await sleep(20);
  }
  return cond();
}

/** Waits without ever yielding to the event loop: no timer, callback or child-process event of ours runs meanwhile. */
function waitSync(cond: () => boolean, ms: number): boolean {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (cond()) return true;
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
  }
  return cond();
}

/** The state letter of /proc/<pid>/stat (R, S, T, Z…), undefined once it is gone. */
function procState(pid: number): string | undefined {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ')[0];
  } catch {
    return undefined;
  }
}

/** The real fs module (the source reads it through getters, so a patch here is seen there). */
const realFs = require('fs') as typeof fs;

/** Counts calls of fs functions while `body` runs; restores them afterwards. */
async function countFsCalls<T>(body: () => Promise<T>): Promise<{ result: T; environSync: number; environAsync: number; procWalks: number }> {
  const counts = { environSync: 0, environAsync: 0, procWalks: 0 };
  const isEnviron = (p: unknown) => /^\/proc\/\d+\/environ$/.test(String(p));
  const { readFileSync, readdirSync } = realFs;
  const readFile = realFs.promises.readFile;
  realFs.readFileSync = function (this: unknown, ...args: unknown[]) {
    if (isEnviron(args[0])) counts.environSync++;
    return (readFileSync as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof readFileSync;
  realFs.readdirSync = function (this: unknown, ...args: unknown[]) {
    if (String(args[0]) === '/proc') counts.procWalks++;
    return (readdirSync as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof readdirSync;
  realFs.promises.readFile = function (this: unknown, ...args: unknown[]) {
    if (isEnviron(args[0])) counts.environAsync++;
    return (readFile as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof readFile;
  try {
    const result = await body();
    return { result, ...counts };
  } finally {
    realFs.readFileSync = readFileSync;
    realFs.readdirSync = readdirSync;
    realFs.promises.readFile = readFile;
  }
}

describe('NodeProcessRunner (real processes, fake cursor-agent)', function () {
  this.timeout(10000);
  let fakes: FakeCli[] = [];
  let runner: NodeProcessRunner;
  let logger: RecordingLogger;

  function fake(scenario: FakeScenario = {}, opts: FakeCliOptions = {}): FakeCli {
    const f = createFakeCli({ ...opts, scenario });
    fakes.push(f);
    return f;
  }

  function turn(f: FakeCli, over: Partial<RunRequest> = {}): RunRequest {
    return { launch: { command: f.binPath, args: TURN_ARGS }, cwd: f.dir, env: ENV, stdin: 'Hello\nWhat is in this folder?', ...over };
  }

  beforeEach(() => {
    logger = new RecordingLogger();
    runner = new NodeProcessRunner(logger);
  });

  afterEach(function () {
    runner.dispose();
    const leaks = fakes.flatMap((f) => f.livePids());
    for (const f of fakes) f.cleanup();
    fakes = [];
    assert.deepStrictEqual(leaks, [], `processes left behind by "${this.currentTest?.title}"`);
  });

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

  it('passes a 300 KB multibyte prompt intact on stdin, never in argv or the log', async () => {
    const f = fake();
    const unit = 'Grüße, 世界 🚀 — ';
    const prompt = unit.repeat(Math.ceil((300 * 1024) / Buffer.byteLength(unit))) + '\nlast line: naïve café 🚀';
    assert.ok(Buffer.byteLength(prompt) > 300 * 1024);
    const outcome = await runner.run(turn(f, { stdin: prompt, onLine: () => undefined }));
    assert.strictEqual(outcome.kind, 'exited');
    assert.strictEqual(outcome.exitCode, 0);
    const [inv] = f.invocations();
    assert.ok(inv);
    assert.strictEqual(inv.stdin, prompt);
    assert.deepStrictEqual(inv.argv, TURN_ARGS);
    assert.ok(logger.messages.some((m) => m.startsWith('debug') && m.includes('--stream-partial-output')), 'argv is logged at debug');
    assert.ok(!logger.messages.some((m) => m.includes('Grüße') || m.includes('naïve')), 'the prompt is never logged');
  });

  it('times out when the first line never comes', async () => {
    const f = fake({ turn: { kind: 'noFirstLine' } });
    const outcome = await runner.run(turn(f, { firstOutputTimeoutMs: 300, inactivityTimeoutMs: 5000, onLine: () => undefined }));
    assert.strictEqual(outcome.kind, 'timeout');
    assert.strictEqual(outcome.timeoutStage, 'first output');
    assert.strictEqual(outcome.lines, 0);
    assert.ok(outcome.durationMs >= 280 && outcome.durationMs < 3000, `duration ${outcome.durationMs}`);
  });

  it('times out on silence mid-stream', async () => {
    const f = fake({ turn: { kind: 'silenceMidStream', afterEvents: 3 } });
    const outcome = await runner.run(turn(f, { firstOutputTimeoutMs: 5000, inactivityTimeoutMs: 300, onLine: () => undefined }));
    assert.strictEqual(outcome.kind, 'timeout');
    assert.strictEqual(outcome.timeoutStage, 'inactivity');
    assert.strictEqual(outcome.lines, 3);
  });

  it('never cuts a long stream whose lines come more often than the inactivity deadline', async () => {
    const f = fake({ turn: { kind: 'slowStream', intervalMs: 60, durationMs: 1200 } });
    const lines: string[] = [];
    const outcome = await runner.run(turn(f, { firstOutputTimeoutMs: 2000, inactivityTimeoutMs: 300, onLine: (l) => void lines.push(l) }));
    assert.strictEqual(outcome.kind, 'exited');
    assert.strictEqual(outcome.exitCode, 0);
    assert.ok(outcome.durationMs > 1100, `ran ${outcome.durationMs} ms`);
    assert.ok(lines.length > 10);
    assert.ok(isResult(lines[lines.length - 1] ?? ''));
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

  for (const wrapperStyle of ['exec', 'child'] as const) {
    it(`cancels mid-stream and ends wrapper, node and grandchild (${wrapperStyle} wrapper)`, async () => {
      const f = fake({ turn: { kind: 'grandchild', delayMs: 100, hang: true } }, { wrapperStyle });
      const token = new TestToken();
      let aliveAtCancel: number[] = [];
      const outcome = await runner.run(
        turn(f, {
          cancellation: token,
          killGraceMs: 2000,
          onLine: () => {
            if (token.isCancellationRequested) return;
            aliveAtCancel = f.livePids();
            token.cancel();
          },
        }),
      );
      assert.strictEqual(outcome.kind, 'cancelled');
      const roles = f.pids().map((p) => p.role).sort();
      assert.deepStrictEqual(roles, wrapperStyle === 'child' ? ['fake', 'grandchild', 'wrapper'] : ['fake', 'grandchild']);
      assert.strictEqual(aliveAtCancel.length, roles.length, 'all of them were running when the turn was cancelled');
      assert.deepStrictEqual(f.livePids(), [], 'everything gone when the outcome resolves');
      assert.ok(outcome.durationMs < 2000, `took ${outcome.durationMs} ms`);
    });
  }

  it('ends a grandchild that escaped the process group (setsid) while its parent lives', async () => {
    const f = fake({ turn: { kind: 'grandchild', delayMs: 100, hang: true, detached: true } });
    const token = new TestToken();
    const outcome = await runner.run(turn(f, { cancellation: token, onLine: () => token.cancel() }));
    assert.strictEqual(outcome.kind, 'cancelled');
    const gc = f.pids().find((p) => p.role === 'grandchild');
    assert.ok(gc);
    assert.ok(await waitFor(() => !isAlive(gc.pid), 2500), 'escaped grandchild ended');
  });

  it('SIGKILLs a CLI that ignores SIGTERM after the grace period', async () => {
    const f = fake({ turn: { kind: 'ignoreSigterm', intervalMs: 50 } });
    const token = new TestToken();
    const outcome = await runner.run(turn(f, { cancellation: token, killGraceMs: 400, onLine: () => token.cancel() }));
    assert.strictEqual(outcome.kind, 'cancelled');
    assert.strictEqual(outcome.signal, 'SIGKILL');
    assert.ok(outcome.durationMs >= 400, `took ${outcome.durationMs} ms`);
    assert.ok(outcome.lines >= 1);
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

  it("marks the child's environment with a value of its own run", async () => {
    const f = fake();
    await runner.run(turn(f, { onLine: () => undefined }));
    await runner.run(turn(f, { onLine: () => undefined }));
    const marks = f.invocations().map((i) => i.env[RUN_MARKER_ENV]);
    assert.strictEqual(marks.length, 2);
    assert.ok(marks.every((m) => typeof m === 'string' && m.length > 0), JSON.stringify(marks));
    assert.notStrictEqual(marks[0], marks[1]);
  });

  it('reports ENOENT for a missing binary', async () => {
    const outcome = await runner.run({ launch: { command: path.join(os.tmpdir(), 'no-such-dir-xyz', 'cursor-agent'), args: ['--version'] }, cwd: os.tmpdir(), env: ENV });
    assert.strictEqual(outcome.kind, 'spawnError');
    assert.strictEqual(outcome.spawnErrorCode, 'ENOENT');
    assert.strictEqual(outcome.pid, undefined);
  });

  it('reports EACCES for a file that is not executable', async () => {
    const f = fake();
    const file = path.join(f.dir, 'not-executable');
    fs.writeFileSync(file, '#!/bin/sh\necho hi\n', { mode: 0o644 });
    const outcome = await runner.run({ launch: { command: file, args: [] }, cwd: f.dir, env: ENV });
    assert.strictEqual(outcome.kind, 'spawnError');
    assert.strictEqual(outcome.spawnErrorCode, 'EACCES');
  });

  it('reports E2BIG for an argument over the OS limit (why the prompt goes on stdin)', async function () {
    if (process.platform !== 'linux') this.skip(); // the 128 KiB per-argument limit (MAX_ARG_STRLEN) is Linux's
    const f = fake();
    const outcome = await runner.run({ launch: { command: f.binPath, args: ['-p', 'x'.repeat(200 * 1024)] }, cwd: f.dir, env: ENV });
    assert.strictEqual(outcome.kind, 'spawnError');
    assert.strictEqual(outcome.spawnErrorCode, 'E2BIG');
    assert.strictEqual(f.invocations().length, 0);
  });

  it('turns a synchronous spawn throw into a spawnError outcome', async () => {
    const f = fake();
    const outcome = await runner.run({ launch: { command: f.binPath, args: ['bad\0arg'] }, cwd: f.dir, env: ENV });
    assert.strictEqual(outcome.kind, 'spawnError');
    assert.strictEqual(outcome.spawnErrorCode, 'ERR_INVALID_ARG_VALUE');
  });

  it('passes a 5 MB line', async () => {
    const f = fake({ turn: { kind: 'hugeLine', bytes: 5 * 1024 * 1024 } });
    let longest = 0;
    const lines: string[] = [];
    const outcome = await runner.run(turn(f, { onLine: (l) => void (lines.push(l), (longest = Math.max(longest, l.length))) }));
    assert.strictEqual(outcome.kind, 'exited');
    assert.strictEqual(outcome.oversizedLines, 0);
    assert.ok(longest >= 5 * 1024 * 1024 - 100, `longest line ${longest}`);
    assert.ok(isResult(lines[lines.length - 1] ?? ''));
  });

  it('drops and counts a line over maxLineBytes; the rest of the turn still arrives', async () => {
    const f = fake({ turn: { kind: 'hugeLine', bytes: 2 * 1024 * 1024 } });
    const lines: string[] = [];
    const outcome = await runner.run(turn(f, { maxLineBytes: 1024 * 1024, onLine: (l) => void lines.push(l) }));
    assert.strictEqual(outcome.kind, 'exited');
    assert.strictEqual(outcome.oversizedLines, 1);
    assert.ok(lines.every((l) => l.length <= 1024 * 1024));
    const types = lines.map((l) => (JSON.parse(l) as { type: string; subtype?: string }).type);
    assert.ok(types.includes('tool_call'), 'the started event arrives');
    assert.strictEqual(types[types.length - 1], 'result');
  });

  it('dispose() ends every live run, and later runs do not spawn', async () => {
    const f = fake({ turn: { kind: 'noFirstLine' } });
    const a = runner.run(turn(f, { onLine: () => undefined }));
    const b = runner.run(turn(f, { onLine: () => undefined }));
    assert.ok(await waitFor(() => f.invocations().filter((i) => i.stdin != null).length === 2, 3000));
    assert.strictEqual(runner.liveRuns, 2);
    runner.dispose();
    const outcomes: RunOutcome[] = await Promise.all([a, b]);
    assert.deepStrictEqual(outcomes.map((o) => o.kind), ['cancelled', 'cancelled']);
    assert.deepStrictEqual(f.livePids(), []);
    const after = await runner.run(turn(f));
    assert.strictEqual(after.kind, 'cancelled');
    assert.strictEqual(f.invocations().length, 2);
  });

  it('collects stdout of a short command (no onLine) and honours the total deadline', async () => {
    const f = fake({ statusDelayMs: 5000 });
    const version = await runner.run({ launch: { command: f.binPath, args: ['--version'] }, cwd: f.dir, env: ENV, totalTimeoutMs: 5000 });
    assert.strictEqual(version.kind, 'exited');
    assert.strictEqual(version.stdout, '2026.10.01-e373342\n');
    assert.strictEqual(version.lines, 1);
    const status = await runner.run({ launch: { command: f.binPath, args: ['status', '--format', 'json'] }, cwd: f.dir, env: ENV, totalTimeoutMs: 300 });
    assert.strictEqual(status.kind, 'timeout');
    assert.strictEqual(status.timeoutStage, 'total');
  });

  it('keeps a stderr tail and the exit code of a failing run', async () => {
    const f = fake({ turn: { kind: 'stderrExit', stderr: "Error: You've hit your usage limit", exitCode: 1 } });
    const outcome = await runner.run(turn(f, { onLine: () => undefined }));
    assert.strictEqual(outcome.kind, 'exited');
    assert.strictEqual(outcome.exitCode, 1);
    assert.strictEqual(outcome.stderrTail.trim(), "Error: You've hit your usage limit");
    assert.strictEqual(outcome.lines, 0);
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
    const script = "const c=require('child_process').spawn(process.execPath,['-e','setTimeout(()=>{},8000)'],{detached:true,stdio:['ignore','inherit','ignore']});c.unref();console.log(JSON.stringify({pid:c.pid}))";
    let holder = 0;
    const outcome = await runner.run({ launch: { command: process.execPath, args: ['-e', script] }, cwd: os.tmpdir(), env: ENV, onLine: (l) => void (holder = (JSON.parse(l) as { pid: number }).pid) });
    try {
      assert.strictEqual(outcome.kind, 'exited');
      assert.strictEqual(outcome.exitCode, 0);
      assert.ok(outcome.durationMs < 3000, `took ${outcome.durationMs} ms`);
    } finally {
      if (holder) process.kill(holder, 'SIGKILL');
    }
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
    assert.ok(waitSync(() => f.livePids().length === 0, 1000), `still running after dispose(): ${f.livePids().join(', ')}`);
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
          "const { NodeProcessRunner } = require(process.argv[2]);",
          "const { platform, bins, args, env } = JSON.parse(process.argv[3]);",
          "const runner = new NodeProcessRunner(undefined, { platform });",
          "const seen = new Set();",
          "bins.forEach((bin, i) => void runner.run({ launch: { command: bin, args }, cwd: require('path').dirname(bin), env, stdin: 'x', killGraceMs: 5000,",
          "  onLine: () => { seen.add(i); if (seen.size === bins.length) { runner.dispose(); process.exit(0); } } }));",
          "setTimeout(() => process.exit(3), 5000);",
        ].join('\n'),
      );
      const runnerModule = path.join(__dirname, '..', '..', '..', 'src', 'node', 'nodeProcessRunner.js');
      const res = spawnSync(process.execPath, [host, runnerModule, JSON.stringify({ platform, bins: fakes.map((x) => x.binPath), args: TURN_ARGS, env: ENV })], { timeout: 8000 });
      assert.strictEqual(res.status, 0, `host: ${String(res.stderr)}`);
      const expected = platform === 'linux' ? 2 + 2 : 2 + 3;
      assert.strictEqual(fakes.flatMap((x) => x.pids()).length, expected, 'every process had started');
      const left = () => fakes.flatMap((x) => x.livePids());
      assert.ok(await waitFor(() => left().length === 0, 1000), `left running after the host exited: ${left().join(', ')}`);
    });
  }

  it('reads no process environment at the end of a run that did not ask for the escaped-process sweep', async function () {
    if (process.platform !== 'linux') this.skip(); // the sweep reads /proc/<pid>/environ, which only Linux has
    const f = fake({ turn: { kind: 'grandchild', delayMs: 5 } });
    const { result, environSync, environAsync } = await countFsCalls(async () => [
      await runner.run({ launch: { command: f.binPath, args: ['--version'] }, cwd: f.dir, env: ENV, totalTimeoutMs: 5000 }),
      await runner.run(turn(f, { onLine: () => undefined })),
    ]);
    assert.deepStrictEqual(result.map((o) => o.kind), ['exited', 'exited']);
    assert.strictEqual(environSync + environAsync, 0, `read ${environSync} + ${environAsync} environments`);
  });

  it('sweeps escaped processes only asynchronously (fs.promises) when a run asks for it', async function () {
    if (process.platform !== 'linux') this.skip();
    const f = fake({ turn: { kind: 'grandchild', delayMs: 5, detached: true } });
    const { result: outcome, environSync, environAsync } = await countFsCalls(() => runner.run(turn(f, { sweepEscaped: true, onLine: () => undefined })));
    assert.strictEqual(outcome.kind, 'exited');
    const gc = f.pids().find((p) => p.role === 'grandchild');
    assert.ok(gc, 'the fake started a grandchild');
    assert.ok(!isAlive(gc.pid), 'the escaped grandchild is gone when the outcome resolves');
    assert.strictEqual(environSync, 0, 'no synchronous read of any environment');
    assert.ok(environAsync > 0, 'environments were read asynchronously');
  });

  it('waits for a lingering group without walking /proc every poll', async function () {
    if (process.platform !== 'linux') this.skip();
    // The wrapper (group leader) dies of SIGTERM at once; the node under it lingers for the whole grace period.
    const f = fake({ turn: { kind: 'ignoreSigterm', intervalMs: 50 } }, { wrapperStyle: 'child' });
    const token = new TestToken();
    const { result: outcome, procWalks } = await countFsCalls(() => runner.run(turn(f, { cancellation: token, killGraceMs: 1000, onLine: () => token.cancel() })));
    assert.strictEqual(outcome.kind, 'cancelled');
    assert.ok(outcome.durationMs >= 1000, `took ${outcome.durationMs} ms`);
    assert.deepStrictEqual(f.livePids(), []);
    assert.ok(procWalks <= 6, `walked /proc ${procWalks} times in ${outcome.durationMs} ms`);
  });
});

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
    f = createFakeCli({ scenario: { turn: { kind: 'grandchild', delayMs: 50, hang: true, detached: true } }, wrapperStyle: 'child' });
    const child = spawn(f.binPath, TURN_ARGS, { cwd: f.dir, env: ENV, detached: true, stdio: ['pipe', 'ignore', 'ignore'] });
    child.stdin.end('x');
    const fc = f;
    assert.ok(await waitFor(() => fc.livePids().length === 3, 3000), 'wrapper, node and a grandchild in its own session');
    const grandchild = fc.pids().find((p) => p.role === 'grandchild')?.pid ?? 0;
    assert.ok(child.pid !== undefined && new GroupWatch(child.pid).alive());
    return { leader: child.pid, grandchild };
  }

  for (const platform of ['linux', 'darwin'] as const) {
    it(`ends the group and a descendant that left it (${platform === 'linux' ? '/proc walk' : '/bin/ps walk'})`, async function () {
      if (process.platform !== 'linux') this.skip();
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
    const group = (f as FakeCli).pids().filter((p) => p.role !== 'grandchild').map((p) => p.pid);
    assert.strictEqual(group.length, 2, 'wrapper and node in the group');
    const pending = killProcessTree(leader, 'SIGTERM', 'darwin');
    // Before any event-loop turn (the walk's callback can't have run): every group member is stopped or gone.
    const reached = (p: number) => ['T', 't', 'Z', undefined].includes(procState(p));
    assert.ok(waitSync(() => group.every(reached), 500), `group states: ${group.map((p) => `${p}=${procState(p)}`).join(', ')}`);
    const signalled = await pending;
    assert.ok(signalled.some((r) => r.pid === leader));
    assert.ok(await waitFor(() => !new GroupWatch(leader).alive() && !isAlive(grandchild), 2000), 'group and escaped grandchild gone');
  });
});

describe('GroupWatch', function () {
  this.timeout(10000);
  it('tells a group of unreaped zombies from a live one, and a gone one', async function () {
    if (process.platform !== 'linux') this.skip();
    // A group leader whose child outlives it: the child keeps the group alive after the leader exits.
    const script = "const c=require('child_process').spawn(process.execPath,['-e','setTimeout(()=>{},8000)'],{stdio:'ignore'});console.log(c.pid);setTimeout(()=>process.exit(0),50)";
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

describe('planKillTree (Windows taskkill, planned on any OS)', () => {
  it('runs taskkill.exe by its absolute path under %SystemRoot%, never a bare name', () => {
    assert.deepStrictEqual(planKillTree(4242, 'win32', 'C:\\Windows'), { command: 'C:\\Windows\\System32\\taskkill.exe', args: ['/PID', '4242', '/T', '/F'] });
    assert.deepStrictEqual(planKillTree(7, 'win32', ' D:\\WinNT\\ '), { command: 'D:\\WinNT\\System32\\taskkill.exe', args: ['/PID', '7', '/T', '/F'] });
    assert.deepStrictEqual(planKillTree(7, 'win32', '\\\\server\\share\\Windows')?.command, '\\\\server\\share\\Windows\\System32\\taskkill.exe');
  });

  it('plans nothing when %SystemRoot% is not an absolute folder (rather than run what a bare name finds)', () => {
    for (const root of [undefined, '', '   ', 'Windows', '.\\Windows', '\\Windows', 'C:Windows', 'C:\\Win"dows', 'C:\\Win\ndows']) {
      assert.strictEqual(planKillTree(4242, 'win32', root), undefined, JSON.stringify(root));
    }
  });

  it('plans nothing on POSIX (process groups) or for an invalid pid', () => {
    assert.strictEqual(planKillTree(4242, 'linux', 'C:\\Windows'), undefined);
    assert.strictEqual(planKillTree(4242, 'darwin', 'C:\\Windows'), undefined);
    for (const pid of [0, -1, 1.5, NaN]) assert.strictEqual(planKillTree(pid, 'win32', 'C:\\Windows'), undefined, String(pid));
  });
});


describe('findByEnvironment', function () {
  this.timeout(10000);
  it('finds the live processes whose environment holds the entry, and only those (Linux)', async function () {
    if (process.platform !== 'linux') this.skip();
    const value = `test-${process.pid}-${Date.now()}`;
    const spawnWith = (env: Record<string, string>) => spawn(process.execPath, ['-e', 'setTimeout(()=>{},10000)'], { env: { ...ENV, ...env }, stdio: 'ignore' });
    const marked = spawnWith({ MARK_UNDER_TEST: value });
    const prefixOnly = spawnWith({ MARK_UNDER_TEST: `${value}-other` });
    const otherName = spawnWith({ XMARK_UNDER_TEST: value });
    try {
      assert.ok(await waitForAsync(async () => (await findByEnvironment('MARK_UNDER_TEST', value)).length > 0, 3000));
      assert.deepStrictEqual((await findByEnvironment('MARK_UNDER_TEST', value)).map((r) => r.pid), [marked.pid]);
      assert.deepStrictEqual(await findByEnvironment('MARK_UNDER_TEST', value, 'darwin'), [], 'no /proc elsewhere');
    } finally {
      for (const c of [marked, prefixOnly, otherName]) c.kill('SIGKILL');
    }
    assert.ok(await waitForAsync(async () => (await findByEnvironment('MARK_UNDER_TEST', value)).length === 0, 3000), 'dead processes are not reported');
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
    await new Promise((r) => setTimeout(r, 300));
    assert.ok(isAlive(pid), 'the unrelated process that took the pid over still runs');
    // The very process that was found is ended.
    killTreesNow([{ pid: 999_999_999, running: false, groupAlive: false, known: [now] }], 'linux');
    assert.ok(await waitFor(() => !isAlive(pid), 2000), 'the process found is ended');
  });

  it('no signal reaches a process group after it was seen gone (its id may have been reused)', async function () {
    if (process.platform === 'win32') this.skip(); // no process groups
    // The CLI's child starts a process in its own session that holds stdout, and exits (so the tree walk can't
    // find the holder); the CLI exits on SIGTERM: its group dies, the pipe stays open.
    const holderScript = "const c=require('child_process').spawn(process.execPath,['-e','setTimeout(()=>{},8000)'],{detached:true,stdio:['ignore','inherit','ignore']});c.unref();console.log(JSON.stringify({pid:c.pid}))";
    const script = `require('child_process').spawn(process.execPath,['-e',${JSON.stringify(holderScript)}],{stdio:['ignore','inherit','ignore']}).on('exit',()=>setTimeout(()=>console.log('{}'),100));setInterval(()=>{},1000)`;
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
    const token = new TestToken();
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
          else token.cancel(); // the holder's parent has exited: the holder is out of the tree
        },
      });
      assert.strictEqual(outcome.kind, 'cancelled');
    } finally {
      process.kill = original;
      if (holder) process.kill(holder, 'SIGKILL');
    }
    assert.ok(groupSignals.length > 0, 'the group was signalled while it lived');
    assert.deepStrictEqual(groupSignals.filter((g) => !g.groupExisted), [], 'a signal went to a group that no longer existed');
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
    const leader = spawn(process.execPath, ['-e', "require('child_process').spawn(process.execPath,['-e','setInterval(()=>{},1000)'],{stdio:'ignore'});setInterval(()=>{},1000)"], { detached: true, stdio: 'ignore' });
    try {
      assert.ok(leader.pid !== undefined);
      const pid = leader.pid;
      await new Promise((r) => setTimeout(r, 300)); // its child has started
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
