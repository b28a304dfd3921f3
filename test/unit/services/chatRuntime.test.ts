/**
 * The policies the runtime (src/services/engine/chatRuntime.ts) owns, over the fake CLI and
 * in-memory ACP processes: where ACP may list models (a trusted window only), when a session is
 * warmed (one trusted folder, a ready CLI), and what granting trust starts (the ACP support check).
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { nodeHostEnvironment } from '../../../src/node/nodeHost';
import { NodeProcessRunner } from '../../../src/node/nodeProcessRunner';
import type { ChatRuntime, RuntimeAdapters } from '../../../src/services/engine/chatRuntime';
import { DEFAULT_SETTINGS, type Settings } from '../../../src/services/settingsSchema';
import { createFakeAcpCli, type FakeAcpCli } from '../../fixtures/acp/fakeAcpCli';
import { memoryAcp, type MemoryAcp } from '../../fixtures/acp/memoryTransport';
import { MemoryLogger } from '../../support/logger';
import { nodeRuntime } from '../../support/runtime';
import { waitFor } from '../../support/waits';
import { mapModel } from '../../../src/services/models/modelMapping';

describe('the runtime: its policies', function () {
  this.timeout(20_000);
  let fake: FakeAcpCli | undefined;
  let runner: NodeProcessRunner | undefined;
  let rt: ChatRuntime | undefined;
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of rt?.disposables ?? []) d.dispose();
    runner?.dispose();
    fake?.cleanup();
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });

  const folder = () => {
    const d = fs.mkdtempSync(path.join(fs.realpathSync(os.tmpdir()), 'rt-ws-'));
    dirs.push(d);
    return d;
  };

  /** A window: `trusted` and `folders` may change; `backend` is `cursorAgent.backend`. */
  function world(o: {
    backend: Settings['backend'];
    trusted: boolean;
    folders: string[];
    env?: Record<string, string>;
    servers?: RuntimeAdapters['servers'];
  }) {
    fake = createFakeAcpCli();
    const logger = new MemoryLogger();
    runner = new NodeProcessRunner(logger);
    const win = { ...o };
    let acpStarts = 0;
    const agents: MemoryAcp[] = [];
    const user: Settings = { ...DEFAULT_SETTINGS, backend: o.backend, path: fake.binPath };
    rt = nodeRuntime({
      runner,
      host: nodeHostEnvironment({ ...process.env, ...o.env }, process.platform),
      logger,
      settings: () => user,
      workspace: { isTrusted: () => win.trusted, folders: () => win.folders },
      runSettings: () => ({ firstOutputTimeoutMs: 5000, inactivityTimeoutMs: 5000, killGraceMs: 500, shortCommandTimeoutMs: 10_000 }),
      ...(o.servers ? { servers: o.servers } : {}),
      startTransport: () => {
        acpStarts++;
        const m = memoryAcp({ commandsBytes: 100 });
        agents.push(m);
        return m.transport;
      },
    });
    const warmed: string[] = [];
    const detections: string[] = [];
    rt.selector.warm = (f) => void warmed.push(f);
    rt.selector.detectInBackground = () => void detections.push('detect');
    return { rt, win, user, logger, warmed, detections, acpStarts: () => acpStarts, agents };
  }

  it('untrusted window: the model list is print mode’s (cursor-agent models) and no ACP process starts to list models', async () => {
    const w = world({ backend: 'acp', trusted: false, folders: [folder()] });
    const snap = await w.rt.catalog.get();
    assert.notEqual(snap.backend, 'acp');
    assert.ok(snap.models.length > 0, 'print mode’s list');
    assert.equal(w.acpStarts(), 0);
    assert.ok(
      fake!.invocations().some((i) => i.argv[0] === 'models'),
      '`cursor-agent models` listed them',
    );
  });

  it('trusted window with cursorAgent.backend acp: the model list is the ACP server’s', async () => {
    const w = world({ backend: 'acp', trusted: true, folders: [folder()] });
    const snap = await w.rt.catalog.get();
    assert.equal(snap.backend, 'acp');
    assert.ok(w.acpStarts() > 0);
    assert.ok(!fake!.invocations().some((i) => i.argv[0] === 'models'), 'no `cursor-agent models`');
  });

  it('warms a session only with one trusted folder and a ready CLI', async () => {
    const one = folder();
    const w = world({ backend: 'acp', trusted: true, folders: [one] });
    w.rt.warm();
    assert.deepEqual(w.warmed, [], 'not before the CLI is ready');
    assert.equal((await w.rt.auth.refresh()).state, 'ready');
    w.win.trusted = false;
    w.rt.warm();
    assert.deepEqual(w.warmed, [], 'not in an untrusted window');
    w.win.trusted = true;
    w.win.folders = [one, folder()];
    w.rt.warm();
    assert.deepEqual(w.warmed, [], 'not with two folders (which one is the turn’s to ask)');
    w.win.folders = [];
    w.rt.warm();
    assert.deepEqual(w.warmed, [], 'not without a folder');
    w.win.folders = [one];
    w.rt.warm();
    assert.deepEqual(w.warmed, [one]);
  });

  it('checks ACP support once the CLI is ready in a trusted window, and when trust is granted', async () => {
    const w = world({ backend: 'auto', trusted: false, folders: [folder()] });
    assert.equal((await w.rt.auth.refresh()).state, 'ready');
    assert.deepEqual(w.detections, [], 'a restricted window runs nothing but the status probe');
    w.win.trusted = true;
    await w.rt.trustGranted();
    assert.deepEqual(w.detections, ['detect'], 'trust granted: probed again, then checked');
  });

  it('a print-mode turn while the picker holds ACP’s list lists print mode’s models; then a model only ACP listed is reported, not run', async () => {
    const ws = folder();
    const w = world({ backend: 'acp', trusted: true, folders: [ws] });
    assert.equal((await w.rt.catalog.get()).backend, 'acp');
    w.user.backend = 'print';
    const turns = () => fake!.invocations().filter((i) => i.argv.includes('-p')).length;
    const first = await w.rt.flow.runPlanned({ workspace: ws, mode: 'ask', prompt: 'hi', onEvent: () => undefined });
    assert.equal(first.status, 'answered', JSON.stringify(first));
    assert.ok(await waitFor(() => w.rt.catalog.peek().backend !== 'acp', 5000), 'the list follows print mode');
    const snap = w.rt.catalog.peek();
    // One with no print-mode model of the same family and options (those run as it: modelMapping.ts).
    const printIds = snap.models.map((p) => p.id);
    const acpOnly = snap.other?.models.find((m) => !printIds.includes(m.id) && mapModel(m.id, printIds).kind === 'none')?.id;
    assert.ok(acpOnly, `a model only ACP lists (${JSON.stringify(snap.other?.models.map((m) => m.id))})`);
    const before = turns();
    const second = await w.rt.flow.runPlanned({ workspace: ws, mode: 'ask', model: acpOnly, prompt: 'hi', onEvent: () => undefined });
    assert.equal(second.status === 'failed' && second.error.kind, 'unknownModel', JSON.stringify(second));
    assert.equal(turns(), before, 'nothing run');
  });

  it('a saved print-mode slug runs as its ACP variant when ACP answers again while the model list is still print mode’s', async () => {
    const ws = folder();
    const w = world({ backend: 'acp', trusted: true, folders: [ws] });
    const acpIds = (await w.rt.catalog.get()).models.map((m) => m.id);
    const variant = 'grok-4.6[effort=high,fast=true]';
    assert.ok(acpIds.includes(variant), JSON.stringify(acpIds));
    w.user.backend = 'print';
    assert.equal((await w.rt.flow.runPlanned({ workspace: ws, mode: 'ask', prompt: 'hi', onEvent: () => undefined })).status, 'answered');
    assert.ok(await waitFor(() => w.rt.catalog.peek().backend === 'print', 5000), 'the list follows print mode');
    w.user.backend = 'acp';
    const r = await w.rt.flow.runPlanned({ workspace: ws, mode: 'ask', model: 'cursor-grok-4.6-high', prompt: 'hi', onEvent: () => undefined });
    assert.equal(r.status, 'answered', JSON.stringify(r));
    const values = w.agents
      .flatMap((a) => a.sent())
      .filter((m) => m.method === 'session/set_config_option')
      .map((m) => (m.params as { value: unknown }).value);
    assert.ok(values.includes(variant), `the agent was asked for ${JSON.stringify(values)}`);
  });

  it('start: the first status probe, and a SOCKS proxy the CLI cannot use is warned about (without its URL)', async () => {
    const w = world({ backend: 'print', trusted: true, folders: [folder()], env: { HTTPS_PROXY: 'socks5://user:secret@proxy:1080' } });
    await w.rt.start();
    assert.equal(w.rt.auth.state.state, 'ready');
    assert.ok(
      w.logger.lines.some((l) => l.startsWith('warn [env] HTTPS_PROXY points at a socks5:// proxy')),
      w.logger.text,
    );
    assert.doesNotMatch(w.logger.text, /secret/);
  });

  it('a ready CLI in a trusted window starts the check', async () => {
    const w = world({ backend: 'auto', trusted: true, folders: [folder()] });
    await w.rt.auth.refresh();
    assert.deepEqual(w.detections, ['detect']);
  });

  it('builds the editor tools and the ask server from its adapter: started only where the gate lets the agent run, each while its setting is on', async () => {
    const started: string[] = [];
    const closed: string[] = [];
    const server = (name: string) => ({
      name,
      url: 'http://127.0.0.1:9/mcp',
      spec: () => ({ name, type: 'http' as const, url: 'http://127.0.0.1:9/mcp', headers: [] }),
      headers: () => ({}),
      close: async () => void closed.push(name),
    });
    const servers = {
      editorTools: async () => (started.push('editorTools'), server('editorTools')),
      ask: async (s: { flow: unknown; catalog: unknown }) => {
        assert.ok(s.flow === rt?.flow && s.catalog === rt?.catalog, "the ask server runs on the runtime's own turns");
        return (started.push('ask'), server('ask'));
      },
    };
    const w = world({ backend: 'acp', trusted: false, folders: [folder()], servers });
    assert.deepEqual(await w.rt.editorTools.servers(), [], 'untrusted: no editor tools');
    assert.deepEqual(await w.rt.askServer.definitions(), [], 'untrusted: no ask server');
    assert.deepEqual(started, []);
    w.win.trusted = true;
    assert.equal((await w.rt.editorTools.servers()).length, 1);
    assert.equal((await w.rt.askServer.definitions()).length, 1);
    assert.deepEqual(started, ['editorTools', 'ask']);
    w.user.askServer = false;
    w.rt.settingsChanged(new Set(['askServer']));
    assert.ok(await waitFor(() => closed.includes('ask'), 5000), 'the ask server did not stop');
    assert.deepEqual(await w.rt.askServer.definitions(), []);
  });
});
