// What the language model provider answers VS Code when it asks for Cursor's models (the chat's model picker, the
// model of every chat request, vscode.lm.selectChatModels): at once, before the CLI has answered anything, so a fresh
// window's first @cursor question has a model to resolve (issue: "Language model unavailable" on the first question).
import * as assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import { AuthService } from '../../../src/services/readiness/authService';
import { ConversationIndex } from '../../../src/services/conversation/conversationIndex';
import { ModelCatalog } from '../../../src/services/models/modelCatalog';
import { MODEL_MEMORY_KEY, ModelMemory } from '../../../src/services/models/modelMemory';
import { DEFAULT_SETTINGS, type Settings } from '../../../src/services/settingsSchema';
import { CursorChatProvider } from '../../../src/vscode/lm/lmProvider';
import type { ChatTurnFlow } from '../../../src/services/engine/chatTurn';
import { readyAuth } from '../../support/auth';
import { MemoryLogger } from '../../support/logger';
import { MemoryStore } from '../../support/memoryStore';
import { printModels } from '../../support/modelSources';
import { cancellationSource } from '../../support/cancellation';

const LISTING = 'Available models\n\nauto - Auto\ngpt-5 - GPT-5\nsonnet-4.5 - Claude 4.5 Sonnet\n';

interface Built {
  provider: CursorChatProvider;
  store: MemoryStore;
  logger: MemoryLogger;
  /** Lets the pending `cursor-agent models` call answer with the listing. */
  answerModels(): void;
  catalog: ModelCatalog;
  auth: AuthService;
  changes: () => number;
}

function build(opts: { store?: MemoryStore; auth?: AuthService; settings?: Partial<Settings> } = {}): Built {
  const logger = new MemoryLogger();
  const store = opts.store ?? new MemoryStore();
  let release: (text: string) => void = () => undefined;
  const pending = new Promise<string>((resolve) => (release = resolve));
  const catalog = new ModelCatalog(
    printModels(() => pending),
    logger,
    () => 3_600_000,
  );
  const memory = new ModelMemory({ store, logger });
  catalog.onDidChange((snap) => memory.remember(snap.backend, snap.models));
  const auth = opts.auth ?? readyAuth({ binary: '/fake/cursor-agent', logger });
  const provider = new CursorChatProvider({
    flow: {} as ChatTurnFlow,
    auth,
    catalog,
    settings: () => ({ ...DEFAULT_SETTINGS, ...opts.settings }),
    logger,
    conversations: new ConversationIndex(),
    memory,
  });
  let changed = 0;
  provider.onDidChangeLanguageModelChatInformation(() => changed++);
  return { provider, store, logger, answerModels: () => release(LISTING), catalog, auth, changes: () => changed };
}

async function ask(p: CursorChatProvider): Promise<Array<{ id: string; name: string; isUserSelectable?: boolean }>> {
  const { token } = cancellationSource();
  return (await p.provideLanguageModelChatInformation(
    { silent: true } as vscode.PrepareLanguageModelChatModelOptions,
    token as unknown as vscode.CancellationToken,
  )) as Array<{ id: string; name: string; isUserSelectable?: boolean }>;
}

/** Resolves with the provider's answer, or 'still waiting' when it has not answered once everything queued ran. */
async function answeredAtOnce<T>(p: Promise<T>): Promise<T | 'still waiting'> {
  return Promise.race([p, new Promise<'still waiting'>((r) => setImmediate(() => setImmediate(() => r('still waiting'))))]);
}

