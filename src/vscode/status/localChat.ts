/**
 * Local chats, where `@cursor` answers (services/views/localChat.ts says why): reads VS Code's chat settings that decide
 * where a new chat starts, opens a Local chat with `@cursor` ready (Cursor: New Chat, and every chat entry point of the
 * extension), offers, once, to start new chats as Local chats, and changes that setting only when the user says so.
 */
import * as vscode from 'vscode';
import * as z from 'zod/mini';
import type { Logger } from '../../cli/logger';
import {
  adviceNeedsAction,
  ChatDefaults,
  cursorQuery,
  HARNESS_DEFAULT_SETTING,
  LOCAL_AGENT_SETTING,
  LOCAL_DEFAULT_COMMAND,
  LOCAL_SETTING_COMMAND,
  LocalChatAdvice,
  localChatAdvice,
  localChatSentence,
  NEW_CHAT_COMMAND,
} from '../../services/readiness/localChat';
import { PersistentStore, saveQuietly } from '../../services/persistentStore';

/** VS Code's command that starts a new Local chat in the chat view (1.139+; absent on 1.110, where every chat is local). */
export const NEW_LOCAL_CHAT = 'workbench.action.chat.newLocalChat';
/** Set once the one-time notification was shown (global state: once per user, not per window or folder). */
export const LOCAL_CHAT_NOTICE_KEY = 'cursorAgent.localChatNoticeShown';
/** Set once the user acted on the advice (opened a Cursor chat, or @cursor answered): the status item stops flagging it. */
export const LOCAL_CHAT_FOLLOWED_KEY = 'cursorAgent.localChatAdviceFollowed';
/** The vendor whose default model a harness chat's `@cursor` request resolves to (VS Code's own rule). */
const COPILOT_VENDOR = 'copilot';
const HARNESS_EDITOR_KEY = 'editor.preferCopilotHarness';
/** The settings that decide where a new chat starts. */
const WATCHED_SETTINGS = ['chat.defaultToCopilotHarness', 'chat.editor.preferCopilotHarness', LOCAL_AGENT_SETTING, 'chat.disableAIFeatures'];

const flag = z.optional(z.boolean());
/** The arguments Cursor: New Chat takes from a link or another command: the question (sent unless `partial`). */
const newChatArgs = z.object({ query: z.optional(z.string().check(z.maxLength(10_000))), partial: z.optional(z.boolean()) });

/** The chat settings as VS Code reports them (a value of another type counts as absent), and whether a Copilot model is there. */
export function readChatDefaults(copilotModel = false): ChatDefaults {
  const chat = vscode.workspace.getConfiguration('chat');
  const read = (key: string) => {
    const v = flag.safeParse(chat.get<unknown>(key));
    return v.success ? v.data : undefined;
  };
  return {
    defaultToHarness: read('defaultToCopilotHarness'),
    preferHarnessInEditor: read('editor.preferCopilotHarness'),
    localAgentEnabled: read('editor.localAgent.enabled'),
    aiFeaturesDisabled: read('disableAIFeatures'),
    copilotModel,
  };
}

export interface LocalChatDeps {
  logger: Logger;
  /** Global state: whether the one-time notification was shown. */
  store: PersistentStore;
  /** The advice changed (the status bar redraws). */
  onDidChange(): void;
}

/**
 * Opens a chat where `@cursor` answers, with `text` after `@cursor ` (sent at once unless `partial`). On a VS Code
 * that has Local chats beside other session types (1.139+), a new Local chat first: `newLocalChat` starts a Local
 * session whatever the default (an explicit override), but drops its own input when no chat view exists yet, so the
 * query goes in with `workbench.action.chat.open`, which writes into the focused chat, the new Local one. (`chat.open`
 * alone would fill a harness chat.) Elsewhere (1.110) every chat is Local: the chat view as it is.
 */
export async function openCursorChat(text: string | undefined, partial: boolean): Promise<void> {
  const commands = await vscode.commands.getCommands(true);
  if (commands.includes(NEW_LOCAL_CHAT)) await vscode.commands.executeCommand(NEW_LOCAL_CHAT);
  const query = cursorQuery(text);
  await vscode.commands.executeCommand('workbench.action.chat.open', { query, isPartialQuery: partial || query === '@cursor ' });
}

