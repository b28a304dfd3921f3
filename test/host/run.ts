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
// Outputs: test-output/<suite>/{workbench.png,host.log,code-server.log,logs/}.//
// The launchers live in test/host/launch/: common.ts (cleanup, process groups, ports),
// toolchain.ts, codeServer.ts (the command line, shared with test/ui/), chromium.ts,
// suite.ts (a suite's folders, settings and fake CLI), codeServerSuite.ts and electron.ts.

import * as fs from 'fs';
import * as path from 'path';
import { HOST_SUITES, type HostSuite } from './suites';
import { selectedTargets, type VsCodeTarget } from './versions';
import { EXTENSION_ID, isInterrupted, log, outputRoot, repoRoot, runCleanups } from './launch/common';
import { runSuiteInCodeServer } from './launch/codeServerSuite';
import { runSuiteInElectron } from './launch/electron';
import { hostFilter, SuiteResult } from './launch/suite';
import { ensureToolchain } from './launch/toolchain';

/** One line per suite run, then the totals (a suite that failed without counting a failed test counts as one failure). */
function summarize(results: SuiteResult[], mode: string): void {
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
}

async function main(): Promise<number> {
  // CURSOR_AGENT_HOST_JOB: the one suite scripts/test-all.mjs gives this run. Unlike a developer's filter it holds in
  // CI too: test-all starts one job per suite and version, so together they still run every host test.
  const only = (process.env.CURSOR_AGENT_HOST_JOB || hostFilter('CURSOR_AGENT_HOST_SUITES') || '')
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
    const runsOn = (suite: HostSuite, target: VsCodeTarget) => !suite.newestOnly || target.role !== 'lowest';
    expected = targets.reduce((n, t) => n + suites.filter((s) => runsOn(s, t)).length, 0);
    for (const target of targets) {
      if (isInterrupted()) break;
      const tc = ensureToolchain(target);
      for (const suite of suites.filter((s) => runsOn(s, target))) {
        if (isInterrupted()) break;
        results.push(await runSuiteInCodeServer(suite, tc));
      }
    }
  } else {
    for (const suite of suites) {
      if (isInterrupted()) break;
      results.push(await runSuiteInElectron(suite, mode));
    }
  }

  summarize(results, mode);
  return results.every((r) => r.exitCode === 0) && results.length === expected ? 0 : 1;
}

// Run only as a program (nothing should import this file: the launchers are in ./launch/).
if (require.main === module)
  main()
    .then(async (code) => {
      await runCleanups();
      process.exit(code);
    })
    .catch(async (err) => {
      console.error(`[host] ${(err as Error).stack ?? err}`);
      await runCleanups();
      process.exit(1);
    });
