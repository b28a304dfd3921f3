// Runs the extension-host test suites (test/host/suite-*/) inside a REAL VS Code
// extension host, one fresh instance per suite (see test/host/suites.ts).
//
// Default ("code-server" mode, works on machines that reach only npm + Debian):
//   scripts/vscode-toolchain.sh installs (cached) Node 24, code-server (the real
//   VS Code workbench + Node extension host) and Debian's Chromium. For each suite
//   we start code-server in its own process group with the smoke-test driver on,
//   open the workbench in headless Chromium (playwright-core) with a payload that
//   names our extension (extensionDevelopmentPath) and the suite's compiled index
//   (extensionTestsPath), forward the extension host's console to stdout, and
//   take the exit code the workbench reports through codeAutomationExit().
//
// Alternative ("electron" mode, needs internet): CURSOR_AGENT_HOST_VSCODE=electron
//   downloads a real desktop VS Code with @vscode/test-electron's runTests()
//   (version from CURSOR_AGENT_HOST_VSCODE_VERSION, default 'stable'), and
//   CURSOR_AGENT_HOST_VSCODE=/path/to/code uses an installed desktop VS Code.
//   Electron needs a display (run under xvfb-run on a headless Linux box).
//
// Other environment knobs:
//   CURSOR_AGENT_HOST_SUITES=suite-trusted,...  run only these suite folders
//   CURSOR_AGENT_HOST_GREP=<regexp>             mocha --grep inside the host
//   CURSOR_AGENT_HOST_TIMEOUT_MS=600000         per-suite timeout
//   CURSOR_AGENT_HOST_VERBOSE=1                 also echo code-server's own output
//   CURSOR_AGENT_HOST_KEEP=1                    keep the temporary folders
//
// The extension host of every suite gets these environment variables:
//   CURSOR_AGENT_TEST_SUITE         suite folder name, e.g. 'suite-trusted'
//   CURSOR_AGENT_TEST_TRUST         'disabled' | 'untrusted'
//   CURSOR_AGENT_TEST_WORKSPACE     absolute path of the opened workspace folder
//   CURSOR_AGENT_TEST_FAKE_DIR      folder of the fake cursor-agent (createFakeCli({ dir }))
//   CURSOR_AGENT_TEST_FAKE_BIN      the fake's executable
//   CURSOR_AGENT_TEST_USER_BINARY   the binary the extension should find: ~/.local/bin/cursor-agent on
//                                   PATH (suite.binary 'path', default), or the fake's executable that
//                                   the Machine setting cursorAgent.path names ('setting')
//   CURSOR_AGENT_TEST_USER_DATA_DIR code-server's --user-data-dir (User/, Machine/ settings)
//   CURSOR_AGENT_TEST_OUTPUT        folder for artifacts (test-output/<suite>/)
// Outputs: test-output/<suite>/{workbench.png,host.log,code-server.log,logs/}.

import { spawn, spawnSync, ChildProcess } from 'child_process';
import * as fs from 'fs';
import * as http from 'http';
import * as net from 'net';
import * as os from 'os';
import * as path from 'path';
import { format } from 'util';
import { HOST_SUITES, HostSuite } from './suites';
import { CONSOLE_MARKER, RESULT_MARKER } from './mochaRunner';
import { SCREENSHOT_MARKER } from './screenshot';
import { NEWEST, outputSuffix, selectedTargets, VsCodeTarget } from './versions';

export const repoRoot = path.resolve(__dirname, '..', '..', '..');
export const outputRoot = path.join(repoRoot, 'test-output');
const EXTENSION_ID = 'cursor-vscode-chat.cursor-agent-vscode';

export interface Toolchain {
  node24: string;
  /** The Node that runs this code-server (22 for releases before 4.133, else 24). */
  node: string;
  codeServer: string;
  chromium: string;
  /** Which VS Code this is. */
  target: VsCodeTarget;
}

interface FakeCli {
  dir: string;
  binPath: string;
  setScenario(s: object): void;
  cleanup(): void;
}

