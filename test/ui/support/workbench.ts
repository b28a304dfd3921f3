// A real VS Code in the browser (code-server) with the PACKAGED extension installed,
// for `npm run sandbox`, `npm run test:ui` and `npm run screenshots`.
//
// Built from the host harness's launchers in test/host/launch/ (toolchain, the code-server
// command line, ports, fake CLI, process groups, cleanup on Ctrl+C). Unlike the host suites, this installs cursor-agent-vscode.vsix
// with `--install-extension` (a separate, non-serving code-server invocation) into a
// temporary extensions folder, exactly as a user would get it, and starts code-server
// without the smoke-test driver: what runs is what a person would see.
//
// Everything code-server writes goes under one temporary folder (user data,
// extensions, XDG_* folders, TMPDIR, its config.yaml; in demo mode HOME too), which
// stop() removes.

import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import type { Browser, Page } from 'playwright-core';
import { createFakeCli, FakeCli, FakeScenario } from '../../fixtures/fakeCli';
import { createFakeAcpCli } from '../../fixtures/acp/fakeAcpCli';
import type { FakeAcpScenario } from '../../fixtures/acp/scenario';
import { launchChromium } from '../../host/launch/chromium';
import {
  codeServerArgs,
  codeServerEnv,
  installExtensionArgs,
  RunningCodeServer,
  startCodeServer,
  waitForCodeServer,
} from '../../host/launch/codeServer';
import { cleanups, freePort, killGroup, repoRoot, writeJson } from '../../host/launch/common';
import { installOnUserPath, userSettings } from '../../host/launch/suite';
import { ensureToolchain, Toolchain } from '../../host/launch/toolchain';
import type { VsCodeTarget } from '../../host/versions';

export const VSIX = path.join(repoRoot, 'cursor-agent-vscode.vsix');

/** The sample workspace a newcomer sees: a few small source files. */
export const SAMPLE_FILES: Record<string, string> = {
  'README.md':
    '# Sample project\n\nA small folder to try `@cursor` on. In the chat panel (or F1 → **Chat: Open Chat**) ask, for example:\n\n' +
    '    @cursor what does src/hello.ts do?\n',
  'src/hello.ts':
    "import { add } from './math';\n\n" +
    '/** Greets someone by name. */\n' +
    'export function hello(name: string): string {\n  return `Hello, ${name}!`;\n}\n\n' +
    'export function main(): void {\n  console.log(hello("world"), add(2, 3));\n}\n',
  'src/math.ts':
    'export function add(a: number, b: number): number {\n  return a + b;\n}\n\n' +
    'export function mean(values: number[]): number {\n  return values.length === 0 ? 0 : values.reduce(add, 0) / values.length;\n}\n',
  'scripts/report.py':
    'import json\nimport sys\n\n\ndef summarize(path):\n    with open(path) as f:\n        rows = json.load(f)\n' +
    '    return {"count": len(rows), "total": sum(r["amount"] for r in rows)}\n\n\n' +
    'if __name__ == "__main__":\n    print(summarize(sys.argv[1]))\n',
  'package.json': '{\n  "name": "sample-project",\n  "version": "1.0.0",\n  "private": true\n}\n',
};

/**
 * User settings for a first-run workbench without distractions.
 * - `chat.disableAIFeatures: false`: the chat UI (panel, model picker, @-participants)
 *   is only shown while AI features are enabled; `true` hides it entirely (vscode.lm
 *   still works). false is the default, written explicitly so the UI test does not
 *   depend on it.
 * - No Copilot is installed in code-server, and none is needed: our participant and
 *   our language model provider are enough for `@cursor` (the workbench offers Agent
 *   mode only, and our models declare tool calling so the picker lists them there).
 */
export function workbenchSettings(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    ...userSettings({ folder: 'ui', trust: 'disabled' }),
    'chat.disableAIFeatures': false,
    'workbench.colorTheme': 'Default Dark Modern',
    'window.commandCenter': true,
    'editor.minimap.enabled': false,
    'files.autoSave': 'off',
    // The terminal draws its text as DOM rows (not on a canvas), so the UI test can read it.
    'terminal.integrated.gpuAcceleration': 'off',
    ...extra,
  };
}

