/**
 * Runs `cursor-agent`'s short commands (`status`, `models`, `acp --help`) and
 * holds how runs start (the launcher) and print mode's backend, both built by
 * the runtime (chatRuntime.ts). Every failure comes out as a {@link CliError} with a kind.
 */
import { modelsArgs, statusArgs } from '../../cli/args';
import { CliError, describeError } from '../../cli/errors';
import { classifyFailure } from '../../cli/failureClassifier';
import type { ProcessRunner, RunOutcome } from '../../cli/process';
import { parseStatusOutput, AuthState } from '../../cli/status';
import type { Launcher } from './launcher';
import type { PrintBackend, RunSettings } from '../../print/printBackend';

export type { HostEnvironment } from '../../cli/process';
export type { RunSettings } from '../../print/printBackend';

export class CursorAgentService {
  constructor(
    /** How every run starts (binary, launch plan, environment, folder). */
    readonly launcher: Launcher,
    /** The print-mode backend the chat-turn flow runs turns on. */
    readonly print: PrintBackend,
    private readonly runner: ProcessRunner,
    private readonly settings: () => RunSettings,
  ) {}

  /** `cursor-agent status --format json` → auth state (never rejects). */
  async status(): Promise<AuthState | { state: 'notInstalled'; error: CliError }> {
    try {
      const r = await this.runShort(statusArgs());
      return parseStatusOutput(r.stdout, r.stderrTail, r.exitCode);
    } catch (err) {
      const e = asCliError(err);
      if (e.kind === 'notInstalled' || e.kind === 'notExecutable' || e.kind === 'ideLauncherOnly') return { state: 'notInstalled', error: e };
      if (e.kind === 'keychainLocked') return { state: 'keychainLocked' };
      if (e.kind === 'loggedOut') return { state: 'loggedOut' };
      return { state: 'error', detail: e.message };
    }
  }

  /** `cursor-agent models` stdout; rejects with a CliError. */
  async modelsText(): Promise<string> {
    const r = await this.runShort(modelsArgs());
    if (r.exitCode !== 0) throw classifyFailure({ exitCode: r.exitCode, stderr: r.stderrTail }, { platform: this.launcher.platform });
    return r.stdout;
  }

  /** Runs a short command to completion in the home folder; rejects with a CliError when it cannot run. */
  async runShort(args: string[]): Promise<RunOutcome> {
    const launch = await this.launcher.resolveLaunch(args);
    const s = this.settings();
    const outcome = await this.runner.run({
      launch,
      cwd: this.launcher.homeFolder(),
      env: this.launcher.childEnv(),
      totalTimeoutMs: s.shortCommandTimeoutMs,
      killGraceMs: s.killGraceMs,
    });
    if (outcome.kind === 'spawnError') {
      this.launcher.binaryFailed();
      throw classifyFailure({ spawnErrorCode: outcome.spawnErrorCode });
    }
    if (outcome.kind === 'timeout') {
      throw new CliError(describeError('timeout', { seconds: Math.round(s.shortCommandTimeoutMs / 1000), stage: 'command', detail: args.join(' ') }));
    }
    const stderrKind = outcome.exitCode !== 0 ? classifyFailure({ exitCode: outcome.exitCode, stderr: outcome.stderrTail }) : undefined;
    if (stderrKind && (stderrKind.kind === 'keychainLocked' || stderrKind.kind === 'ideLauncherOnly')) throw stderrKind;
    return outcome;
  }

  /** How to start the CLI with `args` (see {@link Launcher.resolveLaunch}); the login terminal uses it too. */
  resolveLaunch(args: string[]): ReturnType<Launcher['resolveLaunch']> {
    return this.launcher.resolveLaunch(args);
  }
}

function asCliError(err: unknown): CliError {
  if (err instanceof CliError) return err;
  return new CliError(describeError('unknown', { detail: err instanceof Error ? err.message : String(err) }));
}
