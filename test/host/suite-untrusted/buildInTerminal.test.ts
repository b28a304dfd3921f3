import * as assert from 'assert';
import * as vscode from 'vscode';
import { activateApi, fake, invocationsSince, sleep } from '../helpers';

/**
 * Build in Terminal in an untrusted folder (issue 47's break list): the interactive cursor-agent would start in a
 * folder VS Code does not trust and act there under its own approvals. It must not start: nothing opens, the user is
 * told to trust the folder.
 */
describe('Build in Terminal in an untrusted folder', () => {
  const PLAN = { markdown: '# untrusted plan\n\n1. a step\n', todos: [{ content: 'a step', status: 'pending' }] };

  it('opens no terminal and starts no interactive cursor-agent', async function () {
    this.timeout(30_000);
    await activateApi();
    const before = fake().invocations().length;
    const t = await vscode.commands.executeCommand<vscode.Terminal | undefined>('cursorAgent.buildPlanInTerminal', PLAN);
    t?.dispose();
    assert.strictEqual(t, undefined, 'a terminal was opened');
    assert.ok(!vscode.window.terminals.some((x) => x.name === 'Cursor Agent: Build Plan'), 'a Build Plan terminal is open');
    await sleep(2000); // proves a negative: no CLI starts late
    const started = invocationsSince(before).filter((i) => i.argv.some((a) => a.includes('untrusted plan') || a.startsWith('Read the file')));
    assert.deepStrictEqual(started, [], 'the interactive cursor-agent started in an untrusted folder');
  });
});
