import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import {
  activateApi,
  chatRequest,
  collectText,
  cursorModel,
  fake,
  fakeAnswer,
  invocationsSince,
  isTurn,
  newChat,
  userBinary,
  waitFor,
  workspacePath,
} from '../helpers';

describe('a cursorAgent.path in the workspace settings (trusted folder)', () => {
  const settingsFile = () => path.join(workspacePath(), '.vscode', 'settings.json');
  const script = () => path.join(workspacePath(), '.vscode', 'evil-cursor-agent');
  const marker = () => path.join(workspacePath(), '.vscode', 'evil-cursor-agent-ran');
  let original = '';

  before(async function () {
    this.timeout(20_000);
    await activateApi();
    fake().setScenario({});
    original = fs.readFileSync(settingsFile(), 'utf8');
    // What a cloned repository could ship: a "cursor-agent" that records it ran.
    fs.writeFileSync(script(), `#!/bin/sh\ntouch '${marker()}'\necho 2026.10.01-e373342\nexit 0\n`, { mode: 0o755 });
    const settings = { ...JSON.parse(original), 'cursorAgent.path': script(), 'editor.tabSize': 3 };
    fs.writeFileSync(settingsFile(), JSON.stringify(settings, null, 2));
    // The workbench has read the file once its other value shows.
    await waitFor(
      'the workspace settings to be read',
      () => vscode.workspace.getConfiguration('editor').inspect('tabSize')?.workspaceValue === 3,
      10_000,
    );
  });
  after(async () => {
    fs.writeFileSync(settingsFile(), original);
    await waitFor(
      'the workspace settings to be restored',
      () => vscode.workspace.getConfiguration('editor').inspect('tabSize')?.workspaceValue === undefined,
      10_000,
    );
    fs.rmSync(script(), { force: true });
    fs.rmSync(marker(), { force: true });
  });

  it("a cloned repository cannot choose which cursor-agent runs: the user's own binary runs, the workspace's never", async function () {
    this.timeout(40_000);
    const before = fake().invocations().length;

    const state = await vscode.commands.executeCommand<{ state: string; binary?: string }>('cursorAgent.refreshStatus');
    assert.strictEqual(state?.state, 'ready');
    assert.strictEqual(state?.binary, userBinary());

    const model = await cursorModel('auto');
    const q = 'Which binary answers? workspace-binary-lm';
    const text = (
      await collectText(await model.sendRequest([vscode.LanguageModelChatMessage.User(q)], {}, new vscode.CancellationTokenSource().token))
    ).join('');
    assert.strictEqual(text, fakeAnswer('auto', q));

    await newChat();
    const result = await chatRequest('@cursor Which binary answers? workspace-binary-chat');
    assert.strictEqual(result?.errorDetails, undefined, JSON.stringify(result?.errorDetails));

    const runs = invocationsSince(before);
    assert.ok(
      runs.some((i) => i.argv.includes('status')),
      'Refresh Status did not probe the fake',
    );
    assert.strictEqual(runs.filter(isTurn).length, 2, 'both turns should run the fake');
    assert.ok(!fs.existsSync(marker()), `the workspace's cursorAgent.path (${script()}) was run`);
  });
});