interface SuiteResult {
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

// ---------------------------------------------------------------------------
// cleanup on every exit path

export const cleanups = new Set<() => void | Promise<void>>();
let interrupted = false;

export async function runCleanups(): Promise<void> {
  for (const fn of [...cleanups].reverse()) {
    cleanups.delete(fn);
    try {
      await fn();
    } catch (err) {
      console.error('[host] cleanup error:', err);
    }
  }
}

for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(sig, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`[${logPrefix}] ${sig}: stopping`);
    const code = sig === 'SIGINT' ? 130 : sig === 'SIGTERM' ? 143 : 129;
    const hardStop = setTimeout(() => process.exit(code), 8000);
    hardStop.unref();
    void runCleanups().finally(() => process.exit(code));
  });
}

/** Last resort (synchronous): kill process groups still registered. */
export const liveGroups = new Set<number>();
process.on('exit', () => {
  for (const pgid of liveGroups) {
    try {
      process.kill(-pgid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
});

// ---------------------------------------------------------------------------
// helpers

let logPrefix = 'host';
/** The `[host]` prefix of this module's log lines (test/ui/ reuses these helpers under its own name). */
export function setLogPrefix(prefix: string): void {
  logPrefix = prefix;
}

function log(msg: string): void {
  console.log(`[${logPrefix}] ${msg}`);
}

/** True once SIGINT/SIGTERM/SIGHUP started the cleanups. */
export function isInterrupted(): boolean {
  return interrupted;
}

/** Installs (once, cached) and returns the toolchain for one VS Code version (default: the newest). */
export function ensureToolchain(target: VsCodeTarget = NEWEST): Toolchain {
  const script = path.join(repoRoot, 'scripts', 'vscode-toolchain.sh');
  const t0 = Date.now();
  const r = spawnSync('bash', [script], {
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
    env: { ...process.env, CODE_SERVER_VERSION: target.codeServer },
  });
  if (r.status !== 0) throw new Error(`scripts/vscode-toolchain.sh failed for code-server ${target.codeServer} (exit ${r.status})`);
  const vars: Record<string, string> = {};
  for (const line of r.stdout.split('\n')) {
    const m = /^([A-Z0-9_]+)=(.*)$/.exec(line.trim());
    if (m) vars[m[1]] = m[2];
  }
  for (const k of ['NODE24', 'CODE_SERVER', 'CODE_SERVER_NODE', 'CHROMIUM']) {
    if (!vars[k] || !fs.existsSync(vars[k])) throw new Error(`toolchain: ${k} missing (${vars[k] ?? 'not printed'})`);
  }
  log(`toolchain for VS Code ${target.vscode} (code-server ${target.codeServer}) ready in ${((Date.now() - t0) / 1000).toFixed(1)}s`);
  return { node24: vars.NODE24, node: vars.CODE_SERVER_NODE, codeServer: vars.CODE_SERVER, chromium: vars.CHROMIUM, target };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

export function httpOk(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = http.get(url, (res) => {
      res.resume();
      resolve((res.statusCode ?? 500) < 400);
    });
    req.on('error', () => resolve(false));
    req.setTimeout(2000, () => {
      req.destroy();
      resolve(false);
    });
  });
}

export function writeJson(file: string, value: unknown): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(value, null, 2) + '\n');
}

function createFake(dir: string, scenario: object | undefined): FakeCli {
  const modulePath = path.join(repoRoot, 'out', 'test', 'fixtures', 'fakeCli.js');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const mod = require(modulePath) as { createFakeCli(o: { dir?: string; scenario?: object }): FakeCli };
  return mod.createFakeCli(scenario ? { dir, scenario } : { dir });
}

/** Environment for code-server: ours, without variables that would steer it or the host elsewhere. */
export function baseEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (/^(VSCODE_|ELECTRON_|CODE_SERVER_|CS_)/.test(k)) continue;
    if (['PASSWORD', 'HASHED_PASSWORD', 'GITHUB_TOKEN', 'NODE_OPTIONS'].includes(k)) continue;
    env[k] = v;
  }
  return env;
}

interface SuiteDirs {
  root: string;
  home: string;
  workspace: string;
  userData: string;
  extensions: string;
  fakeDir: string;
  output: string;
}

