/**
 * Runs `cursor-agent`: short commands (`--version`, `status`, `models`) and
 * chat turns. Every byte the CLI prints goes through the pure parsers of
 * src/cli; every failure comes out as a {@link CliError} with a kind.
 */
import { buildTurnArgs, modelsArgs, statusArgs } from '../cli/args';
import { buildChildEnv, envValue } from '../cli/env';
import { classifyFailure, CliError, describeError } from '../cli/errors';
import { redactSecrets } from '../cli/redact';
import type { CancellationLike, HostEnvironment, LaunchPlan, Logger, ProcessRunner, RunOutcome } from '../cli/process';
import { checkPromptSize } from '../cli/prompt';
import { parseStatusOutput, AuthState } from '../cli/status';
import { TurnEvent, TurnParser, Usage } from '../cli/turnParser';
import { planLaunch } from '../cli/windowsLaunch';
import { unsafeWorkspace } from '../cli/workspaceGuard';
import type { BinaryService } from './binaryService';

export type { HostEnvironment } from '../cli/process';

/** How much of an error `result`'s text is read. */
const MAX_RESULT_ERROR_CHARS = 8192;

export interface RunSettings {
  firstOutputTimeoutMs: number;
  inactivityTimeoutMs: number;
  killGraceMs: number;
  /** Deadline for short commands (status, models, --version). */
  shortCommandTimeoutMs: number;
}

export interface TurnRequest {
  /** Absolute path of the workspace folder the agent runs in. */
  workspace: string;
  /** Whether VS Code trusts the folder; untrusted folders run nothing. */
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

export interface TurnResult {
  /** True when the user stopped the turn; the partial answer stays. */
  cancelled: boolean;
  sessionId?: string;
  /** The answer: `result.result` when the CLI sent it (the authority), else the text shown. */
  text: string;
  usage?: Usage;
  durationMs: number;
  /** Bytes written to the CLI's stdin (for cost accounting). */
  promptBytes: number;
  /** Whether the turn ran as a resumed CLI chat. */
  resumed: boolean;
}

export class CursorAgentService {
  constructor(
    private readonly binary: BinaryService,
    private readonly runner: ProcessRunner,
    private readonly host: HostEnvironment,
    private readonly settings: () => RunSettings,
    private readonly logger: Logger,
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
    if (r.exitCode !== 0) throw classifyFailure({ exitCode: r.exitCode, stderr: r.stderrTail }, { platform: this.host.platform });
    return r.stdout;
  }

  /** Runs a short command to completion; rejects with a CliError when it cannot run. */
  async runShort(args: string[]): Promise<RunOutcome> {
    const plan = await this.plan(args);
    const s = this.settings();
    const outcome = await this.runner.run({
      launch: plan,
      cwd: this.host.env.HOME ?? this.host.env.USERPROFILE ?? process.cwd(),
      env: buildChildEnv(this.host.env, this.host.platform),
      totalTimeoutMs: s.shortCommandTimeoutMs,
      killGraceMs: s.killGraceMs,
    });
    if (outcome.kind === 'spawnError') {
      this.binary.invalidate();
      throw classifyFailure({ spawnErrorCode: outcome.spawnErrorCode });
    }
    if (outcome.kind === 'timeout') {
      throw new CliError(describeError('timeout', { seconds: Math.round(s.shortCommandTimeoutMs / 1000), stage: 'command', detail: args.join(' ') }));
    }
    const stderrKind = outcome.exitCode !== 0 ? classifyFailure({ exitCode: outcome.exitCode, stderr: outcome.stderrTail }) : undefined;
    if (stderrKind && (stderrKind.kind === 'keychainLocked' || stderrKind.kind === 'ideLauncherOnly')) throw stderrKind;
    return outcome;
  }

