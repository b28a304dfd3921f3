/**
 * The extension's real service stack (process runner, binary resolution,
 * agent service) pointed at the fake CLI, with the run settings extension.ts
 * uses (2 s kill grace, 30 s short commands, default turn deadlines).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Logger } from '../src/cli/process';
import { binaryEnvironment, nodeHostEnvironment, nodeResolveDeps } from '../src/node/nodeHost';
import { NodeProcessRunner } from '../src/node/nodeProcessRunner';
import { BinaryService } from '../src/services/readiness/binaryService';
import { CursorAgentService, RunSettings } from '../src/services/engine/cursorAgentService';
import { DEFAULT_SETTINGS } from '../src/services/settingsSchema';
import { createFakeCli, FakeCli, FakeScenario } from '../test/fixtures/fakeCli';
import { quietLogger } from './lib';

export interface BenchStack {
  fake: FakeCli;
  runner: NodeProcessRunner;
  binary: BinaryService;
  agent: CursorAgentService;
  workspace: string;
  settings: RunSettings;
  dispose(): void;
}

/** The run settings of src/extension.ts with default user settings. */
export function extensionRunSettings(): RunSettings {
  return {
    firstOutputTimeoutMs: DEFAULT_SETTINGS.firstOutputTimeoutSeconds * 1000,
    inactivityTimeoutMs: DEFAULT_SETTINGS.inactivityTimeoutSeconds * 1000,
    killGraceMs: 2000,
    shortCommandTimeoutMs: 30_000,
  };
}

export function createBenchStack(scenario: FakeScenario = {}, logger: Logger = quietLogger): BenchStack {
  const fake = createFakeCli({ scenario });
  const runner = new NodeProcessRunner(logger);
  const host = nodeHostEnvironment(process.env, process.platform);
  const workspace = fs.mkdtempSync(path.join(fs.realpathSync(os.tmpdir()), 'bench-ws-'));
  fs.writeFileSync(path.join(workspace, 'app.ts'), 'export const x = 1;\n');
  const settings = extensionRunSettings();
  const binary = new BinaryService(nodeResolveDeps(runner, host), binaryEnvironment(host), () => fake.binPath, logger);
  const agent = new CursorAgentService(binary, runner, host, () => settings, logger);
  return {
    fake,
    runner,
    binary,
    agent,
    workspace,
    settings,
    dispose() {
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
