/**
 * The model picker and Switch Model in ACP mode list what the ACP server accepts (its session's list,
 * not `cursor-agent models`, whose ids ACP rejects), in both spellings the CLI uses; a model chosen there
 * reaches the session with `session/set_config_option`; one it does not know is reported, not replaced.
 */
import * as assert from 'node:assert/strict';
import { AcpBackend } from '../../../src/acp/acpBackend';
import { acpModelInfos } from '../../../src/acp/models';
import { describeError } from '../../../src/cli/errors';
import type { BackendId } from '../../../src/turn/chatBackend';
import { listingOf, ModelCatalog } from '../../../src/services/models/modelCatalog';
import { parseModelsOutput } from '../../../src/cli/models';
import { memoryAcp, MemoryAcp } from '../../fixtures/acp/memoryTransport';
import type { FakeAcpScenario } from '../../fixtures/acp/scenario';
import { MemoryLogger } from '../../support/logger';

const WORKSPACE = '/work/project';
const CLI_MODELS = 'Available models\n\nauto - Auto\ngpt-5 - GPT-5\n';

function setup(scenario: FakeAcpScenario) {
  const processes: MemoryAcp[] = [];
  const acp = new AcpBackend({
    start: () => {
      const m = memoryAcp({ commandsBytes: 100, turn: { kind: 'answer', text: 'ok' }, ...scenario });
      processes.push(m);
      return m.transport;
    },
    client: { initializeTimeoutMs: 2000, setupTimeoutMs: 2000 },
    turn: { cancelGraceMs: 500 },
  });
  let backend: BackendId = 'acp';
  const catalog = new ModelCatalog(
    {
      backend: async () => backend,
      list: { print: async () => parseModelsOutput(CLI_MODELS), acp: async () => listingOf(acpModelInfos(await acp.models(WORKSPACE))) },
    },
    new MemoryLogger(),
    () => 3_600_000,
  );
  const sets = () =>
    processes
      .flatMap((p) => p.sent())
      .filter((m) => m.method === 'session/set_config_option')
      .map((m) => m.params as Record<string, unknown>);
  const prompts = () => processes.flatMap((p) => p.sent()).filter((m) => m.method === 'session/prompt').length;
  return { acp, catalog, sets, prompts, use: (b: BackendId) => (backend = b) };
}

async function turn(acp: AcpBackend, model: string) {
  return acp.runTurn({ workspace: WORKSPACE, mode: 'plan', prompt: 'hi', model, onEvent: () => undefined });
}

describe('Models in ACP mode', () => {
  it('the picker lists the ACP server’s bracketed variants (not cursor-agent models), Auto as default, and a chosen one reaches the session', async () => {
    const s = setup({});
    const snap = await s.catalog.get();
    assert.equal(snap.backend, 'acp');
    const ids = snap.models.map((m) => m.id);
    // Auto under the id print mode uses too (the picker keeps it when the backend changes).
    assert.ok(ids.includes('composer-2.5[fast=true]') && ids.includes('auto') && !ids.includes('default[]'), ids.join(' '));
    assert.ok(!ids.includes('gpt-5'), 'no id from cursor-agent models');
    const opus = snap.models.find((m) => m.id.startsWith('claude-opus-5['));
    assert.deepEqual(opus && { label: opus.label, context: opus.contextTokens }, { label: 'claude-opus-5 300K High Thinking', context: 300_000 });
    assert.equal(snap.models.find((m) => m.isDefault)?.label, 'Auto');
    assert.equal(snap.models.find((m) => m.isCurrent)?.id, 'composer-2.5[fast=true]');
    const o = await turn(s.acp, opus!.id);
    assert.ok(o.ok, JSON.stringify(o));
    assert.deepEqual(
      s.sets().map((p) => [p.configId, p.value]),
      [['model', opus!.id]],
    );
    s.acp.dispose();
  });

  it('with the parameterized form the picker lists bare names, and a chosen one reaches the session', async () => {
    const s = setup({ modelForm: 'parameterized' });
    const snap = await s.catalog.get();
    const ids = snap.models.map((m) => m.id);
    assert.ok(ids.includes('composer-2.5') && ids.includes('auto') && !ids.some((id) => id.includes('[')), ids.join(' '));
    assert.equal(snap.models.find((m) => m.isDefault)?.label, 'Auto');
    const o = await turn(s.acp, 'claude-opus-5');
    assert.ok(o.ok, JSON.stringify(o));
    assert.deepEqual(
      s.sets().map((p) => [p.configId, p.value]),
      [['model', 'claude-opus-5']],
    );
    s.acp.dispose();
  });

  it('Auto chosen in the picker (id auto) reaches the ACP session as its Auto model', async () => {
    const s = setup({});
    assert.equal((await s.catalog.get()).models.find((m) => m.isDefault)?.id, 'auto');
    const o = await turn(s.acp, 'auto');
    assert.ok(o.ok, JSON.stringify(o));
    assert.deepEqual(
      s.sets().map((p) => [p.configId, p.value]),
      [['model', 'default[]']],
    );
    s.acp.dispose();
  });

  it('a model chosen in print mode that ACP does not know is reported with Switch Model, never replaced or prompted', async () => {
    const s = setup({});
    const o = await turn(s.acp, 'gpt-5');
    assert.ok(!o.ok);
    assert.equal(o.error.kind, 'unknownModel');
    assert.match(o.error.userMessage, /ACP server does not accept the model `gpt-5`.*names models differently from `cursor-agent models`/);
    assert.deepEqual(o.error.actions, ['switchModel']);
    assert.deepEqual(s.sets(), [], 'no other model set in its place');
    assert.equal(s.prompts(), 0);
    s.acp.dispose();
  });

  it('an ACP model id in print mode is reported as one, with Switch Model', () => {
    const e = describeError('unknownModel', { model: 'composer-2.5[fast=true]', knownModels: ['auto', 'gpt-5'] });
    assert.match(
      e.message,
      /That is an ACP model id; print mode \(the backend in use\) takes the ids `cursor-agent models` lists\. Available: auto, gpt-5\./,
    );
    assert.deepEqual(e.actions, ['switchModel']);
  });

  it('switching the backend lists the other backend’s models', async () => {
    const s = setup({});
    s.use('print');
    assert.deepEqual(
      (await s.catalog.get()).models.map((m) => m.id),
      ['auto', 'gpt-5'],
    );
    s.use('acp');
    assert.ok((await s.catalog.get()).models.some((m) => m.id === 'composer-2.5[fast=true]'));
    s.use('print');
    assert.deepEqual(
      (await s.catalog.get()).models.map((m) => m.id),
      ['auto', 'gpt-5'],
    );
    s.acp.dispose();
  });
});
