/**
 * Runs `cursor-agent`'s short commands (`status`, `models`) and, for tools
 * and tests outside the chat, one print-mode turn through the chat-turn flow.
 * Every failure comes out as a {@link CliError} with a kind.
 */
import { modelsArgs, statusArgs } from '../cli/args';
import type { CancellationLike } from '../cli/cancellation';
import { CliError, describeError } from '../cli/errors';
import { classifyFailure } from '../cli/failureClassifier';
import type { Logger } from '../cli/logger';
import type { HostEnvironment, ProcessRunner, RunOutcome } from '../cli/process';
import { parseStatusOutput, AuthState } from '../cli/status';
import type { TurnEvent } from '../cli/turnParser';
import { PrintOnlySelector } from './backendSelector';
import type { BackendAnswer, BackendSelector } from './chatBackend';
import { ChatTurnFlow } from './chatTurn';
import type { BinaryService } from './binaryService';
import { Launcher } from './launcher';
import { PrintBackend, RunSettings } from './printBackend';

export type { HostEnvironment } from '../cli/process';
export type { RunSettings } from './printBackend';

/** A print-mode turn with its prompt already written (benchmarks, the Windows tier, service tests). */
export interface TurnRequest {
  /** Absolute path of the workspace folder the agent runs in. */
  workspace: string;
  /** Whether the folder is trusted; an untrusted folder runs nothing. */
  trusted: boolean;
  mode: 'plan' | 'ask';
  model?: string;
  /** The stdin text for this turn. */
  prompt: string;
  /** Resume this CLI chat; on failure `fallbackPrompt` runs as a fresh chat. */
  resume?: { chatId: string; fallbackPrompt: string };
  cancellation?: CancellationLike;
  onEvent(event: TurnEvent): void;
  /** Told when something about the turn changed that the user should know (e.g. resume fell back). */
  onNotice?(message: string): void;
  /** Models known to exist, for the "unknown model" message. */
  knownModels?: () => readonly string[];
}

/** The answer (`text`: `result.result` when the CLI sent it, else the text shown), and whether the turn ran as a resumed CLI chat. */
export type TurnResult = BackendAnswer & { resumed: boolean };

export class CursorAgentService {
  /** How every run starts (binary, launch plan, environment, folder). */
  readonly launcher: Launcher;
  /** The print-mode backend the chat-turn flow runs turns on. */
  readonly print: PrintBackend;

  constructor(
    binary: BinaryService,
    private readonly runner: ProcessRunner,
    host: HostEnvironment,
    private readonly settings: () => RunSettings,
    private readonly logger: Logger,
  ) {
    this.launcher = new Launcher(binary, host);
    this.print = new PrintBackend(this.launcher, runner, settings, logger);
  }

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
    const outcome = await this.runner.run({ launch, cwd: this.launcher.homeFolder(), env: this.launcher.childEnv(), totalTimeoutMs: s.shortCommandTimeoutMs, killGraceMs: s.killGraceMs });
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

  /** The chat-turn flow over `selector`'s backends (by default print mode only). */
  chatFlow(isTrusted: () => boolean, selector: BackendSelector = new PrintOnlySelector(this.print)): ChatTurnFlow {
    return new ChatTurnFlow({ selector, logger: this.logger, isTrusted, host: this.launcher.host });
  }

  /** One print-mode turn through the chat-turn flow. Rejects with a CliError; resolves `cancelled` when stopped. */
  async turn(req: TurnRequest): Promise<TurnResult> {
    if (!req.trusted) throw new CliError(describeError('untrustedWorkspace'));
    const flow = this.chatFlow(() => req.trusted);
    const resume = req.resume ? { sessionId: req.resume.chatId, fallbackPrompt: req.resume.fallbackPrompt } : undefined;
    const r = await flow.runPlanned({ ...req, resume });
    if (r.status === 'answered') {
      const { status: _s, workspace: _w, backend: _b, ...result } = r;
      return result;
    }
    if (r.status === 'failed') throw r.error;
    throw new CliError(describeError('untrustedWorkspace'));
  }
}

function asCliError(err: unknown): CliError {
  if (err instanceof CliError) return err;
  return new CliError(describeError('unknown', { detail: err instanceof Error ? err.message : String(err) }));
}
