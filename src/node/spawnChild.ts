/**
 * How a run's child is started: an argument array and no shell, its own
 * process group (POSIX, so the whole group can be signalled), the run's
 * marker in its environment, and the prompt on stdin (never in argv, never
 * logged).
 */
import { spawn, type ChildProcess } from 'child_process';
import type { Logger, RunRequest } from '../cli/process';
import { RUN_MARKER_ENV } from './escapedSweep';

/**
 * How a run starts its child: always {@link spawnChild}, which the runner never
 * overrides; a parameter only so a unit test can hand a run a child whose
 * `exit`/`close` never come (the hard stop after SIGKILL).
 */
export type SpawnChild = (request: RunRequest, marker: string, platform: NodeJS.Platform, logger: Logger | undefined) => ChildProcess;

/** Spawns the child; throws what `spawn` throws synchronously (e.g. EINVAL for a .cmd without a shell). */
export function spawnChild(request: RunRequest, marker: string, platform: NodeJS.Platform, logger: Logger | undefined): ChildProcess {
  const { command, args, windowsVerbatimArguments, description } = request.launch;
  // argv only: the prompt travels on stdin and is never logged.
  logger?.debug(`[runner] spawn ${JSON.stringify(command)} ${args.map((a) => JSON.stringify(a)).join(' ')}${description ? ` (${description})` : ''}`);
  return spawn(command, args, {
    cwd: request.cwd,
    env: { ...request.env, [RUN_MARKER_ENV]: marker },
    shell: false,
    windowsHide: true,
    // POSIX: make the child a process-group leader so the whole group can be signalled.
    detached: platform !== 'win32',
    windowsVerbatimArguments: windowsVerbatimArguments === true,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
}

/** Writes the prompt (if any) to the child's stdin and closes it; `null`: stdin stays open (a long-lived server written to later). */
export function feedStdin(child: ChildProcess, stdin: string | undefined | null, pid: number, logger: Logger | undefined): void {
  child.stdout?.on('error', () => undefined);
  child.stderr?.on('error', () => undefined);
  // EPIPE/ECONNRESET: the CLI exited (or closed stdin) without reading everything.
  child.stdin?.on('error', (e) => logger?.debug(`[runner] pid ${pid} stdin: ${errorCode(e)}`));
  if (typeof stdin === 'string') child.stdin?.end(stdin, 'utf8');
  else if (stdin === undefined) child.stdin?.end();
}

export function errorCode(e: unknown): string {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === 'string' ? code : 'UNKNOWN';
}
