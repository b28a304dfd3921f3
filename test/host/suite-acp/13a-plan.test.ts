// The plan carried on: under an answer with a plan, buttons that open it, or hand it to an agent the user drives.
import * as assert from 'assert';
import * as vscode from 'vscode';
import { renderedFooter } from '../helpers';
import { chatRequest } from '../requests';
import { acpReady, freshAgents } from './support';

const PLAN = {
  name: 'bp plan',
  overview: 'The bp overview.',
  markdown: '# bp plan\n\n1. bp step\n',
  todos: [{ content: 'bp step', status: 'pending' }],
};

describe('The plan carried on (ACP)', function () {
  this.timeout(40_000);
  before(async function () {
    this.timeout(30_000);
    await acpReady();
  });

  it('under a plan: Open Plan, Build with Agent and Build in Terminal', async () => {
    await freshAgents({ turn: { kind: 'announced', label: 'bp', text: 'Plan ready.' } });
    const r = await chatRequest('Make a plan. plan-1');
    assert.strictEqual(r.errorDetails, undefined, JSON.stringify(r));
    const footer = await renderedFooter();
    for (const b of ['Open Plan', 'Build with Agent', 'Build in Terminal'])
      assert.ok(footer.buttons.includes(b), `no ${b}: ${JSON.stringify(footer)}`);
  });

  it('Open Plan opens an untitled Markdown document holding the plan (no file written)', async () => {
    await vscode.commands.executeCommand('cursorAgent.openPlan', PLAN);
    const doc = vscode.window.activeTextEditor?.document;
    assert.ok(doc?.isUntitled, 'not an untitled document');
    assert.strictEqual(doc.languageId, 'markdown');
    assert.match(doc.getText(), /^## bp plan\n\nThe bp overview\.\n\n# bp plan\n\n1\. bp step\n\n\*\*To-dos\*\*\n\n- \[ \] bp step\n$/);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('Open Plan called with a plan of 1 MB and 10,000 to-dos (a command call, no button) opens at most 20,000 characters and 100 to-dos', async () => {
    const todos = Array.from({ length: 10_000 }, (_, i) => ({ content: `big step ${i}`, status: 'pending' }));
    await vscode.commands.executeCommand('cursorAgent.openPlan', { name: 'Big', markdown: 'step\n'.repeat(200_000), todos });
    const doc = vscode.window.activeTextEditor?.document;
    assert.ok(doc?.isUntitled, 'not an untitled document');
    const text = doc.getText();
    assert.ok(text.startsWith('## Big\n') && text.length <= 20_001, `${text.length} characters`);
    assert.strictEqual(text.match(/^- \[ \] big step \d+$/gm)?.length, 100);
    assert.match(text, /^- … and 9900 more$/m);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('Build in Terminal runs the interactive cursor-agent in the workspace folder with the plan as its prompt, never --force', async () => {
    const t = await vscode.commands.executeCommand<vscode.Terminal>('cursorAgent.buildPlanInTerminal', PLAN);
    assert.strictEqual(t?.name, 'Cursor Agent: Build Plan');
    const opts = t.creationOptions as vscode.TerminalOptions;
    // The same launch as Continue in Terminal: /bin/sh -c <environment filter> <binary> <args…>.
    const argv = [opts.shellPath ?? '', ...[opts.shellArgs ?? []].flat()].slice(3);
    assert.match(argv[0] ?? '', /cursor-agent$/);
    assert.strictEqual(argv.length, 2, JSON.stringify(argv));
    assert.match(argv[1]!, /^Build this plan:\n\n## bp plan\n\nThe bp overview\.\n\n# bp plan\n\n1\. bp step\n\n\*\*To-dos\*\*\n\n- \[ \] bp step$/);
    assert.ok(!argv.some((x) => x === '--force' || x === '-f'), 'the agent may write without asking');
    assert.strictEqual((opts.cwd as vscode.Uri).fsPath, vscode.workspace.workspaceFolders?.[0]?.uri.fsPath);
    t.dispose();
  });

  it('a button whose plan cannot be read does nothing but say so', async () => {
    await vscode.commands.executeCommand('cursorAgent.openPlan', { markdown: 42 });
    await vscode.commands.executeCommand('cursorAgent.buildPlanInTerminal', 'rm -rf /');
  });
});
