import * as assert from 'assert';
import * as vscode from 'vscode';

const EXTENSION_ID = 'cursor-vscode-chat.cursor-agent-vscode';

describe('host smoke (untrusted workspace, restricted mode)', () => {
  it('opens the workspace untrusted', () => {
    assert.strictEqual(vscode.workspace.isTrusted, false);
    assert.ok(vscode.workspace.workspaceFolders?.length, 'no workspace folder open');
  });

  it('still finds and activates the extension (limited untrusted support)', async () => {
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(ext, `extension ${EXTENSION_ID} not found`);
    await ext.activate();
    assert.strictEqual(ext.isActive, true);
  });
});
