/**
 * The readiness table, one row per state (and the macOS variant of "logged
 * out"): the status bar's icon, background, tooltip text and links, the status
 * menu's items, the `/status` login line, and the error kind whose actions
 * (`describeError`, the one kind → action rule, kept in cli/errors.ts below
 * this layer) a turn failing in that state offers. Pure.
 */
import { type CliErrorKind, MAC_KEYCHAIN_NOTE } from '../../cli/errors';
import type { ReadyState } from './authService';

/** A command the status bar's tooltip links to or the status menu runs. */
export type ReadinessCommand = 'newChat' | 'login' | 'logout' | 'switchModel' | 'selectBinary' | 'showLogs' | 'refreshStatus' | 'unlockKeychain';

/** Each command's id, codicon and titles (the tooltip's link text, the menu's label). */
export const READINESS_COMMANDS: Readonly<Record<ReadinessCommand, { command: string; icon: string; link: string; menu: string }>> = {
  // A Local chat with @cursor ready (VS Code 1.139+ may start new chats in the Copilot harness, which never calls @cursor).
  newChat: { command: 'cursorAgent.newChat', icon: 'comment-discussion', link: 'New Chat', menu: 'New Chat' },
  login: { command: 'cursorAgent.login', icon: 'sign-in', link: 'Log In', menu: 'Log In' },
  logout: { command: 'cursorAgent.logout', icon: 'sign-out', link: 'Log Out', menu: 'Log Out' },
  switchModel: { command: 'cursorAgent.switchModel', icon: 'symbol-misc', link: 'Switch Model', menu: 'Switch Model' },
  selectBinary: { command: 'cursorAgent.selectBinary', icon: 'file-binary', link: 'Select Binary…', menu: 'Select Binary…' },
  showLogs: { command: 'cursorAgent.showLogs', icon: 'output', link: 'Show Logs', menu: 'Show Logs' },
  refreshStatus: { command: 'cursorAgent.refreshStatus', icon: 'refresh', link: 'Refresh', menu: 'Refresh Status' },
  unlockKeychain: { command: 'cursorAgent.unlockKeychain', icon: 'lock', link: 'Unlock Keychain', menu: 'Unlock Keychain' },
};

/** One status menu entry; `description: 'model'` shows the chosen model (or the CLI's default). */
export interface MenuEntry {
  run: ReadinessCommand;
  description?: string;
}

type StateOf<S extends ReadyState['state']> = Extract<ReadyState, { state: S }>;

export interface ReadinessRow<S extends ReadyState['state'] = ReadyState['state']> {
  /** The status bar's codicon. */
  icon: string;
  background?: 'warning' | 'error';
  /** The tooltip's Markdown before its links (`md` escapes Markdown in text from outside). */
  tooltip(s: StateOf<S>, md: (text: string) => string): string;
  /** The tooltip's command links, in order. */
  links: readonly ReadinessCommand[];
  /** The status menu: this state's own entries first, the common ones (Switch Model, Refresh, Show Logs), then `menuAfter`. */
  menuFirst: readonly MenuEntry[];
  menuAfter: readonly MenuEntry[];
  /** `/status`'s login line. */
  status(s: StateOf<S>): string;
  /** The failure a turn meets in this state: its actions are `describeError(errorKind, { platform })`'s. */
  errorKind?: CliErrorKind;
}

/** The status menu entries every state shows. */
export const COMMON_MENU: readonly MenuEntry[] = [{ run: 'switchModel', description: 'model' }, { run: 'refreshStatus' }, { run: 'showLogs' }];

const LOGIN_STATUS = 'not logged in: run **Cursor: Log In** (`cursor-agent login`)';
const binaryLast: readonly MenuEntry[] = [{ run: 'selectBinary' }];

