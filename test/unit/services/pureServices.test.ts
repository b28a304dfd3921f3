import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { classifyFailure } from '../../../src/cli/failureClassifier';
import type { Resolution } from '../../../src/cli/binaryResolution';
import { AuthService, ReadyState } from '../../../src/services/authService';
import { CHAT_LEDGER_KEY, ChatLedger } from '../../../src/services/chatLedger';
import { CONVERSATION_INDEX_KEY, ConversationIndex } from '../../../src/services/conversationIndex';
import type { PersistentStore } from '../../../src/services/persistentStore';
import { boundAnswerText, MAX_ANSWER_TEXT_CHARS, readResultMetadata } from '../../../src/services/resultMetadata';
import { ModelCatalog } from '../../../src/services/modelCatalog';
import { estimateTokens, familyOf, modelInformation } from '../../../src/services/modelInformation';
import { renderModelsMarkdown, renderStatusMarkdown } from '../../../src/services/reports';
import { DEFAULT_SETTINGS, effectiveValue, readSettings, USER_ONLY_SETTINGS } from '../../../src/services/settingsSchema';
import { statusBarView } from '../../../src/services/statusBarView';
import { composeTurnPrompt } from '../../../src/services/turnPrompt';
import { MemoryLogger } from '../helpers/logger';

const MODELS_TEXT = 'Available models\n\nauto - Auto (default)\ngpt-5 - GPT-5\nclaude-4.5-sonnet - Sonnet 4.5 1M\n\nTip: use --model <id> (or /model <id> in interactive mode) to switch.\n';

/** The workspace storage, as a map that round-trips through JSON like VS Code's does. */
class MemoryStore implements PersistentStore {
  readonly values = new Map<string, unknown>();
  get(key: string): unknown {
    const v = this.values.get(key);
    return v === undefined ? undefined : JSON.parse(JSON.stringify(v));
  }
  update(key: string, value: unknown): Promise<void> {
    this.values.set(key, JSON.parse(JSON.stringify(value)));
    return Promise.resolve();
  }
}

describe('ModelCatalog', () => {
  it('shares one CLI call between 100 concurrent cold reads, and makes none while warm', async () => {
    let calls = 0;
    const catalog = new ModelCatalog({ fetchModelsText: async () => (calls++, await new Promise((r) => setTimeout(r, 20)), MODELS_TEXT) }, new MemoryLogger(), () => 60_000);
    const snaps = await Promise.all(Array.from({ length: 100 }, () => catalog.get()));
    assert.equal(calls, 1);
    assert.deepEqual(snaps[99].models.map((m) => m.id), ['auto', 'gpt-5', 'claude-4.5-sonnet']);
    await Promise.all(Array.from({ length: 100 }, () => catalog.get()));
    assert.equal(calls, 1);
  });

  it('fetches again after the time-to-live or an invalidation (login, binary change)', async () => {
    let now = 0;
    let calls = 0;
    const catalog = new ModelCatalog({ fetchModelsText: async () => (calls++, MODELS_TEXT) }, new MemoryLogger(), () => 1000, () => now);
    await catalog.get();
    now = 999;
    await catalog.get();
    assert.equal(calls, 1);
    now = 1000;
    await catalog.get();
    assert.equal(calls, 2);
    catalog.invalidate();
    await catalog.get();
    assert.equal(calls, 3);
  });

  it('keeps the last good list when a refresh fails, and logs why', async () => {
    let fail = false;
    const logger = new MemoryLogger();
    const catalog = new ModelCatalog({ fetchModelsText: async () => { if (fail) throw new Error('network down'); return MODELS_TEXT; } }, logger, () => 0);
    await catalog.get();
    fail = true;
    const snap = await catalog.get();
    assert.equal(snap.models.length, 3);
    assert.equal(snap.lastError, 'network down');
    assert.match(logger.text, /keeping the last list \(3 models\): network down/);
  });

  it('treats output it cannot understand as a failure instead of caching an empty list', async () => {
    const catalog = new ModelCatalog({ fetchModelsText: async () => 'Something new and unexpected\n' }, new MemoryLogger(), () => 60_000);
    const snap = await catalog.get();
    assert.equal(snap.models.length, 0);
    assert.match(snap.lastError ?? '', /not understood/);
  });

  it('backs off after a failure instead of running the CLI on every read', async () => {
    let now = 0;
    let calls = 0;
    const catalog = new ModelCatalog({ fetchModelsText: async () => { calls++; throw new Error('offline'); } }, new MemoryLogger(), () => 60_000, () => now);
    await catalog.get();
    await catalog.get();
    now = 29_000;
    await catalog.get();
    assert.equal(calls, 1);
    now = 31_000;
    await catalog.get();
    assert.equal(calls, 2);
    await catalog.refresh();
    assert.equal(calls, 3, 'an explicit refresh always asks the CLI');
  });

  it('tells listeners only when the list changed', async () => {
    const catalog = new ModelCatalog({ fetchModelsText: async () => MODELS_TEXT }, new MemoryLogger(), () => 0);
    let fired = 0;
    catalog.onDidChange(() => fired++);
    await catalog.refresh();
    await catalog.refresh();
    assert.equal(fired, 1);
  });
});

