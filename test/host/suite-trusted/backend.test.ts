// The default backend (auto) with a CLI that has no `acp` command (this suite's print-only fake):
// turns run in print mode with no notice; the log and /status say why.
import * as assert from 'assert';
import * as vscode from 'vscode';
import { activateApi, extensionLog, fake, renderedAnswer, waitFor } from './../helpers';

describe('backend auto with a CLI without acp', function () {
  this.timeout(20_000);
  before(() => activateApi());

  it('the support check runs once, says so in the log, and /status names print mode and why', async () => {
    await waitFor('the ACP support check in the log', () => /does not support ACP: the CLI has no `acp` command/.test(extensionLog()));
    const checks = fake()
      .invocations()
      .filter((i) => i.argv[0] === 'acp');
    assert.strictEqual(checks.length, 1, JSON.stringify(checks.map((c) => c.argv)));
    assert.deepStrictEqual(checks[0]!.argv, ['acp', '--help']);
    await vscode.commands.executeCommand('workbench.action.chat.newChat');
    await vscode.commands.executeCommand('workbench.action.chat.open', { query: '@cursor /status', blockOnResponse: true });
    assert.match(await renderedAnswer(), /- Backend: print mode \(`cursor-agent -p`\): the CLI has no `acp` command/);
  });
});
