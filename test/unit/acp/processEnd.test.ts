/**
 * `cursor-agent acp` (the fake, a real process) never outlives what started it: stopped, disposed,
 * or with the extension host killed, no process of its tree is left, even one that ignores SIGTERM,
 * one it left in its group, or one that double-forked out of it (setsid). Once the agent has exited,
 * only its group is signalled, never its pid (which may have been reused).
 */
import * as assert from 'assert';
import { spawn } from 'child_process';
import * as path from 'path';
import { AcpClient } from '../../../src/acp/client';
import { NodeAcpTransport } from '../../../src/node/acpProcess';
import { NodeProcessRunner } from '../../../src/node/nodeProcessRunner';
import { systemHelperOnPath, TreeWalk } from '../../../src/node/treeWalk';
import { createFakeAcpCli, FakeAcpCli } from '../../fixtures/acp/fakeAcpCli';
import type { FakeAcpScenario } from '../../fixtures/acp/scenario';
import { sleep, waitFor } from '../../support/waits';
import { waitSync } from '../node/runHarness';

const cwd = process.cwd();
const linux = process.platform === 'linux';

describe('an ACP process never outlives its host', function () {
  this.timeout(20_000);
  let cli: FakeAcpCli | undefined;
  let runner: NodeProcessRunner | undefined;
  afterEach(() => {
    runner?.dispose();
    cli?.cleanup();
    runner = undefined;
  });

  /** The fake agent and the children `scenario` asks for, all running, through the extension's runner. */
  async function started(
    scenario: FakeAcpScenario,
    killGraceMs = 2000,
    treeWalk?: TreeWalk,
  ): Promise<{ transport: NodeAcpTransport; client: AcpClient; pids: number[] }> {
    cli = createFakeAcpCli({ acp: scenario });
    runner = new NodeProcessRunner(undefined, treeWalk ? { treeWalk } : {});
    const transport = new NodeAcpTransport(
      { launch: { command: cli.binPath, args: ['acp'] }, cwd, env: { PATH: process.env.PATH ?? '' }, killGraceMs },
      runner,
    );
    const client = new AcpClient(transport, { initializeTimeoutMs: 5000, setupTimeoutMs: 5000 });
    await client.initialize();
    const want = 1 + (scenario.children?.length ?? 0);
    assert.ok(
      await waitFor(() => cli!.livePids().length === want, 5000),
      `the agent and its children did not all start: ${JSON.stringify(cli.pids())}`,
    );
    return { transport, client, pids: cli.livePids() };
  }

  it('Stop: an agent that ignores SIGTERM, its group child and its setsid escapee are all gone within 5 s', async function () {
    if (!linux) this.skip(); // real POSIX signals, groups and setsid, checked through /proc
    const { transport } = await started({ ignoreSigterm: true, children: ['group', 'escaped'] }, 500);
    transport.kill();
    const gone = await waitFor(() => transport.exited && cli!.livePids().length === 0, 5000);
    assert.ok(gone, `still running after Stop: ${JSON.stringify(cli!.livePids())}`);
  });

  it('Stop walks the agent’s tree with the runner’s tree-kill walk, as a print run’s Stop (ps present)', async function () {
    if (!linux || systemHelperOnPath('ps', process.env.PATH) === undefined) this.skip(); // real POSIX signals, groups and setsid, checked through /proc
    const walked: number[] = [];
    const walk = new TreeWalk({ treeKill: (pid, _signal, done) => (walked.push(pid), done()) });
    const { transport } = await started({ children: ['group', 'escaped'] }, 2000, walk);
    transport.kill();
    assert.ok(await waitFor(() => transport.exited && cli!.livePids().length === 0, 5000), `still running: ${JSON.stringify(cli!.livePids())}`);
    assert.deepStrictEqual(walked, [transport.pid]);
  });

  it('an agent that exits by itself takes what it left in its group with it', async function () {
    if (!linux) this.skip(); // real POSIX signals, groups and setsid, checked through /proc
    // Without the run marker in its environment: only the signal to the agent's group can reach it.
    const { transport, client } = await started({ children: ['groupWithoutMarker'], turn: { kind: 'die' } });
    const session = await client.newSession(cwd);
    await client
      .prompt(session.id, [{ type: 'text', text: 'die' }], { update: () => undefined, agentEvents: () => undefined })
      .catch(() => undefined);
    assert.ok(await waitFor(() => transport.exited, 3000), 'the agent did not exit');
    const gone = await waitFor(() => cli!.livePids().length === 0, 5000);
    assert.ok(gone, `left in its group after it exited: ${JSON.stringify(cli!.livePids())}`);
  });

  it('once the agent has exited, its pid is never signalled again (it may be another process now), only its live group', async function () {
    if (!linux) this.skip(); // real POSIX signals, groups and setsid, checked through /proc
    const { transport, client, pids } = await started({ ignoreSigterm: true, children: ['groupWithoutMarker'], turn: { kind: 'die' } }, 300);
    const agent = transport.pid!;
    assert.ok(pids.includes(agent));
    const signals: Array<{ pid: number; signal: unknown; afterExit: boolean }> = [];
    const realKill = process.kill.bind(process);
    process.kill = ((pid: number, signal?: string | number) => {
      if (Math.abs(pid) === agent && signal !== 0) signals.push({ pid, signal, afterExit: transport.exited });
      return realKill(pid, signal);
    }) as typeof process.kill;
    try {
      const session = await client.newSession(cwd);
      await client
        .prompt(session.id, [{ type: 'text', text: 'die' }], { update: () => undefined, agentEvents: () => undefined })
        .catch(() => undefined);
      assert.ok(await waitFor(() => transport.exited && cli!.livePids().length === 0, 5000), `left running: ${JSON.stringify(cli!.livePids())}`);
      transport.kill(); // Stop after the exit: nothing left to signal
      await sleep(400); // proves a negative (no signal to the exited pid): the 300 ms kill grace would have escalated by now
    } finally {
      process.kill = realKill;
    }
    const toPid = signals.filter((s) => s.afterExit && s.pid > 0);
    assert.deepStrictEqual(toPid, [], 'the exited agent’s pid was signalled');
    assert.ok(
      signals.some((s) => s.pid === -agent),
      'its group (with the child it left) was never signalled',
    );
  });

  it('dispose (the host shutting down): nothing of the tree is left 3 s later, with no timer of the host running meanwhile', async function () {
    if (!linux) this.skip(); // real POSIX signals, groups and setsid, checked through /proc
    await started({ ignoreSigterm: true, children: ['group', 'escaped'] });
    runner!.dispose();
    // The host may exit right after dispose returns: wait without letting any timer or callback of ours run.
    const gone = waitSync(() => cli!.livePids().length === 0, 3000);
    assert.ok(gone, `still running 3 s after dispose: ${JSON.stringify(cli!.pids().filter((p) => cli!.livePids().includes(p.pid)))}`);
  });

  it('the extension host killed with SIGKILL: no process of the agent’s tree is left 5 s later', async function () {
    if (!linux) this.skip(); // real POSIX signals, groups and setsid, checked through /proc
    cli = createFakeAcpCli({ acp: { ignoreSigterm: true, children: ['group', 'escaped'] } });
    const host = spawn(process.execPath, [path.join(__dirname, '..', '..', 'fixtures', 'acp', 'dyingHost.js'), cli.binPath], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    host.stdout.on('data', (c: Buffer) => (out += c.toString()));
    try {
      assert.ok(
        await waitFor(() => /^ready /m.test(out) && cli!.livePids().length === 3, 10_000),
        `the host did not get ready: ${out} ${JSON.stringify(cli.pids())}`,
      );
      host.kill('SIGKILL');
      const gone = await waitFor(() => cli!.livePids().length === 0, 5000);
      assert.ok(gone, `still running 5 s after the host was killed: ${JSON.stringify(cli.pids().filter((p) => cli!.livePids().includes(p.pid)))}`);
    } finally {
      host.kill('SIGKILL');
    }
  });

  it('the agent gets the environment it was given (the allowlist) and its run marker, nothing else of the host’s', async () => {
    process.env.CURSOR_AGENT_TEST_HOST_SECRET = 'host-only-value';
    try {
      await started({});
    } finally {
      delete process.env.CURSOR_AGENT_TEST_HOST_SECRET;
    }
    const env = [...cli!.acpEnv().values()][0];
    assert.ok(env, 'the agent recorded no environment');
    const keys = Object.keys(env)
      .filter((k) => !['FAKE_CURSOR_DIR', 'ELECTRON_RUN_AS_NODE', 'PWD', 'SHLVL', '_'].includes(k))
      .sort();
    assert.deepStrictEqual(keys, ['CURSOR_AGENT_VSCODE_RUN', 'PATH']);
  });
});
