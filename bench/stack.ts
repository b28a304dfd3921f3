/**
 * The extension's runtime (src/services/engine/chatRuntime.ts: process runner,
 * binary resolution, agent service, turn flow) pointed at the fake CLI in print
 * mode, with the run settings extension.ts uses (the runtime's, from default settings).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Logger } from '../src/cli/process';
import { nodeHostEnvironment } from '../src/node/nodeHost';
import { NodeProcessRunner } from '../src/node/nodeProcessRunner';
import { ChatRuntime, runSettingsOf } from '../src/services/engine/chatRuntime';
import type { ChatTurnFlow } from '../src/services/engine/chatTurn';
import type { BinaryService } from '../src/services/readiness/binaryService';
import type { CursorAgentService, RunSettings } from '../src/services/engine/cursorAgentService';
import { DEFAULT_SETTINGS } from '../src/services/settingsSchema';
import { nodeRuntime, trustedFolders } from '../test/support/runtime';
import { createFakeCli, FakeCli, FakeScenario } from '../test/fixtures/fakeCli';
import { quietLogger } from './lib';

export interface BenchStack {
  fake: FakeCli;
  runner: NodeProcessRunner;
  binary: BinaryService;
  agent: CursorAgentService;
  flow: ChatTurnFlow;
  runtime: ChatRuntime;
  workspace: string;
  settings: RunSettings;
  dispose(): void;
}

/** The run settings of src/extension.ts with default user settings. */
export function extensionRunSettings(): RunSettings {
  return runSettingsOf(DEFAULT_SETTINGS);
}

export function createBenchStack(scenario: FakeScenario = {}, logger: Logger = quietLogger): BenchStack {
  const fake = createFakeCli({ scenario });
  const runner = new NodeProcessRunner(logger);
  const host = nodeHostEnvironment(process.env, process.platform);
  const workspace = fs.mkdtempSync(path.join(fs.realpathSync(os.tmpdir()), 'bench-ws-'));
  fs.writeFileSync(path.join(workspace, 'app.ts'), 'export const x = 1;\n');
  const user = { ...DEFAULT_SETTINGS, backend: 'print' as const, path: fake.binPath };
  const runtime = nodeRuntime({ runner, host, logger, settings: () => user, workspace: trustedFolders(workspace) });
  return {
    fake,
    runner,
    binary: runtime.binary,
    agent: runtime.agent,
    flow: runtime.flow,
    runtime,
    workspace,
    settings: runtime.runSettings(),
    dispose() {
      for (const d of runtime.disposables) d.dispose();
      runner.dispose();
      fake.cleanup();
      fs.rmSync(workspace, { recursive: true, force: true });
    },
  };
}

/** Removes the fake's per-invocation records (they pile up over hundreds of runs). */
export function clearInvocations(fake: FakeCli): void {
  for (const sub of ['invocations', 'pids']) {
    const dir = path.join(fake.dir, sub);
    for (const n of fs.readdirSync(dir)) fs.rmSync(path.join(dir, n), { force: true });
  }
}
