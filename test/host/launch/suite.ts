// One host suite's world: its temporary folders, workspace, settings, the fake CLI where a
// user's install would be, and the environment the extension host gets (see test/host/run.ts).

import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import type { HostSuite } from '../suites';
import { log, outputRoot, repoRoot, writeJson } from './common';

export interface FakeCli {
  dir: string;
  binPath: string;
  setScenario(s: object): void;
  cleanup(): void;
  /** The fake's processes still running (each is still the fake's: a reused pid is not counted). */
  livePids?(): number[];
}

export interface SuiteResult {
  folder: string;
  /** 'VS Code 1.X' in code-server mode. */
  on?: string;
  exitCode: number;
  passed: number;
  failed: number;
  pending: number;
  seconds: number;
  note?: string;
}

export function createFake(dir: string, scenario: object | undefined, kind: HostSuite['fake'] = 'print'): FakeCli {
  if (kind === 'acp') {
    // The fake ACP agent: answers `cursor-agent acp` and hands every other command to the print-mode fake.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const acp = require(path.join(repoRoot, 'out', 'test', 'fixtures', 'acp', 'fakeAcpCli.js')) as {
      createFakeAcpCli(o: { dir?: string; scenario?: object }): FakeCli;
    };
    return acp.createFakeAcpCli(scenario ? { dir, scenario } : { dir });
  }
  const modulePath = path.join(repoRoot, 'out', 'test', 'fixtures', 'fakeCli.js');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const mod = require(modulePath) as { createFakeCli(o: { dir?: string; scenario?: object }): FakeCli };
  return mod.createFakeCli(scenario ? { dir, scenario } : { dir });
}

export interface SuiteDirs {
  root: string;
  home: string;
  workspace: string;
  /** What the window opens: the workspace folder, or a multi-root `.code-workspace` file (a suite with a second folder). */
  opened: string;
  userData: string;
  extensions: string;
  fakeDir: string;
  output: string;
}

export function prepareSuite(suite: HostSuite, outputName = suite.folder): SuiteDirs {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), `cah-${suite.folder}-`));
  const dirs: SuiteDirs = {
    root,
    home: path.join(root, 'home'),
    workspace: path.join(root, 'workspace'),
    opened: path.join(root, suite.secondFolderFiles ? 'multi.code-workspace' : 'workspace'),
    userData: path.join(root, 'user-data'),
    extensions: path.join(root, 'extensions'),
    fakeDir: path.join(root, 'fake-cli'),
    output: path.join(outputRoot, outputName),
  };
  fs.rmSync(dirs.output, { recursive: true, force: true });
  fs.mkdirSync(dirs.output, { recursive: true });
  fs.mkdirSync(dirs.workspace, { recursive: true });
  fs.mkdirSync(dirs.extensions, { recursive: true });
  fs.mkdirSync(path.join(root, 'tmp'), { recursive: true });
  for (const [rel, text] of Object.entries(suite.workspaceFiles ?? {})) {
    const file = path.join(dirs.workspace, rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  }
  if (suite.workspaceSettings) writeJson(path.join(dirs.workspace, '.vscode', 'settings.json'), suite.workspaceSettings);
  if (suite.secondFolderFiles) {
    const second = path.join(root, 'folder-b');
    for (const [rel, text] of Object.entries(suite.secondFolderFiles)) {
      fs.mkdirSync(path.dirname(path.join(second, rel)), { recursive: true });
      fs.writeFileSync(path.join(second, rel), text);
    }
    writeJson(dirs.opened, { folders: [{ path: dirs.workspace }, { path: second }] });
  }
  return dirs;
}

export function userSettings(suite: HostSuite): Record<string, unknown> {
  return {
    'workbench.startupEditor': 'none',
    'workbench.tips.enabled': false,
    'workbench.enableExperiments': false,
    'telemetry.telemetryLevel': 'off',
    'update.mode': 'none',
    'extensions.autoUpdate': false,
    'extensions.autoCheckUpdates': false,
    'extensions.ignoreRecommendations': true,
    'git.enabled': false,
    // Nothing a test waits for animates: no blinking cursor or motion repainting the headless page while a job waits.
    'workbench.reduceMotion': 'on',
    'editor.cursorBlinking': 'solid',
    // Restricted-mode suites: no modal trust prompt; the folder simply stays untrusted.
    'security.workspace.trust.startupPrompt': 'never',
    'security.workspace.trust.enabled': suite.trust !== 'disabled',
    ...suite.userSettings,
  };
}

/**
 * Puts the fake where a user's install would be found: `~/.local/bin/cursor-agent` on PATH ('path'
 * mode; code-server's extension host takes PATH from a login shell, which reads ~/.profile), or names
 * it in the Machine setting ('setting' mode). Returns the binary the extension should end up using.
 */
export function installFakeForUser(suite: HostSuite, dirs: SuiteDirs, fake: FakeCli, machineSettingsFile: string): string {
  fs.mkdirSync(dirs.home, { recursive: true });
  if (suite.binary === 'setting') {
    writeJson(machineSettingsFile, { 'cursorAgent.path': fake.binPath, ...suite.machineSettings });
    return fake.binPath;
  }
  const bin = installOnUserPath(dirs.home, fake.binPath);
  writeJson(machineSettingsFile, { ...suite.machineSettings });
  return bin;
}

/**
 * `home/.local/bin/cursor-agent` → `binPath`, on PATH through `home/.profile` as the real installer
 * does (code-server's extension host takes PATH from a login shell). Returns the link.
 */
export function installOnUserPath(home: string, binPath: string): string {
  const bin = path.join(home, '.local', 'bin');
  fs.mkdirSync(bin, { recursive: true });
  fs.symlinkSync(binPath, path.join(bin, 'cursor-agent'));
  fs.writeFileSync(path.join(home, '.profile'), 'PATH="$HOME/.local/bin:$PATH"\n');
  return path.join(bin, 'cursor-agent');
}

export function suiteEnv(suite: HostSuite, dirs: SuiteDirs, fake: FakeCli, userBinary: string): Record<string, string> {
  return {
    CURSOR_AGENT_TEST_USER_BINARY: userBinary,
    CURSOR_AGENT_TEST_SUITE: suite.folder,
    CURSOR_AGENT_TEST_TRUST: suite.trust,
    CURSOR_AGENT_TEST_WORKSPACE: dirs.workspace,
    CURSOR_AGENT_TEST_FAKE_DIR: fake.dir,
    CURSOR_AGENT_TEST_FAKE_BIN: fake.binPath,
    CURSOR_AGENT_TEST_USER_DATA_DIR: dirs.userData,
    CURSOR_AGENT_TEST_OUTPUT: dirs.output,
    ...(hostFilter('CURSOR_AGENT_HOST_GREP') ? { CURSOR_AGENT_HOST_GREP: hostFilter('CURSOR_AGENT_HOST_GREP') as string } : {}),
    ...suite.env,
  };
}

/**
 * A developer's filter (CURSOR_AGENT_HOST_SUITES, CURSOR_AGENT_HOST_GREP). In CI none is taken
 * from the environment: CI runs every suite and every test, whatever the machine has set.
 */
export function hostFilter(name: string): string | undefined {
  const value = process.env[name];
  if (!value) return undefined;
  if (process.env.CI && process.env.CURSOR_AGENT_HOST_BENCH !== '1') {
    if (!warnedFilters.has(name)) log(`CI: ignoring ${name}=${value} (CI runs every host test)`);
    warnedFilters.add(name);
    return undefined;
  }
  return value;
}
const warnedFilters = new Set<string>();
