// Host suite "trusted": Workspace Trust disabled (every folder trusted).
// Options (workspace files, settings) are in test/host/suites.ts.
import { runSuiteFolder } from '../mochaRunner';

export function run(): Promise<void> {
  return runSuiteFolder(__dirname);
}
