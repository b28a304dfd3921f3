// Host suite "harness": VS Code 1.139 with the Copilot harness as the default chat target
// (`chat.defaultToCopilotHarness` and `chat.editor.preferCopilotHarness` on; newest VS Code only).
// Options are in test/host/suites.ts.
import { runSuiteFolder } from '../mochaRunner';

export function run(): Promise<void> {
  return runSuiteFolder(__dirname);
}