/** VS Code's two harness settings, on (what an experiment or 1.140's default does): new chats start in the Copilot harness. */
export const HARNESS_SETTINGS = { 'chat.defaultToCopilotHarness': true, 'chat.editor.preferCopilotHarness': true };

export interface WorkbenchOptions {
  /** Temporary-folder name prefix. */
  name: string;
  /**
   * 'fake': the project's fake cursor-agent (cursorAgent.path in Machine settings).
   * 'real': the user's own cursor-agent (`realCliPath`, else whatever the extension finds).
   */
  cli: 'fake' | 'real';
  /**
   * With cli 'real': written to the Machine setting `cursorAgent.path`, so the extension
   * runs the binary found on this process's PATH even if the server's login-shell PATH
   * (which the extension host gets) lacks it.
   */
  realCliPath?: string;
  /** Demo labelling: CURSOR_AGENT_VSCODE_DEMO=1 for the extension ("Cursor (demo)"). */
  demo?: boolean;
  fakeScenario?: FakeScenario;
  /** With cli 'fake': the fake also speaks ACP (`cursor-agent acp`), doing this. */
  fakeAcp?: FakeAcpScenario;
  /**
   * With cli 'fake': install the fake as `~/.local/bin/cursor-agent` (in the temporary
   * HOME, on PATH through ~/.profile, like the real installer's) and leave
   * `cursorAgent.path` empty: found automatically, as most users will have it. (The
   * server takes the extension host's PATH from a login shell, not from its own
   * environment, so ~/.profile is where PATH must be set.)
   */
  fakeOnPath?: boolean;
  userSettings?: Record<string, unknown>;
  /** Fixed port (default: a free one). */
  port?: number;
  /** Write code-server's output here too (default: only to <root>/code-server.log). */
  echo?: (chunk: string) => void;
  /** Keep the temporary folder on stop(). */
  keep?: boolean;
  /** The .vsix to install (default: cursor-agent-vscode.vsix at the repo root). */
  vsix?: string;
  /** Other extensions (.vsix files) to install beside it. */
  alsoInstall?: string[];
  /** More environment for code-server (e.g. VSCODE_SKIP_BUILTIN_EXTENSIONS). */
  serverEnv?: Record<string, string>;
  /** More arguments for code-server's serving invocation (e.g. --enable-proposed-api <id>). */
  serverArgs?: string[];
  /** Which VS Code (default: the newest of test/host/versions.ts). */
  target?: VsCodeTarget;
  /** The workspace folder's name, shown in the title and the Explorer (default: sample-project). */
  workspaceName?: string;
}

export interface Workbench {
  /** http://127.0.0.1:<port>/?folder=<workspace> */
  url: string;
  port: number;
  root: string;
  workspace: string;
  userData: string;
  extensions: string;
  serverLog: string;
  fake?: FakeCli;
  toolchain: Toolchain;
  /** Resolves with a reason if code-server exits by itself. */
  exited: Promise<string>;
  stop(): Promise<void>;
}

function timed<T>(label: string, fn: () => T, report: (m: string) => void): T {
  const t0 = Date.now();
  const r = fn();
  report(`${label} in ${((Date.now() - t0) / 1000).toFixed(1)}s`);
  return r;
}

/**
 * Starts code-server with the packaged extension installed and the sample workspace
 * open. Registers its cleanup with run.ts's registry, so Ctrl+C (SIGINT/SIGTERM/SIGHUP)
 * kills the process group and removes the temporary folder too.
 */
