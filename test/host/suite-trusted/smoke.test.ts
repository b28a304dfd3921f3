import * as assert from 'assert';
import * as fs from 'fs';
import * as vscode from 'vscode';
import { binaryFoundOnPath, userBinary } from '../helpers';
import { screenshot } from '../screenshot';

const EXTENSION_ID = 'cursor-vscode-chat.cursor-agent-vscode';

describe('host smoke (trusted workspace)', () => {
  it('finds and activates the extension', async () => {
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(ext, `extension ${EXTENSION_ID} not found`);
    await ext.activate();
    assert.strictEqual(ext.isActive, true);
  });

  it('runs in a trusted workspace with the harness workspace open', () => {
    assert.strictEqual(vscode.workspace.isTrusted, true);
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'no workspace folder open');
    assert.strictEqual(folder.uri.fsPath, process.env.CURSOR_AGENT_TEST_WORKSPACE);
  });

  it('takes a screenshot of the live workbench', async () => {
    const file = await screenshot('smoke-live');
    assert.ok(fs.statSync(file).size > 1000);
  });

  it('finds cursor-agent on PATH when cursorAgent.path is empty (the most common setup)', async function () {
    this.timeout(20_000);
    assert.ok(binaryFoundOnPath(), 'suite-trusted is meant to leave cursorAgent.path empty');
    const configured = vscode.workspace.getConfiguration('cursorAgent').inspect<string>('path');
    assert.strictEqual(configured?.globalValue ?? '', '', 'cursorAgent.path should be empty in this suite');
    const state = await vscode.commands.executeCommand<{ state: string; binary?: string }>('cursorAgent.refreshStatus');
    assert.strictEqual(state?.state, 'ready', JSON.stringify(state));
    assert.strictEqual(state?.binary, userBinary(), 'the binary found on PATH');
  });
});
