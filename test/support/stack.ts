import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { binaryEnvironment, nodeHostEnvironment, nodeResolveDeps } from '../../src/node/nodeHost';
import { NodeProcessRunner } from '../../src/node/nodeProcessRunner';
import { BinaryService } from '../../src/services/readiness/binaryService';
import { CursorAgentService, RunSettings } from '../../src/services/engine/cursorAgentService';
import { createFakeCli, FakeCli, FakeScenario } from '../fixtures/fakeCli';
import { MemoryLogger } from './logger';

/** The real service stack (runner, binary resolution, agent service) pointed at a fake CLI. */
export interface Stack {
  fake: FakeCli;
  runner: NodeProcessRunner;
  binary: BinaryService;
  agent: CursorAgentService;
  logger: MemoryLogger;
  workspace: string;
  settings: RunSettings;
  env: Record<string, string | undefined>;
  configuredPath: string;
  dispose(): void;
}

/** `homeDir`: the user's home folder as the host reports it (default: the real one). */
export function createStack(scenario: FakeScenario = {}, extraEnv: Record<string, string> = {}, homeDir?: string): Stack {
  const fake = createFakeCli({ scenario });
  const logger = new MemoryLogger();
  const runner = new NodeProcessRunner(logger);
  const env: Record<string, string | undefined> = { ...process.env, ...extraEnv };
  const host = nodeHostEnvironment(env, process.platform, homeDir);
  const workspace = fs.mkdtempSync(path.join(fs.realpathSync(os.tmpdir()), 'ws-'));
  fs.writeFileSync(path.join(workspace, 'app.ts'), 'export const x = 1;\n');
  const stack: Stack = {
    fake,
    runner,
    logger,
    workspace,
    env,
    configuredPath: fake.binPath,
    settings: { firstOutputTimeoutMs: 10_000, inactivityTimeoutMs: 10_000, killGraceMs: 500, shortCommandTimeoutMs: 10_000 },
    binary: undefined as unknown as BinaryService,
    agent: undefined as unknown as CursorAgentService,
    dispose() {
      runner.dispose();
      fake.cleanup();
      fs.rmSync(workspace, { recursive: true, force: true });
    },
  };
  stack.binary = new BinaryService(nodeResolveDeps(runner, host), binaryEnvironment(host), () => stack.configuredPath, logger);
  stack.agent = new CursorAgentService(stack.binary, runner, host, () => stack.settings, logger);
  return stack;
}
