/**
 * The print-mode backend: one `cursor-agent -p` process per turn, the prompt
 * on stdin, `stream-json` parsed into turn events. What the finished run
 * means is decided by {@link decideRunOutcome}.
 */
import { buildTurnArgs } from '../cli/args';
import type { Logger } from '../cli/logger';
import type { CliLaunch, ProcessRunner } from '../cli/process';
import { CliError } from '../cli/errors';
import { redactHead, redactSecrets } from '../cli/redact';
import { TurnParser } from './turnParser';
import type { Usage } from '../turn/events';
import type { BackendTurnOutcome, BackendTurnRequest, ChatBackend } from '../turn/chatBackend';
import { TurnEventSink } from '../turn/eventSink';
import { decideRunOutcome } from './turnOutcome';

/** How much of an error `result`'s text is read. */
const MAX_RESULT_ERROR_CHARS = 8192;

export interface RunSettings {
  firstOutputTimeoutMs: number;
  inactivityTimeoutMs: number;
  killGraceMs: number;
  /** Deadline for short commands (status, models, --version). */
  shortCommandTimeoutMs: number;
}

export class PrintBackend implements ChatBackend {
  readonly id = 'print' as const;

  constructor(
    private readonly launcher: CliLaunch,
    private readonly runner: ProcessRunner,
    private readonly settings: () => RunSettings,
    private readonly logger: Logger,
  ) {}

  /**
   * Runs one turn. A CliError (no binary, prompt too large, a failed run) comes back as an outcome;
   * it rejects only when the request itself is refused (an unsafe mode, model or chat id).
   */
  async runTurn(req: BackendTurnRequest): Promise<BackendTurnOutcome> {
    const resumeChatId = req.resumeId;
    const sink = new TurnEventSink(req.onEvent, (err) => this.logger.error(`[turn] event handler failed: ${String(err)}`));
    try {
      // --trust: the flow only runs turns in a folder VS Code trusts.
      const args = buildTurnArgs({ mode: req.mode, workspace: req.workspace, trusted: true, model: req.model, resumeChatId });
      const launch = await this.launcher.resolveLaunch(args);
      const s = this.settings();
      const parser = new TurnParser({ readOnly: true });
      let resultError: string | undefined;
      let usage: Usage | undefined;
      /** The chat the CLI started instead of the one asked for (it forgot `resumeChatId`). */
      let forgotten: string | undefined;
      const started = Date.now();
      const run = await this.runner.run({
        launch,
        cwd: req.workspace,
        env: this.launcher.childEnv(),
        stdin: req.prompt,
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
            if (ev.type === 'usage') usage = ev.usage;
            // Its start is what the classifier and the message need; the line itself may be megabytes.
            if (ev.type === 'result' && ev.isError) resultError = redactHead(ev.text, MAX_RESULT_ERROR_CHARS) || 'the CLI reported an error';
            if (ev.type === 'result' && ev.mismatch)
              this.logger.warn('[turn] the streamed text and the final result differ; the answer kept in history is the result');
            // A breach stops reading there: nothing after it is shown.
            if (sink.show(ev) === 'stop') return 'complete';
          }
          return parser.done ? 'complete' : 'continue';
        },
      });
      const durationMs = Date.now() - started;
      const st = parser.stats;
      if (st.nonJsonLines || st.invalidEvents || st.unknownFields || Object.keys(st.unknownTypes).length || run.oversizedLines) {
        const types = redactSecrets(JSON.stringify(st.unknownTypes));
        this.logger.debug(
          `[turn] tolerated: ${st.nonJsonLines} non-JSON lines, ${st.invalidEvents} invalid events, ${st.unknownFields} unknown fields, ` +
            `unknown types ${types}, ${run.oversizedLines} oversized lines`,
        );
      }
      this.logger.debug(`[turn] ${run.kind} exit=${run.exitCode} signal=${run.signal} lines=${run.lines} ${durationMs} ms`);
      if (parser.recapMismatches > 0)
        this.logger.warn(`[turn] ${parser.recapMismatches} recap(s) of the streamed text did not match it; kept what was shown`);
      const sessionId = parser.sessionId;
      const breach = sink.breach?.summary;
      if (breach === undefined && forgotten !== undefined)
        this.logger.info(`[turn] asked to resume ${resumeChatId}, the CLI started chat ${forgotten} instead`);
      const verdict = decideRunOutcome(
        { run, breach, forgotten, resultError, done: parser.done },
        {
          firstOutputTimeoutMs: s.firstOutputTimeoutMs,
          inactivityTimeoutMs: s.inactivityTimeoutMs,
          model: req.model,
          knownModels: req.knownModels,
          platform: this.launcher.platform,
        },
      );
      if (verdict.kind === 'answered') {
        return {
          ok: true,
          cancelled: verdict.cancelled,
          sessionId,
          text: parser.answer,
          usage,
          durationMs,
          promptBytes: Buffer.byteLength(req.prompt, 'utf8'),
        };
      }
      if (verdict.binaryGone) this.launcher.binaryFailed();
      if (run.stderrTail) this.logger.warn(`[turn] CLI stderr: ${redactSecrets(run.stderrTail)}`);
      for (const line of parser.noise) this.logger.debug(`[turn] non-JSON output: ${redactSecrets(line)}`);
      return { ok: false, error: verdict.error, sessionId: sessionId ?? resumeChatId, shownText: sink.shownText };
    } catch (err) {
      // Before the run (nothing was started or shown): no binary.
      if (err instanceof CliError) return { ok: false, error: err, shownText: false };
      throw err;
    }
  }

  /** Nothing of its own to end: each turn's process ends with the turn, and the shared runner is disposed by its owner. */
  dispose(): void {}
}
