// Host suite "faults": every way the cursor-agent CLI can misbehave, driven from
// the fake CLI through both the language model provider and the @cursor participant.
// Options (workspace files, short timeouts) are in test/host/suites.ts.
import { runSuiteFolder } from '../mochaRunner';
import { installUnhandledHooks } from './unhandled';

export function run(): Promise<void> {
  // Before any test (and so before the extension's first turn): see every unhandled rejection.
  installUnhandledHooks();
  return runSuiteFolder(__dirname);
}
