/**
 * The extension's real CLI layer, resolution, launch planning, environment and
 * process runner, wired by the extension's runtime (chatRuntime.ts), for tests that run
 * inside the Windows node.exe. Every launch handed to the runner is kept, so a
 * suite can check what was (never) spawned.
 */
import type { LaunchPlan, ProcessRunner, RunOutcome, RunRequest } from '../../src/cli/process';
import { nodeHostEnvironment } from '../../src/node/nodeHost';
import { NodeProcessRunner } from '../../src/node/nodeProcessRunner';
import type { ChatRuntime } from '../../src/services/engine/chatRuntime';
import type { ChatTurnFlow } from '../../src/services/engine/chatTurn';
import type { BinaryService } from '../../src/services/readiness/binaryService';
import type { CursorAgentService, RunSettings } from '../../src/services/engine/cursorAgentService';
import { DEFAULT_SETTINGS, type Settings } from '../../src/services/settingsSchema';
import type { TurnEvent } from '../../src/turn/events';
import { MemoryLogger } from '../support/logger';
import { nodeRuntime, type NodeRuntimeOptions } from '../support/runtime';

/** Every launch any world handed to its runner, in order (for "a .cmd is never spawned"). */
export const allLaunches: LaunchPlan[] = [];

export interface World {
  env: Record<string, string | undefined>;
  logger: MemoryLogger;
  runner: NodeProcessRunner;
  binary: BinaryService;
  agent: CursorAgentService;
  runtime: ChatRuntime;
  flow: ChatTurnFlow;
  launches: LaunchPlan[];
  dispose(): void;
}

export const FAST: RunSettings = { firstOutputTimeoutMs: 30_000, inactivityTimeoutMs: 30_000, killGraceMs: 1000, shortCommandTimeoutMs: 30_000 };

interface WorldOptions {
  configuredPath?: string;
  settings?: Partial<RunSettings>;
  /** `cursorAgent.backend` (default print mode). */
  backend?: Settings['backend'];
  startTransport?: NodeRuntimeOptions['startTransport'];
}

export function makeWorld(env: Record<string, string | undefined>, opts: WorldOptions = {}): World {
  const logger = new MemoryLogger();
  const host = nodeHostEnvironment(env, 'win32');
  const runner = new NodeProcessRunner(logger);
  const launches: LaunchPlan[] = [];
  const recording: ProcessRunner = {
    run(req: RunRequest): Promise<RunOutcome> {
      launches.push(req.launch);
      allLaunches.push(req.launch);
      return runner.run(req);
    },
    dispose: () => runner.dispose(),
  };
  const settings = { ...FAST, ...opts.settings };
  const user = { ...DEFAULT_SETTINGS, backend: opts.backend ?? 'print', path: opts.configuredPath ?? '' };
  const runtime = nodeRuntime({
    runner: recording,
    host,
    logger,
    settings: () => user,
    workspace: { isTrusted: () => true, folders: () => [] },
    runSettings: () => settings,
    startTransport: opts.startTransport,
  });
  return {
    env,
    logger,
    runner,
    binary: runtime.binary,
    agent: runtime.agent,
    runtime,
    flow: runtime.flow,
    launches,
    dispose: () => runner.dispose(),
  };
}

/** The answer text as the chat shows it: every `text` event of the turn, in order. */
export function collectText(events: TurnEvent[]): string {
  return events.map((e) => (e.type === 'text' ? e.text : '')).join('');
}
