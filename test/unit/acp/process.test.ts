/** The fake ACP CLI as a real process, through the Node transport: what the extension will run. */
import * as assert from 'assert';
import { spawnSync } from 'child_process';
import { AcpClient } from '../../../src/acp/client';
import { AcpFailure } from '../../../src/acp/failures';
import { helpSaysAcp, isAcpInitializeResult } from '../../../src/acp/support';
import { runAcpTurn } from '../../../src/acp/turn';
import type { TurnEvent } from '../../../src/turn/events';
import { NodeAcpTransport } from '../../../src/node/acpProcess';
import { answerTextOf, CAPTURES, initializeResultOf } from '../../fixtures/acp/captures';
import { createFakeAcpCli, FakeAcpCli } from '../../fixtures/acp/fakeAcpCli';
import { waitFor } from '../../support/waits';

const cwd = process.cwd();

function start(cli: FakeAcpCli, initializeTimeoutMs = 5000): { client: AcpClient; transport: NodeAcpTransport } {
  const transport = new NodeAcpTransport({
    launch: { command: cli.binPath, args: ['acp'] },
    cwd,
    env: { PATH: process.env.PATH ?? '' },
    killGraceMs: 500,
  });
  return { transport, client: new AcpClient(transport, { initializeTimeoutMs, setupTimeoutMs: 5000, platform: process.platform }) };
}

describe('the fake ACP CLI as a process', function () {
  this.timeout(20000);
  let cli: FakeAcpCli | undefined;
  afterEach(() => cli?.cleanup());

  it('answers `acp --help` with the ACP server line, and an old CLI without acp does not', () => {
    cli = createFakeAcpCli();
    assert.match(
      spawnSync(cli.binPath, ['acp', '--help'], { encoding: 'utf8' }).stdout,
      /Start the Cursor Agent as an ACP \(Agent Client Protocol\) server/,
    );
    cli.setAcpScenario({ acp: 'absent' });
    const old = spawnSync(cli.binPath, ['acp', '--help'], { encoding: 'utf8' });
    assert.doesNotMatch(old.stdout, /ACP/);
    assert.strictEqual(
      spawnSync(cli.binPath, ['--version'], { encoding: 'utf8' }).stdout.trim(),
      '2026.10.01-e373342',
      'print-mode commands still work',
    );
  });

  it('replays the create-plan capture through a real process: exact text, two turns in one process, none left after kill', async () => {
    cli = createFakeAcpCli({
      acp: {
        turns: [
          { kind: 'capture', file: CAPTURES.createPlan },
          { kind: 'answer', text: 'Second.' },
        ],
      },
    });
    const { client, transport } = start(cli);
    await client.initialize();
    const s = await client.newSession(cwd);
    const events: TurnEvent[] = [];
    const r1 = await runAcpTurn(
      client,
      s,
      { workspace: cwd, mode: 'plan', prompt: 'Plan it', onEvent: (e) => events.push(e) },
      { cancelGraceMs: 1000 },
    );
    assert.ok(r1.ok && r1.text === answerTextOf(CAPTURES.createPlan), JSON.stringify(r1));
    const r2 = await runAcpTurn(client, s, { workspace: cwd, mode: 'plan', prompt: 'Again', onEvent: () => undefined }, { cancelGraceMs: 1000 });
    assert.ok(r2.ok && r2.text === 'Second.');
    assert.strictEqual(cli.livePids().length, 1, 'one process served both turns');
    const log = [...cli.acpLog().values()][0];
    assert.deepStrictEqual(log!.filter((l) => l.dir === 'out' && l.msg.method === 'cursor/create_plan').length, 1);
    assert.ok(log!.some((l) => l.dir === 'in' && (l.msg.result as { accepted?: boolean } | undefined)?.accepted === true));
    transport.kill();
    assert.ok(await waitFor(() => transport.exited && cli!.livePids().length === 0, 3000), 'the transport did not exit, or its processes live on');
  });

  it('a CLI without acp fails the handshake as a transport failure (auto falls back to print mode)', async () => {
    cli = createFakeAcpCli({ acp: { acp: 'absent' } });
    const { client } = start(cli);
    const err = await client.initialize().then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.ok(err instanceof AcpFailure && err.transport, String(err));
  });

  it('a silent `acp` times out the handshake, and killing it leaves no process', async () => {
    cli = createFakeAcpCli({ acp: { acp: 'silent' } });
    const { client, transport } = start(cli, 300);
    const err = await client.initialize().then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.ok(err instanceof AcpFailure && err.transport && err.error.kind === 'timeout');
    transport.kill();
    assert.ok(await waitFor(() => transport.exited && cli!.livePids().length === 0, 3000), 'the transport did not exit, or its processes live on');
  });
});

describe('ACP support detection', () => {
  it('tells the ACP help text and initialize answer from an old CLI’s', () => {
    const cli = createFakeAcpCli();
    try {
      assert.strictEqual(helpSaysAcp(spawnSync(cli.binPath, ['acp', '--help'], { encoding: 'utf8' }).stdout), true);
      cli.setAcpScenario({ acp: 'absent' });
      assert.strictEqual(helpSaysAcp(spawnSync(cli.binPath, ['acp', '--help'], { encoding: 'utf8' }).stdout), false);
    } finally {
      cli.cleanup();
    }
    assert.strictEqual(isAcpInitializeResult(initializeResultOf(CAPTURES.windowsInitialize)), true);
    assert.strictEqual(isAcpInitializeResult({ type: 'system' }), false);
  });
});