const ROWS: { [S in ReadyState['state']]: ReadinessRow<S> } = {
  checking: {
    icon: 'loading~spin',
    tooltip: () => '**Cursor**: checking the cursor-agent CLI…',
    links: [],
    menuFirst: [],
    menuAfter: binaryLast,
    status: () => 'checking…',
  },
  notInstalled: {
    icon: 'warning',
    background: 'warning',
    errorKind: 'notInstalled',
    tooltip: (s) => `**Cursor**: ${s.message}\n\nInstall the CLI, or point \`cursorAgent.path\` at it.`,
    links: ['selectBinary', 'showLogs', 'refreshStatus'],
    menuFirst: [{ run: 'selectBinary' }],
    menuAfter: [],
    status: () => 'unknown (no CLI)',
  },
  loggedOut: {
    icon: 'sign-in',
    background: 'warning',
    errorKind: 'loggedOut',
    tooltip: () => '**Cursor**: not logged in.',
    links: ['login', 'showLogs', 'refreshStatus'],
    menuFirst: [{ run: 'login' }],
    menuAfter: binaryLast,
    status: () => LOGIN_STATUS,
  },
  keychainLocked: {
    icon: 'lock',
    background: 'warning',
    errorKind: 'keychainLocked',
    tooltip: () => '**Cursor**: your macOS login keychain is locked. Run `security unlock-keychain`, then refresh.',
    links: ['unlockKeychain', 'refreshStatus', 'showLogs'],
    menuFirst: [{ run: 'unlockKeychain' }],
    menuAfter: binaryLast,
    status: () => 'the macOS keychain is locked: run `security unlock-keychain`',
  },
  ready: {
    // The view adds the model, the last answer and a warning for a model the backend in use does not know.
    icon: 'check',
    // A version such as 2026.10.01-e373342 as it is (nothing in it is markup); anything else escaped.
    tooltip: (s, md) =>
      `**Cursor** is ready${s.email ? ` (${md(s.email)})` : ''}\n\nCLI ${/^[0-9A-Za-z][0-9A-Za-z.+-]*$/.test(s.version) ? s.version : md(s.version)}`,
    links: ['switchModel', 'showLogs', 'refreshStatus'],
    menuFirst: [{ run: 'newChat' }],
    menuAfter: [{ run: 'logout' }, ...binaryLast],
    status: (s) => (s.email ? `logged in as ${s.email}` : 'logged in'),
  },
  error: {
    icon: 'error',
    background: 'error',
    tooltip: (s, md) => `**Cursor**: ${md(s.detail)}`,
    links: ['showLogs', 'selectBinary', 'refreshStatus'],
    menuFirst: [],
    menuAfter: binaryLast,
    status: (s) => `error: ${s.detail}`,
  },
};

/** On macOS the CLI reads a keychain it cannot open as "not logged in": offer both ways out, and say why. */
const MAC_LOGGED_OUT: ReadinessRow<'loggedOut'> = {
  ...ROWS.loggedOut,
  tooltip: () => `**Cursor**: not logged in. ${MAC_KEYCHAIN_NOTE} If you are logged in, unlock it.`,
  links: ['login', 'unlockKeychain', 'showLogs', 'refreshStatus'],
  menuFirst: [{ run: 'login' }, { run: 'unlockKeychain', description: 'a locked macOS keychain also reads as logged out' }],
  status: () => `${LOGIN_STATUS}. ${MAC_KEYCHAIN_NOTE} If you are logged in, run **Cursor: Unlock macOS Keychain** (\`security unlock-keychain\`).`,
};

/** The row for `state` on `platform` (`process.platform`; the macOS variant for "logged out"). */
export function readinessRow<S extends ReadyState['state']>(state: S, platform: string | undefined): ReadinessRow<S> {
  return (state === 'loggedOut' && platform === 'darwin' ? MAC_LOGGED_OUT : ROWS[state]) as ReadinessRow<S>;
}

/** `/status`'s login line for a state. */
export function loginStatus(s: ReadyState, platform: string | undefined): string {
  return (readinessRow(s.state, platform) as ReadinessRow).status(s as never);
}

/** The status menu for a state, in order. */
export function statusMenuEntries(state: ReadyState['state'], platform: string | undefined): MenuEntry[] {
  const row = readinessRow(state, platform);
  return [...row.menuFirst, ...COMMON_MENU, ...row.menuAfter];
}

/** Every command a status bar tooltip links to, in any state (the tooltip's trusted commands). */
export function linkedCommands(): string[] {
  const rows = [...Object.values(ROWS), MAC_LOGGED_OUT] as ReadinessRow[];
  return [...new Set(rows.flatMap((r) => r.links))].map((c) => READINESS_COMMANDS[c].command);
}
