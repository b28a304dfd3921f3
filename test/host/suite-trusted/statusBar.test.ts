import * as assert from 'assert';
import * as fs from 'fs';
import * as vscode from 'vscode';
import type { CursorAgentApi } from '../../../src/extension';
import { activateApi, fake, userBinary, waitFor } from '../helpers';
import { screenshot } from '../screenshot';

describe('status bar', () => {
  let api: CursorAgentApi;
  const refreshStatus = () => vscode.commands.executeCommand('cursorAgent.refreshStatus');
  const machinePath = () => vscode.workspace.getConfiguration('cursorAgent').inspect<string>('path')?.globalValue;

  let originalPath: string | undefined;

  before(async () => {
    api = await activateApi();
    originalPath = machinePath();
  });
  afterEach(async function () {
    this.timeout(20_000);
    fake().setScenario({});
    if (machinePath() !== originalPath) {
      await vscode.workspace.getConfiguration('cursorAgent').update('path', originalPath, vscode.ConfigurationTarget.Global);
      await waitFor('cursorAgent.path restored', () => machinePath() === originalPath, 5000);
    }
    await refreshStatus();
    await waitFor('Cursor ready again', () => api.readiness.state === 'ready', 10_000);
  });

  it('shows a check mark, the chosen model by its name and the account when the CLI is logged in', async function () {
    this.timeout(20_000);
    fake().setScenario({ email: 'statusbar@example.com' });
    await refreshStatus();
    assert.strictEqual(api.readiness.state, 'ready');
    // After the suite's earlier questions it also names the model they were asked with (the picker's): the next turn's.
    assert.match(api.statusBarText, /^\$\(check\) Cursor(: Auto)?$/);
    assert.match(api.statusBarTooltip, /statusbar@example\.com/);
    assert.match(api.statusBarTooltip, /2026\.10\.01-e373342/, 'the tooltip names the CLI version');

    const config = vscode.workspace.getConfiguration('cursorAgent');
    await config.update('model', 'claude-4.5-sonnet', vscode.ConfigurationTarget.Global);
    try {
      // By the model list's label, once the list is in (asking for the models fetches it), and where the choice came from.
      await vscode.lm.selectChatModels({ vendor: 'cursor' });
      await waitFor('the status bar to show the model', () => api.statusBarText === '$(check) Cursor: Sonnet 4.5', 5000);
      assert.match(api.statusBarTooltip, /Model: \*\*Sonnet 4\.5\*\* \(chosen with Cursor: Switch Model/);
      const png = await screenshot('status-bar-ready');
      assert.ok(fs.statSync(png).size > 1000);
    } finally {
      await config.update('model', undefined, vscode.ConfigurationTarget.Global);
    }
    await waitFor('the status bar to drop the model', () => api.statusBarText === '$(check) Cursor', 5000);
  });

  it('shows a sign-in icon after the CLI logs out, once the status is refreshed', async function () {
    this.timeout(20_000);
    fake().setScenario({ auth: 'loggedOut' });
    await refreshStatus();
    assert.strictEqual(api.readiness.state, 'loggedOut');
    assert.strictEqual(api.statusBarText, '$(sign-in) Cursor');
    assert.match(api.statusBarTooltip, /command:cursorAgent\.login/, 'the tooltip offers Log In');
    await screenshot('status-bar-logged-out');

    fake().setScenario({});
    await refreshStatus();
    assert.match(api.statusBarText, /^\$\(check\) Cursor/);
  });

  it('uses the binary named in cursorAgent.path instead of the one on PATH', async function () {
    this.timeout(20_000);
    const explicit = fake().binPath;
    assert.notStrictEqual(explicit, userBinary(), 'the fake on PATH and the explicit binary should differ in this suite');
    await vscode.workspace.getConfiguration('cursorAgent').update('path', explicit, vscode.ConfigurationTarget.Global);
    await waitFor('cursorAgent.path = the fake', () => machinePath() === explicit, 5000);
    const state = await vscode.commands.executeCommand<{ state: string; binary?: string }>('cursorAgent.refreshStatus');
    assert.strictEqual(state?.state, 'ready', JSON.stringify(state));
    assert.strictEqual(state?.binary, explicit);
  });

  it('falls back to the cursor-agent on PATH when cursorAgent.path points at nothing', async function () {
    this.timeout(20_000);
    await vscode.workspace.getConfiguration('cursorAgent').update('path', '/nonexistent/cursor-agent', vscode.ConfigurationTarget.Global);
    await waitFor('cursorAgent.path = /nonexistent/cursor-agent', () => machinePath() === '/nonexistent/cursor-agent', 5000);
    const state = await vscode.commands.executeCommand<{ state: string; binary?: string }>('cursorAgent.refreshStatus');
    assert.strictEqual(state?.state, 'ready', JSON.stringify(state));
    assert.strictEqual(state?.binary, userBinary());
  });

  it('shows a warning when cursor-agent is neither where the setting points nor on PATH', async function () {
    this.timeout(20_000);
    const onPath = userBinary();
    fs.renameSync(onPath, `${onPath}.moved`);
    try {
      await vscode.workspace.getConfiguration('cursorAgent').update('path', '/nonexistent/cursor-agent', vscode.ConfigurationTarget.Global);
      await waitFor('cursorAgent.path = /nonexistent/cursor-agent', () => machinePath() === '/nonexistent/cursor-agent', 5000);
      await refreshStatus();
      assert.strictEqual(api.readiness.state, 'notInstalled');
      assert.strictEqual(api.statusBarText, '$(warning) Cursor');
      assert.match(api.statusBarTooltip, /command:cursorAgent\.selectBinary/, 'the tooltip offers Select Binary…');
    } finally {
      fs.renameSync(`${onPath}.moved`, onPath);
    }
  });
});
