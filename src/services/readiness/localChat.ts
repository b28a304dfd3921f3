/**
 * Where `@cursor` answers, and what the extension says about it (pure).
 *
 * VS Code 1.139 can start new chats in the Copilot harness (the Agent Host) instead of a Local chat:
 * `chat.defaultToCopilotHarness` (the chat view) and `chat.editor.preferCopilotHarness` (chat editors),
 * experimental and switched on for some users by VS Code's experiments in 1.139, the default from 1.140.
 * A harness chat's input holds a harness model, which no extension host knows; VS Code resolves a model for
 * every participant request before it calls the participant, so a `@cursor` request there falls back to
 * Copilot's default model: with Copilot signed in, `@cursor` in a harness chat is called and answers (with
 * the model Cursor: Switch Model sets, since the harness's picker lists only its own models); without a
 * Copilot model it ends in "Language model unavailable" before `@cursor` is called. A Local chat works
 * either way. `chat.editor.localAgent.enabled: false` removes Local chats altogether.
 * The evidence (VS Code's source, and what the real workbench showed): docs/features.md#newest-vs-code.
 */ import { READINESS_COMMANDS } from './readinessTable';

/** VS Code's chat settings that decide where a new chat starts (undefined: this VS Code has no such setting). */
export interface ChatDefaults {
  /** `chat.defaultToCopilotHarness`: new chats in the chat view start in the Copilot harness. */
  defaultToHarness?: boolean;
  /** `chat.editor.preferCopilotHarness`: new chat editors start in the Copilot harness. */
  preferHarnessInEditor?: boolean;
  /** `chat.editor.localAgent.enabled` (VS Code's default: on): Local chats exist. */
  localAgentEnabled?: boolean;
  /** `chat.disableAIFeatures`: no chat at all (and no harness). */
  aiFeaturesDisabled?: boolean;
  /** A Copilot language model is there (Copilot signed in): what a harness chat's `@cursor` request resolves to. */
  copilotModel?: boolean;
}

/**
 * What the user needs to know: nothing; that new chats start in the harness, where `@cursor` cannot answer (no Copilot
 * model); that they start there and `@cursor` answers there too (Copilot signed in: which Cursor model runs); or that
 * Local chats are switched off.
 */
export type LocalChatAdvice = { kind: 'none' } | { kind: 'harnessDefault' } | { kind: 'harnessWithCopilot' } | { kind: 'localDisabled' };

/** Whether the advice is a remedy (the user must act for `@cursor` to answer new chats), not only information. */
export function adviceNeedsAction(a: LocalChatAdvice): boolean {
  return a.kind === 'harnessDefault' || a.kind === 'localDisabled';
}

/**
 * The harness is the likely default when either harness setting is on (the values VS Code's experiments assign arrive as
 * the settings' defaults, after activation at worst: read again on every configuration change). A choice the user made in
 * the session target menu is remembered by VS Code where no extension can read it: "likely", not certain.
 */
export function localChatAdvice(d: ChatDefaults): LocalChatAdvice {
  if (d.aiFeaturesDisabled === true) return { kind: 'none' };
  if (d.localAgentEnabled === false) return { kind: 'localDisabled' };
  if (d.defaultToHarness === true || d.preferHarnessInEditor === true)
    return d.copilotModel ? { kind: 'harnessWithCopilot' } : { kind: 'harnessDefault' };
  return { kind: 'none' };
}

/** Cursor: New Chat (a Local chat with `@cursor ` in the input). */
export const NEW_CHAT_COMMAND = 'cursorAgent.newChat';
/** Cursor: Start New Chats as Local Chats (asks, then sets the user's `chat.defaultToCopilotHarness` to false). */
export const LOCAL_DEFAULT_COMMAND = 'cursorAgent.useLocalChats';
/** Opens the Settings editor at `chat.editor.localAgent.enabled`. */
export const LOCAL_SETTING_COMMAND = 'cursorAgent.showLocalChatSetting';

/** Cursor: Switch Model (sets `cursorAgent.model`: what @cursor runs where the chat's picker holds no Cursor model). */
const SWITCH_MODEL_COMMAND = READINESS_COMMANDS.switchModel.command;

/** The setting the "Start New Chats as Local Chats" action changes, in the user's settings only. */
export const HARNESS_DEFAULT_SETTING = { section: 'chat', key: 'defaultToCopilotHarness' } as const;
export const LOCAL_AGENT_SETTING = 'chat.editor.localAgent.enabled';

/** The one sentence every surface shows (status bar tooltip, `/status`, the one-time notification). */
export function localChatSentence(a: LocalChatAdvice): string | undefined {
  switch (a.kind) {
    case 'none':
      return undefined;
    case 'harnessDefault':
      return (
        '@cursor answers in Local chats. This VS Code starts new chats in the Copilot harness, where @cursor cannot answer ' +
        'without a Copilot model ("Language model unavailable"): open a Local chat with Cursor: New Chat.'
      );
    case 'harnessWithCopilot':
      return (
        "New chats start in the Copilot harness, and @cursor answers there too. Its model picker lists only Copilot's " +
        'models: @cursor runs the model Cursor: Switch Model sets.'
      );
    case 'localDisabled':
      return '@cursor answers only in Local chats, and `chat.editor.localAgent.enabled` is off: turn it on to use @cursor.';
  }
}

/** The tooltip's links for an advice (command ids, with the link text). */
export function localChatLinks(a: LocalChatAdvice): Array<{ title: string; command: string }> {
  switch (a.kind) {
    case 'none':
      return [];
    case 'harnessWithCopilot':
      return [{ title: 'Switch Model', command: SWITCH_MODEL_COMMAND }];
    case 'harnessDefault':
      return [
        { title: 'New Chat', command: NEW_CHAT_COMMAND },
        { title: 'Start New Chats as Local Chats', command: LOCAL_DEFAULT_COMMAND },
      ];
    case 'localDisabled':
      return [{ title: 'Open the Setting', command: LOCAL_SETTING_COMMAND }];
  }
}

/** Every command a tooltip link above may run (the tooltip's trusted commands). */
export const LOCAL_CHAT_LINKED_COMMANDS: readonly string[] = [NEW_CHAT_COMMAND, LOCAL_DEFAULT_COMMAND, LOCAL_SETTING_COMMAND, SWITCH_MODEL_COMMAND];

/** The query a new Cursor chat starts with: `@cursor ` and the caller's text (if any; a trailing space kept for typing on). */
export function cursorQuery(text: string | undefined): string {
  const rest = (text ?? '').replace(/^\s*(@cursor\b)?\s*/, '');
  return rest.trim() ? `@cursor ${rest}` : '@cursor ';
}
