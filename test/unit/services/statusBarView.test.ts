import * as assert from 'node:assert/strict';
import { classifyFailure } from '../../../src/cli/failureClassifier';
import type { Resolution } from '../../../src/cli/binaryResolution';
import { renderStatusMarkdown } from '../../../src/services/readiness/reports';
import { statusBarView } from '../../../src/services/readiness/statusBarView';

describe('what the user reads: model info, /models, /status, status bar', () => {
  it('shows each readiness state in the status bar with a codicon, theme colours and command links', () => {
    const ready = statusBarView({ state: { state: 'ready', binary: '/x', version: 'v1', email: 'a@b.c' }, model: 'gpt-5' });
    assert.equal(ready.text, '$(check) Cursor: gpt-5');
    assert.equal(ready.background, undefined);
    assert.match(ready.tooltip, /command:cursorAgent\.switchModel/);
    const out = statusBarView({ state: { state: 'loggedOut' } });
    assert.equal(out.text, '$(sign-in) Cursor');
    assert.equal(out.background, 'warning');
    assert.match(out.tooltip, /\[Log In\]\(command:cursorAgent\.login\)/);
    assert.equal(statusBarView({ state: { state: 'notInstalled', kind: 'notInstalled', message: 'not found' } }).text, '$(warning) Cursor');
    assert.equal(statusBarView({ state: { state: 'keychainLocked' } }).text, '$(lock) Cursor');
    assert.equal(statusBarView({ state: { state: 'checking' } }).text, '$(loading~spin) Cursor');
    assert.equal(statusBarView({ state: { state: 'error', detail: 'x' } }).background, 'error');
    assert.match(statusBarView({ state: { state: 'ready', binary: '/x', version: 'v1' }, demo: true }).text, /demo/);
  });

  it('on macOS, a logged-out state offers Unlock Keychain beside Log In and says why (a locked keychain reads as logged out)', () => {
    const mac = statusBarView({ state: { state: 'loggedOut', message: 'Not logged in' }, platform: 'darwin' });
    assert.match(mac.tooltip, /\[Log In\]\(command:cursorAgent\.login\) · \[Unlock Keychain\]\(command:cursorAgent\.unlockKeychain\)/);
    assert.match(mac.tooltip, /locked login keychain/);
    const linux = statusBarView({ state: { state: 'loggedOut' }, platform: 'linux' });
    assert.doesNotMatch(linux.tooltip, /Keychain|keychain/);
    const res: Resolution = {
      found: true,
      path: '/bin/cursor-agent',
      version: 'v',
      source: 'path:cursor-agent',
      argsPrefix: [],
      configuredPathFailed: false,
      rejected: [],
    };
    const md = renderStatusMarkdown({ resolution: res, state: { state: 'loggedOut' }, remote: false, platform: 'darwin' });
    assert.match(md, /Log In/);
    assert.match(md, /run \*\*Cursor: Unlock macOS Keychain\*\* \(`security unlock-keychain`\)/);
    assert.match(md, /locked login keychain/);
    assert.doesNotMatch(renderStatusMarkdown({ resolution: res, state: { state: 'loggedOut' }, remote: false, platform: 'linux' }), /keychain/i);
    // A turn that fails as logged out on a Mac offers both buttons, and still says "not logged in".
    const turn = classifyFailure(
      { exitCode: 1, stderr: "Error: Authentication required. Please run 'agent login' first, or set CURSOR_API_KEY environment variable.\n" },
      { platform: 'darwin' },
    );
    assert.equal(turn.kind, 'loggedOut');
    assert.deepEqual(turn.actions.slice(0, 2), ['login', 'unlockKeychain']);
    assert.match(turn.userMessage, /not logged in\. On macOS a locked login keychain looks the same/);
    assert.deepEqual(classifyFailure({ exitCode: 1, stderr: 'Error: Authentication required.\n' }, { platform: 'linux' }).actions, [
      'login',
      'showLogs',
    ]);
    // The keychain wording itself still reports a locked keychain.
    assert.equal(
      classifyFailure(
        { exitCode: 1, stderr: 'Error: Your macOS login keychain is locked.\nRun security unlock-keychain and try again.\n' },
        { platform: 'darwin' },
      ).kind,
      'keychainLocked',
    );
  });

  it("a model id or CLI version with a backtick or a link in it cannot close the tooltip's code span or add a command link", () => {
    const hostile = 'x`](command:workbench.action.terminal.new)` [y](command:cursorAgent.logout)';
    const v = statusBarView({ state: { state: 'ready', binary: '/x', version: '1.0[z](command:evil)', email: 'a@b.c' }, model: hostile });
    // The only links left are the item's own: the Switch Model / Show Logs / Refresh row.
    const links = [...v.tooltip.matchAll(/(?<!\\)\[[^\]]*(?<!\\)\]\((command:[^)]*)\)/g)].map((m) => m[1]);
    assert.ok(
      links.length > 0 && links.every((l) => /^command:cursorAgent\.(switchModel|showLogs|refreshStatus|showStatusMenu)/.test(l!)),
      JSON.stringify(links),
    );
    assert.ok(
      !v.tooltip.includes('](command:workbench') && !v.tooltip.includes('](command:evil') && !v.tooltip.includes('](command:cursorAgent.logout'),
      v.tooltip,
    );
    assert.ok(!/`[^`]*x`/.test(v.tooltip), `the id sits in a code span it can close: ${v.tooltip}`);
    // A CLI version as the CLI prints it is shown as it is.
    assert.match(statusBarView({ state: { state: 'ready', binary: '/x', version: '2026.10.01-e373342' } }).tooltip, /\n\nCLI 2026\.10\.01-e373342/);
    // An id that is a model id stays in its code span.
    assert.match(
      statusBarView({ state: { state: 'ready', binary: '/x', version: 'v1' }, model: 'composer-2.5[fast=true]' }).tooltip,
      /Model: `composer-2\.5\[fast=true\]`/,
    );
  });
});