describe('AuthService', () => {
  it('probes once for concurrent refreshes and throttles focus refreshes', async () => {
    let probes = 0;
    let now = 0;
    const auth = new AuthService({ probe: async () => (probes++, { state: 'ready', binary: '/x', version: '1' }) }, new MemoryLogger(), () => now);
    await Promise.all([auth.refresh(), auth.refresh(), auth.refresh()]);
    assert.equal(probes, 1);
    now = 30_000;
    await auth.refreshThrottled(60_000);
    assert.equal(probes, 1);
    now = 61_000;
    await auth.refreshThrottled(60_000);
    assert.equal(probes, 2);
  });

  it('gives a fresh answer when the user refreshes while a probe is already running', async () => {
    let next: ReadyState = { state: 'loggedOut' };
    let probes = 0;
    const auth = new AuthService({ probe: async () => { probes++; const seen = next; await new Promise((r) => setTimeout(r, 10)); return seen; } }, new MemoryLogger());
    const first = auth.refresh();
    next = { state: 'ready', binary: '/x', version: '1' };
    const fresh = await auth.refresh(true);
    assert.equal((await first).state, 'loggedOut');
    assert.equal(fresh.state, 'ready');
    assert.equal(probes, 2);
  });

  it('re-checks a missing CLI in the background with a growing interval', async () => {
    let now = 0;
    let probes = 0;
    const auth = new AuthService({ probe: async () => (probes++, { state: 'notInstalled', kind: 'notInstalled', message: 'x' }) }, new MemoryLogger(), () => now);
    await auth.refresh();
    const times: number[] = [];
    for (now = 0; now <= 60_000; now += 1000) {
      const before = probes;
      await auth.recheckWhileNotReady();
      if (probes > before) times.push(now);
    }
    assert.deepEqual(times, [5000, 15000, 35000]);
  });

  it('announces state changes (logged out → ready) and not repeats', async () => {
    let next: ReadyState = { state: 'loggedOut' };
    const auth = new AuthService({ probe: async () => next }, new MemoryLogger());
    const seen: string[] = [];
    auth.onDidChange((s) => seen.push(s.state));
    await auth.refresh();
    await auth.refresh();
    next = { state: 'ready', binary: '/x', version: '1' };
    await auth.refresh();
    assert.deepEqual(seen, ['loggedOut', 'ready']);
  });

  it('never logs the account email', async () => {
    const logger = new MemoryLogger();
    const auth = new AuthService({ probe: async () => ({ state: 'ready', binary: '/x', version: '1', email: 'secret.person@example.com' }) }, logger);
    await auth.refresh();
    assert.ok(!logger.text.includes('secret.person'));
  });
});

