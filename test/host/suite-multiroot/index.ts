// Host suite "multiroot": a window of two folders (a multi-root workspace), Workspace Trust disabled.
// Options (workspace files, settings) are in test/host/suites.ts.
import { runSuiteFolder } from '../mochaRunner';

export function run(): Promise<void> {
  return runSuiteFolder(__dirname);
}
