// Runs one host suite in code-server: the server in its own process group with the smoke-test
// driver on, the workbench in headless Chromium with a payload naming our extension
// (extensionDevelopmentPath) and the suite's compiled index (extensionTestsPath); the extension
// host's console goes to stdout and the exit code comes from codeAutomationExit().

import * as fs from 'fs';
import * as path from 'path';
import { format } from 'util';
import type { Page } from 'playwright-core';
import { CONSOLE_MARKER, RESULT_MARKER } from '../mochaRunner';
import { SCREENSHOT_MARKER } from '../screenshot';
import { PAGE_MARKER, type PageRequest } from '../page';
import type { HostSuite } from '../suites';
import { outputSuffix } from '../versions';
import { cleanups, EXTENSION_ID, freePort, killGroup, log, repoRoot, writeJson } from './common';
import { launchChromium } from './chromium';
import { codeServerArgs, codeServerEnv, enableSmokeTestDriverInPage, startCodeServer, supportsVscodeOption, waitForCodeServer } from './codeServer';
import { checkNothingOutlivesHost, killHost, type HostKill } from './hostExit';
import { createFake, installFakeForUser, prepareSuite, suiteEnv, SuiteResult, userSettings } from './suite';
import type { Toolchain } from './toolchain';

type Counts = { passed: number; failed: number; pending: number };

/**
 * Every workbench log line arrives here, the extension host's console among them: the suite's
 * result line sets the counts, a screenshot marker takes a screenshot, other host lines go to stdout.
 */
function onWorkbenchLog(page: Page, output: string, hostLog: fs.WriteStream, setCounts: (c: Counts) => void) {
  return (type: string, args: unknown): void => {
    const text = Array.isArray(args) ? format(...args) : String(args);
    hostLog.write(`[${type}] ${text}\n`);
    const at = text.indexOf(CONSOLE_MARKER);
    if (at >= 0) {
      const line = text.slice(at + CONSOLE_MARKER.length);
      const m = line.indexOf(RESULT_MARKER);
      if (m >= 0) {
        try {
          setCounts(
            JSON.parse(
              line
                .slice(m + RESULT_MARKER.length)
                .trim()
                .split('\n')[0]!,
            ) as Counts,
          );
        } catch {
          /* ignore */
        }
        return;
      }
      const shot = line.indexOf(SCREENSHOT_MARKER);
      if (shot >= 0) {
        const name = line
          .slice(shot + SCREENSHOT_MARKER.length)
          .trim()
          .replace(/[^A-Za-z0-9._-]+/g, '_');
        const file = path.join(output, `${name}.png`);
        void page
          .screenshot({ path: file, timeout: 10_000 })
          .then(() => fs.writeFileSync(file + '.done', ''))
          .catch((e: Error) => log(`screenshot ${name} failed: ${e.message}`));
        return;
      }
      const asked = line.indexOf(PAGE_MARKER);
      if (asked >= 0) return answerPage(page, output, line.slice(asked + PAGE_MARKER.length));
      process.stdout.write(`${line}\n`);
    } else if (type === 'error' && text.includes(EXTENSION_ID)) {
      // e.g. "Activating extension '…' failed: …"
      process.stdout.write(`[workbench:error] ${text}\n`);
    }
  };
}