describe('ConversationIndex (language model requests → CLI chats)', () => {
  const ws = '/work/project';
  it('finds the CLI chat for a conversation that continues one of our answers', () => {
    const idx = new ConversationIndex();
    idx.record([{ role: 'user', text: 'hi' }, { role: 'assistant', text: 'hello' }], 'chat-1', ws);
    const m = idx.lookup([{ role: 'user', text: 'hi' }, { role: 'assistant', text: 'hello ' }, { role: 'user', text: 'more' }], ws);
    assert.deepEqual(m, { chatId: 'chat-1', consumed: 2 });
  });

  it('does not resume a conversation whose earlier turns differ', () => {
    const idx = new ConversationIndex();
    idx.record([{ role: 'user', text: 'hi' }, { role: 'assistant', text: 'hello' }], 'chat-1', ws);
    assert.equal(idx.lookup([{ role: 'user', text: 'HI' }, { role: 'assistant', text: 'hello' }, { role: 'user', text: 'more' }], ws), undefined);
  });

  it('does not resume a chat from another workspace folder', () => {
    const idx = new ConversationIndex();
    idx.record([{ role: 'user', text: 'hi' }, { role: 'assistant', text: 'hello' }], 'chat-1', ws);
    assert.equal(idx.lookup([{ role: 'user', text: 'hi' }, { role: 'assistant', text: 'hello' }, { role: 'user', text: 'more' }], '/work/other'), undefined);
  });

  it('starts a fresh chat when the request branches off an earlier point of a chat that moved on (edit, retry)', () => {
    const idx = new ConversationIndex();
    const u1 = { role: 'user' as const, text: 'q1' };
    const a1 = { role: 'assistant' as const, text: 'a1' };
    idx.record([u1, a1], 'chat-1', ws);
    idx.record([u1, a1, { role: 'user', text: 'q2' }, { role: 'assistant', text: 'a2' }], 'chat-1', ws);
    // A retry of q2 (or a different q2) sends [u1, a1, q2']: chat-1 already holds q2/a2, so it must not be resumed.
    assert.equal(idx.lookup([u1, a1, { role: 'user', text: 'q2 again' }], ws), undefined);
    // The conversation that continues the chat's latest turn still resumes.
    assert.deepEqual(idx.lookup([u1, a1, { role: 'user', text: 'q2' }, { role: 'assistant', text: 'a2' }, { role: 'user', text: 'q3' }], ws), { chatId: 'chat-1', consumed: 4 });
  });

  it('never resumes a chat whose last turn was cancelled or failed', () => {
    const idx = new ConversationIndex();
    idx.record([{ role: 'user', text: 'hi' }, { role: 'assistant', text: 'hello' }], 'chat-1', ws);
    idx.retire('chat-1');
    assert.equal(idx.lookup([{ role: 'user', text: 'hi' }, { role: 'assistant', text: 'hello' }, { role: 'user', text: 'more' }], ws), undefined);
  });

  it('stays bounded', () => {
    const idx = new ConversationIndex(10);
    for (let i = 0; i < 100; i++) idx.record([{ role: 'user', text: String(i) }, { role: 'assistant', text: 'a' }], `c${i}`, ws);
    assert.equal(idx.size, 10);
  });
});

