// The ACP backend (`cursor-agent acp`) on Windows Node.js: started as the
// extension starts it (createBackends with the Node transport, the launcher's
// Windows launch plan for an npm-style `cursor-agent.cmd`, i.e. through
// `cmd.exe /d /s /c`), stdin kept open for JSON-RPC both ways for two turns,
// and the whole tree (cmd.exe and the agent's node.exe) ended by taskkill /T
// on dispose. What the agent received is the fake's wire log.
//
// Wine's taskkill has no `/T`: a recording taskkill.exe of ours ends the tree
// the way Windows' `/T /F` does (taskkill.ts).
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import type { AcpBackend } from '../../src/acp/acpBackend';
import type { FakeAcpCli } from '../fixtures/acp/fakeAcpCli';
import type { TurnEvent } from '../../src/turn/events';
import { NodeAcpTransport } from '../../src/node/acpProcess';
import type { BackendTurnOutcome } from '../../src/turn/chatBackend';
import { recordingTaskkill, type RecordingTaskkill } from './taskkill';
import { waitFor } from '../support/waits';
import { freshDir, installFake, npmStyleShim, running, windowsEnv, type WindowsInstall } from './windowsInstall';
import { collectText, makeWorld, type World } from './world';

const win = path.win32;

const ANSWERS = ['First answer over ACP: "quotes", 100% & <angles>, ünïcödé ✓', 'Second answer, same process.'];

describe('Windows: the ACP backend (cursor-agent acp)', function () {
  let install: WindowsInstall;
  let shim: string;
  let workspace: string;
  let world: World | undefined;
  let acp: AcpBackend | undefined;
  const transports: NodeAcpTransport[] = [];
  let taskkill: RecordingTaskkill;

  before(function () {
    if (process.platform !== 'win32') this.skip();
    taskkill = recordingTaskkill('emulate');
    install = installFake({ acp: { turns: ANSWERS.map((text) => ({ kind: 'answer' as const, text })) } });
    shim = npmStyleShim(install, win.join(install.localAppData, '..', 'Roaming', 'npm'));
    workspace = freshDir('Users', 'A User', 'source', 'My Project');
  });
  afterEach(async () => {
    acp?.dispose();
    await waitFor(() => transports.every((t) => t.exited), 10_000); // no taskkill of ours outlives the tests
    world?.dispose();
    acp = undefined;
    world = undefined;
  });
  after(() => {
    taskkill?.restore();
    install?.fake.cleanup();
  });
  /** The ACP backend as src/extension.ts builds it, with `cursorAgent.backend: acp` and `cursorAgent.path` = the `.cmd`. */
  async function startBackend(): Promise<AcpBackend> {
    const env = windowsEnv({
      Path: 'C:\\windows\\system32;C:\\windows',
      LOCALAPPDATA: install.localAppData,
      SystemRoot: taskkill.realSystemRoot,
      NODE_OPTIONS: undefined,
    });
    world = makeWorld(env, {
      configuredPath: shim,
      backend: 'acp',
      startTransport: (o) => {
        const t = new NodeAcpTransport(o);
        transports.push(t);
        return t;
      },
    });
    const built = world.runtime;
    acp = built.acp;
    assert.equal(await built.selector.current(), built.acp, 'cursorAgent.backend: acp runs turns on ACP');
    return built.acp;
  }
  const turn = async (backend: AcpBackend, prompt: string, resumeId?: string) => {
    const events: TurnEvent[] = [];
    const r: BackendTurnOutcome = await backend.runTurn({ workspace, mode: 'plan', prompt, resumeId, onEvent: (e) => events.push(e) });
    assert.ok(r.ok, JSON.stringify(r));
    return { ...r, shown: collectText(events) };
  };
  /** Every `cursor-agent acp` process the fake served and what each received, oldest first (its wire log, whole lines only). */
  const acpLog = () => (install.fake as FakeAcpCli).acpLog();
  const acpPids = () => [...acpLog().keys()];
  const received = (pid: number): Array<Record<string, unknown>> => (acpLog().get(pid) ?? []).filter((l) => l.dir === 'in').map((l) => l.msg);

  it('an ACP session over the cursor-agent.cmd shim answers two turns in one process', async () => {
    const backend = await startBackend();
    const prompts = ['Explain "this": 50% of a&b, C:\\path\\ and ünïcödé', 'And then?'];
    const first = await turn(backend, prompts[0]!);
    assert.equal(first.shown, ANSWERS[0]);
    const second = await turn(backend, prompts[1]!, first.sessionId);
    assert.equal(second.shown, ANSWERS[1]);
    assert.equal(second.sessionId, first.sessionId, 'the second turn continues the same session');

    const plan = await world!.agent.resolveLaunch(['acp']);
    assert.match(plan.command, /\\cmd\.exe$/i, 'an npm-style .cmd runs through cmd.exe /d /s /c');
    assert.match(plan.args.join(' '), /cursor-agent\.cmd" "acp"/i);
    const t = transports[transports.length - 1];
    assert.ok(t!.pid !== undefined && running(t!.pid), 'cmd.exe still runs between turns');
    const pids = acpPids();
    assert.equal(pids.length, 1, `one cursor-agent acp process served both turns (${pids.join(', ')})`);
    assert.notEqual(pids[0], t!.pid, 'cmd.exe stands between the extension and the agent');
    const sent = received(pids[0]!);
    const methods = sent.map((m) => m.method).filter(Boolean);
    // (after the first turn a spare session is prepared: a second session/new, never a second initialize)
    assert.deepEqual(
      methods.filter((m) => m === 'initialize' || m === 'session/prompt'),
      ['initialize', 'session/prompt', 'session/prompt'],
    );
    assert.equal(methods[1], 'session/new');
    const modes = sent.filter((m) => m.method === 'session/set_mode').map((m) => (m.params as { modeId?: string }).modeId);
    assert.ok(modes.length > 0 && modes.every((m) => m === 'plan'), `the session runs in plan mode (${modes.join(', ')})`);
    const promptTexts = sent
      .filter((m) => m.method === 'session/prompt')
      .map((m) => ((m.params as { prompt: Array<{ text?: string }> }).prompt ?? []).map((b) => b.text ?? '').join(''));
    assert.equal(promptTexts.length, 2);
    promptTexts.forEach((p, i) => assert.ok(p.includes(prompts[i]!), `prompt ${i + 1} arrived intact: ${JSON.stringify(p)}`));
  });

  it('disposing the ACP backend on Windows leaves no cursor-agent process (taskkill /T)', async () => {
    const before = new Set(acpPids());
    const backend = await startBackend();
    await turn(backend, 'Hello');
    const t = transports[transports.length - 1];
    const agentPids = acpPids().filter((p) => !before.has(p));
    assert.equal(agentPids.length, 1, 'one agent process started');
    assert.ok(t!.pid !== undefined && running(t!.pid) && running(agentPids[0]), 'cmd.exe and the agent run before dispose');
    backend.dispose();
    assert.ok(await waitFor(() => taskkill.calls().some((c) => c[1] === String(t!.pid)), 5000), 'taskkill was not run');
    assert.deepEqual(
      taskkill.calls().find((c) => c[1] === String(t!.pid)),
      ['/PID', String(t!.pid), '/T', '/F'],
    );
    const gone = await waitFor(() => !running(t!.pid) && !running(agentPids[0]), 5000);
    assert.ok(
      gone,
      `after dispose: cmd.exe ${t!.pid} ${running(t!.pid) ? 'still runs' : 'gone'}, agent node.exe ${agentPids[0]} ${running(agentPids[0]) ? 'still runs' : 'gone'}`,
    );
  });
});
