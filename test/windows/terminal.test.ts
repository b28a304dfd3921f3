// The Log In / Log Out terminal on Windows: what `cmd.exe` receives when VS
// Code's terminal starts the plan. VS Code hands `shellPath` and `shellArgs` to
// node-pty, which builds one command line: an array through the C runtime's
// quoting (every `"` becomes `\"`), a string appended as it is (Windows only).
// That rule (node-pty 1.2, windowsPtyAgent.ts `argsToCommandLine`) is
// reproduced in ptyTerminal.ts, and the command line is given to the real process as is.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { terminalShell } from '../../src/cli/windowsLaunch';
import { buildChildEnv } from '../../src/cli/env';
import { freshDir, installFake, npmStyleShim, windowsEnv, type WindowsInstall } from './windowsInstall';
import { makeWorld } from './world';
import { ptyCommandLine, startAsTerminal } from './ptyTerminal';

const win = path.win32;

describe('Windows: the Log In terminal', function () {
  let install: WindowsInstall;

  before(function () {
    if (process.platform !== 'win32') this.skip();
    install = installFake({ scenario: { auth: 'loggedOut' } });
  });
  after(() => install?.fake.cleanup());

  for (const [route, configured] of [
    [
      'cmd.exe /d /s /c and an npm-style .cmd in a folder with spaces',
      () => npmStyleShim(install, win.join(install.localAppData, '..', 'Roaming', 'npm')),
    ],
    ['the installed node.exe', () => install.cmdShim],
  ] as const) {
    it(`through ${route}: the command line arrives once-quoted and the CLI runs login`, async () => {
      const env = windowsEnv({ LOCALAPPDATA: install.localAppData, Path: 'C:\\windows\\system32;C:\\windows' });
      const w = makeWorld(env, { configuredPath: configured() });
      const plan = await w.agent.resolveLaunch(['login']);
      w.dispose();
      const shell = terminalShell(plan, 'win32');
      const before = install.fake.invocations().length;
      const code = await startAsTerminal(shell, buildChildEnv(env, 'win32'), freshDir('home'));
      const invs = install.fake.invocations();
      assert.equal(
        invs.length,
        before + 1,
        `the CLI did not start (exit ${code}); command line: ${ptyCommandLine(shell.shellPath, shell.shellArgs)}`,
      );
      assert.deepEqual(invs[invs.length - 1]!.argv, ['login']);
      assert.equal(code, 0);
      if (route.startsWith('cmd')) {
        assert.equal(typeof shell.shellArgs, 'string', 'a cmd.exe line goes to the terminal as one string');
        assert.equal(ptyCommandLine(shell.shellPath, shell.shellArgs), `${shell.shellPath} ${plan.args.join(' ')}`);
      }
    });
  }
});
