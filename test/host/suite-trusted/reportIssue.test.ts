// Cursor: Report Issue…: the text it prefills (in VS Code's issue reporter, or in an untitled Markdown
// document where there is none, as in code-server) names the versions and holds the log's tail, and no
// secret that reached the log: one a failing turn printed (the extension redacts it when logging) and one
// written to the log file raw (the report's own redaction).
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as vscode from 'vscode';
import { activateApi, chatRequest, cursorModels, EXTENSION_ID, extensionLog, extensionLogFile, fake, newChat, waitFor } from '../helpers';

const TURN_SECRET = 'sk-PLANTEDturnSecret0123456789';
const RAW_SECRET = 'sk-PLANTEDrawSecret9876543210';
const COOKIE = 'WorkosCursorSessionToken=user_01PLANTEDUSER%3A%3AeyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJQTEFOVEVEIn0.PLANTEDsig';
const MARKER = 'report-issue-host-test-marker';

describe('Cursor: Report Issue…', () => {
  before(async function () {
    this.timeout(60_000);
    await activateApi();
    // A Cursor model in the chat's picker (a fresh profile may hold none yet), so @cursor runs the turn.
    const [m] = await cursorModels(20_000);
    await vscode.commands.executeCommand('workbench.action.chat.changeModel', { vendor: m!.vendor, id: m!.id, family: m!.family });
  });
  after(async function () {
    this.timeout(30_000);
    fake().setScenario({});
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('prefills the extension and VS Code versions, the last error kind and the log tail, without a planted secret or the home folder', async function () {
    this.timeout(90_000);
    fake().setScenario({ turn: { kind: 'stderrExit', stderr: `Error: request failed, api_key=${TURN_SECRET}\n` } });
    await newChat();
    const r = await chatRequest('@cursor Why does it fail?');
    assert.ok(r?.errorDetails, 'the turn failed');
    const file = await waitFor('the Cursor log file', () => extensionLogFile(), 20_000);
    fs.appendFileSync(file, `2026-12-02 10:00:00.000 [info] ${MARKER} api_key=${RAW_SECRET} Cookie: ${COOKIE} in ${os.homedir()}/project\n`);
    await waitFor('the marker in the log', () => extensionLog().includes(MARKER), 5000);

    const result = await vscode.commands.executeCommand<{ shownIn: string; text: string }>('cursorAgent.reportIssue');
    assert.ok(result && ['issueReporter', 'document'].includes(result.shownIn), JSON.stringify(result));
    const version = String((vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON as { version?: unknown }).version);
    const text = result.shownIn === 'document' ? (vscode.window.activeTextEditor?.document.getText() ?? '') : result.text;
    assert.ok(text.includes(result.text), 'the document holds the report');
    assert.ok(text.includes(`Extension: ${version}`), text.slice(0, 600));
    assert.ok(text.includes(`VS Code: ${vscode.version}`), text.slice(0, 600));
    assert.doesNotMatch(
      text,
      /Last error kinds: none/,
      `the failed turn's kind is listed (${JSON.stringify(r.errorDetails)}):\n${text.slice(0, 900)}`,
    );
    assert.ok(text.includes(MARKER), 'the log tail is in the report');
    for (const secret of [TURN_SECRET, RAW_SECRET, 'PLANTEDsig', 'user_01PLANTEDUSER', os.homedir()]) {
      assert.ok(!text.includes(secret), `${secret} is in the report`);
    }
  });
});
