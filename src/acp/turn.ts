/**
 * One chat turn in an ACP session, with the same contract as a print-mode
 * turn: events in order, cancellation that keeps the partial answer, the
 * error kinds of print mode. Read-only by construction: the session is put in
 * plan/ask mode, and checked, before the prompt is sent; a session the agent
 * does not confirm in that mode is never prompted. Pure.
 */
import { type Clock, systemClock, type TimerHandle } from '../cli/clock';
import { CliError, describeError } from '../cli/errors';
import { redactThenCut } from '../cli/redact';
import type { TurnEvent } from '../turn/events';
import type { BackendTurnOutcome, BackendTurnRequest } from '../turn/chatBackend';
import { TurnEventSink } from '../turn/eventSink';
import { AcpClient, AcpSessionState } from './client';
import { AcpFailure } from './failures';
import { UpdateMapper } from './updates';
import { QuestionGate } from './questions';
import { SubagentProgress } from './subagents';

export interface AcpTurnOptions {
  /** After Stop, how long the turn may take to end before its session is given up on (ms; the process and other chats go on). */
  cancelGraceMs: number;
  /** No update for this long ends the turn as a timeout (ms); undefined: no deadline. */
  inactivityTimeoutMs?: number;
  /** Told about tolerated oddities and notices worth a log line. */
  log?: (message: string) => void;
  /** Told about a rejected permission request or a skipped question (the log; the chat gets a `notice` event). */
  onNotice?: (message: string) => void;
  /** The deadlines' clock (default: the real one). */
  clock?: Clock;
}

type Phase = 'preparing' | 'prompting' | 'stopping' | 'done';

