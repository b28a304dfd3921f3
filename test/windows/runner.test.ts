// Ending the CLI on Windows Node.js: cancellation, the first-line and
// inactivity deadlines, and `taskkill`. Wine's taskkill has no `/T` (it fails
// with "invalid command line option"), so a tree kill cannot be shown here:
// these tests show the planned command line as taskkill receives it, that the
// CLI itself is gone after every ending, and that taskkill never runs for a
// CLI that has already exited.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { buildChildEnv } from '../../src/cli/env';
import type { RunOutcome, RunRequest } from '../../src/cli/process';
import { planKillTree } from '../../src/cli/windowsLaunch';
import { NodeProcessRunner } from '../../src/node/nodeProcessRunner';
import { cancellationSource } from '../support/cancellation';
import { recordingTaskkill, type RecordingTaskkill } from './taskkill';
import { MemoryLogger } from '../support/logger';
import { waitFor } from '../support/waits';
import { freshDir, installFake, running, windowsEnv, type WindowsInstall } from './windowsInstall';

const win = path.win32;

describe('Windows: ending the CLI', function () {
  let install: WindowsInstall;
  let workspace: string;
  const runners: NodeProcessRunner[] = [];

  before(function () {
    if (process.platform !== 'win32') this.skip();
    install = installFake();
    workspace = freshDir('Users', 'A User', 'proj');
  });
  after(() => {
    for (const r of runners) r.dispose();
    install?.fake.cleanup();
  });

  /** Runs the installed CLI (its node.exe directly) as a turn with `extra` request fields; resolves with the outcome and the pid. */
  async function runTurn(extra: Partial<RunRequest>, onPid?: (pid: number) => void): Promise<RunOutcome> {
    const runner = new NodeProcessRunner();
    runners.push(runner);
    return runner.run({
      launch: { command: install.nodeExe, args: [install.indexJs, '-p', '--output-format', 'stream-json', '--mode', 'plan', '--trust'] },
      cwd: workspace,
      env: buildChildEnv(windowsEnv({}), 'win32'),
      stdin: 'hello',
      killGraceMs: 1000,
      onSpawn: onPid,
      ...extra,
    });
  }

  it('plans taskkill /PID <pid> /T /F from %SystemRoot%\\System32, where Windows has it', () => {
    const plan = planKillTree(4242, 'win32', process.env.SystemRoot);
    assert.deepEqual(plan, { command: win.join(process.env.SystemRoot ?? '', 'System32', 'taskkill.exe'), args: ['/PID', '4242', '/T', '/F'] });
    assert.ok(fs.existsSync(plan.command), plan.command);
  });

  it('a cancelled turn ends with the CLI gone, even when taskkill cannot end it', async () => {
    // (A CLI that stops writing: one that writes would also end itself on the broken pipe.)
    install.fake.setScenario({ turn: { kind: 'silenceMidStream', afterEvents: 3 } });
    const { token, cancel } = cancellationSource();
    let pid: number | undefined;
    let lines = 0;
    const outcome = await runTurn(
      {
        cancellation: token,
        onLine: () => {
          if (++lines === 3) cancel();
        },
      },
      (p) => (pid = p),
    );
    assert.equal(outcome.kind, 'cancelled');
    assert.ok(await waitFor(() => !running(pid), 3000), `the CLI (pid ${pid}) still runs after the cancel`);
  });

  it('the first-line deadline fires when the CLI prints nothing, and the CLI is gone', async () => {
    install.fake.setScenario({ turn: { kind: 'noFirstLine' } });
    let pid: number | undefined;
    const outcome = await runTurn({ firstOutputTimeoutMs: 1500, inactivityTimeoutMs: 30_000 }, (p) => (pid = p));
    assert.equal(outcome.kind, 'timeout');
    assert.equal(outcome.timeoutStage, 'first output');
    assert.equal(outcome.lines, 0);
    assert.ok(await waitFor(() => !running(pid), 3000), `pid ${pid} still runs`);
  });

  it('the inactivity deadline fires when the CLI falls silent mid-answer, and the CLI is gone', async () => {
    install.fake.setScenario({ turn: { kind: 'silenceMidStream', afterEvents: 3 } });
    let pid: number | undefined;
    const outcome = await runTurn({ firstOutputTimeoutMs: 30_000, inactivityTimeoutMs: 1500, onLine: () => 'continue' }, (p) => (pid = p));
    assert.equal(outcome.kind, 'timeout');
    assert.equal(outcome.timeoutStage, 'inactivity');
    assert.equal(outcome.lines, 3);
    assert.ok(await waitFor(() => !running(pid), 3000), `pid ${pid} still runs`);
  });

  it('a CLI that lingers after its result is ended', async () => {
    install.fake.setScenario({ turn: { kind: 'resultThenHang' } });
    let pid: number | undefined;
    const outcome = await runTurn({ onLine: (l) => (l.includes('"type":"result"') ? 'complete' : 'continue') }, (p) => (pid = p));
    assert.equal(outcome.kind, 'completed');
    assert.ok(await waitFor(() => !running(pid), 3000), `pid ${pid} still runs`);
  });

  describe('with a taskkill.exe that records what it receives', () => {
    // %SystemRoot%\System32\taskkill.exe in a folder of ours: the Windows node.exe
    // with a preloaded script (NODE_OPTIONS, which taskkill inherits from this
    // process) that writes its arguments down and then runs Wine's taskkill
    // without /T (which Wine's lacks).
    let taskkill: RecordingTaskkill;
    before(() => {
      taskkill = recordingTaskkill('drop');
    });
    after(() => taskkill.restore());
    const calls = (): string[][] => taskkill.calls();

    it('a cancel sends taskkill /PID <the CLI’s pid> /T /F, and the CLI is gone', async () => {
      taskkill.clear();
      install.fake.setScenario({ turn: { kind: 'slowStream', intervalMs: 50, durationMs: 60_000 } });
      const { token, cancel } = cancellationSource();
      let pid: number | undefined;
      let lines = 0;
      const outcome = await runTurn({ cancellation: token, onLine: () => void (++lines === 3 && cancel()) }, (p) => (pid = p));
      assert.equal(outcome.kind, 'cancelled');
      assert.ok(await waitFor(() => calls().length > 0, 3000), 'taskkill was not run');
      assert.deepEqual(calls()[0], ['/PID', String(pid), '/T', '/F']);
      assert.ok(await waitFor(() => !running(pid), 3000), `pid ${pid} still runs`);
    });

    it('never runs taskkill for a CLI that has already exited (its pid may belong to another process by then)', async () => {
      taskkill.clear();
      // The CLI exits while a process it started keeps its output pipe open: the run
      // is not over yet when the cancel comes, but the CLI is.
      install.fake.setScenario({ turn: { kind: 'exitHoldingPipes', holdMs: 4000 } });
      const { token, cancel } = cancellationSource();
      let pid: number | undefined;
      // The cancel comes as soon as the runner has seen the CLI exit (its debug log says so).
      const logger = new MemoryLogger();
      let exitSeen = false;
      const debug = logger.debug.bind(logger);
      logger.debug = (m: string, ...a: unknown[]) => {
        debug(m, ...a);
        if (!exitSeen && / exited \(code /.test(m)) {
          exitSeen = true;
          setImmediate(() => {
            cancel();
            runner.dispose();
          });
        }
      };
      const runner = new NodeProcessRunner(logger);
      runners.push(runner);
      const done = runner.run({
        launch: { command: install.nodeExe, args: [install.indexJs, '-p', '--output-format', 'stream-json', '--trust'] },
        cwd: workspace,
        env: buildChildEnv(windowsEnv({}), 'win32'),
        stdin: 'hello',
        cancellation: token,
        onLine: () => 'continue',
        onSpawn: (p) => (pid = p),
      });
      const outcome = await done;
      assert.ok(exitSeen && pid !== undefined && !running(pid), 'the CLI exited');
      assert.equal(outcome.kind, 'cancelled');
      await new Promise((r) => setTimeout(r, 1500)); // a taskkill started now would have written its record by then
      // (Only calls for this CLI: a taskkill of the test before may still be writing its record.)
      assert.deepEqual(
        calls().filter((c) => c.includes(String(pid))),
        [],
        `CLI pid ${pid}; runner log:\n${logger.text}`,
      );
    });
  });
});
