/**
 * A model chosen under one backend that the other does not know, after the backend changed (the
 * setting, or auto falling back to print mode): VS Code still finds it (out of the picker), so a
 * request for it reaches the extension, which reports it with Switch Model and runs nothing in its place.
 */
import * as assert from 'node:assert/strict';
import { parseModelsOutput, type ModelInfo } from '../../../src/cli/models';
import type { BackendId, BackendSelector, BackendTurnOutcome, BackendTurnRequest, ChatBackend } from '../../../src/turn/chatBackend';
import { ChatTurnFlow } from '../../../src/services/engine/chatTurn';
import { listedModels, modelIdsOf, modelNote, unavailableModel } from '../../../src/services/models/modelAvailability';
import { modelInstead } from '../../../src/services/models/modelMapping';
import { listingOf, ModelCatalog } from '../../../src/services/models/modelCatalog';
import { statusBarView } from '../../../src/services/readiness/statusBarView';
import { MemoryLogger } from '../../support/logger';
import { WorkspaceGate } from '../../../src/services/engine/workspaceGate';

const PRINT_MODELS = 'Available models\n\nauto - Auto\ngpt-5 - GPT-5\n';
const info = (id: string, label = id): ModelInfo => ({ id, label, isDefault: id === 'auto', isCurrent: false });
const ACP_MODELS = [
  info('auto', 'Auto'),
  info('composer-2.5[fast=true]', 'composer-2.5 (fast=true)'),
  info('gpt-5[reasoning=high]', 'gpt-5 (reasoning=high)'),
];

function catalog() {
  let backend: BackendId = 'print';
  const c = new ModelCatalog(
    { backend: async () => backend, list: { print: async () => parseModelsOutput(PRINT_MODELS), acp: async () => listingOf(ACP_MODELS) } },
    new MemoryLogger(),
    () => 3_600_000,
  );
  return { c, use: (b: BackendId) => (backend = b) };
}

/** A backend that records the models it was asked to run and answers. */
class RecordingBackend implements ChatBackend {
  readonly models: Array<string | undefined> = [];
  constructor(readonly id: BackendId) {}
  runTurn(req: BackendTurnRequest): Promise<BackendTurnOutcome> {
    this.models.push(req.model);
    return Promise.resolve({ ok: true, cancelled: false, text: 'ok', durationMs: 1, promptBytes: 1 });
  }
  dispose(): void {}
}

function flowOn(
  backend: ChatBackend,
  c: ModelCatalog,
  fallback?: ChatBackend,
  onBackend: (b: BackendId) => void = () => undefined,
  mapsStaleIds = false,
) {
  const told = new Set<string>();
  const sel: BackendSelector = { current: () => Promise.resolve(backend), fallBack: () => fallback };
  const host = { homeDir: '/home/u', platform: 'linux' as const, realPath: (p: string) => p };
  return new ChatTurnFlow({
    selector: sel,
    logger: new MemoryLogger(),
    gate: new WorkspaceGate({ isTrusted: () => true, folders: () => [] }, host),
    modelCheck: (m, b) => unavailableModel(c.peek(), m, b),
    // As the composition root wires it (services/engine/chatRuntime.ts).
    ...(mapsStaleIds ? { modelInstead: (m: string | undefined, b: BackendId) => modelInstead(m, modelIdsOf(c.peek(), b), told) } : {}),
    onBackend,
    onFailed: () => undefined,
  });
}

const turn = (flow: ChatTurnFlow, model: string) =>
  flow.run({
    folder: () => '/work/project',
    conversation: () => ({ mode: 'plan', model, history: [], message: 'Hi', references: [] }),
    onEvent: () => undefined,
  });

