import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as vscode from 'vscode';
import { buildTerminalEnv } from '../../../src/cli/env';
import { activateApi, fake, invocationsSince, waitFor, workspacePath } from '../helpers';

/**
 * Issue 12, item 6: the Log In / Log Out terminals never start in the
 * workspace and get only the allowlisted environment, although code-server
 * (a remote window) ignores strictEnv.
 */
describe('Log In / Log Out terminals (trusted window)', () => {
  afterEach(async function () {
    this.timeout(20_000);
    // A logout that runs to its end signs the fake out (its state wins until the next setScenario): let the terminals
    // end, then reset the fake, so the next test starts signed in (under load the logout used to finish after the test).
    const mine = vscode.window.terminals.filter((t) => t.name.startsWith('Cursor:'));
    await waitFor('the Cursor terminals to end', () => mine.every((t) => t.exitStatus !== undefined) || undefined, 15_000).catch(() => undefined);
    for (const t of mine) t.dispose();
    fake().setScenario({});
  });

  for (const command of ['login', 'logout'] as const) {
    it(`cursor-agent ${command} runs in the home folder with the turns' allowlisted environment, not the extension host's`, async function () {
      this.timeout(40_000);
      await activateApi();
      fake().setScenario({});
      const before = fake().invocations().length;
      await vscode.commands.executeCommand(`cursorAgent.${command}`);
      const inv = await waitFor(
        `cursor-agent ${command} in its terminal`,
        () => invocationsSince(before).find((i) => i.argv[0] === command),
        30_000,
      ).catch(async (err: Error) => {
        const terms = await Promise.all(
          vscode.window.terminals.map(async (t) => `${t.name} pid=${String(await t.processId)} exit=${JSON.stringify(t.exitStatus)}`),
        );
        throw new Error(`${err.message}; terminals: ${terms.join(' | ')}; trusted=${vscode.workspace.isTrusted}`);
      });
      assert.strictEqual(fs.realpathSync(inv.cwd), fs.realpathSync(os.homedir()), `${command} ran in ${inv.cwd}`);
      assert.notStrictEqual(fs.realpathSync(inv.cwd), fs.realpathSync(workspacePath()));
      // Variables of the extension host that the allowlist drops must not reach the terminal.
      const allowed = new Set(Object.keys(buildTerminalEnv(process.env, process.platform)));
      const addedByTerminal = /^(TERM_PROGRAM|TERM_PROGRAM_VERSION|COLORTERM|LANG|FAKE_CURSOR_DIR|SHLVL|PWD|OLDPWD|_)$/;
      const leaked = Object.keys(inv.env).filter((k) => process.env[k] !== undefined && !allowed.has(k) && !addedByTerminal.test(k));
      assert.deepStrictEqual(leaked, [], `extension host variables reached the ${command} terminal`);
      assert.ok(!(inv.env.PATH ?? '').split(':').some((d) => d !== '' && !d.startsWith('/')), `relative PATH entry: ${inv.env.PATH}`);
    });
  }
});
