import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { nodeHostEnvironment } from '../../src/node/nodeHost';
import { NodeProcessRunner } from '../../src/node/nodeProcessRunner';
import type { ChatRuntime } from '../../src/services/engine/chatRuntime';
import type { ChatTurnFlow } from '../../src/services/engine/chatTurn';
import type { BinaryService } from '../../src/services/readiness/binaryService';
import type { CursorAgentService, RunSettings } from '../../src/services/engine/cursorAgentService';
import { DEFAULT_SETTINGS, type Settings } from '../../src/services/settingsSchema';
import { createFakeCli, FakeCli, FakeScenario } from '../fixtures/fakeCli';
import { MemoryLogger } from './logger';
import { nodeRuntime } from './runtime';

/** The extension's runtime (runner, binary resolution, agent service, catalog, turn flow) pointed at a fake CLI, in print mode. */
export interface Stack {
  fake: FakeCli;
  runner: NodeProcessRunner;
  runtime: ChatRuntime;
  binary: BinaryService;
  agent: CursorAgentService;
  /** The chat-turn flow the participant and the provider run turns through. */
  flow: ChatTurnFlow;
  logger: MemoryLogger;
  workspace: string;
  /** The run settings (short deadlines); a test may replace them. */
  settings: RunSettings;
  /** The user's settings (`cursorAgent.backend: print`); `path` is `configuredPath`. */
  user: Settings;
  /** Whether the window trusts the workspace (one folder: `workspace`). */
  trusted: boolean;
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
  const partial = {
    fake,
    runner,
    logger,
    workspace,
    env,
    configuredPath: fake.binPath,
    trusted: true,
    user: { ...DEFAULT_SETTINGS, backend: 'print' as const },
    settings: { firstOutputTimeoutMs: 10_000, inactivityTimeoutMs: 10_000, killGraceMs: 500, shortCommandTimeoutMs: 10_000 },
    dispose() {
      for (const d of runtime.disposables) d.dispose();
      runner.dispose();
      fake.cleanup();
      fs.rmSync(workspace, { recursive: true, force: true });
    },
  };
  const runtime: ChatRuntime = nodeRuntime({
    runner,
    host,
    logger,
    settings: () => ({ ...stack.user, path: stack.configuredPath }),
    workspace: { isTrusted: () => stack.trusted, folders: () => [workspace] },
    runSettings: () => stack.settings,
  });
  const stack: Stack = { ...partial, runtime, binary: runtime.binary, agent: runtime.agent, flow: runtime.flow };
  return stack;
}