describe('ChatLedger (@cursor resumes only a CLI chat that matches the visible history)', () => {
  it('resumes when the chat holds exactly the turns the last answer recorded', () => {
    const l = new ChatLedger();
    l.record('c1', 2);
    assert.equal(l.canResume('c1', 2), true);
  });
  it('does not resume after a retry or an edit removed turns the chat still holds', () => {
    const l = new ChatLedger();
    l.record('c1', 3);
    assert.equal(l.canResume('c1', 2), false);
    assert.equal(l.canResume('c1', undefined), false);
  });
  it('trusts a chat it has no record of (made before the record existed, or dropped from it)', () => {
    assert.equal(new ChatLedger().canResume('c9', 4), true);
  });
  it('after a window reload, still refuses to resume a chat an edit or retry left behind', () => {
    const store = new MemoryStore();
    new ChatLedger(1000, store).record('c1', 3);
    const reloaded = new ChatLedger(1000, store);
    assert.equal(reloaded.canResume('c1', 2), false);
    assert.equal(reloaded.canResume('c1', 3), true);
  });
  it('keeps its stored record bounded and ignores a damaged one', () => {
    const store = new MemoryStore();
    const l = new ChatLedger(5, store);
    for (let i = 0; i < 50; i++) l.record(`c${i}`, i);
    assert.equal((store.get(CHAT_LEDGER_KEY) as unknown[]).length, 5);
    assert.equal(new ChatLedger(5, store).canResume('c49', 48), false);
    store.values.set(CHAT_LEDGER_KEY, { not: 'a ledger' });
    assert.equal(new ChatLedger(5, store).canResume('c49', 48), true);
  });
});

describe('ConversationIndex across a window reload', () => {
  const ws = '/work/project';
  const u1 = { role: 'user' as const, text: 'the secret question' };
  const a1 = { role: 'assistant' as const, text: 'the private answer' };
  it('resumes a restored conversation, and still refuses a branch off a chat that moved on', () => {
    const store = new MemoryStore();
    const idx = new ConversationIndex(500, store);
    idx.record([u1, a1], 'chat-1', ws);
    idx.record([u1, a1, { role: 'user', text: 'q2' }, { role: 'assistant', text: 'a2' }], 'chat-1', ws);
    const reloaded = new ConversationIndex(500, store);
    assert.deepEqual(reloaded.lookup([u1, a1, { role: 'user', text: 'q2' }, { role: 'assistant', text: 'a2' }, { role: 'user', text: 'q3' }], ws), { chatId: 'chat-1', consumed: 4 });
    assert.equal(reloaded.lookup([u1, a1, { role: 'user', text: 'q2 edited' }], ws), undefined);
  });
  it('stores no message text, and a retired chat stays retired after a reload', () => {
    const store = new MemoryStore();
    const idx = new ConversationIndex(500, store);
    idx.record([u1, a1], 'chat-1', ws);
    const json = JSON.stringify(store.get(CONVERSATION_INDEX_KEY));
    assert.ok(!json.includes('secret') && !json.includes('private'), json);
    idx.retire('chat-1');
    assert.equal(new ConversationIndex(500, store).lookup([u1, a1, { role: 'user', text: 'more' }], ws), undefined);
  });
  it('keeps its stored index bounded', () => {
    const store = new MemoryStore();
    const idx = new ConversationIndex(10, store);
    for (let i = 0; i < 100; i++) idx.record([{ role: 'user', text: String(i) }, { role: 'assistant', text: 'a' }], `c${i}`, ws);
    const saved = store.get(CONVERSATION_INDEX_KEY) as { byPrefix: unknown[]; heads: unknown[] };
    assert.equal(saved.byPrefix.length, 10);
    assert.equal(saved.heads.length, 10);
    assert.equal(new ConversationIndex(10, store).size, 10);
  });
});

describe('answer metadata read back from VS Code', () => {
  it('keeps valid fields and drops a session id that could not be a chat id', () => {
    assert.deepEqual(readResultMetadata({ cursorSessionId: '--force', cliTurns: 2, answerText: 'x', workspace: '/w' }), { cliTurns: 2, answerText: 'x', workspace: '/w' });
    assert.deepEqual(readResultMetadata({ cursorSessionId: 'b2c3-uuid', answerText: 42, cliTurns: -1 }), { cursorSessionId: 'b2c3-uuid' });
    for (const pathLike of ['a/../../../x', 'x.y', 'a:b', 'a'.repeat(101)]) {
      assert.deepEqual(readResultMetadata({ cursorSessionId: pathLike, answerText: 'x' }), { answerText: 'x' }, pathLike);
    }
    assert.deepEqual(readResultMetadata(undefined), {});
    // Saved with the chat history: an answer of megabytes comes back bounded.
    const huge = readResultMetadata({ answerText: 'a'.repeat(5_000_000) }).answerText ?? '';
    assert.ok(huge.length <= MAX_ANSWER_TEXT_CHARS && huge.startsWith('aaa') && huge.endsWith('(answer cut)'), `${huge.length} characters kept`);
    assert.equal(boundAnswerText('short answer'), 'short answer');
    assert.deepEqual(readResultMetadata('garbage'), {});
  });
});

