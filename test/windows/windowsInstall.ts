/**
 * The fake cursor-agent installed the way the real Windows installer lays it
 * out (see ../shared/cursor-agent-contract.md and the installer's
 * `install.ps1`): `%LOCALAPPDATA%\cursor-agent\versions\<version>\{node.exe,
 * index.js}`, and beside `versions\` the `cursor-agent.cmd` / `cursor-agent.ps1`
 * launchers with their `agent.cmd` / `agent.ps1` copies; that folder goes on
 * `Path`. Runs inside the Windows node.exe (under Wine): every path is a
 * Windows path. `node.exe` is a hard link to the node.exe running the tests;
 * `index.js` starts test/fixtures/fake-cursor-agent.js with the state folder
 * (with `acp`: test/fixtures/acp/fakeAcpMain.js, which also answers `acp`).
 */
import * as fs from 'fs';
import * as path from 'path';
import { createFakeAcpCli } from '../fixtures/acp/fakeAcpCli';
import type { FakeAcpScenario } from '../fixtures/acp/scenario';
import { createFakeCli, fakeScriptPath, type FakeCli, type FakeScenario } from '../fixtures/fakeCli';

const win = path.win32;
export const VERSION = '2026.10.01-e373342';

/** The temporary root the driver made for this run (a Linux folder seen as `Z:\…`). */
export function tempRoot(): string {
  const root = process.env.CURSOR_AGENT_WIN_TMP;
  if (!root) throw new Error('CURSOR_AGENT_WIN_TMP is not set: run these tests through `npm run test:windows`');
  return root;
}

let counter = 0;
/** A new empty folder under the run's root; `name` may hold spaces and parentheses. */
export function freshDir(...parts: string[]): string {
  const dir = win.join(tempRoot(), `t${++counter}`, ...parts);
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

export interface WindowsInstall {
  /** `…\Users\A User\AppData\Local`: what `%LOCALAPPDATA%` is for this install. */
  localAppData: string;
  /** `%LOCALAPPDATA%\cursor-agent`: the launchers, and the folder put on `Path`. */
  installDir: string;
  versionDir: string;
  nodeExe: string;
  indexJs: string;
  cmdShim: string;
  ps1Shim: string;
  agentCmd: string;
  agentPs1: string;
  fake: FakeCli;
}

/**
 * The installer's `.cmd` launcher: it finds the newest version when it runs,
 * so its text names no fixed node.exe (the launch planner then reads the
 * `versions` folder itself).
 */
export const INSTALLER_CMD = [
  '@echo off',
  'setlocal',
  'set "CURSOR_AGENT_ROOT=%~dp0"',
  `for /f "delims=" %%v in ('dir /b /ad /o-n "%CURSOR_AGENT_ROOT%versions"') do (`,
  '  "%CURSOR_AGENT_ROOT%versions\\%%v\\node.exe" "%CURSOR_AGENT_ROOT%versions\\%%v\\index.js" %*',
  '  exit /b',
  ')',
  'echo cursor-agent: no version installed 1>&2',
  'exit /b 1',
  '',
].join('\r\n');

export const INSTALLER_PS1 = [
  "$ErrorActionPreference = 'Stop'",
  '$version = Get-ChildItem -Directory "$PSScriptRoot\\versions" | Sort-Object Name -Descending | Select-Object -First 1',
  '& "$($version.FullName)\\node.exe" "$($version.FullName)\\index.js" @args',
  'exit $LASTEXITCODE',
  '',
].join('\r\n');

/**
 * Installs the fake under `base` (default: a fresh folder with a user name
 * holding a space): `<base>\Users\A User\AppData\Local\cursor-agent\…`, or
 * directly into `installDir` when given (e.g. `C:\Program Files (x86)\…`).
 */
export function installFake(opts: { base?: string; installDir?: string; scenario?: FakeScenario; acp?: FakeAcpScenario } = {}): WindowsInstall {
  const base = opts.base ?? freshDir();
  const localAppData = win.join(base, 'Users', 'A User', 'AppData', 'Local');
  const installDir = opts.installDir ?? win.join(localAppData, 'cursor-agent');
  const versionDir = win.join(installDir, 'versions', VERSION);
  fs.mkdirSync(versionDir, { recursive: true });
  fs.mkdirSync(localAppData, { recursive: true });
  const nodeExe = win.join(versionDir, 'node.exe');
  const indexJs = win.join(versionDir, 'index.js');
  linkNode(nodeExe);
  const state = { dir: win.join(base, 'fake-state'), scenario: opts.scenario ?? {} };
  const fake = opts.acp ? createFakeAcpCli({ ...state, acp: opts.acp }) : createFakeCli(state);
  const entry = opts.acp ? win.join(__dirname, '..', 'fixtures', 'acp', 'fakeAcpMain.js') : fakeScriptPath();
  fs.writeFileSync(
    indexJs,
    `// The CLI's entry, as the installer unpacks it: here the test fake, with its state folder.\n` +
      `process.env.FAKE_CURSOR_DIR = ${JSON.stringify(fake.dir)};\nrequire(${JSON.stringify(entry)});\n`,
  );
  const cmdShim = win.join(installDir, 'cursor-agent.cmd');
  const ps1Shim = win.join(installDir, 'cursor-agent.ps1');
  const agentCmd = win.join(installDir, 'agent.cmd');
  const agentPs1 = win.join(installDir, 'agent.ps1');
  for (const f of [cmdShim, agentCmd]) fs.writeFileSync(f, INSTALLER_CMD);
  for (const f of [ps1Shim, agentPs1]) fs.writeFileSync(f, INSTALLER_PS1);
  return { localAppData, installDir, versionDir, nodeExe, indexJs, cmdShim, ps1Shim, agentCmd, agentPs1, fake };
}

/**
 * An npm-style launcher somewhere else (`…\AppData\Roaming\npm\cursor-agent.cmd`)
 * that reaches the CLI through `%LOCALAPPDATA%`: the planner cannot see which
 * node.exe it runs, so it must go through `cmd.exe /d /s /c`.
 */
export function npmStyleShim(_install: WindowsInstall, dir: string, name = 'cursor-agent.cmd'): string {
  fs.mkdirSync(dir, { recursive: true });
  const rel = `cursor-agent\\versions\\${VERSION}`;
  const file = win.join(dir, name);
  fs.writeFileSync(file, ['@ECHO off', 'SETLOCAL', `"%LOCALAPPDATA%\\${rel}\\node.exe" "%LOCALAPPDATA%\\${rel}\\index.js" %*`, ''].join('\r\n'));
  return file;
}

/** A hard link to the running node.exe (a copy where links fail). */
export function linkNode(target: string): void {
  fs.mkdirSync(win.dirname(target), { recursive: true });
  try {
    fs.linkSync(process.execPath, target);
  } catch {
    fs.copyFileSync(process.execPath, target);
  }
}

/**
 * An environment as the extension host on Windows sees it: this process's
 * (Wine's) variables, with `overrides` replacing every spelling of their names
 * (Windows names are case-insensitive; a plain object is not).
 */
export function windowsEnv(overrides: Record<string, string | undefined>): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  const replaced = new Set(Object.keys(overrides).map((k) => k.toUpperCase()));
  for (const [k, v] of Object.entries(process.env)) if (!replaced.has(k.toUpperCase())) out[k] = v;
  for (const [k, v] of Object.entries(overrides)) if (v !== undefined) out[k] = v;
  return out;
}

/** Whether `pid` still runs (Windows: OpenProcess + exit code, through process.kill(pid, 0)). */
export function running(pid: number | undefined): boolean {
  if (pid === undefined) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