  /** Runs one chat turn. Rejects with a CliError; resolves `cancelled` when stopped. */
  async turn(req: TurnRequest): Promise<TurnResult> {
    if (!req.trusted) throw new CliError(describeError('untrustedWorkspace'));
    // Trusted or not, never the home folder (or what holds it) or a root: `--trust` there exposes everything below.
    if (unsafeWorkspace(req.workspace, { homeDir: this.host.homeDir, platform: this.host.platform, realPath: this.host.realPath })) {
      throw new CliError(describeError('unsafeWorkspace', { detail: req.workspace }));
    }
    try {
      return await this.turnOnce(req, req.prompt, req.resume?.chatId);
    } catch (err) {
      const e = asCliError(err);
      if (req.resume && e.resumed && (e.kind === 'resumeFailed' || e.kind === 'sessionInUse') && !e.emittedText) {
        this.logger.info(`[turn] resume of ${req.resume.chatId} failed (${e.kind}); starting a fresh chat with the history`);
        req.onNotice?.('The earlier Cursor chat could not be resumed, so this answer starts a fresh chat with the conversation so far.');
        return this.turnOnce(req, req.resume.fallbackPrompt, undefined);
      }
      throw e;
    }
  }

  private async turnOnce(req: TurnRequest, prompt: string, resumeChatId: string | undefined): Promise<TurnResult> {
    checkPromptSize(prompt);
    const args = buildTurnArgs({ mode: req.mode, workspace: req.workspace, trusted: req.trusted, model: req.model, resumeChatId });
    const plan = await this.plan(args);
    const s = this.settings();
    const parser = new TurnParser({ readOnly: true });
    let breach: { kind: string; summary: string } | undefined;
    let resultError: string | undefined;
    let usage: Usage | undefined;
    let emittedText = false;
    /** The chat the CLI started instead of the one asked for (it forgot `resumeChatId`). */
    let forgotten: string | undefined;
    const started = Date.now();
    const outcome = await this.runner.run({
      launch: plan,
      cwd: req.workspace,
      env: buildChildEnv(this.host.env, this.host.platform),
      stdin: prompt,
      firstOutputTimeoutMs: s.firstOutputTimeoutMs,
      // Tool processes the agent started may leave its process group: find and end them too.
      sweepEscaped: true,
      inactivityTimeoutMs: s.inactivityTimeoutMs,
      killGraceMs: s.killGraceMs,
      cancellation: req.cancellation,
      onLine: (line) => {
        for (const ev of parser.push(line)) {
          if (ev.type === 'session' && resumeChatId !== undefined && ev.sessionId !== resumeChatId) {
            // A CLI that does not know the chat may start an empty one instead of failing: the
            // answer would come without the conversation. Stop before anything is shown.
            forgotten = ev.sessionId;
            return 'complete';
          }
          if (ev.type === 'policyBreach') {
            breach = ev;
            return 'complete';
          }
          if (ev.type === 'usage') usage = ev.usage;
          // Its start is what the classifier and the message need; the line itself may be megabytes.
          if (ev.type === 'result' && ev.isError) resultError = ev.text.slice(0, MAX_RESULT_ERROR_CHARS) || 'the CLI reported an error';
          if (ev.type === 'text') emittedText = true;
          if (ev.type === 'result' && ev.mismatch) this.logger.warn('[turn] the streamed text and the final result differ; the answer kept in history is the result');
          try {
            req.onEvent(ev);
          } catch (err) {
            this.logger.error(`[turn] event handler failed: ${String(err)}`);
          }
        }
        return parser.done ? 'complete' : 'continue';
      },
    });
    const durationMs = Date.now() - started;
    const st = parser.stats;
    if (st.nonJsonLines || st.invalidEvents || st.unknownFields || Object.keys(st.unknownTypes).length || outcome.oversizedLines) {
      this.logger.debug(
        `[turn] tolerated: ${st.nonJsonLines} non-JSON lines, ${st.invalidEvents} invalid events, ${st.unknownFields} unknown fields, unknown types ${redactSecrets(JSON.stringify(st.unknownTypes))}, ${outcome.oversizedLines} oversized lines`,
      );
    }
    this.logger.debug(`[turn] ${outcome.kind} exit=${outcome.exitCode} signal=${outcome.signal} lines=${outcome.lines} ${durationMs} ms`);
    if (parser.recapMismatches > 0) this.logger.warn(`[turn] ${parser.recapMismatches} recap(s) of the streamed text did not match it; kept what was shown`);
    const base = { sessionId: parser.sessionId, text: parser.answer, usage, durationMs, promptBytes: Buffer.byteLength(prompt, 'utf8'), resumed: resumeChatId !== undefined };
    const fail = (e: CliError): never => {
      if (outcome.stderrTail) this.logger.warn(`[turn] CLI stderr: ${redactSecrets(outcome.stderrTail)}`);
      for (const line of parser.noise) this.logger.debug(`[turn] non-JSON output: ${redactSecrets(line)}`);
      e.emittedText = emittedText;
      e.resumed = resumeChatId !== undefined;
      e.sessionId = parser.sessionId ?? resumeChatId;
      throw e;
    };

    if (breach) fail(new CliError(describeError('policyBreach', { detail: breach.summary })));
    if (forgotten !== undefined) {
      this.logger.info(`[turn] asked to resume ${resumeChatId}, the CLI started chat ${forgotten} instead`);
      fail(new CliError(describeError('resumeFailed')));
    }
    if (outcome.kind === 'cancelled') return { ...base, cancelled: true };
    if (resultError !== undefined) {
      const e = classifyFailure({ exitCode: outcome.exitCode, stderr: outcome.stderrTail, resultError }, { model: req.model, knownModels: req.knownModels?.(), platform: this.host.platform });
      fail(e);
    }
    if (parser.done) return { ...base, cancelled: false };
    if (outcome.kind === 'timeout') {
      const stage = outcome.timeoutStage === 'first output' ? 'first output' : 'inactivity';
      const ms = stage === 'first output' ? s.firstOutputTimeoutMs : s.inactivityTimeoutMs;
      fail(new CliError(describeError('timeout', { seconds: Math.round(ms / 1000), stage }), { stderrTail: outcome.stderrTail }));
    }
    if (outcome.kind === 'spawnError') {
      this.binary.invalidate();
      fail(classifyFailure({ spawnErrorCode: outcome.spawnErrorCode }));
    }
    const classified = classifyFailure(
      { exitCode: outcome.exitCode, signal: outcome.signal, stderr: outcome.stderrTail, noOutput: outcome.lines === 0 },
      { model: req.model, knownModels: req.knownModels?.(), platform: this.host.platform },
    );
    if (classified.kind === 'unknown' && outcome.exitCode === 0) {
      // Exited cleanly but never sent its `result`: keep what was shown and say the answer may be cut short.
      fail(new CliError(describeError('malformedStream', { detail: 'it ended without finishing its answer; what arrived is shown above' }), { stderrTail: outcome.stderrTail, exitCode: 0 }));
    }
    return fail(classified);
  }

  /**
   * How to start the CLI with `args` (the resolved binary, its launcher prefix,
   * Windows shim handling). Used for the login terminal too.
   * @throws CliError when no usable binary exists.
   */
  async plan(args: string[]): Promise<LaunchPlan> {
    const r = await this.binary.resolve();
    if (!r.found) throw new CliError(describeError(r.kind));
    const planned = planLaunch(r.path, [...r.argsPrefix, ...args], {
      platform: this.host.platform,
      comSpec: envValue(this.host.env, 'ComSpec', this.host.platform),
      systemRoot: envValue(this.host.env, 'SystemRoot', this.host.platform),
      fileExists: (p) => this.host.fileExists(p),
      readFile: (p) => this.host.readFile(p),
      listDir: (p) => this.host.listDir(p),
    });
    if (!planned.ok) throw new CliError(describeError('notExecutable', { binary: r.path, detail: planned.reason }));
    return planned.plan;
  }
}

function asCliError(err: unknown): CliError {
  if (err instanceof CliError) return err;
  return new CliError(describeError('unknown', { detail: err instanceof Error ? err.message : String(err) }));
}