/** Answers a host test's page request (test/host/page.ts): an expression's value, or a click, written to `<name>.json`. */
function answerPage(page: Page, output: string, json: string): void {
  let req: PageRequest & { name: string };
  try {
    req = JSON.parse(json) as PageRequest & { name: string };
  } catch {
    return log(`page request not understood: ${json.slice(0, 200)}`);
  }
  const file = path.join(output, `${req.name.replace(/[^A-Za-z0-9._-]+/g, '_')}.json`);
  const done = 'click' in req ? page.locator(req.click).filter({ visible: true }).last().click({ timeout: 10_000 }) : page.evaluate(req.evaluate);
  void done.then(
    (value: unknown) => fs.writeFileSync(file, JSON.stringify({ ok: true, value: value ?? null })),
    (e: Error) => fs.writeFileSync(file, JSON.stringify({ ok: false, error: e.message.slice(0, 2000) })),
  );
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

export async function runSuiteInCodeServer(suite: HostSuite, tc: Toolchain): Promise<SuiteResult> {
  const t0 = Date.now();
  const testsIndex = path.join(repoRoot, 'out', 'test', 'host', suite.folder, 'index.js');
  const dirs = prepareSuite(suite, suite.folder + outputSuffix(tc.target));
  const fake = createFake(dirs.fakeDir, suite.fakeScenario, suite.fake);
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
  const env: NodeJS.ProcessEnv = {
    ...codeServerEnv(tc, {
      xdg: path.join(dirs.root, 'xdg'),
      tmp: path.join(dirs.root, 'tmp'),
      pathFirst: suite.binary === 'setting' ? [] : [path.join(dirs.home, '.local', 'bin')],
      home: dirs.home,
    }),
    ...suiteEnv(suite, dirs, fake, userBinary),
  };
  const args = codeServerArgs(tc, {
    port,
    workspace: dirs.workspace,
    userData: dirs.userData,
    extensions: dirs.extensions,
    disableTrust: suite.trust === 'disabled',
    smokeTestDriver: true,
  });
  const serverLogFile = path.join(dirs.output, 'code-server.log');
  const serverLog = fs.createWriteStream(serverLogFile);
  const hostLog = fs.createWriteStream(path.join(dirs.output, 'host.log'));
  addCleanup(
    () =>
      new Promise<void>((r) => {
        hostLog.end();
        serverLog.end(() => r());
      }),
  );

  log(`${suite.folder}: starting code-server ${tc.target.codeServer} (VS Code ${tc.target.vscode}) on 127.0.0.1:${port} (trust: ${suite.trust})`);
  const verbose = !!process.env.CURSOR_AGENT_HOST_VERBOSE;
  const server = startCodeServer(tc, args, {
    cwd: dirs.workspace,
    env,
    onOutput: (chunk) => {
      serverLog.write(chunk);
      if (verbose) process.stdout.write(`[code-server] ${chunk.toString()}`);
    },
  });
  addCleanup(() => killGroup(server.child, 'code-server'));

  const timeoutMs = Number(process.env.CURSOR_AGENT_HOST_TIMEOUT_MS ?? 600_000);
  const deadline = Date.now() + timeoutMs;
  const base = `http://127.0.0.1:${port}`;
  let result: SuiteResult = { folder: suite.folder, on: `VS Code ${tc.target.vscode}`, exitCode: 1, passed: 0, failed: 0, pending: 0, seconds: 0 };
  let counts: Counts | undefined;

  try {
    // 1. wait for the server
    await waitForCodeServer(server, base, Math.min(deadline, Date.now() + 90_000), serverLogFile);
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
    // A host-exit suite: its host is SIGKILLed the moment its result line arrives; it may never report its exit.
    let hostKill: HostKill | undefined;
    let hostKilled: ((r: { code: number; logs: unknown }) => void) | undefined;
    const killed = new Promise<{ code: number; logs: unknown }>((resolve) => (hostKilled = resolve));
    const onCounts = (c: Counts) => {
      counts = c;
      if (!suite.hostExit || hostKill) return;
      hostKill = killHost(dirs.output);
      hostKilled?.({ code: c.failed > 0 ? 1 : 0, logs: undefined });
    };
    await page.exposeFunction('codeAutomationLog', onWorkbenchLog(page, dirs.output, hostLog, onCounts));
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
    const open = dirs.opened.endsWith('.code-workspace') ? 'workspace' : 'folder';
    const url = `${base}/?${open}=${encodeURIComponent(dirs.opened)}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
    await page.goto(url, { waitUntil: 'domcontentloaded', timeout: 60_000 });
    log(`${suite.folder}: workbench loading; running tests`);

    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<string>((resolve) => {
      timer = setTimeout(() => resolve(`timed out after ${timeoutMs / 1000}s`), Math.max(0, deadline - Date.now()));
    });
    const outcome = await Promise.race([exited, killed, server.exited, crashed, timedOut]);
    clearTimeout(timer);

    const shot = path.join(dirs.output, 'workbench.png');
    await page.screenshot({ path: shot, timeout: 15_000 }).catch((e: Error) => log(`screenshot failed: ${e.message}`));

    if (typeof outcome === 'string') {
      result = { ...result, exitCode: 1, note: outcome };
      log(`${suite.folder}: FAILED: ${outcome}`);
    } else {
      const exitCheck = suite.hostExit && outcome.code === 0 ? await checkNothingOutlivesHost(hostKill, () => fake.livePids?.() ?? []) : undefined;
      saveWorkbenchLogs(outcome.logs, path.join(dirs.output, 'logs'));
      result = { ...result, exitCode: exitCheck ? 1 : outcome.code, ...(exitCheck ? { note: exitCheck } : {}) };
      if (exitCheck && counts) counts = { ...counts, failed: counts.failed + 1 };
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
