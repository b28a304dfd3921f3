// Host suite "untrusted": Workspace Trust on, the workspace folder NOT trusted
// (restricted mode). Options are in test/host/suites.ts.
import { runSuiteFolder } from '../mochaRunner';

export function run(): Promise<void> {
  return runSuiteFolder(__dirname);
}
