// Runs one host suite in a desktop VS Code (electron mode: CURSOR_AGENT_HOST_VSCODE=electron or a path
// to an installed `code`): @vscode/test-electron's runTests(). Needs internet or a local install, and a display.

import * as fs from 'fs';
import * as path from 'path';
import type { HostSuite } from '../suites';
import { log, repoRoot, writeJson } from './common';
import { createFake, installFakeForUser, prepareSuite, suiteEnv, SuiteResult, userSettings } from './suite';

export async function runSuiteInElectron(suite: HostSuite, which: string): Promise<SuiteResult> {
  const t0 = Date.now();
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { runTests } = require('@vscode/test-electron') as typeof import('@vscode/test-electron');
  const dirs = prepareSuite(suite);
  const fake = createFake(dirs.fakeDir, suite.fakeScenario, suite.fake);
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
      ...(which === 'electron' ? { version: process.env.CURSOR_AGENT_HOST_VSCODE_VERSION ?? 'stable' } : { vscodeExecutablePath: which }),
      extensionDevelopmentPath: repoRoot,
      extensionTestsPath: path.join(repoRoot, 'out', 'test', 'host', suite.folder, 'index.js'),
      extensionTestsEnv: suiteEnv(suite, dirs, fake, userBinary),
      launchArgs: [
        dirs.opened,
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
