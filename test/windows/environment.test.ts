// The environment the CLI gets on Windows Node.js, as the fake recorded it,
// through both launch routes.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { freshDir, installFake, npmStyleShim, windowsEnv, type WindowsInstall } from './windowsInstall';
import { makeWorld, type World } from './world';
import { printTurn } from '../support/printTurn';

const win = path.win32;

/** The allowlist of src/cli/env.ts, as the contract states it (upper-cased: Windows names are case-insensitive). */
const ALLOWED = new Set(
  [
    'PATH',
    'HOME',
    'USER',
    'LOGNAME',
    'SHELL',
    'USERPROFILE',
    'HOMEDRIVE',
    'HOMEPATH',
    'APPDATA',
    'LOCALAPPDATA',
    'USERNAME',
    'SystemRoot',
    'SystemDrive',
    'windir',
    'ComSpec',
    'PATHEXT',
    'ProgramData',
    'ProgramFiles',
    'PROCESSOR_ARCHITECTURE',
    'NUMBER_OF_PROCESSORS',
    'TEMP',
    'TMP',
    'TMPDIR',
    'LANG',
    'LANGUAGE',
    'TZ',
    'HTTP_PROXY',
    'HTTPS_PROXY',
    'NO_PROXY',
    'ALL_PROXY',
    'NODE_EXTRA_CA_CERTS',
    'SSL_CERT_FILE',
    'SSL_CERT_DIR',
    'DBUS_SESSION_BUS_ADDRESS',
    'CURSOR_API_KEY',
    'CURSOR_API_ENDPOINT',
    'TERM',
    'NO_COLOR',
    'NoDefaultCurrentDirectoryInExePath',
  ].map((n) => n.toUpperCase()),
);
/**
 * Added to every child by Node itself on Windows (libuv copies these from the
 * parent when the given environment lacks them, so that Windows programs can
 * start), by Wine (its own WINE* settings), and by the fake's index.js (its state folder).
 */
const ADDED_BY_NODE = new Set([
  'HOMEDRIVE',
  'HOMEPATH',
  'LOGONSERVER',
  'PATH',
  'SYSTEMDRIVE',
  'SYSTEMROOT',
  'TEMP',
  'USERDOMAIN',
  'USERNAME',
  'USERPROFILE',
  'WINDIR',
]);
const notOurs = (name: string) =>
  ADDED_BY_NODE.has(name.toUpperCase()) || /^WINE/i.test(name) || name === 'FAKE_CURSOR_DIR' || name === 'CURSOR_AGENT_VSCODE_RUN';

describe('Windows: the environment the CLI gets', function () {
  let install: WindowsInstall;
  let npmShim: string;
  const worlds: World[] = [];

  before(function () {
    if (process.platform !== 'win32') this.skip();
    install = installFake();
    npmShim = npmStyleShim(install, win.join(install.localAppData, '..', 'Roaming', 'npm'));
  });
  after(() => {
    for (const w of worlds) w.dispose();
    install?.fake.cleanup();
  });

  const userPath = () => `${install.installDir};C:\\windows\\system32;C:\\windows;C:\\Program Files (x86)\\Tools`;
  const hostEnv = () =>
    windowsEnv({
      Path: userPath(),
      LOCALAPPDATA: install.localAppData,
      NODE_OPTIONS: '--require C:\\evil.js',
      ELECTRON_RUN_AS_NODE: '1',
      VSCODE_PID: '4242',
      VSCODE_IPC_HOOK: '\\\\.\\pipe\\vscode-ipc',
      OPENAI_API_KEY: 'sk-not-for-the-cli',
      GITHUB_TOKEN: 'ghp_not_for_the_cli',
      npm_config_registry: 'https://registry.example',
      NoDefaultCurrentDirectoryInExePath: undefined,
    });

  for (const [route, configuredPath] of [
    ['the installed node.exe', () => undefined],
    ['cmd.exe', () => npmShim],
  ] as const) {
    it(`through ${route}: Path, SystemRoot and NoDefaultCurrentDirectoryInExePath=1, and nothing unlisted`, async () => {
      const w = makeWorld(hostEnv(), { configuredPath: configuredPath() });
      worlds.push(w);
      const workspace = freshDir('proj');
      await printTurn(w, { workspace, mode: 'plan', prompt: 'env?', onEvent: () => undefined });
      const invs = install.fake.invocations();
      const env = invs[invs.length - 1]!.env;
      const get = (name: string) => Object.entries(env).find(([k]) => k.toUpperCase() === name.toUpperCase())?.[1];
      assert.equal(get('Path'), userPath());
      assert.equal(get('SystemRoot'), process.env.SystemRoot);
      assert.equal(get('NoDefaultCurrentDirectoryInExePath'), '1', 'a bare git or rg would be looked for in the workspace first');
      assert.equal(get('TERM'), 'dumb');
      assert.equal(get('NO_COLOR'), '1');
      for (const name of [
        'NODE_OPTIONS',
        'ELECTRON_RUN_AS_NODE',
        'VSCODE_PID',
        'VSCODE_IPC_HOOK',
        'OPENAI_API_KEY',
        'GITHUB_TOKEN',
        'npm_config_registry',
      ]) {
        assert.equal(get(name), undefined, `${name} reached the CLI`);
      }
      const unlisted = Object.keys(env).filter((k) => !ALLOWED.has(k.toUpperCase()) && !notOurs(k) && !/^(LC_|XDG_)/i.test(k));
      // cmd.exe adds its own `=C:`-style current-folder entries and PROMPT.
      const fromCmd = route === 'cmd.exe' ? unlisted.filter((k) => k.startsWith('=') || k.toUpperCase() === 'PROMPT') : [];
      assert.deepEqual(
        unlisted.filter((k) => !fromCmd.includes(k)),
        [],
      );
    });
  }
});
