// Host suite "acp-exit": warm `cursor-agent acp` processes that ignore SIGTERM, keep a child in
// their group and double-fork one out of it (setsid); once its test is done the harness SIGKILLs
// this extension host and checks that none of them is left 5 s later (test/host/launch/hostExit.ts).
import { runSuiteFolder } from '../mochaRunner';

export function run(): Promise<void> {
  return runSuiteFolder(__dirname);
}