describe('the models VS Code is told about before the CLI has answered (a fresh window’s first @cursor question)', () => {
  const built: Built[] = [];
  const make = (o?: Parameters<typeof build>[0]) => {
    const b = build(o);
    built.push(b);
    return b;
  };
  afterEach(() => {
    for (const b of built.splice(0)) {
      b.answerModels();
      b.provider.dispose();
      b.catalog.dispose();
    }
  });

  it("a brand-new profile gets Cursor's Auto at once, while `cursor-agent models` has not answered", async () => {
    const b = make();
    await b.auth.refresh();
    const models = await answeredAtOnce(ask(b.provider));
    assert.notStrictEqual(models, 'still waiting', 'the provider waited for the CLI before answering VS Code');
    assert.deepStrictEqual(
      (models as Array<{ id: string; name: string; isUserSelectable?: boolean }>).map((m) => [m.id, m.name, m.isUserSelectable]),
      [['auto', 'Auto', true]],
    );
  });

  it('before the first status probe has answered, VS Code still gets Auto at once (no CLI call waited for)', async () => {
    const never = new AuthService({ probe: () => new Promise(() => undefined) }, new MemoryLogger());
    const b = make({ auth: never });
    const models = await answeredAtOnce(ask(b.provider));
    assert.notStrictEqual(models, 'still waiting');
    assert.deepStrictEqual(
      (models as Array<{ id: string }>).map((m) => m.id),
      ['auto'],
    );
  });

  it("once the CLI has listed its models, VS Code is told to ask again and gets the CLI's list", async () => {
    const b = make();
    await b.auth.refresh();
    await ask(b.provider);
    const before = b.changes();
    b.answerModels();
    await b.catalog.get();
    assert.ok(b.changes() > before, 'no change event after the list arrived: VS Code would keep showing Auto alone');
    assert.deepStrictEqual(
      (await ask(b.provider)).map((m) => m.id),
      ['auto', 'gpt-5', 'sonnet-4.5'],
    );
  });

  it('the next window answers at once with the list the last window showed, labels included', async () => {
    const store = new MemoryStore();
    const first = make({ store });
    await first.auth.refresh();
    await ask(first.provider);
    first.answerModels();
    await first.catalog.get();
    const next = make({ store });
    await next.auth.refresh();
    const models = await answeredAtOnce(ask(next.provider));
    assert.notStrictEqual(models, 'still waiting');
    assert.deepStrictEqual(
      (models as Array<{ id: string; name: string }>).map((m) => [m.id, m.name]),
      [
        ['auto', 'Auto'],
        ['gpt-5', 'GPT-5'],
        ['sonnet-4.5', 'Claude 4.5 Sonnet'],
      ],
    );
  });

  it('a stored list that is not ours is ignored, counted and logged; VS Code gets Auto', async () => {
    for (const junk of [
      42,
      { backend: 'acp', models: 'x' },
      { backend: 'cloud', models: [] },
      { backend: 'print', models: new Array(401).fill(1) },
    ]) {
      const store = new MemoryStore();
      await store.update(MODEL_MEMORY_KEY, junk);
      const b = make({ store });
      const memory = new ModelMemory({ store, logger: b.logger });
      assert.deepStrictEqual(
        memory.provisional().models.map((m) => m.id),
        ['auto'],
        JSON.stringify(junk).slice(0, 80),
      );
      assert.strictEqual(memory.dropped, 1);
      assert.match(b.logger.text, /remembered model list is not one of ours/);
    }
  });

  it('entries of a stored list that are not models are dropped and counted; the others are listed', async () => {
    const store = new MemoryStore();
    const long = 'x'.repeat(201);
    await store.update(MODEL_MEMORY_KEY, {
      backend: 'acp',
      models: [
        { id: 'auto', label: 'Auto' },
        { id: '', label: 'empty' },
        { id: long, label: 'long' },
        'gpt-5',
        { id: 'composer-2.5[fast=true]', label: 'Composer 2.5' },
      ],
    });
    const memory = new ModelMemory({ store, logger: new MemoryLogger() });
    assert.deepStrictEqual(
      memory.provisional().models.map((m) => m.id),
      ['auto', 'composer-2.5[fast=true]'],
    );
    assert.strictEqual(memory.provisional().backend, 'acp');
    assert.strictEqual(memory.dropped, 3);
  });
});