function prepareSuite(suite: HostSuite, outputName = suite.folder): SuiteDirs {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), `cah-${suite.folder}-`));
  const dirs: SuiteDirs = {
    root,
    home: path.join(root, 'home'),
    workspace: path.join(root, 'workspace'),
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
function installFakeForUser(suite: HostSuite, dirs: SuiteDirs, fake: FakeCli, machineSettingsFile: string): string {
  fs.mkdirSync(dirs.home, { recursive: true });
  if (suite.binary === 'setting') {
    writeJson(machineSettingsFile, { 'cursorAgent.path': fake.binPath, ...suite.machineSettings });
    return fake.binPath;
  }
  const bin = path.join(dirs.home, '.local', 'bin');
  fs.mkdirSync(bin, { recursive: true });
  fs.symlinkSync(fake.binPath, path.join(bin, 'cursor-agent'));
  fs.writeFileSync(path.join(dirs.home, '.profile'), 'PATH="$HOME/.local/bin:$PATH"\n');
  writeJson(machineSettingsFile, { ...suite.machineSettings });
  return path.join(bin, 'cursor-agent');
}

function suiteEnv(suite: HostSuite, dirs: SuiteDirs, fake: FakeCli, userBinary: string): Record<string, string> {
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

export function killGroup(child: ChildProcess, name: string): Promise<void> {
  const pid = child.pid;
  if (!pid) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      // Wait (up to 3 s) until no process of the group is left.
      const until = Date.now() + 3000;
      const poll = () => {
        let alive = true;
        try {
          process.kill(-pid, 0);
        } catch {
          alive = false;
        }
        if (alive && Date.now() < until) {
          setTimeout(poll, 50);
          return;
        }
        if (alive) log(`${name}: process group ${pid} still has members after SIGKILL`);
        liveGroups.delete(pid);
        resolve();
      };
      poll();
    };
    if (child.exitCode !== null || child.signalCode !== null) {
      // The leader is gone, but its group (extension host, fake CLIs) may not be.
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        /* none left */
      }
      return done();
    }
    const hard = setTimeout(() => {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        /* gone */
      }
    }, 3000);
    child.once('exit', () => {
      clearTimeout(hard);
      try {
        process.kill(-pid, 'SIGKILL'); // stragglers in the group
      } catch {
        /* none left */
      }
      done();
    });
    try {
      process.kill(-pid, 'SIGTERM');
    } catch {
      log(`${name}: process group ${pid} already gone`);
      clearTimeout(hard);
      done();
    }
  });
}

// ---------------------------------------------------------------------------
// code-server mode

