// Host suite "bench": benchmark 6 (activation), run only by `npm run bench`
// (test/host/suites.ts lists it only when CURSOR_AGENT_HOST_BENCH=1).
import { runSuiteFolder } from '../mochaRunner';

export function run(): Promise<void> {
  return runSuiteFolder(__dirname);
}
