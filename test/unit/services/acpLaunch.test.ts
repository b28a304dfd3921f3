/**
 * The ACP backend as src/extension.ts builds it (the runtime over the real binary resolution,
 * launch planning and runner, the fake CLI for `--version`), with in-memory agents: which binary a
 * process is started with after `cursorAgent.path` changes, how long a turn's handshake may take,
 * when a warm process whose handshake failed ends, and what `cursorAgent.acp.idleMinutes` means.
 * The ACP deadlines and idle times run on a fake clock the tests move by hand; `--version` runs for real.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import type { AcpTransport } from '../../../src/acp/transport';
import { nodeHostEnvironment } from '../../../src/node/nodeHost';
import { NodeProcessRunner } from '../../../src/node/nodeProcessRunner';
import type { BackendTurnOutcome, BackendTurnRequest } from '../../../src/turn/chatBackend';
import type { RunSettings } from '../../../src/services/engine/cursorAgentService';
import { DEFAULT_SETTINGS, type Settings } from '../../../src/services/settingsSchema';
import { createFakeAcpCli, type FakeAcpCli } from '../../fixtures/acp/fakeAcpCli';
import { memoryAcp, type MemoryAcp } from '../../fixtures/acp/memoryTransport';
import type { FakeAcpScenario } from '../../fixtures/acp/scenario';
import { FakeClock } from '../../support/fakeClock';
import { MemoryLogger } from '../../support/logger';
import { nodeRuntime, trustedFolders } from '../../support/runtime';
import { sleep, waitFor } from '../../support/waits';

interface Started {
  command: string;
  env: Record<string, string>;
  memory: MemoryAcp;
  killed: boolean;
}

describe('ACP processes as the extension starts them', function () {
  this.timeout(20_000);
  const clis: FakeAcpCli[] = [];
  let runner: NodeProcessRunner | undefined;
  let disposeAcp: (() => void) | undefined;
  let workspace = '';
  beforeEach(() => (workspace = fs.mkdtempSync(path.join(fs.realpathSync(os.tmpdir()), 'acp-launch-'))));
  afterEach(() => {
    disposeAcp?.();
    runner?.dispose();
    for (const c of clis.splice(0)) c.cleanup();
    fs.rmSync(workspace, { recursive: true, force: true });
  });

  function world(o: { scenario?: FakeAcpScenario; settings?: Partial<Settings>; run?: Partial<RunSettings>; hostEnv?: Record<string, string> } = {}) {
    const a = createFakeAcpCli();
    clis.push(a);
    let configured = a.binPath;
    const logger = new MemoryLogger();
    runner = new NodeProcessRunner(logger);
    const host = nodeHostEnvironment({ PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: os.homedir(), ...o.hostEnv }, 'linux');
    const run: RunSettings = { firstOutputTimeoutMs: 5000, inactivityTimeoutMs: 5000, killGraceMs: 500, shortCommandTimeoutMs: 10_000, ...o.run };
    const started: Started[] = [];
    const clock = new FakeClock();
    const built = nodeRuntime({
      runner,
      host,
      clock,
      settings: () => ({ ...DEFAULT_SETTINGS, backend: 'acp', ...o.settings, path: configured }),
      workspace: trustedFolders(workspace),
      runSettings: () => run,
      startTransport: (opts): AcpTransport => {
        const memory = memoryAcp({ commandsBytes: 100, ...o.scenario });
        const s: Started = { command: opts.launch.command, env: opts.env, memory, killed: false };
        started.push(s);
        const kill = memory.transport.kill.bind(memory.transport);
        memory.transport.kill = () => {
          s.killed = true;
          kill();
        };
        return memory.transport;
      },
      logger,
    });
    disposeAcp = () => built.selector.dispose();
    /** Changes `cursorAgent.path` to a second fake, as the settings watcher does (binaryPathChanged). */
    const changePath = (): FakeAcpCli => {
      const b = createFakeAcpCli();
      clis.push(b);
      configured = b.binPath;
      built.binary.invalidate();
      return b;
    };
    return { ...built, a, started, changePath, clock };
  }
  const req = (over: Partial<BackendTurnRequest> = {}): BackendTurnRequest => ({
    workspace,
    mode: 'plan',
    prompt: 'hi',
    onEvent: () => undefined,
    ...over,
  });
  const prompted = (s: Started) => s.memory.sent().some((m) => m.method === 'session/prompt');

  it('cursorAgent.path changed while the launch plan is being resolved: the next turn runs the new binary, and no process of the old one is left', async () => {
    const w = world();
    w.selector.warm(workspace); // resolves the plan of the first binary (its --version runs)…
    const b = w.changePath(); // …while the user picks another one
    const backend = await w.selector.current();
    const o = await backend.runTurn(req());
    assert.ok(o.ok, JSON.stringify(o));
    await sleep(300); // proves a negative (no process of the old plan starts): a warm-up of the old plan would have started by now
    const turnRanIn = w.started.filter(prompted);
    assert.deepStrictEqual(
      turnRanIn.map((s) => s.command),
      [b.binPath],
      'the turn ran in a process of the old binary',
    );
    assert.deepStrictEqual(w.started.filter((s) => s.command === w.a.binPath && !s.killed).length, 0, 'a process of the old binary is still running');
  });

  it('a warm-up asked for right after cursorAgent.path changed never throws, and its process runs the new binary', async () => {
    const w = world();
    const first = await (await w.selector.current()).runTurn(req());
    assert.ok(first.ok);
    const b = w.changePath();
    assert.doesNotThrow(() => w.acp.prepare(workspace));
    assert.ok(
      await waitFor(() => w.started.some((s) => s.command === b.binPath && s.memory.sent().some((m) => m.method === 'session/set_mode')), 5000),
      'no process of the new binary was prepared',
    );
    const o = await (await w.selector.current()).runTurn(req());
    assert.ok(o.ok, JSON.stringify(o));
    assert.deepStrictEqual(
      w.started.filter(prompted).map((s) => s.command),
      [w.a.binPath, b.binPath],
    );
  });

  it('a turn’s handshake gets the first-output deadline: an agent that never answers initialize fails the turn at that time, not before', async () => {
    const w = world({ scenario: { handshake: 'hang' }, run: { firstOutputTimeoutMs: 400 } });
    let outcome: BackendTurnOutcome | undefined;
    const turn = (await w.selector.current()).runTurn(req()).then((o) => (outcome = o));
    assert.ok(await waitFor(() => w.started.some((s) => s.memory.sent().some((m) => m.method === 'initialize')), 5000), 'no handshake was sent');
    await w.clock.tick(399);
    assert.strictEqual(outcome, undefined, 'the handshake was given less than the 0.4 s first-output deadline');
    await w.clock.tick(1);
    assert.ok(outcome, 'the handshake was given more than the 0.4 s first-output deadline');
    const o = await turn;
    assert.ok(!o.ok && o.error.kind === 'timeout', JSON.stringify(o));
  });

  it('a warm process whose handshake failed is ended at once, not left for a turn or the idle time', async () => {
    const w = world({ scenario: { handshake: 'hang' }, run: { firstOutputTimeoutMs: 400 } });
    await w.selector.current();
    w.acp.prepare(workspace);
    assert.ok(await waitFor(() => w.started.length === 1, 2000), 'no process was prepared');
    await w.clock.tick(399);
    assert.strictEqual(w.started[0]!.killed, false, 'the process was ended before its handshake failed');
    await w.clock.tick(1);
    assert.ok(await waitFor(() => w.started[0]!.killed, 3000), 'the process whose handshake failed still runs');
  });

  it('cursorAgent.acp.idleMinutes is minutes: 0.02 (1.2 s) keeps an idle process until 1.2 s and ends it then', async () => {
    const w = world({ settings: { 'acp.idleMinutes': 0.02 } });
    await w.selector.current();
    w.acp.prepare(workspace);
    assert.ok(await waitFor(() => w.started.length === 1 && w.started[0]!.memory.sent().some((m) => m.method === 'session/set_mode'), 3000));
    await w.clock.tick(1199);
    assert.strictEqual(w.started[0]!.killed, false, 'an idle process ended before its idle time');
    await w.clock.tick(1);
    assert.strictEqual(w.started[0]!.killed, true, 'the idle process was not ended at its idle time');
  });

  it('warm start on: a ready window with one folder starts one cursor-agent acp process waiting with a session for the first question', async () => {
    const w = world();
    assert.strictEqual((await w.auth.refresh({ force: true })).state, 'ready');
    await w.selector.current();
    w.warm();
    assert.ok(
      await waitFor(() => w.started.length === 1 && w.started[0]!.memory.sent().some((m) => m.method === 'session/set_mode'), 3000),
      'no process was warmed',
    );
    assert.strictEqual(w.started[0]!.killed, false);
  });

  it('cursorAgent.acp.warmStart off: nothing starts when the window opens, the model list’s process ends once listed, and no spare session waits after a turn', async () => {
    const w = world({ settings: { 'acp.warmStart': false } });
    assert.strictEqual((await w.auth.refresh({ force: true })).state, 'ready');
    await w.selector.current();
    w.warm();
    await sleep(300); // proves a negative: a warm-up would have started a process by now (it does in the test above)
    assert.strictEqual(w.started.length, 0, 'a process was started with the warm start off');
    const list = await w.acp.models(workspace);
    assert.ok(list.models.length > 0, 'no models listed');
    assert.ok(await waitFor(() => w.started.length === 1 && w.started[0]!.killed, 3000), 'the process that listed the models still waits');
    const o = await (await w.selector.current()).runTurn(req());
    assert.ok(o.ok, JSON.stringify(o));
    assert.strictEqual(w.started.length, 2, 'the question did not start its own process');
    await sleep(300); // proves a negative: the spare after a turn is made at once when warm start is on
    const sessions = w.started[1]!.memory.sent().filter((m) => m.method === 'session/new').length;
    assert.strictEqual(sessions, 1, 'a spare session was made after the turn with the warm start off');
  });

  it('the agent is started with the allowlisted environment, not the extension host’s', async () => {
    const w = world({ hostEnv: { CURSOR_AGENT_TEST_HOST_SECRET: 'host-only-value', HTTPS_PROXY: 'http://proxy.example:3128' } });
    const o = await (await w.selector.current()).runTurn(req());
    assert.ok(o.ok);
    const env = w.started[0]!.env;
    assert.strictEqual(env.CURSOR_AGENT_TEST_HOST_SECRET, undefined, 'a variable outside the allowlist reached the agent');
    assert.strictEqual(env.HTTPS_PROXY, 'http://proxy.example:3128', 'an allowlisted variable did not reach the agent');
  });
});
