/**
 * Types shared by the process runner (src/node) and its callers (src/services).
 * Pure: no runtime imports.
 */

/** A planned launch: what to spawn, with no shell. */
export interface LaunchPlan {
  command: string;
  args: string[];
  /** Only for a validated `cmd.exe /d /s /c` line on Windows. */
  windowsVerbatimArguments?: boolean;
  /**
   * Windows: the shell the CLI starts through, when it is not started directly: `cmd.exe /d /s /c` (a `.cmd` shim
   * whose `node.exe` is unknown) or `powershell.exe -File` (such a `.ps1`). Each passes arguments on by rules of its own.
   */
  via?: 'cmd' | 'powershell';
  /** Human-readable reason for this plan (for the log). */
  description?: string;
}

import type { CancellationLike } from './cancellation';

// Kept importable from here for the process layer (src/node); new code imports ./logger and ./cancellation.
export type { CancellationLike } from './cancellation';
export type { Logger } from './logger';

export interface RunRequest {
  launch: LaunchPlan;
  cwd: string;
  env: Record<string, string>;
  /** Written to stdin, which is then closed. Undefined: stdin is closed at once. */
  stdin?: string;
  /** stdin stays open for the caller to write to (a long-lived server: `cursor-agent acp`); `stdin` is then ignored. */
  keepStdinOpen?: boolean;
  /** Deadline for the first stdout line (ms). */
  firstOutputTimeoutMs?: number;
  /** Deadline between stdout lines (ms); reset by every line. */
  inactivityTimeoutMs?: number;
  /** Hard cap on the whole run (ms), for short commands such as `--version`. */
  totalTimeoutMs?: number;
  /** SIGTERM → SIGKILL grace period (ms). */
  killGraceMs?: number;
  /**
   * Linux: at the end of the run, also look for processes of this run that
   * left its process group (`setsid`) and outlived it, by the run's marker in
   * their environment, and end them. Reads every process's
   * /proc/<pid>/environ (asynchronously), so only for runs that may start
   * tools (chat turns), not for `--version`, `status` or `models`. Default false.
   */
  sweepEscaped?: boolean;
  cancellation?: CancellationLike;
  /**
   * Called for every complete stdout line. Return `'complete'` when the line
   * ends the run (a `result` event): the runner then ends the process tree
   * and resolves with `completed`, even if the CLI would linger.
   * Without `onLine`, stdout is collected (bounded) into `stdout`.
   */
  onLine?: (line: string) => 'continue' | 'complete' | void;
  /** Called once the child has a pid. */
  onSpawn?: (pid: number) => void;
  /** Max bytes of one stdout line (longer lines are dropped and counted). */
  maxLineBytes?: number;
}

export type RunOutcomeKind = 'exited' | 'completed' | 'cancelled' | 'timeout' | 'spawnError';

export interface RunOutcome {
  kind: RunOutcomeKind;
  exitCode: number | null;
  signal: string | null;
  /** Collected stdout (only when no `onLine` was given), bounded. */
  stdout: string;
  /** Bounded tail of stderr. */
  stderrTail: string;
  /** Number of stdout lines seen. */
  lines: number;
  /** Lines dropped for exceeding `maxLineBytes`. */
  oversizedLines: number;
  /** For `timeout`. */
  timeoutStage?: 'first output' | 'inactivity' | 'total';
  /** For `spawnError`: the Node error code (`ENOENT`, …). */
  spawnErrorCode?: string;
  pid?: number;
  durationMs: number;
}

export interface ProcessRunner {
  /** Runs one process to exactly one outcome. Never rejects. */
  run(request: RunRequest): Promise<RunOutcome>;
  /** Kills every live child's process tree. */
  dispose(): void;
}

/** The machine the CLI runs on, as the pure code sees it (injected, so Windows logic is tested on Linux). */
export interface HostEnvironment {
  platform: string;
  /** The extension host's environment; only an allowlist reaches the CLI. */
  env: Record<string, string | undefined>;
  fileExists(path: string): boolean;
  readFile(path: string): string | undefined;
  listDir(path: string): string[] | undefined;
  /**
   * The user's home folder, the one source of it: short commands, the `--version` probe and terminals
   * run in it, resolution looks below it, turns never run in it.
   */
  homeDir: string;
  /** The path with symbolic links resolved; undefined when it does not exist. */
  realPath?(path: string): string | undefined;
}

/** How a `cursor-agent` run starts (services' Launcher): what a backend needs to spawn one. */
export interface CliLaunch {
  readonly platform: string;
  /** The resolved binary's launch plan for `args`. @throws CliError when no usable binary exists. */
  resolveLaunch(args: string[]): Promise<LaunchPlan>;
  /** The child's environment: the allowlist. */
  childEnv(): Record<string, string>;
  /** A spawn failed: resolve the binary again next time. */
  binaryFailed(): void;
}
