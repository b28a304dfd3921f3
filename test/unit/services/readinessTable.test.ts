/**
 * One readiness table serves the status bar (its tooltip links and trusted commands), the status menu,
 * `/status` and, through the error kind of each row, the actions a failing turn offers.
 */
import * as assert from 'node:assert/strict';
import type { Resolution } from '../../../src/cli/binaryResolution';
import { describeError } from '../../../src/cli/errors';
import type { AuthService, ReadyState } from '../../../src/services/readiness/authService';
import { linkedCommands, READINESS_COMMANDS, readinessRow, statusMenuEntries } from '../../../src/services/readiness/readinessTable';
import { renderStatusMarkdown } from '../../../src/services/readiness/reports';
import { DEFAULT_SETTINGS } from '../../../src/services/settingsSchema';
import { statusBarView } from '../../../src/services/readiness/statusBarView';
import { type MarkdownString, shimState } from '../../support/vscodeShim';
import { CursorStatusBar } from '../../../src/vscode/status/statusBar';

const STATES: ReadyState[] = [
  { state: 'checking' },
  { state: 'notInstalled', kind: 'notInstalled', message: 'The Cursor CLI was not found.' },
  { state: 'loggedOut' },
  { state: 'keychainLocked' },
  { state: 'ready', binary: '/bin/cursor-agent', version: 'v1', email: 'me@example.com' },
  { state: 'error', detail: 'status failed' },
];
const PLATFORMS = ['darwin', 'linux', 'win32'];
const linksIn = (tooltip: string) => [...tooltip.matchAll(/\]\(command:([\w.]+)\)/g)].map((m) => m[1]);

describe('the readiness table', () => {
  it('the tooltip links are the row links, and the trusted commands are exactly the commands any tooltip links to', () => {
    const seen = new Set<string>();
    for (const s of STATES) {
      for (const platform of PLATFORMS) {
        const links = linksIn(statusBarView({ state: s, model: 'gpt-5', platform }).tooltip);
        assert.deepEqual(
          links,
          readinessRow(s.state, platform).links.map((c) => READINESS_COMMANDS[c].command),
          `${s.state} on ${platform}`,
        );
        for (const l of links) seen.add(l);
      }
    }
    assert.deepEqual([...linkedCommands()].sort(), [...seen].sort());
  });

  it('the status bar item trusts the table commands (a command linked but not trusted would do nothing when clicked)', () => {
    for (const s of STATES) {
      const auth = { state: s, onDidChange: () => ({ dispose() {} }) } as unknown as AuthService;
      for (const kind of ['none', 'harnessDefault', 'harnessWithCopilot', 'localDisabled'] as const) {
        const bar = new CursorStatusBar(auth, () => DEFAULT_SETTINGS, false, 'darwin');
        bar.watchLocalChat(() => ({ kind }));
        const tooltip = shimState.statusBarItems?.at(-1)?.tooltip as MarkdownString | undefined;
        const trusted = (tooltip?.isTrusted as { enabledCommands: string[] } | undefined)?.enabledCommands ?? [];
        for (const l of linksIn(bar.view.tooltip)) assert.ok(trusted.includes(l!), `${s.state}, ${kind}: ${l} is linked but not trusted`);
        assert.deepEqual(
          [...trusted].sort(),
          [...linkedCommands(), 'cursorAgent.newChat', 'cursorAgent.showLocalChatSetting', 'cursorAgent.useLocalChats'].sort(),
        );
        bar.dispose();
      }
    }
  });

  it('macOS is one variant: logged out offers Unlock Keychain in the tooltip, the menu and /status, and a failing turn does too', () => {
    const res: Resolution = {
      found: true,
      path: '/bin/cursor-agent',
      version: 'v',
      source: 'path:cursor-agent',
      argsPrefix: [],
      configuredPathFailed: false,
      rejected: [],
    };
    for (const platform of PLATFORMS) {
      const mac = platform === 'darwin';
      const out: ReadyState = { state: 'loggedOut' };
      assert.equal(/Unlock Keychain/.test(statusBarView({ state: out, platform }).tooltip), mac, `tooltip on ${platform}`);
      assert.equal(
        statusMenuEntries('loggedOut', platform).some((e) => e.run === 'unlockKeychain'),
        mac,
        `menu on ${platform}`,
      );
      assert.equal(
        /\*\*Cursor: Unlock macOS Keychain\*\*/.test(renderStatusMarkdown({ resolution: res, state: out, remote: false, platform })),
        mac,
        `/status on ${platform}`,
      );
      assert.equal(describeError('loggedOut', { platform }).actions.includes('unlockKeychain'), mac, `a failing turn on ${platform}`);
    }
  });

  it('each state that is also a turn failure links every way out its error offers (where the status bar has one)', () => {
    const linkable = new Map(Object.entries(READINESS_COMMANDS).map(([k]) => [k, k]));
    for (const s of STATES) {
      for (const platform of PLATFORMS) {
        const row = readinessRow(s.state, platform);
        if (!row.errorKind) continue;
        const offered = describeError(row.errorKind, { platform }).actions.filter((a) => linkable.has(a));
        for (const a of offered)
          assert.ok((row.links as readonly string[]).includes(a), `${s.state} on ${platform}: the error offers ${a}, the status bar does not`);
      }
    }
  });

  it('the status menu: the state first (New Chat when ready), then Switch Model, Refresh Status and Show Logs, then Log Out (ready) and Select Binary', () => {
    const runs = (state: ReadyState['state'], platform = 'linux') => statusMenuEntries(state, platform).map((e) => e.run);
    const common = ['switchModel', 'refreshStatus', 'showLogs'];
    assert.deepEqual(runs('loggedOut', 'darwin'), ['login', 'unlockKeychain', ...common, 'selectBinary']);
    assert.deepEqual(runs('loggedOut'), ['login', ...common, 'selectBinary']);
    assert.deepEqual(runs('keychainLocked'), ['unlockKeychain', ...common, 'selectBinary']);
    assert.deepEqual(runs('notInstalled'), ['selectBinary', ...common]);
    assert.deepEqual(runs('ready'), ['newChat', ...common, 'logout', 'selectBinary']);
    assert.deepEqual(runs('checking'), [...common, 'selectBinary']);
    assert.deepEqual(runs('error'), [...common, 'selectBinary']);
  });
});