describe('settings validation', () => {
  it('uses defaults for missing values and falls back with a warning for invalid ones', () => {
    const raw: Record<string, unknown> = { mode: 'yolo', firstOutputTimeoutSeconds: -3, model: 'gpt-5', inactivityTimeoutSeconds: 'soon', path: '  /opt/cursor-agent  ' };
    const { settings, problems } = readSettings((k) => raw[k]);
    assert.equal(settings.mode, 'plan');
    assert.equal(settings.firstOutputTimeoutSeconds, DEFAULT_SETTINGS.firstOutputTimeoutSeconds);
    assert.equal(settings.inactivityTimeoutSeconds, DEFAULT_SETTINGS.inactivityTimeoutSeconds);
    assert.equal(settings.model, 'gpt-5');
    assert.equal(settings.path, '/opt/cursor-agent');
    assert.equal(problems.length, 3);
    assert.match(problems.join('\n'), /cursorAgent\.mode: "yolo" is not valid/);
  });

  it('refuses a model id that could smuggle a flag', () => {
    for (const bad of ['gpt-5 --force', '-f', '--force', '-gpt-5']) {
      const { settings, problems } = readSettings((k) => (k === 'model' ? bad : undefined));
      assert.equal(settings.model, '', bad);
      assert.equal(problems.length, 1, bad);
    }
    assert.equal(readSettings((k) => (k === 'model' ? 'gpt-5' : undefined)).settings.model, 'gpt-5');
  });

  it('takes the model, model-list cache time and binary only from the user, never from workspace settings (the manifest agrees)', () => {
    const layers = { defaultValue: 60, globalValue: undefined, workspaceValue: 0, workspaceFolderValue: 0 };
    assert.equal(effectiveValue('modelListCacheMinutes', layers), 60, 'a workspace set the cache time to 0');
    assert.equal(effectiveValue('modelListCacheMinutes', { ...layers, globalValue: 5 }), 5);
    assert.equal(effectiveValue('model', { defaultValue: '', workspaceValue: 'workspace-model' }), '');
    assert.equal(effectiveValue('path', { defaultValue: '', workspaceValue: '/ws/evil' }), '');
    assert.equal(effectiveValue('showThinking', { defaultValue: true, workspaceValue: false }), false, 'other settings may be per workspace');
    const props = (JSON.parse(fs.readFileSync(path.join(__dirname, '../../../../package.json'), 'utf8')) as { contributes: { configuration: { properties: Record<string, { scope?: string }> } } }).contributes.configuration.properties;
    for (const key of USER_ONLY_SETTINGS) assert.ok(['machine', 'application'].includes(props[`cursorAgent.${key}`].scope ?? ''), `cursorAgent.${key} is ${props[`cursorAgent.${key}`].scope ?? 'window'}-scoped`);
  });
});

describe('turn planning', () => {
  it('sends only the new message when the CLI chat can be resumed, keeping the full prompt as fallback', () => {
    const p = composeTurnPrompt({ history: [{ role: 'user', text: 'first question' }, { role: 'assistant', text: 'first answer' }], message: 'second', references: [], resumeChatId: 'c1' });
    assert.ok(!p.prompt.includes('first question'));
    assert.match(p.prompt, /second/);
    assert.equal(p.resume?.chatId, 'c1');
    assert.match(p.resume!.fallbackPrompt, /first question[\s\S]*first answer[\s\S]*second/);
  });

  it('folds the history into a fresh chat when there is nothing to resume', () => {
    const p = composeTurnPrompt({ history: [{ role: 'user', text: 'q1' }, { role: 'assistant', text: 'a1' }], message: 'q2', references: [] });
    assert.equal(p.resume, undefined);
    assert.match(p.prompt, /q1[\s\S]*a1[\s\S]*q2/);
  });
});

