/**
 * Local chats, where @cursor answers (VS Code 1.139+ may start new chats in the Copilot harness, which never calls an
 * extension's participant): what the status bar and /status say, Cursor: New Chat, the one-time notification, and
 * the setting changed only when the user says so (vscode stand-in).
 */
import * as assert from 'node:assert/strict';
import { localChatAdvice } from '../../../src/services/readiness/localChat';
import { statusBarView } from '../../../src/services/readiness/statusBarView';
import { renderStatusMarkdown } from '../../../src/services/readiness/reports';
import type { ReadyState } from '../../../src/services/readiness/authService';
import * as local from '../../../src/vscode/status/localChat';
import { MemoryStore } from '../../support/memoryStore';
import { shimState } from '../../support/vscodeShim';
import { settle } from '../../support/waits';

const READY: ReadyState = { state: 'ready', version: '2026.11.20', binary: '/usr/bin/cursor-agent' };
const HARNESS = { 'chat.defaultToCopilotHarness': true, 'chat.editor.preferCopilotHarness': true };

describe('Local chats: @cursor where new chats start in the Copilot harness', () => {
  beforeEach(() => {
    Object.assign(shimState, { executed: [], messages: [], settings: {}, settingUpdates: [], configListeners: [], replyTo: undefined });
    shimState.workbenchCommands = ['workbench.action.chat.newLocalChat', 'workbench.action.chat.open'];
  });
  const logger = { info() {}, warn() {}, error() {}, debug() {}, trace() {} };
  const chats = (store = new MemoryStore(), onDidChange = () => undefined) => new local.LocalChats({ logger: logger as never, store, onDidChange });

  it('says nothing on a VS Code whose chats start Local (1.110, or 1.139 with the harness settings off)', () => {
    assert.deepEqual(localChatAdvice({}), { kind: 'none' });
    assert.deepEqual(localChatAdvice({ defaultToHarness: false, preferHarnessInEditor: false, localAgentEnabled: true }), { kind: 'none' });
    const view = statusBarView({ state: READY, localChat: localChatAdvice({}) });
    assert.equal(view.text, '$(check) Cursor');
    assert.ok(!view.tooltip.includes('Local chats'), view.tooltip);
  });

  it('the status bar says where @cursor answers, with New Chat and the offer to start chats Local, when the harness is the default', () => {
    for (const d of [{ defaultToHarness: true }, { preferHarnessInEditor: true }]) {
      const view = statusBarView({ state: READY, localChat: localChatAdvice(d) });
      // Ready looks ready: the check mark stays; the info icon beside it while the advice is not yet acted on.
      assert.equal(view.text, '$(check) Cursor $(info)');
      assert.equal(statusBarView({ state: READY, localChat: localChatAdvice(d), adviceFollowed: true }).text, '$(check) Cursor');
      assert.ok(view.tooltip.startsWith('$(info) @cursor answers in Local chats.'), view.tooltip);
      assert.ok(view.tooltip.includes('[New Chat](command:cursorAgent.newChat)'), view.tooltip);
      assert.ok(view.tooltip.includes('[Start New Chats as Local Chats](command:cursorAgent.useLocalChats)'), view.tooltip);
      assert.equal(view.background, undefined, 'not a warning: nothing is broken');
    }
    // Not while Cursor itself is not ready: that state's own fix comes first.
    const loggedOut = statusBarView({ state: { state: 'loggedOut' } as ReadyState, localChat: { kind: 'harnessDefault' } });
    assert.ok(!loggedOut.tooltip.includes('Local chats'), loggedOut.tooltip);
    // Chat switched off altogether: no harness either.
    assert.deepEqual(localChatAdvice({ defaultToHarness: true, aiFeaturesDisabled: true }), { kind: 'none' });
  });

  it('with a Copilot model there, @cursor answers in harness chats too: no remedy, no notification; the tooltip and /status say which model runs there', async () => {
    const advice = localChatAdvice({ defaultToHarness: true, copilotModel: true });
    assert.deepEqual(advice, { kind: 'harnessWithCopilot' });
    const view = statusBarView({ state: READY, model: 'gpt-5', modelLabel: 'GPT-5', localChat: advice });
    assert.equal(view.text, '$(check) Cursor: GPT-5', 'no info icon: nothing to fix');
    assert.ok(view.tooltip.startsWith('New chats start in the Copilot harness, and @cursor answers there too.'), view.tooltip);
    assert.ok(view.tooltip.includes('runs the model Cursor: Switch Model sets'), view.tooltip);
    assert.ok(view.tooltip.includes('[Switch Model](command:cursorAgent.switchModel)'), view.tooltip);
    assert.ok(!view.tooltip.includes('Language model unavailable'), view.tooltip);
    const resolution = { found: true, path: '/usr/bin/cursor-agent', version: '2026.11.20', source: 'path:cursor-agent', rejected: [] };
    const md = renderStatusMarkdown({ resolution: resolution as never, state: READY, remote: false, localChat: advice });
    assert.match(md, /- Chats: New chats start in the Copilot harness, and @cursor answers there too/);
    // The edge: a Copilot model found means no notification and this advice; Copilot signing out brings the remedy back.
    shimState.settings = { ...HARNESS };
    shimState.copilotModels = [{ vendor: 'copilot', id: 'gpt-4.1' }];
    const store = new MemoryStore();
    let changes = 0;
    const c = chats(store, () => void changes++);
    c.noticeOnce();
    await settle(() => c.advice().kind === 'harnessWithCopilot');
    assert.deepEqual(c.advice(), { kind: 'harnessWithCopilot' });
    // (The notification waits for the first look for a Copilot model, done by now: a turn of the event loop for its callback.)
    await new Promise((r) => setImmediate(r));
    assert.deepEqual(shimState.messages ?? [], [], 'no notification while @cursor answers in harness chats');
    shimState.copilotModels = [];
    shimState.chatModelListeners?.fire();
    await settle(() => c.advice().kind === 'harnessDefault');
    assert.deepEqual(c.advice(), { kind: 'harnessDefault' });
    assert.ok(changes >= 2, 'the status bar redraws on each change');
    c.dispose();
  });

  it('the info icon goes once the user acts on the advice (Cursor: New Chat), in this window and the next', async () => {
    shimState.settings = { ...HARNESS };
    const store = new MemoryStore();
    let changes = 0;
    const c = chats(store, () => void changes++);
    assert.equal(c.adviceFollowed(), false);
    await shimState.commands?.get('cursorAgent.newChat')?.();
    assert.equal(c.adviceFollowed(), true);
    assert.equal(changes, 1, 'the status bar redraws');
    c.dispose();
    const next = chats(store);
    assert.equal(next.adviceFollowed(), true, 'remembered for the next window');
    next.dispose();
  });

  it('Local chats switched off (chat.editor.localAgent.enabled: false): the status bar and /status say @cursor needs them, with the setting', () => {
    const advice = localChatAdvice({ defaultToHarness: true, localAgentEnabled: false });
    assert.deepEqual(advice, { kind: 'localDisabled' });
    const view = statusBarView({ state: READY, localChat: advice });
    assert.ok(view.tooltip.includes('[Open the Setting](command:cursorAgent.showLocalChatSetting)'), view.tooltip);
    const resolution = { found: true, path: '/usr/bin/cursor-agent', version: '2026.11.20', source: 'path:cursor-agent', rejected: [] };
    const md = renderStatusMarkdown({ resolution: resolution as never, state: READY, remote: false, localChat: advice });
    assert.match(md, /- Chats: @cursor answers only in Local chats, and `chat.editor.localAgent.enabled` is off/);
    const none = renderStatusMarkdown({ resolution: resolution as never, state: READY, remote: false, localChat: { kind: 'none' } });
    assert.ok(!none.includes('Chats:'), none);
  });

  it('Cursor: New Chat opens a new Local chat, then puts `@cursor ` (and a question, sent) into it', async () => {
    const c = chats();
    await shimState.commands?.get('cursorAgent.newChat')?.();
    assert.deepEqual(shimState.executed, [
      ['workbench.action.chat.newLocalChat'],
      ['workbench.action.chat.open', { query: '@cursor ', isPartialQuery: true }],
    ]);
    shimState.executed = [];
    await shimState.commands?.get('cursorAgent.newChat')?.({ query: 'What does this project do?' });
    assert.deepEqual(shimState.executed?.at(-1), [
      'workbench.action.chat.open',
      { query: '@cursor What does this project do?', isPartialQuery: false },
    ]);
    // An argument of another shape (from a link) is not trusted: the input gets `@cursor ` only, nothing is sent.
    shimState.executed = [];
    await shimState.commands?.get('cursorAgent.newChat')?.({ query: 42 });
    assert.deepEqual(shimState.executed?.at(-1), ['workbench.action.chat.open', { query: '@cursor ', isPartialQuery: true }]);
    c.dispose();
  });

  it('on a VS Code without Local chat sessions (1.110) Cursor: New Chat opens the chat as it is', async () => {
    shimState.workbenchCommands = ['workbench.action.chat.open'];
    const c = chats();
    await shimState.commands?.get('cursorAgent.newChat')?.();
    assert.deepEqual(shimState.executed, [['workbench.action.chat.open', { query: '@cursor ', isPartialQuery: true }]]);
    c.dispose();
  });

  it('tells the user once, ever (not at every start), and its New Chat button runs Cursor: New Chat', async () => {
    shimState.settings = { ...HARNESS };
    const store = new MemoryStore();
    shimState.replyTo = (_text, items) => items[0];
    const first = chats(store);
    first.noticeOnce();
    await settle(() => (shimState.executed ?? []).length >= 1);
    assert.equal(shimState.messages?.length, 1);
    assert.match(shimState.messages?.[0]!.text ?? '', /^@cursor answers in Local chats\./);
    // (The stand-in records the command a button runs; Cursor: New Chat itself is the test above.)
    assert.deepEqual(shimState.executed, [['cursorAgent.newChat']]);
    first.dispose();
    const second = chats(store);
    second.noticeOnce();
    assert.equal(shimState.messages?.length, 1, 'a second window (or start) must not show it again');
    second.dispose();
  });

  it('changes chat.defaultToCopilotHarness only after the user confirms, in the user settings, and then says nothing more', async () => {
    shimState.settings = { ...HARNESS };
    let changes = 0;
    const c = chats(new MemoryStore(), () => void changes++);
    assert.equal(await c.useLocalChats(), false, 'dismissed: nothing changes');
    assert.deepEqual(shimState.settingUpdates, []);
    shimState.replyTo = (_text, items) => items.find((i) => i === 'Change the Setting');
    assert.equal(await c.useLocalChats(), true);
    assert.deepEqual(shimState.settingUpdates, [
      ['chat.defaultToCopilotHarness', false, 1],
      ['chat.editor.preferCopilotHarness', false, 1],
    ]);
    assert.deepEqual(c.advice(), { kind: 'none' });
    assert.equal(changes, 1, 'the status bar redraws');
    c.dispose();
  });

  it('an experiment that turns the harness on after activation is seen (the settings are read again on change)', () => {
    let changes = 0;
    const c = chats(new MemoryStore(), () => void changes++);
    assert.deepEqual(c.advice(), { kind: 'none' });
    shimState.settings = { 'chat.defaultToCopilotHarness': true };
    for (const l of shimState.configListeners ?? []) l({ affectsConfiguration: (k) => k === 'chat.defaultToCopilotHarness' });
    assert.deepEqual(c.advice(), { kind: 'harnessDefault' });
    assert.equal(changes, 1);
    // A value of another type (a damaged settings file) counts as absent.
    shimState.settings = { 'chat.defaultToCopilotHarness': 'yes' };
    for (const l of shimState.configListeners ?? []) l({ affectsConfiguration: () => true });
    assert.deepEqual(c.advice(), { kind: 'none' });
    c.dispose();
  });
});
