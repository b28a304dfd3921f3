// code-server, the real VS Code workbench and Node extension host served to a browser: its
// command line, environment, start (in its own process group) and readiness, built once for
// the host suites (test/host/run.ts) and the UI harnesses (test/ui/support/workbench.ts).

import { ChildProcess, spawn } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { baseEnv, httpOk, liveGroups, sleep } from './common';
import type { Toolchain } from './toolchain';

/** Where code-server keeps its state: the same for installing an extension and for serving. */
export interface CodeServerFolders {
  userData: string;
  extensions: string;
  /** Its config file (`--config`); default: code-server's own, under XDG_CONFIG_HOME. */
  config?: string;
}

export interface ServeOptions extends CodeServerFolders {
  port: number;
  /** The folder the workbench opens. */
  workspace: string;
  /** `--disable-workspace-trust`: every folder is trusted, no Restricted Mode. */
  disableTrust: boolean;
  /**
   * The smoke-test driver (without it the workbench ignores a test payload). code-server
   * releases such as 4.116 have no --vscode-option: there the page turns it on
   * ({@link enableSmokeTestDriverInPage}).
   */
  smokeTestDriver?: boolean;
}

function stateArgs(f: CodeServerFolders): string[] {
  return [
    ...(f.config ? ['--config', f.config] : []),
    '--user-data-dir',
    f.userData,
    '--extensions-dir',
    f.extensions,
    '--disable-telemetry',
    '--disable-update-check',
    // (CURSOR_AGENT_CODE_SERVER_LOG=trace: the workbench's and extension host's own logs in full, for a diagnosis.)
    ...(process.env.CURSOR_AGENT_CODE_SERVER_LOG ? ['--log', process.env.CURSOR_AGENT_CODE_SERVER_LOG] : []),
  ];
}

/** The arguments (for the toolchain's Node) that serve `workspace` on 127.0.0.1:`port` without auth. */
export function codeServerArgs(tc: Toolchain, o: ServeOptions): string[] {
  return [
    tc.codeServer,
    '--auth',
    'none',
    '--bind-addr',
    `127.0.0.1:${o.port}`,
    ...stateArgs(o),
    '--disable-getting-started-override',
    '--ignore-last-opened',
    ...(o.smokeTestDriver && supportsVscodeOption(tc) ? ['--vscode-option', 'enable-smoke-test-driver'] : []),
    ...(o.disableTrust ? ['--disable-workspace-trust'] : []),
    o.workspace,
  ];
}

/** The arguments (for the toolchain's Node) that install a .vsix into the extensions folder and exit. */
export function installExtensionArgs(tc: Toolchain, f: CodeServerFolders, vsix: string): string[] {
  return [tc.codeServer, ...stateArgs(f), '--install-extension', vsix];
}

export interface CodeServerEnvOptions {
  /** Parent of the XDG_* folders. */
  xdg: string;
  /** TMPDIR: code-server and VS Code leave IPC sockets in the temp folder, so keep them in ours. */
  tmp: string;
  /** Folders put before the toolchain's Node on PATH. */
  pathFirst?: string[];
  /** HOME (and XDG_CONFIG_HOME under `xdg`); unset: both stay the user's. */
  home?: string;
  /** Also an XDG_RUNTIME_DIR under `xdg` (created, mode 0700). */
  runtimeDir?: boolean;
}

/** code-server's environment: ours without variables that steer it elsewhere, its folders under ours. */
export function codeServerEnv(tc: Toolchain, o: CodeServerEnvOptions): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...baseEnv(),
    PATH: [...(o.pathFirst ?? []), path.dirname(tc.node), process.env.PATH ?? ''].join(path.delimiter),
    XDG_DATA_HOME: path.join(o.xdg, 'data'),
    XDG_CACHE_HOME: path.join(o.xdg, 'cache'),
    XDG_STATE_HOME: path.join(o.xdg, 'state'),
    TMPDIR: o.tmp,
  };
  if (o.home) {
    env.HOME = o.home;
    env.XDG_CONFIG_HOME = path.join(o.xdg, 'config');
  }
  if (o.runtimeDir) {
    env.XDG_RUNTIME_DIR = path.join(o.xdg, 'runtime');
    fs.mkdirSync(env.XDG_RUNTIME_DIR, { recursive: true, mode: 0o700 });
  }
  return env;
}

export interface RunningCodeServer {
  child: ChildProcess;
  /** Resolves with why, once code-server exits or fails to start. */
  exited: Promise<string>;
  /** Why it exited, once it has. */
  early(): string | undefined;
}

/**
 * Starts code-server detached (setsid(), so the server, its extension host and anything they
 * spawn form one process group, killed as a whole by killGroup); every output chunk goes to `onOutput`.
 */
export function startCodeServer(
  tc: Toolchain,
  args: string[],
  o: { cwd: string; env: NodeJS.ProcessEnv; onOutput(chunk: Buffer): void },
): RunningCodeServer {
  const child = spawn(tc.node, args, { cwd: o.cwd, env: o.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  if (child.pid) liveGroups.add(child.pid);
  let why: string | undefined;
  let onExit: (why: string) => void = () => undefined;
  const exited = new Promise<string>((resolve) => (onExit = resolve));
  child.on('exit', (code, signal) => onExit((why ??= `code-server exited (code ${code}, signal ${signal})`)));
  child.on('error', (err) => onExit((why ??= `code-server failed to start: ${err.message}`)));
  for (const s of [child.stdout, child.stderr]) s?.on('data', (chunk: Buffer) => o.onOutput(chunk));
  return { child, exited, early: () => why };
}

/** Waits until code-server answers /healthz on `base`; throws (naming `logFile`) if it exits first or `until` passes. */
export async function waitForCodeServer(server: RunningCodeServer, base: string, until: number, logFile: string): Promise<void> {
  const t0 = Date.now();
  while (!server.early() && Date.now() < until && !(await httpOk(`${base}/healthz`))) await sleep(200);
  const early = server.early();
  if (early) throw new Error(`${early}; see ${logFile}`);
  if (!(await httpOk(`${base}/healthz`))) throw new Error(`code-server did not answer on ${base} within ${((Date.now() - t0) / 1000).toFixed(0)}s`);
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
    const proto = (globalThis as unknown as { Element: { prototype: { getAttribute(this: { id: string }, name: string): string | null } } }).Element
      .prototype;
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