/** The commands, the settings watch and the one-time notification. `advice()` is what the status bar and /status show. */
export class LocalChats implements vscode.Disposable {
  private current: LocalChatAdvice;
  private copilot = false;
  /** Resolves once the first look for a Copilot model has answered (the notification waits for it). */
  private readonly copilotChecked: Promise<void>;
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(private readonly deps: LocalChatDeps) {
    this.current = localChatAdvice(readChatDefaults());
    this.copilotChecked = this.checkCopilot();
    this.subscriptions.push(
      vscode.commands.registerCommand(NEW_CHAT_COMMAND, (arg: unknown) => {
        const a = newChatArgs.safeParse(arg ?? {});
        this.followed();
        return openCursorChat(a.success ? a.data.query : undefined, a.success ? (a.data.partial ?? false) : true);
      }),
      // Copilot signed in or out (its models come and go): whether @cursor answers in a harness chat.
      vscode.lm.onDidChangeChatModels(() => void this.checkCopilot()),
      vscode.commands.registerCommand(LOCAL_DEFAULT_COMMAND, () => this.useLocalChats()),
      vscode.commands.registerCommand(LOCAL_SETTING_COMMAND, () =>
        vscode.commands.executeCommand('workbench.action.openSettings', LOCAL_AGENT_SETTING),
      ),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (WATCHED_SETTINGS.some((k) => e.affectsConfiguration(k))) this.refresh();
      }),
    );
  }

  advice(): LocalChatAdvice {
    return this.current;
  }

  /** Whether the user has acted on the advice (in any window): the status item shows ready without the info flag. */
  adviceFollowed(): boolean {
    return this.deps.store.get(LOCAL_CHAT_FOLLOWED_KEY) === true;
  }

  /** The user opened a Cursor chat or @cursor answered: remembered, and the status item redrawn. */
  followed(): void {
    if (this.adviceFollowed()) return;
    saveQuietly(this.deps.store, LOCAL_CHAT_FOLLOWED_KEY, true, (why) => this.deps.logger.warn(`[chats] ${why}`));
    this.deps.onDidChange();
  }

  /**
   * Shows the notification once ever, when new chats start where @cursor cannot answer (after the first look for a
   * Copilot model: with one, @cursor answers in harness chats and there is nothing to fix). Never blocks.
   */
  noticeOnce(): void {
    void this.copilotChecked.then(() => this.showNoticeOnce());
  }

  private showNoticeOnce(): void {
    if (!adviceNeedsAction(this.current) || this.deps.store.get(LOCAL_CHAT_NOTICE_KEY) === true) return;
    saveQuietly(this.deps.store, LOCAL_CHAT_NOTICE_KEY, true, (why) => this.deps.logger.warn(`[chats] ${why}`));
    const sentence = localChatSentence(this.current) ?? '';
    const newChat = vscode.l10n.t('New Chat');
    const useLocal = vscode.l10n.t('Start New Chats as Local Chats');
    const openSetting = vscode.l10n.t('Open the Setting');
    const actions = this.current.kind === 'harnessDefault' ? [newChat, useLocal] : [openSetting];
    void Promise.resolve(vscode.window.showInformationMessage(vscode.l10n.t(sentence), ...actions)).then((choice) => {
      if (choice === newChat) return vscode.commands.executeCommand(NEW_CHAT_COMMAND);
      if (choice === useLocal) return vscode.commands.executeCommand(LOCAL_DEFAULT_COMMAND);
      if (choice === openSetting) return vscode.commands.executeCommand(LOCAL_SETTING_COMMAND);
      return undefined;
    });
  }

  /**
   * Cursor: Start New Chats as Local Chats: asks first, then sets `chat.defaultToCopilotHarness` to false in the user's
   * settings (never the workspace's). Returns whether the setting was changed.
   */
  async useLocalChats(): Promise<boolean> {
    const change = vscode.l10n.t('Change the Setting');
    const choice = await vscode.window.showInformationMessage(
      vscode.l10n.t('Start new chats as Local chats, where @cursor answers?'),
      {
        modal: true,
        detail: vscode.l10n.t(
          'This sets "chat.defaultToCopilotHarness" (and "chat.editor.preferCopilotHarness") to false in your user settings. ' +
            'The Copilot harness stays one click away (the session target under the chat input); you can change the setting back ' +
            'in Settings at any time.',
        ),
      },
      change,
    );
    if (choice !== change) return false;
    const chat = vscode.workspace.getConfiguration(HARNESS_DEFAULT_SETTING.section);
    const defaults = readChatDefaults();
    // Both of VS Code's harness defaults (the chat view's and the chat editor's), each only where it is on.
    const keys = [HARNESS_DEFAULT_SETTING.key, ...(defaults.preferHarnessInEditor ? [HARNESS_EDITOR_KEY] : [])];
    for (const key of keys) await chat.update(key, false, vscode.ConfigurationTarget.Global);
    this.deps.logger.info(`[chats] ${keys.map((k) => `chat.${k}`).join(' and ')} set to false in the user settings, as asked`);
    this.refresh();
    return true;
  }

  /** Looks for a Copilot model (VS Code resolves a harness chat's @cursor request to Copilot's default one). Never rejects. */
  private async checkCopilot(): Promise<void> {
    try {
      const models = await vscode.lm.selectChatModels({ vendor: COPILOT_VENDOR });
      const found = models.length > 0;
      if (found === this.copilot) return;
      this.copilot = found;
      this.deps.logger.info(`[chats] a Copilot model is ${found ? 'there: @cursor answers in harness chats too' : 'gone'}`);
      this.refresh();
    } catch (err) {
      this.deps.logger.debug(`[chats] could not look for a Copilot model: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  private refresh(): void {
    const next = localChatAdvice(readChatDefaults(this.copilot));
    if (next.kind === this.current.kind) return;
    this.current = next;
    this.deps.logger.info(`[chats] where new chats start: ${next.kind}`);
    this.deps.onDidChange();
    this.noticeOnce();
  }

  dispose(): void {
    for (const d of this.subscriptions) d.dispose();
  }
}
