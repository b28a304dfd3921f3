/**
 * What the tests of src/node share: a synchronous wait, /proc peeks, a counter of fs calls, and the fake-CLI
 * fixture that fails a test which leaves a process behind.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import { spawn } from 'child_process';
import type { RunRequest } from '../../../src/cli/process';
import type { NodeProcessRunner } from '../../../src/node/nodeProcessRunner';
import { createFakeCli, type FakeCli, type FakeCliOptions, type FakeScenario } from '../../fixtures/fakeCli';
import { ENV, TURN_ARGS } from '../../support/cliRun';
import { waitFor } from '../../support/waits';

// The tests here take the run's environment and argv from this module.
export { ENV, TURN_ARGS };

export function isResult(line: string): boolean {
  try {
    return (JSON.parse(line) as { type?: unknown }).type === 'result';
  } catch {
    return false;
  }
}

/** Waits without ever yielding to the event loop: no timer, callback or child-process event of ours runs meanwhile. */
export function waitSync(cond: () => boolean, ms: number): boolean {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (cond()) return true;
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
  }
  return cond();
}

/** The state letter of /proc/<pid>/stat (R, S, T, Z…), undefined once it is gone. */
export function procState(pid: number): string | undefined {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ')[0];
  } catch {
    return undefined;
  }
}

/** A node that starts a process in its own session holding its stdout, prints `{"pid":<holder>}` and exits. */
export const STDOUT_HOLDER_SCRIPT =
  "const c=require('child_process').spawn(process.execPath,['-e','setTimeout(()=>{},8000)'],{detached:true,stdio:['ignore','inherit','ignore']});" + // the child's own script, not a wait
  'c.unref();console.log(JSON.stringify({pid:c.pid}))';

/** The real fs module (the source reads it through getters, so a patch here is seen there). */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the CommonJS module object itself (its properties are patched in place), not the import's frozen namespace
const realFs = require('fs') as typeof fs;

/** Counts calls of fs functions while `body` runs; restores them afterwards. */
export async function countFsCalls<T>(body: () => Promise<T>): Promise<{ result: T; environSync: number; environAsync: number; procWalks: number }> {
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

/**
 * Fake CLIs for the tests of one `describe` (call it there): after each test
 * the runner is disposed, the fakes removed, and the test fails if any of
 * their processes still runs.
 */
export function fakeCliFixture(runner: () => NodeProcessRunner): {
  fake(scenario?: FakeScenario, opts?: FakeCliOptions): FakeCli;
  turn(f: FakeCli, over?: Partial<RunRequest>): RunRequest;
} {
  let fakes: FakeCli[] = [];
  afterEach(function () {
    runner().dispose();
    const leaks = fakes.flatMap((f) => f.livePids());
    for (const f of fakes) f.cleanup();
    fakes = [];
    assert.deepStrictEqual(leaks, [], `processes left behind by "${this.currentTest?.title}"`);
  });
  return {
    fake(scenario: FakeScenario = {}, opts: FakeCliOptions = {}): FakeCli {
      const f = createFakeCli({ ...opts, scenario });
      fakes.push(f);
      return f;
    },
    turn(f: FakeCli, over: Partial<RunRequest> = {}): RunRequest {
      return { launch: { command: f.binPath, args: TURN_ARGS }, cwd: f.dir, env: ENV, stdin: 'Hello\nWhat is in this folder?', ...over };
    },
  };
}

/**
 * A fake CLI's tree started outside the runner: its wrapper (the group leader), node, and a grandchild that
 * called setsid (it left the group). The caller owns `cli` (its cleanup and the leak check).
 */
export async function startEscapingTree(): Promise<{ cli: FakeCli; leader: number; grandchild: number }> {
  const cli = createFakeCli({ scenario: { turn: { kind: 'grandchild', delayMs: 50, hang: true, detached: true } }, wrapperStyle: 'child' });
  const child = spawn(cli.binPath, TURN_ARGS, { cwd: cli.dir, env: ENV, detached: true, stdio: ['pipe', 'ignore', 'ignore'] });
  child.stdin.end('x');
  assert.ok(await waitFor(() => cli.livePids().length === 3, 3000), 'wrapper, node and a grandchild in its own session');
  assert.ok(child.pid !== undefined);
  return { cli, leader: child.pid, grandchild: cli.pids().find((p) => p.role === 'grandchild')?.pid ?? 0 };
}
