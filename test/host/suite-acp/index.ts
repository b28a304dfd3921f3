// Host suite "acp": the fake CLI speaks ACP (`cursor-agent acp`) as well as print mode, with the
// default `cursorAgent.backend` (auto). Options are in test/host/suites.ts.
import { runSuiteFolder } from '../mochaRunner';

export function run(): Promise<void> {
  return runSuiteFolder(__dirname);
}