export async function startWorkbench(opts: WorkbenchOptions, report: (m: string) => void): Promise<Workbench> {
  const vsix = opts.vsix ?? VSIX;
  if (!fs.existsSync(vsix)) throw new Error(`${vsix} missing: run \`npm run package\` first`);
  const tc = ensureToolchain(opts.target);

  const root = fs.mkdtempSync(path.join(fs.realpathSync(os.tmpdir()), `cursor-${opts.name}-`));
  const dirs = {
    workspace: path.join(root, opts.workspaceName ?? 'sample-project'),
    userData: path.join(root, 'user-data'),
    extensions: path.join(root, 'extensions'),
    xdg: path.join(root, 'xdg'),
    home: path.join(root, 'home'),
    tmp: path.join(root, 'tmp'),
  };
  for (const d of Object.values(dirs)) fs.mkdirSync(d, { recursive: true });
  let server: RunningCodeServer | undefined;
  let fake: FakeCli | undefined;
  let stopped = false;
  const stop = async (): Promise<void> => {
    if (stopped) return;
    stopped = true;
    cleanups.delete(stop);
    if (server) await killGroup(server.child, 'code-server');
    fake?.cleanup();
    if (!opts.keep) fs.rmSync(root, { recursive: true, force: true });
  };
  cleanups.add(stop);

  try {
    for (const [rel, text] of Object.entries(SAMPLE_FILES)) {
      const file = path.join(dirs.workspace, rel);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, text);
    }
    writeJson(path.join(dirs.userData, 'User', 'settings.json'), workbenchSettings(opts.userSettings));
    if (opts.cli === 'fake') {
      const fakeOpts = { dir: path.join(root, 'fake-cli'), scenario: opts.fakeScenario ?? {} };
      fake = opts.fakeAcp ? createFakeAcpCli({ ...fakeOpts, acp: opts.fakeAcp }) : createFakeCli(fakeOpts);
      // A code-server window is remote: machine-scoped settings are read from Machine/.
      if (opts.fakeOnPath) {
        installOnUserPath(dirs.home, fake.binPath);
      } else {
        writeJson(path.join(dirs.userData, 'Machine', 'settings.json'), { 'cursorAgent.path': fake.binPath });
      }
    }

    if (opts.cli === 'real' && opts.realCliPath) {
      writeJson(path.join(dirs.userData, 'Machine', 'settings.json'), { 'cursorAgent.path': opts.realCliPath });
    }

    // With the real CLI, HOME and XDG_CONFIG_HOME stay the user's: that is where cursor-agent
    // keeps its login (code-server's own config file goes to --config). With the fake nothing
    // of the user's is needed, so HOME and XDG_CONFIG_HOME are ours too.
    const env = codeServerEnv(tc, {
      xdg: dirs.xdg,
      tmp: dirs.tmp,
      pathFirst: fake && opts.fakeOnPath ? [path.join(dirs.home, '.local', 'bin')] : [],
      ...(opts.cli === 'fake' ? { home: dirs.home } : {}),
      runtimeDir: true,
    });
    if (opts.demo) env.CURSOR_AGENT_VSCODE_DEMO = '1';
    Object.assign(env, opts.serverEnv ?? {});
    const folders = { config: path.join(root, 'code-server.yaml'), userData: dirs.userData, extensions: dirs.extensions };
    fs.writeFileSync(folders.config, 'auth: none\n');

    // 1. Install the .vsix (a separate invocation: it installs and exits, serving nothing).
    for (const file of [vsix, ...(opts.alsoInstall ?? [])]) {
      const install = timed(
        `installed ${path.basename(file)}`,
        () =>
          spawnSync(tc.node, installExtensionArgs(tc, folders, file), {
            cwd: root,
            env,
            encoding: 'utf8',
            timeout: 120_000,
          }),
        report,
      );
      if (install.status !== 0 || !/successfully installed/i.test(install.stdout + install.stderr)) {
        throw new Error(
          `code-server --install-extension ${path.basename(file)} failed (exit ${install.status}):\n${install.stdout}${install.stderr}`,
        );
      }
    }

    // 2. Serve.
    const port = opts.port ?? (await freePort());
    const serverLog = path.join(root, 'code-server.log');
    const logStream = fs.createWriteStream(serverLog);
    const args = codeServerArgs(tc, { ...folders, port, workspace: dirs.workspace, disableTrust: true });
    // (Before the workspace, the last argument.)
    if (opts.serverArgs) args.splice(args.length - 1, 0, ...opts.serverArgs);
    const t0 = Date.now();
    server = startCodeServer(tc, args, {
      cwd: dirs.workspace,
      env,
      onOutput: (chunk) => {
        logStream.write(chunk);
        opts.echo?.(chunk.toString());
      },
    });
    const base = `http://127.0.0.1:${port}`;
    await waitForCodeServer(server, base, t0 + 90_000, serverLog);
    report(`code-server up on ${base} in ${((Date.now() - t0) / 1000).toFixed(1)}s`);

    return {
      url: `${base}/?folder=${encodeURIComponent(dirs.workspace)}`,
      port,
      root,
      workspace: dirs.workspace,
      userData: dirs.userData,
      extensions: dirs.extensions,
      serverLog,
      fake,
      toolchain: tc,
      exited: server.exited,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

/**
 * Headless Debian Chromium (never a downloaded browser) with a fresh profile; its HOME and
 * XDG folders go under `root` (a workbench's temporary folder), so it leaves nothing behind.
 */
/**
 * Starts Chromium for the workbench at `root`; the page's console and uncaught errors go
 * to `outDir`/browser.log.
 */
export async function openBrowser(
  tc: Toolchain,
  root: string,
  outDir: string,
  viewport = { width: 1400, height: 900 },
): Promise<{ browser: Browser; page: Page }> {
  const home = path.join(root, 'browser-home');
  fs.mkdirSync(home, { recursive: true });
  const browser = await launchChromium(tc.chromium, {
    ...process.env,
    HOME: home,
    XDG_CONFIG_HOME: path.join(home, '.config'),
    XDG_CACHE_HOME: path.join(home, '.cache'),
    TMPDIR: home,
  });
  const close = () => browser.close().catch(() => undefined);
  cleanups.add(close);
  browser.on('disconnected', () => cleanups.delete(close));
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
  // Clipboard access for the workbench (copy buttons) without a permission prompt.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']).catch(() => undefined);
  const page = await context.newPage();
  fs.mkdirSync(outDir, { recursive: true });
  const browserLog = fs.createWriteStream(path.join(outDir, 'browser.log'));
  page.on('console', (m) => browserLog.write(`[${m.type()}] ${m.text()}\n`));
  page.on('pageerror', (e) => browserLog.write(`[pageerror] ${e.message}\n`));
  return { browser, page };
}

/** A request of a chat as VS Code stores it (the parts read here). */
interface StoredRequest {
  message?: { text?: string };
  result?: { metadata?: unknown };
}

/**
 * The requests of every chat the workbench has saved for the workspace (its chatSessions folder
 * on the server: a JSON file per chat, or, in VS Code 1.139, a log of JSON lines: the initial
 * state, then values set at a path and items pushed onto an array).
 */
export function savedChatRequests(wb: Pick<Workbench, 'userData'>): StoredRequest[] {
  const storage = path.join(wb.userData, 'User', 'workspaceStorage');
  const found: StoredRequest[] = [];
  for (const ws of fs.existsSync(storage) ? fs.readdirSync(storage) : []) {
    const dir = path.join(storage, ws, 'chatSessions');
    for (const file of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
      let state: { requests?: StoredRequest[] } = {};
      for (const line of fs.readFileSync(path.join(dir, file), 'utf8').split('\n')) {
        let op: { kind?: number; k?: Array<string | number>; v?: unknown; i?: number };
        try {
          op = JSON.parse(line) as typeof op;
        } catch {
          continue; // a line still being written
        }
        if (file.endsWith('.json')) state = op as typeof state;
        else if (op.kind === 0) state = op.v as typeof state;
        else if ((op.kind === 1 || op.kind === 2) && Array.isArray(op.k) && op.k.length > 0) {
          let at: Record<string | number, unknown> = state as Record<string, unknown>;
          for (const key of op.k.slice(0, -1)) at = (at?.[key] ?? {}) as Record<string | number, unknown>;
          const last = op.k[op.k.length - 1]!; // op.k is not empty
          if (op.kind === 1) at[last] = op.v;
          else {
            const arr = Array.isArray(at[last]) ? (at[last] as unknown[]) : (at[last] = []);
            if (typeof op.i === 'number') arr.length = Math.min(arr.length, op.i);
            arr.push(...(Array.isArray(op.v) ? op.v : [op.v]));
          }
        }
      }
      found.push(...(state.requests ?? []));
    }
  }
  return found;
}

/**
 * Waits until the workbench has saved the answer to `question` with its result (VS Code writes a
 * chat to storage a while after it changes, later on a busy machine): what a reload restores.
 */
export async function waitForSavedAnswer(wb: Pick<Workbench, 'userData'>, question: string, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  const saved = () => savedChatRequests(wb).some((r) => r.message?.text?.includes(question) && r.result?.metadata !== undefined);
  while (!saved()) {
    if (Date.now() > until) throw new Error(`the workbench did not save the answer to ${JSON.stringify(question)} within ${timeoutMs / 1000}s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
