// Runs, inside the extension host, every `*.test.js` file of one compiled suite
// folder with mocha's programmatic API. Each suite's index.ts is just
// `export function run() { return runSuiteFolder(__dirname); }`.
//
// Prints one marker line with the counts, which test/host/run.ts reads from the
// forwarded extension-host console to print the overall "N passed, N failed".
import * as fs from 'fs';
import * as path from 'path';
import * as util from 'util';
import Mocha from 'mocha';

export const RESULT_MARKER = '__HOST_SUITE_RESULT__';
/**
 * Prefix of every extension-host console line. The workbench hands run.ts its
 * own log lines and the extension host's console through the same channel;
 * run.ts prints only the marked ones (the rest goes to test-output/<suite>/host.log).
 */
export const CONSOLE_MARKER = '\u2063exthost\u2063 ';

let consolePatched = false;
/**
 * Tags this extension host's console output (tests, mocha, and the extension
 * itself). The host's console forwarder ignores assignments to console.log, so
 * the global `console` is replaced by an object that prefixes, then forwards.
 */
function markConsole(): void {
  if (consolePatched) return;
  consolePatched = true;
  const forward = globalThis.console;
  const marked = Object.create(forward) as Console;
  for (const level of ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const) {
    const fn = forward[level];
    Object.defineProperty(marked, level, {
      value: (...args: unknown[]) => fn.call(forward, CONSOLE_MARKER + util.format(...args)),
      writable: true,
      configurable: true,
    });
  }
  try {
    globalThis.console = marked;
  } catch {
    /* not replaceable: only mocha's own output is marked */
  }
}

export function runSuiteFolder(folder: string): Promise<void> {
  markConsole();
  // mocha's reporters captured console.log when mocha loaded: point them at the marked one.
  (Mocha.reporters.Base as unknown as { consoleLog: (...a: unknown[]) => void }).consoleLog = (...a) => globalThis.console.log(...a);
  const mocha = new Mocha({
    ui: 'bdd',
    color: false,
    timeout: 60_000,
    reporter: 'spec',
    // In CI a focused test (`.only`) fails the run instead of silently skipping the rest.
    forbidOnly: !!process.env.CI,
  });
  // (test/host/run.ts passes no grep in CI.)
  const grep = process.env.CURSOR_AGENT_HOST_GREP;
  if (grep) mocha.grep(grep);

  const files = fs
    .readdirSync(folder)
    .filter((f) => f.endsWith('.test.js'))
    .sort();
  for (const f of files) mocha.addFile(path.join(folder, f));

  return new Promise((resolve, reject) => {
    try {
      const runner = mocha.run((failures) => {
        const s = runner.stats ?? { passes: 0, failures, pending: 0 };
        console.log(`${RESULT_MARKER} ${JSON.stringify({ passed: s.passes, failed: s.failures, pending: s.pending, files: files.length })}`);
        if (failures > 0) reject(new Error(`${failures} host test(s) failed`));
        else if (files.length === 0) reject(new Error(`no *.test.js files in ${folder}`));
        else resolve();
      });
    } catch (err) {
      console.error(err);
      reject(err);
    }
  });
}