/** Runs `req` in `session` (already created or loaded in `client`). Never rejects. */
export async function runAcpTurn(
  client: AcpClient,
  session: AcpSessionState,
  req: BackendTurnRequest,
  opts: AcpTurnOptions,
): Promise<BackendTurnOutcome> {
  const clock = opts.clock ?? systemClock;
  const started = clock.now();
  const mapper = new UpdateMapper({ readOnly: true });
  const promptBlocks: unknown[] = [
    { type: 'text', text: req.prompt },
    ...(req.images ?? []).map((i) => ({ type: 'image', mimeType: i.mimeType, data: i.data })),
  ];
  const promptBytes = Buffer.byteLength(req.prompt, 'utf8');
  let phase: Phase = 'preparing';
  const sink = new TurnEventSink(req.onEvent, (err) => opts.log?.(`[acp] event handler failed: ${String(err)}`));
  let timedOut = false;
  let killTimer: TimerHandle | undefined;
  let idleTimer: TimerHandle | undefined;

  const emit = (events: TurnEvent[]): void => {
    for (const ev of events) {
      // A breach stops the turn; nothing after it is shown.
      if (sink.show(ev) === 'stop') return stop();
    }
  };
  let waiting = false;
  const subagents = new SubagentProgress();
  /** The subagents' tool calls, for the breach rule only (nothing of them is shown but progress lines). */
  const subagentTools = new UpdateMapper({ readOnly: true });
  const questions = new QuestionGate({
    ask: req.askQuestion,
    clock,
    log: opts.log,
    pause: () => {
      waiting = true;
      if (idleTimer) clock.clearTimeout(idleTimer);
    },
    resume: () => {
      waiting = false;
      if (phase === 'prompting') armIdle();
    },
  });
  const stop = (): void => {
    if (phase !== 'prompting') return;
    phase = 'stopping';
    questions.cancel();
    client.cancel(session.id);
    // The turn should end `cancelled` within milliseconds; if not, this session is given up on
    // (not the process: other chats' turns may be running in it).
    killTimer = clock.setTimeout(() => {
      const seconds = Math.round(opts.cancelGraceMs / 1000);
      client.abandon(
        session.id,
        new AcpFailure(new CliError(describeError('timeout', { seconds, stage: 'command', detail: 'acp (session/cancel)' })), false),
      );
    }, opts.cancelGraceMs);
  };
  const armIdle = (): void => {
    // While the user reads a question, only the question's own deadline runs.
    if (opts.inactivityTimeoutMs === undefined || waiting) return;
    if (idleTimer) clock.clearTimeout(idleTimer);
    idleTimer = clock.setTimeout(() => {
      timedOut = true;
      stop();
    }, opts.inactivityTimeoutMs);
  };
  const inactivity = (): AcpFailure => {
    const seconds = Math.round((opts.inactivityTimeoutMs ?? 0) / 1000);
    return new AcpFailure(new CliError(describeError('timeout', { seconds, stage: 'inactivity' })), false);
  };
  const breached = (summary: string): AcpFailure => new AcpFailure(new CliError(describeError('policyBreach', { detail: summary })), false);
  const fail = (f: AcpFailure): BackendTurnOutcome => {
    return { ok: false, error: f.error, sessionId: session.id, shownText: sink.shownText, ...(f.transport ? { transport: true } : {}) };
  };

  const sub = req.cancellation?.onCancellationRequested(() => stop());
  try {
    if (req.cancellation?.isCancellationRequested) return { ok: true, cancelled: true, sessionId: session.id, text: '', durationMs: 0, promptBytes };
    // Only our own request, confirmed after we sent it, counts (never a mode replayed with history). A loaded
    // session's first switch is also the fence of its replay.
    if (session.confirmedMode !== req.mode) await client.setMode(session.id, req.mode);
    if (req.model) await client.setModel(session.id, req.model);
    // A loaded chat's replay goes quiet first (bounded; the CLI may go on replaying after the fence): none of it may
    // land in this turn.
    await client.replays.settled(session.id);
    // Checked again right before the prompt: nothing is ever sent to a session not confirmed read-only
    // (the agent may have reported another mode since, e.g. while its model was set).
    if (session.confirmedMode !== 'plan' && session.confirmedMode !== 'ask') {
      throw new AcpFailure(new CliError(describeError('malformedStream', { detail: 'the session is not in a read-only mode' })), true);
    }
    if (req.cancellation?.isCancellationRequested)
      return { ok: true, cancelled: true, sessionId: session.id, text: '', durationMs: clock.now() - started, promptBytes };
    phase = 'prompting';
    armIdle();
    const stopReason = await client.prompt(session.id, promptBlocks, {
      update: (u) => {
        // Only what shows something is activity: keep-alives (commands, titles, modes) never hold a stalled turn open.
        if (SHOWN_UPDATES.has(u.sessionUpdate)) armIdle();
        emit(mapper.push(u));
      },
      agentEvents: (events, notice) => {
        if (events.length > 0 || notice) armIdle();
        emit(mapper.agentEvents(events));
        // The chat shows it from its `notice` event (a progress line, or a note in the answer); this is for the log.
        if (notice) opts.onNotice?.(notice);
      },
      subagent: (u) => {
        // The turn's own rules: only what shows something is activity, and a subagent's tool calls are the agent's
        // (a completed write, edit, delete or command under its id is a breach; its text is never the answer).
        if (SHOWN_UPDATES.has(u.sessionUpdate)) armIdle();
        const tools = TOOL_UPDATES.has(u.sessionUpdate) ? subagentTools.push(u) : [];
        const breach = tools.flatMap((e): TurnEvent[] => (e.type === 'policyBreach' ? [{ ...e, summary: `a subagent: ${e.summary}` }] : []));
        emit([...breach, ...subagents.push(u)]);
      },
      subagentDone: (params) => emit(subagents.done((params as { description?: unknown } | null)?.description)),
      ...(questions.answerable
        ? { question: (params: unknown, respond: (a: { result: unknown }) => void) => questions.handle(params, respond) }
        : {}),
    });
    const end = mapper.finish();
    emit(end.events);
    logStats(mapper, opts);
    if (sink.breach) return fail(breached(sink.breach.summary));
    if (timedOut) return fail(inactivity());
    if (end.error) {
      opts.log?.(`[acp] the turn ended with a failure message (${end.error.kind}): ${redactThenCut(end.error.text, 300)}`);
      const detail = end.error.kind === 'unknown' ? { detail: end.error.text } : {};
      return fail(
        new AcpFailure(new CliError(describeError(end.error.kind, { model: req.model, knownModels: req.knownModels?.(), ...detail })), false),
      );
    }
    // `cancelled` that nobody asked for: another prompt interrupted this one. Never a quiet, cut answer.
    if (stopReason === 'cancelled' && (phase as Phase) !== 'stopping')
      return fail(new AcpFailure(new CliError(describeError('sessionInUse', {})), false));
    const cancelled = stopReason === 'cancelled' || req.cancellation?.isCancellationRequested === true;
    if (stopReason !== 'end_turn' && stopReason !== 'cancelled') opts.log?.(`[acp] unexpected stop reason ${redactThenCut(stopReason, 60)}`);
    return { ok: true, cancelled, sessionId: session.id, text: mapper.text, durationMs: clock.now() - started, promptBytes };
  } catch (err) {
    const f = err instanceof AcpFailure ? err : new AcpFailure(new CliError(describeError('unknown', { detail: String(err) })), true);
    // The process ended: close what the turn left open, keep what was shown.
    emit(mapper.finish().events);
    if (sink.breach) return fail(breached(sink.breach.summary));
    // Our own deadline ended it (the agent ignored the cancel and its process was ended): a stall, as in
    // print mode, never "killed by SIGTERM", and never a transport failure that `auto` would rerun.
    if (timedOut) return fail(inactivity());
    if ((phase as Phase) === 'stopping' && req.cancellation?.isCancellationRequested) {
      return { ok: true, cancelled: true, sessionId: session.id, text: mapper.text, durationMs: clock.now() - started, promptBytes };
    }
    return fail(f);
  } finally {
    // After a read-only breach the agent may go on writing whatever it answered (a stop it ignores, a `cancelled` it
    // reports while it edits on): its process (the whole tree) ends when the turn does, at the latest at the cancel
    // grace, SIGKILL after the kill grace, whatever other chats run in it (they fail as on any exit, and run again).
    if (sink.breach) {
      opts.log?.('[acp] a read-only breach: the agent process is ended');
      client.dispose();
    }
    phase = 'done';
    questions.cancel();
    sub?.dispose();
    if (killTimer) clock.clearTimeout(killTimer);
    if (idleTimer) clock.clearTimeout(idleTimer);
  }
}

/** Updates that show the user something: only these reset the inactivity deadline (the turn's own and its subagents'). */
const SHOWN_UPDATES: ReadonlySet<string> = new Set(['agent_message_chunk', 'agent_thought_chunk', 'tool_call', 'tool_call_update', 'plan']);
const TOOL_UPDATES: ReadonlySet<string> = new Set(['tool_call', 'tool_call_update']);

function logStats(mapper: UpdateMapper, opts: AcpTurnOptions): void {
  const s = mapper.stats;
  const unknown = Object.keys(s.unknownKinds).length;
  if (s.invalidUpdates || unknown || s.replayed) {
    opts.log?.(
      `[acp] tolerated: ${s.invalidUpdates} invalid updates, unknown kinds ${JSON.stringify(s.unknownKinds)}, ${s.replayed} replayed tool updates`,
    );
  }
}