describe('A model chosen under the other backend', () => {
  it('stays in the list VS Code gets after a switch to ACP, out of the picker, with the ACP models in the picker', async () => {
    const { c, use } = catalog();
    await c.get();
    use('acp');
    const snap = await c.get();
    const listed = listedModels(snap, new Set(['auto', 'composer-2.5[fast=true]']), ['gpt-5']);
    assert.deepEqual(
      listed.map((l) => [l.model.id, l.selectable, l.kept ?? false]),
      [
        ['auto', true, false],
        ['composer-2.5[fast=true]', true, false],
        ['gpt-5[reasoning=high]', false, false],
        ['gpt-5', false, true],
      ],
    );
  });

  it('stays listed after switching back to print mode (the ACP ids are kept the same way)', async () => {
    const { c, use } = catalog();
    use('acp');
    await c.get();
    use('print');
    const ids = listedModels(await c.get(), new Set(), [])
      .filter((l) => l.kept)
      .map((l) => l.model.id);
    assert.deepEqual(ids, ['composer-2.5[fast=true]', 'gpt-5[reasoning=high]']);
  });

  it('a Switch Model choice listed by neither backend (e.g. after a reload) stays listed too, so its request is not refused by VS Code', () => {
    const listed = listedModels({ models: ACP_MODELS, backend: 'acp' }, new Set(['auto']), ['gpt-5', undefined, 'auto']);
    assert.deepEqual(
      listed.filter((l) => l.kept).map((l) => [l.model.id, l.selectable]),
      [['gpt-5', false]],
    );
  });

  it('@cursor and vscode.lm: a print-mode model on ACP is reported with Switch Model, naming the backend, and nothing runs', async () => {
    const { c, use } = catalog();
    await c.get();
    use('acp');
    await c.get();
    const acp = new RecordingBackend('acp');
    const r = await turn(flowOn(acp, c), 'gpt-5');
    assert.equal(r.status, 'failed');
    assert.ok(r.status === 'failed');
    assert.equal(r.error.kind, 'unknownModel');
    assert.equal(
      r.error.userMessage,
      "The model `gpt-5` is not available with the ACP backend (the one in use now): it was chosen from the print-mode backend's models, and the two name models differently. " +
        'Nothing was run. Pick another model with "Cursor: Switch Model" or in the model picker (they show the ACP backend\'s models), or set `cursorAgent.backend` to `print` to keep this one.',
    );
    assert.deepEqual(r.error.actions, ['switchModel']);
    assert.deepEqual(acp.models, [], 'no model ran in its place');
  });

  it('auto falling back to print mode: an ACP model is reported on print, never run as another model', async () => {
    const { c, use } = catalog();
    use('acp');
    await c.get();
    use('print');
    await c.get();
    const print = new RecordingBackend('print');
    const r = await turn(flowOn(print, c), 'gpt-5[reasoning=high]');
    assert.ok(r.status === 'failed' && r.error.kind === 'unknownModel', JSON.stringify(r));
    assert.match(r.error.userMessage, /`gpt-5\[reasoning=high\]` is not available with the print-mode backend.*set `cursorAgent.backend` to `acp`/);
    assert.deepEqual(print.models, []);
  });

  it('auto falling back to print mode mid-turn: the model list hears of print mode, and the ACP model is reported on print, not run', async () => {
    const { c, use } = catalog();
    await c.get();
    use('acp');
    await c.get();
    const failing: ChatBackend = {
      id: 'acp',
      runTurn: () => Promise.resolve({ ok: false, error: unavailableModel(c.peek(), 'gpt-5', 'acp')!, shownText: false, transport: true }),
      dispose: () => undefined,
    };
    const print = new RecordingBackend('print');
    const heard: BackendId[] = [];
    const r = await turn(
      flowOn(failing, c, print, (b) => heard.push(b)),
      'composer-2.5[fast=true]',
    );
    assert.deepEqual(heard, ['acp', 'print']);
    assert.ok(r.status === 'failed' && r.backend === 'print' && /not available with the print-mode backend/.test(r.error.message), JSON.stringify(r));
    assert.deepEqual(print.models, []);
  });

  it("a saved print-mode slug runs as its ACP variant even while the model list is print mode's (auto ran a turn there, ACP answers again)", async () => {
    const { c, use } = catalog();
    use('acp');
    await c.get();
    use('print');
    await c.get();
    assert.equal(c.peek().backend, 'print');
    const acp = new RecordingBackend('acp');
    const r = await turn(flowOn(acp, c, undefined, undefined, true), 'gpt-5-high');
    assert.equal(r.status, 'answered', JSON.stringify(r));
    assert.deepEqual(acp.models, ['gpt-5[reasoning=high]']);
  });

  it('Auto, models both backends list, and models no list knows yet still run (the CLI decides)', async () => {
    const { c, use } = catalog();
    await c.get();
    use('acp');
    await c.get();
    const acp = new RecordingBackend('acp');
    for (const m of ['auto', 'composer-2.5[fast=true]', 'never-listed']) assert.equal((await turn(flowOn(acp, c), m)).status, 'answered', m);
    assert.deepEqual(acp.models, ['auto', 'composer-2.5[fast=true]', 'never-listed']);
    // Before any ACP list arrived (the first turn after the switch), nothing is refused on a guess.
    assert.equal(unavailableModel({ models: [], backend: 'acp', other: { backend: 'print', models: [info('gpt-5')] } }, 'gpt-5', 'acp'), undefined);
  });

  it('the status bar (and Switch Model) flag a Switch Model choice the backend in use does not know, with a warning and what to do', async () => {
    const { c, use } = catalog();
    await c.get();
    const ready = { state: 'ready' as const, binary: '/x', version: 'v1' };
    assert.equal(modelNote(c.peek(), 'gpt-5'), undefined);
    use('acp');
    await c.get();
    const note = modelNote(c.peek(), 'gpt-5');
    assert.equal(note, 'not available with the ACP backend (the one in use now)');
    const view = statusBarView({ state: ready, model: 'gpt-5', platform: 'linux', modelNote: note });
    assert.equal(view.text, '$(warning) Cursor: gpt-5');
    assert.equal(view.background, 'warning');
    assert.match(
      view.tooltip,
      /Model: `gpt-5`, not available with the ACP backend \(the one in use now\): pick another\n\n\[Switch Model\]\(command:cursorAgent\.switchModel\)/,
    );
    assert.equal(modelNote(c.peek(), 'auto'), undefined, 'Auto is in both lists');
  });
});
