/**
 * Issue 46: Build in Terminal builds a plan in the folder it was made in. In a multi-root window it used to take
 * the window's first folder, so a plan made in folder B was built in folder A. The plan a button carries now
 * carries its folder; the hand-off takes it when that folder is open in the window (else the first, as before).
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as vscode from 'vscode';
import { activateApi, fake, invocationsSince, waitFor, workspacePath } from '../helpers';

const PLAN = { markdown: '# b plan\n\n1. b step\n', todos: [{ content: 'b step', status: 'pending' }] };

/** Runs Build in Terminal with `plan` as its button carries it; returns the folder its terminal starts in. */
async function builtIn(plan: object): Promise<string | undefined> {
  const t = await vscode.commands.executeCommand<vscode.Terminal | undefined>('cursorAgent.buildPlanInTerminal', plan);
  try {
    assert.ok(t, 'no terminal');
    assert.strictEqual(t.name, 'Cursor Agent: Build Plan');
    return ((t.creationOptions as vscode.TerminalOptions).cwd as vscode.Uri | undefined)?.fsPath;
  } finally {
    t?.dispose();
  }
}

describe('Build in Terminal in a multi-root window', function () {
  this.timeout(30_000);
  before(async () => {
    await activateApi();
  });

  it('a plan made in the second folder is built in that folder, not the first', async () => {
    const [a, b] = (vscode.workspace.workspaceFolders ?? []).map((f) => f.uri.fsPath);
    assert.strictEqual(a, workspacePath());
    assert.ok(b, 'the window has no second folder');
    assert.strictEqual(await builtIn({ ...PLAN, folder: b }), b);
  });

  it('a plan whose folder is not open in the window is built in the first folder (never in a path a button carried)', async () => {
    assert.strictEqual(await builtIn({ ...PLAN, folder: os.homedir() }), workspacePath());
    assert.strictEqual(await builtIn(PLAN), workspacePath());
  });

  it('a plan handed over by a command call reaches the interactive CLI cut to 20,000 characters, never with --force', async function () {
    this.timeout(60_000);
    const before = fake().invocations().length;
    const huge = { name: 'N'.repeat(100_000), markdown: `# huge\n\n${'step "x" --force\n'.repeat(100_000)}`, todos: [] };
    const t = await vscode.commands.executeCommand<vscode.Terminal | undefined>('cursorAgent.buildPlanInTerminal', huge);
    try {
      assert.ok(t, 'no terminal');
      // The CLI's one argument: the prompt, or the line naming the prompt file it is told to read.
      const fileLine = /^Read the file (.+), then build the plan it holds\.$/;
      const inv = await waitFor(
        'the interactive cursor-agent in its terminal',
        () => invocationsSince(before).find((i) => i.argv.some((a) => a.startsWith('Build this plan:\n\n## NNN') || fileLine.test(a))),
        30_000,
      );
      assert.strictEqual(inv.argv.length, 1, `the CLI got ${inv.argv.length} arguments`);
      const named = fileLine.exec(inv.argv[0]!)?.[1];
      const prompt = named === undefined ? inv.argv[0]! : fs.readFileSync(named, 'utf8');
      assert.ok(prompt.length <= 'Build this plan:\n\n'.length + 20_000, `${prompt.length} characters reached the CLI`);
      assert.ok(prompt.includes('step "x" --force\nstep'), 'the plan itself, cut');
    } finally {
      t?.dispose();
    }
  });
});