describe('what the user reads: model info, /models, /status, status bar', () => {
  it('describes models to VS Code with the context size from the label and honest defaults', () => {
    const info = modelInformation({ id: 'claude-4.5-sonnet', label: 'Sonnet 4.5 1M', contextTokens: 1_000_000, isDefault: false, isCurrent: false });
    assert.equal(info.maxInputTokens, 1_000_000);
    assert.equal(info.family, 'claude');
    assert.equal(modelInformation({ id: 'auto', label: 'Auto', isDefault: true, isCurrent: false }).maxInputTokens, 128_000);
    assert.equal(familyOf('gpt-5.1-codex'), 'gpt');
    assert.equal(estimateTokens('abcdefgh'), 2);
  });

  it('lists models with the current one marked', () => {
    const md = renderModelsMarkdown({ models: [{ id: 'auto', label: 'Auto', isDefault: true, isCurrent: false }, { id: 'gpt-5', label: 'GPT | 5', isDefault: false, isCurrent: false }], fetchedAt: 1 }, 'gpt-5');
    assert.match(md, /\| `gpt-5` \| GPT \\\| 5 \| {2}\| \*\*current\*\* \|/);
    assert.match(renderModelsMarkdown({ models: [], fetchedAt: 0, lastError: 'boom' }, undefined), /Could not list Cursor models: boom/);
  });

  it('reports binary, version, login and model in /status', () => {
    const md = renderStatusMarkdown(
      { found: true, path: '/bin/cursor-agent', version: '2026.10.01-e373342', source: 'path:cursor-agent', argsPrefix: [], configuredPathFailed: true, rejected: [{ candidate: '/bad', source: 'setting', reason: 'ENOENT' }] },
      { state: 'ready', binary: '/bin/cursor-agent', version: '2026.10.01-e373342', email: 'me@example.com' },
      'gpt-5',
      true,
    );
    assert.match(md, /Binary: `\/bin\/cursor-agent`/);
    assert.match(md, /skipped `\/bad`: ENOENT/);
    assert.match(md, /logged in as me@example.com/);
    assert.match(md, /`gpt-5`/);
    assert.match(md, /remote window/);
  });

  it('shows each readiness state in the status bar with a codicon, theme colours and command links', () => {
    const ready = statusBarView({ state: 'ready', binary: '/x', version: 'v1', email: 'a@b.c' }, 'gpt-5', false);
    assert.equal(ready.text, '$(check) Cursor: gpt-5');
    assert.equal(ready.background, undefined);
    assert.match(ready.tooltip, /command:cursorAgent\.switchModel/);
    const out = statusBarView({ state: 'loggedOut' }, undefined, false);
    assert.equal(out.text, '$(sign-in) Cursor');
    assert.equal(out.background, 'warning');
    assert.match(out.tooltip, /\[Log In\]\(command:cursorAgent\.login\)/);
    assert.equal(statusBarView({ state: 'notInstalled', kind: 'notInstalled', message: 'not found' }, undefined, false).text, '$(warning) Cursor');
    assert.equal(statusBarView({ state: 'keychainLocked' }, undefined, false).text, '$(lock) Cursor');
    assert.equal(statusBarView({ state: 'checking' }, undefined, false).text, '$(loading~spin) Cursor');
    assert.equal(statusBarView({ state: 'error', detail: 'x' }, undefined, false).background, 'error');
    assert.match(statusBarView({ state: 'ready', binary: '/x', version: 'v1' }, undefined, true).text, /demo/);
  });

  it('on macOS, a logged-out state offers Unlock Keychain beside Log In and says why (a locked keychain reads as logged out)', () => {
    const mac = statusBarView({ state: 'loggedOut', message: 'Not logged in' }, undefined, false, 'darwin');
    assert.match(mac.tooltip, /\[Log In\]\(command:cursorAgent\.login\) · \[Unlock Keychain\]\(command:cursorAgent\.unlockKeychain\)/);
    assert.match(mac.tooltip, /locked login keychain/);
    const linux = statusBarView({ state: 'loggedOut' }, undefined, false, 'linux');
    assert.doesNotMatch(linux.tooltip, /Keychain|keychain/);
    const res: Resolution = { found: true, path: '/bin/cursor-agent', version: 'v', source: 'path:cursor-agent', argsPrefix: [], configuredPathFailed: false, rejected: [] };
    const md = renderStatusMarkdown(res, { state: 'loggedOut' }, undefined, false, 'darwin');
    assert.match(md, /Log In/);
    assert.match(md, /Unlock Keychain/);
    assert.match(md, /locked login keychain/);
    assert.doesNotMatch(renderStatusMarkdown(res, { state: 'loggedOut' }, undefined, false, 'linux'), /keychain/i);
    // A turn that fails as logged out on a Mac offers both buttons, and still says "not logged in".
    const turn = classifyFailure({ exitCode: 1, stderr: "Error: Authentication required. Please run 'agent login' first, or set CURSOR_API_KEY environment variable.\n" }, { platform: 'darwin' });
    assert.equal(turn.kind, 'loggedOut');
    assert.deepEqual(turn.actions.slice(0, 2), ['login', 'unlockKeychain']);
    assert.match(turn.userMessage, /not logged in\. On macOS a locked login keychain looks the same/);
    assert.deepEqual(classifyFailure({ exitCode: 1, stderr: 'Error: Authentication required.\n' }, { platform: 'linux' }).actions, ['login', 'showLogs']);
    // The keychain wording itself still reports a locked keychain.
    assert.equal(classifyFailure({ exitCode: 1, stderr: 'Error: Your macOS login keychain is locked.\nRun security unlock-keychain and try again.\n' }, { platform: 'darwin' }).kind, 'keychainLocked');
  });
});

