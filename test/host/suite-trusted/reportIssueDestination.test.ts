// Cursor: Report Issue… without a tracker: the manifest names no `bugs` URL (there is no public tracker yet), so
// the redacted report opens as an untitled document that says it was not sent and where it can go; once the
// manifest names one, VS Code's issue reporter takes it.
import * as assert from 'assert';
import * as vscode from 'vscode';
import { activateApi, EXTENSION_ID, waitFor } from '../helpers';

interface Result {
  shownIn: string;
  text: string;
  noTracker?: boolean;
}

/** What a command showed: the text of the editor it left in front, a document it opened (never an earlier one). */
async function openedBy<T>(command: () => Thenable<T>): Promise<{ result: T; opened: string[] }> {
  const before = new Set(vscode.workspace.textDocuments);
  const result = await command();
  const shown = vscode.window.activeTextEditor?.document;
  return { result, opened: shown && !before.has(shown) ? [shown.getText()] : [] };
}

describe('Cursor: Report Issue… and where the report can go', () => {
  before(async function () {
    this.timeout(60_000);
    await activateApi();
  });
  afterEach(async () => {
    const untitled = vscode.workspace.textDocuments.filter((d) => d.isUntitled);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    // Until VS Code has disposed of them (the product asks again when VS Code hands it a document with another text:
    // src/vscode/untitledMarkdown.ts).
    await waitFor('the reports opened to be closed', () => untitled.every((d) => d.isClosed), 10_000);
  });

  it('with no tracker in the manifest, opens the report as a document that says nothing was sent and where it can go', async function () {
    this.timeout(30_000);
    const manifest = vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON as Record<string, unknown>;
    assert.strictEqual(manifest.bugs, undefined, 'the manifest names no tracker');
    const { result, opened } = await openedBy(() => vscode.commands.executeCommand<Result>('cursorAgent.reportIssue'));
    assert.strictEqual(result?.shownIn, 'document');
    assert.strictEqual(result.noTracker, true);
    assert.strictEqual(opened.length, 1, `documents opened: ${opened.length}`);
    const shown = opened[0]!;
    assert.match(shown, /no public issue tracker yet/);
    assert.match(shown, /not sent anywhere/);
    assert.ok(shown.includes(result.text), 'the document holds the report');
  });

  it("with a `bugs` URL in the manifest, hands the report to VS Code's issue reporter", async function () {
    // The test can only set a `bugs` URL by changing the manifest object VS Code gave it. On 1.110 the change does not
    // reach the extension (seen in CI: the no-tracker document opened), so this runs where it does; the choice itself is
    // unit-tested (test/unit/services/issueDestination.test.ts).
    if (vscode.version.startsWith('1.110.')) this.skip();
    this.timeout(30_000);
    // The manifest object the extension reads (the same description object VS Code hands every caller).
    const manifest = vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON as Record<string, unknown>;
    manifest.bugs = { url: 'https://example.invalid/issues' };
    try {
      const { result, opened } = await openedBy(() => vscode.commands.executeCommand<Result>('cursorAgent.reportIssue'));
      assert.strictEqual(result?.noTracker, undefined, JSON.stringify(result));
      if (result.shownIn === 'document') {
        // Only where the workbench has no issue reporter (code-server's browser build): the report, without the no-tracker note.
        assert.strictEqual(vscode.env.uiKind, vscode.UIKind.Web, 'a desktop workbench has an issue reporter');
        assert.strictEqual(opened.length, 1, `documents opened: ${opened.length}`);
        assert.ok(opened[0]!.includes(result.text), 'the document holds the report');
        assert.doesNotMatch(opened[0]!, /no public issue tracker/);
      } else {
        assert.strictEqual(result.shownIn, 'issueReporter');
      }
    } finally {
      delete manifest.bugs;
    }
  });
});
