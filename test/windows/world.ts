/**
 * The extension's real CLI layer, resolution, launch planning, environment and
 * process runner, wired as src/extension.ts wires them, for tests that run
 * inside the Windows node.exe. Every launch handed to the runner is kept, so a
 * suite can check what was (never) spawned.
 */
import type { LaunchPlan, ProcessRunner, RunOutcome, RunRequest } from '../../src/cli/process';
import { binaryEnvironment, nodeHostEnvironment, nodeResolveDeps } from '../../src/node/nodeHost';
import { NodeProcessRunner } from '../../src/node/nodeProcessRunner';
import { BinaryService } from '../../src/services/readiness/binaryService';
import { CursorAgentService, type RunSettings } from '../../src/services/engine/cursorAgentService';
import type { TurnEvent } from '../../src/turn/events';
import { MemoryLogger } from '../support/logger';

/** Every launch any world handed to its runner, in order (for "a .cmd is never spawned"). */
export const allLaunches: LaunchPlan[] = [];

export interface World {
  env: Record<string, string | undefined>;
  logger: MemoryLogger;
  runner: NodeProcessRunner;
  binary: BinaryService;
  agent: CursorAgentService;
  launches: LaunchPlan[];
  dispose(): void;
}

export const FAST: RunSettings = { firstOutputTimeoutMs: 30_000, inactivityTimeoutMs: 30_000, killGraceMs: 1000, shortCommandTimeoutMs: 30_000 };

export function makeWorld(env: Record<string, string | undefined>, opts: { configuredPath?: string; settings?: Partial<RunSettings> } = {}): World {
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
  const binary = new BinaryService(nodeResolveDeps(recording, host), binaryEnvironment(host), () => opts.configuredPath, logger);
  const settings = { ...FAST, ...opts.settings };
  const agent = new CursorAgentService(binary, recording, host, () => settings, logger);
  return { env, logger, runner, binary, agent, launches, dispose: () => runner.dispose() };
}

/** The answer text as the chat shows it: every `text` event of the turn, in order. */
export function collectText(events: TurnEvent[]): string {
  return events.map((e) => (e.type === 'text' ? e.text : '')).join('');
}