import { ModelChoice } from '../../../src/services/modelChoice';

describe('which model @cursor uses', () => {
  it('uses the Cursor model selected in the picker', () => {
    const c = new ModelChoice();
    assert.equal(c.choose('gpt-5', 'auto'), 'gpt-5');
  });
  it('uses the Switch Model choice after the user runs it, although the picker still shows its old model', () => {
    const c = new ModelChoice();
    assert.equal(c.choose('gpt-5', ''), 'gpt-5');
    c.settingChanged('claude-4.5-sonnet');
    assert.equal(c.choose('gpt-5', 'claude-4.5-sonnet'), 'claude-4.5-sonnet');
    assert.equal(c.choose('gpt-5', 'claude-4.5-sonnet'), 'claude-4.5-sonnet');
  });
  it('goes back to the picker when the user picks another model there', () => {
    const c = new ModelChoice();
    c.choose('gpt-5', '');
    c.settingChanged('claude-4.5-sonnet');
    assert.equal(c.choose('auto', 'claude-4.5-sonnet'), 'auto');
  });
  it('uses the CLI default when the user chose it in Switch Model, although the picker holds a Cursor model', () => {
    const c = new ModelChoice();
    c.choose('gpt-5', 'claude-4.5-sonnet');
    c.settingChanged('');
    assert.equal(c.choose('gpt-5', ''), undefined);
  });
  it('uses the setting, then the CLI default, when the picker holds no Cursor model', () => {
    const c = new ModelChoice();
    assert.equal(c.choose(undefined, 'gpt-5'), 'gpt-5');
    assert.equal(new ModelChoice().choose(undefined, ''), undefined);
  });
});