/** Headless Chromium flags that work on these machines (as root, no GPU, no network extras). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  '--disable-crash-reporter',
  '--disable-breakpad',
];

async function runSuiteInCodeServer(suite: HostSuite, tc: Toolchain): Promise<SuiteResult> {
  const t0 = Date.now();
  const testsIndex = path.join(repoRoot, 'out', 'test', 'host', suite.folder, 'index.js');
  const dirs = prepareSuite(suite, suite.folder + outputSuffix(tc.target));
  const fake = createFake(dirs.fakeDir, suite.fakeScenario);
  const localCleanups: Array<() => void | Promise<void>> = [];
  const addCleanup = (fn: () => void | Promise<void>) => {
    localCleanups.push(fn);
    cleanups.add(fn);
  };
  addCleanup(() => {
    fake.cleanup();
    if (!process.env.CURSOR_AGENT_HOST_KEEP) fs.rmSync(dirs.root, { recursive: true, force: true });
  });

  writeJson(path.join(dirs.userData, 'User', 'settings.json'), userSettings(suite));
  // A code-server window is remote: machine-scoped settings (cursorAgent.path) live in Machine/.
  const userBinary = installFakeForUser(suite, dirs, fake, path.join(dirs.userData, 'Machine', 'settings.json'));

  const port = await freePort();
  const xdg = path.join(dirs.root, 'xdg');
  const env: NodeJS.ProcessEnv = {
    ...baseEnv(),
    HOME: dirs.home,
    PATH: [...(suite.binary === 'setting' ? [] : [path.join(dirs.home, '.local', 'bin')]), path.dirname(tc.node), process.env.PATH ?? ''].join(path.delimiter),
    XDG_CONFIG_HOME: path.join(xdg, 'config'),
    XDG_DATA_HOME: path.join(xdg, 'data'),
    XDG_CACHE_HOME: path.join(xdg, 'cache'),
    XDG_STATE_HOME: path.join(xdg, 'state'),
    // code-server and VS Code leave IPC sockets in the temp folder: keep them in ours.
    TMPDIR: path.join(dirs.root, 'tmp'),
    ...suiteEnv(suite, dirs, fake, userBinary),
  };
  const args = [
    tc.codeServer,
    '--auth',
    'none',
    '--bind-addr',
    `127.0.0.1:${port}`,
    '--user-data-dir',
    dirs.userData,
    '--extensions-dir',
    dirs.extensions,
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-getting-started-override',
    '--ignore-last-opened',
    // The smoke-test driver (without it the workbench ignores the test payload). code-server
    // releases such as 4.116 have no --vscode-option: there the page gets it (see below).
    ...(supportsVscodeOption(tc) ? ['--vscode-option', 'enable-smoke-test-driver'] : []),
    ...(suite.trust === 'disabled' ? ['--disable-workspace-trust'] : []),
    dirs.workspace,
  ];
  const serverLog = fs.createWriteStream(path.join(dirs.output, 'code-server.log'));
  const hostLog = fs.createWriteStream(path.join(dirs.output, 'host.log'));
  addCleanup(
    () =>
      new Promise<void>((r) => {
        hostLog.end();
        serverLog.end(() => r());
      }),
  );

  log(`${suite.folder}: starting code-server ${tc.target.codeServer} (VS Code ${tc.target.vscode}) on 127.0.0.1:${port} (trust: ${suite.trust})`);
  // detached: setsid(), so the server, its extension host and anything they spawn
  // form one process group that we can kill as a whole.
  const server = spawn(tc.node, args, { cwd: dirs.workspace, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  if (server.pid) liveGroups.add(server.pid);
  addCleanup(() => killGroup(server, 'code-server'));
  const verbose = !!process.env.CURSOR_AGENT_HOST_VERBOSE;
  for (const stream of [server.stdout, server.stderr]) {
    stream?.on('data', (chunk: Buffer) => {
      serverLog.write(chunk);
      if (verbose) process.stdout.write(`[code-server] ${chunk.toString()}`);
    });
  }
  let serverExit: ((why: string) => void) | undefined;
  const serverDied = new Promise<string>((resolve) => (serverExit = resolve));
  server.on('exit', (code, signal) => serverExit?.(`code-server exited early (code ${code}, signal ${signal})`));
  server.on('error', (err) => serverExit?.(`code-server failed to start: ${err.message}`));

  const timeoutMs = Number(process.env.CURSOR_AGENT_HOST_TIMEOUT_MS ?? 600_000);
  const deadline = Date.now() + timeoutMs;
  const base = `http://127.0.0.1:${port}`;
  let result: SuiteResult = { folder: suite.folder, on: `VS Code ${tc.target.vscode}`, exitCode: 1, passed: 0, failed: 0, pending: 0, seconds: 0 };
  let counts: { passed: number; failed: number; pending: number } | undefined;

  try {
    // 1. wait for the server
    let up = false;
    let early: string | undefined;
    void serverDied.then((why) => (early = why));
    const upBy = Math.min(deadline, Date.now() + 90_000);
    while (!up && !early && Date.now() < upBy) {
      up = await httpOk(`${base}/healthz`);
      if (!up) await sleep(200);
    }
    if (early) throw new Error(`${early}; see ${path.join(dirs.output, 'code-server.log')}`);
    if (!up) throw new Error('code-server did not answer /healthz');
    log(`${suite.folder}: code-server up after ${((Date.now() - t0) / 1000).toFixed(1)}s`);

    // 2. the browser
    const browser = await launchChromium(tc.chromium);
    addCleanup(() => browser.close().catch(() => undefined));
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    if (!supportsVscodeOption(tc)) await enableSmokeTestDriverInPage(page);

    let exitWith: ((r: { code: number; logs: unknown }) => void) | undefined;
    const exited = new Promise<{ code: number; logs: unknown }>((resolve) => (exitWith = resolve));
    await page.exposeFunction('codeAutomationExit', (code: number, logs: unknown) => {
      exitWith?.({ code: Number(code), logs });
    });
    // Every workbench log line arrives here, the extension host's console among them.
    await page.exposeFunction('codeAutomationLog', (type: string, args: unknown) => {
      const text = Array.isArray(args) ? format(...args) : String(args);
      hostLog.write(`[${type}] ${text}\n`);
      const at = text.indexOf(CONSOLE_MARKER);
      if (at >= 0) {
        const line = text.slice(at + CONSOLE_MARKER.length);
        const m = line.indexOf(RESULT_MARKER);
        if (m >= 0) {
          try {
            counts = JSON.parse(line.slice(m + RESULT_MARKER.length).trim().split('\n')[0]);
          } catch {
            /* ignore */
          }
          return;
        }
        const shot = line.indexOf(SCREENSHOT_MARKER);
        if (shot >= 0) {
          const name = line.slice(shot + SCREENSHOT_MARKER.length).trim().replace(/[^A-Za-z0-9._-]+/g, '_');
          const file = path.join(dirs.output, `${name}.png`);
          void page
            .screenshot({ path: file, timeout: 10_000 })
            .then(() => fs.writeFileSync(file + '.done', ''))
            .catch((e: Error) => log(`screenshot ${name} failed: ${e.message}`));
          return;
        }
        process.stdout.write(`${line}\n`);
      } else if (type === 'error' && text.includes(EXTENSION_ID)) {
        // e.g. "Activating extension '…' failed: …"
        process.stdout.write(`[workbench:error] ${text}\n`);
      }
    });
    page.on('pageerror', (err) => hostLog.write(`[pageerror] ${err.message}\n`));
    page.on('console', (msg) => hostLog.write(`[browser:${msg.type()}] ${msg.text()}\n`));
    let pageCrash: ((why: string) => void) | undefined;
    const crashed = new Promise<string>((resolve) => (pageCrash = resolve));
    page.on('crash', () => pageCrash?.('the workbench page crashed'));

    const remote = (p: string) => `vscode-remote://127.0.0.1:${port}${p}`;
    const payload = [
      ['extensionDevelopmentPath', remote(repoRoot)],
      ['extensionTestsPath', remote(testsIndex)],
    ];
    const url = `${base}/?folder=${encodeURIComponent(dirs.workspace)}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
    await page.goto(url, { waitUntil: 'domcontentloaded', timeout: 60_000 });
    log(`${suite.folder}: workbench loading; running tests`);

    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<string>((resolve) => {
      timer = setTimeout(() => resolve(`timed out after ${timeoutMs / 1000}s`), Math.max(0, deadline - Date.now()));
    });
    const outcome = await Promise.race([exited, serverDied, crashed, timedOut]);
    clearTimeout(timer);

    const shot = path.join(dirs.output, 'workbench.png');
    await page.screenshot({ path: shot, timeout: 15_000 }).catch((e: Error) => log(`screenshot failed: ${e.message}`));

    if (typeof outcome === 'string') {
      result = { ...result, exitCode: 1, note: outcome };
      log(`${suite.folder}: FAILED: ${outcome}`);
    } else {
      saveWorkbenchLogs(outcome.logs, path.join(dirs.output, 'logs'));
      result = { ...result, exitCode: outcome.code };
      if (!counts) result.note = 'the suite printed no result line (did the test runner load? see host.log and logs/)';
    }
  } catch (err) {
    result = { ...result, exitCode: 1, note: (err as Error).message };
    log(`${suite.folder}: ERROR: ${(err as Error).message}`);
  } finally {
    for (const fn of localCleanups.reverse()) {
      cleanups.delete(fn);
      try {
        await fn();
      } catch (err) {
        log(`cleanup error: ${(err as Error).message}`);
      }
    }
  }
  return { ...result, ...(counts ?? {}), seconds: (Date.now() - t0) / 1000 };
}

const vscodeOptionSupport = new Map<string, boolean>();
/** Whether this code-server has `--vscode-option` (passes an option through to VS Code's server). */
export function supportsVscodeOption(tc: Toolchain): boolean {
  let known = vscodeOptionSupport.get(tc.codeServer);
  if (known === undefined) {
    const cli = path.join(path.dirname(tc.codeServer), 'cli.js');
    known = fs.existsSync(cli) && fs.readFileSync(cli, 'utf8').includes('vscode-option');
    vscodeOptionSupport.set(tc.codeServer, known);
  }
  return known;
}

/**
 * Harness only (older code-server, no --vscode-option): turns on the workbench's smoke-test
 * driver, which the server would otherwise switch on with `enable-smoke-test-driver`, by
 * adding `developmentOptions.enableSmokeTestDriver` to the configuration the server embeds
 * in the page (`<meta id="vscode-workbench-web-configuration" data-settings="…">`) as the
 * workbench reads it. (Rewriting the page's HTML with page.route() instead makes Chromium
 * treat the page as non-local and block its WebSocket to 127.0.0.1.)
 */
export async function enableSmokeTestDriverInPage(page: import('playwright-core').Page): Promise<void> {
  await page.addInitScript(() => {
    // Runs in the page before its own scripts (no DOM lib in this tsconfig: loosely typed).
    const proto = (globalThis as unknown as { Element: { prototype: { getAttribute(this: { id: string }, name: string): string | null } } }).Element.prototype;
    const original = proto.getAttribute;
    proto.getAttribute = function (this: { id: string }, name: string): string | null {
      const value = original.call(this, name);
      if (name !== 'data-settings' || this.id !== 'vscode-workbench-web-configuration' || !value) return value;
      try {
        const config = JSON.parse(value) as { developmentOptions?: Record<string, unknown> };
        config.developmentOptions = { ...config.developmentOptions, enableSmokeTestDriver: true };
        return JSON.stringify(config);
      } catch {
        return value;
      }
    };
  });
}

function saveWorkbenchLogs(logs: unknown, dir: string): void {
  if (!Array.isArray(logs)) return;
  for (const entry of logs as Array<{ relativePath?: string; contents?: string }>) {
    if (!entry?.relativePath || typeof entry.contents !== 'string') continue;
    const file = path.join(dir, entry.relativePath.replace(/^(\.\.[/\\])+/, ''));
    if (!file.startsWith(dir)) continue;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, entry.contents);
  }
}

// ---------------------------------------------------------------------------
// electron mode (downloads/uses a desktop VS Code; needs internet or a local install)

async function runSuiteInElectron(suite: HostSuite, which: string): Promise<SuiteResult> {
  const t0 = Date.now();
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { runTests } = require('@vscode/test-electron') as typeof import('@vscode/test-electron');
  const dirs = prepareSuite(suite);
  const fake = createFake(dirs.fakeDir, suite.fakeScenario);
  // A local (non-remote) window reads machine-scoped settings from User/settings.json.
  const machineFile = path.join(dirs.root, 'machine-settings.json');
  const userBinary = installFakeForUser(suite, dirs, fake, machineFile);
  writeJson(path.join(dirs.userData, 'User', 'settings.json'), {
    ...userSettings(suite),
    ...(JSON.parse(fs.readFileSync(machineFile, 'utf8')) as object),
  });
  if (suite.binary !== 'setting') process.env.PATH = `${path.dirname(userBinary)}${path.delimiter}${process.env.PATH ?? ''}`;
  let exitCode = 1;
  try {
    exitCode = await runTests({
      ...(which === 'electron'
        ? { version: process.env.CURSOR_AGENT_HOST_VSCODE_VERSION ?? 'stable' }
        : { vscodeExecutablePath: which }),
      extensionDevelopmentPath: repoRoot,
      extensionTestsPath: path.join(repoRoot, 'out', 'test', 'host', suite.folder, 'index.js'),
      extensionTestsEnv: suiteEnv(suite, dirs, fake, userBinary),
      launchArgs: [
        dirs.workspace,
        '--user-data-dir',
        dirs.userData,
        '--extensions-dir',
        dirs.extensions,
        '--disable-extensions',
        ...(suite.trust === 'disabled' ? ['--disable-workspace-trust'] : []),
      ],
    });
  } catch (err) {
    log(`${suite.folder}: ${(err as Error).message}`);
  } finally {
    fake.cleanup();
    if (!process.env.CURSOR_AGENT_HOST_KEEP) fs.rmSync(dirs.root, { recursive: true, force: true });
  }
  return { folder: suite.folder, exitCode, passed: 0, failed: 0, pending: 0, seconds: (Date.now() - t0) / 1000 };
}

// ---------------------------------------------------------------------------

/**
 * A developer's filter (CURSOR_AGENT_HOST_SUITES, CURSOR_AGENT_HOST_GREP). In CI none is taken
 * from the environment: CI runs every suite and every test, whatever the machine has set.
 */
function hostFilter(name: string): string | undefined {
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

async function main(): Promise<number> {
  const only = (hostFilter('CURSOR_AGENT_HOST_SUITES') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const suites = HOST_SUITES.filter((s) => only.length === 0 || only.includes(s.folder));
  if (suites.length === 0) throw new Error(`no host suite matches CURSOR_AGENT_HOST_SUITES=${only.join(',')}`);
  for (const s of suites) {
    const index = path.join(repoRoot, 'out', 'test', 'host', s.folder, 'index.js');
    if (!fs.existsSync(index)) throw new Error(`${index} missing: run \`npm run build-tests\` first`);
  }
  if (!fs.existsSync(path.join(repoRoot, 'dist', 'extension.js'))) {
    throw new Error('dist/extension.js missing: run `npm run compile` first');
  }
  log(`extension ${EXTENSION_ID}; suites: ${suites.map((s) => s.folder).join(', ')}`);

  const mode = process.env.CURSOR_AGENT_HOST_VSCODE ?? 'code-server';
  const results: SuiteResult[] = [];
  // code-server mode: every suite on every VS Code of the matrix (test/host/versions.ts).
  const targets = mode === 'code-server' ? selectedTargets() : [];
  let expected = suites.length;
  if (mode === 'code-server') {
    expected = suites.length * targets.length;
    for (const target of targets) {
      if (interrupted) break;
      const tc = ensureToolchain(target);
      for (const suite of suites) {
        if (interrupted) break;
        results.push(await runSuiteInCodeServer(suite, tc));
      }
    }
  } else {
    for (const suite of suites) {
      if (interrupted) break;
      results.push(await runSuiteInElectron(suite, mode));
    }
  }

  console.log('');
  let passed = 0;
  let failed = 0;
  let pending = 0;
  for (const r of results) {
    const counted = r.passed + r.failed + r.pending > 0;
    // A suite that failed without counting a failed test (crash, timeout) counts as one failure.
    const f = r.exitCode !== 0 && r.failed === 0 ? 1 : r.failed;
    passed += r.passed;
    failed += f;
    pending += r.pending;
    log(
      `${r.folder}${r.on ? ` on ${r.on}` : ''}: exit ${r.exitCode}` +
        (counted ? `, ${r.passed} passed, ${r.failed} failed, ${r.pending} pending` : '') +
        `, ${r.seconds.toFixed(1)}s${r.note ? ` (${r.note})` : ''}`,
    );
  }
  if (mode === 'code-server') log(`screenshots and logs: ${path.relative(process.cwd(), outputRoot) || '.'}/<suite>/`);
  console.log(`host: ${passed} passed, ${failed} failed${pending ? `, ${pending} skipped` : ''}`);
  return results.every((r) => r.exitCode === 0) && results.length === expected ? 0 : 1;
}

// Run only as a program: test/ui/ imports the helpers above.
if (require.main === module) main()
  .then(async (code) => {
    await runCleanups();
    process.exit(code);
  })
  .catch(async (err) => {
    console.error(`[host] ${(err as Error).stack ?? err}`);
    await runCleanups();
    process.exit(1);
  });

/** Debian's Chromium, headless, with the flags that work here; signals are left to our own cleanup. */
export async function launchChromium(executablePath: string, env?: Record<string, string | undefined>): Promise<import('playwright-core').Browser> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { chromium } = require('playwright-core') as typeof import('playwright-core');
  return chromium.launch({ executablePath, headless: true, handleSIGINT: false, handleSIGTERM: false, handleSIGHUP: false, args: CHROMIUM_ARGS, ...(env ? { env } : {}) });
}
