/**
 * A client of one `cursor-agent acp` process: the handshake, sessions (new, load with its replayed history
 * suppressed, mode, model) and the routing of updates and agent requests to the turn running in a session.
 * Every agent request is answered, whether or not a turn is running. Pure: the process is behind an {@link AcpTransport}.
 */
import type { ChatMode } from '../cli/args';
import { type Clock, systemClock } from '../cli/clock';
import type { EditorToolsAccess } from '../turn/editorTools';
import type { TurnEvent } from '../turn/events';
import { CANCELLED_ANSWER, decideAgentRequest } from './agentRequests';
import { AcpFailure, failure, failureOf } from './failures';
import { chooseModel, parseAcpModels } from './models';
import { AgentRequestAnswer, JsonRpcPeer, PeerStats, type PendingAgentRequest } from './peer';
import { ReplayGuards } from './replayGuard';
import { SessionNotes } from './sessionNotes';
import { type AcpSessionState, MAX_SESSIONS, SessionTable } from './sessionTable';
import { type SubagentSink, SubagentRoutes } from './subagents';
import type { InitializeResult, SessionSetup } from './schema';

export type { AcpSessionState } from './sessionTable';
import { redactThenCut } from '../cli/redact';
import { initializeResultSchema, promptResultSchema, sessionSetupSchema, sessionUpdateParamsSchema, setConfigResultSchema } from './schema';
import type { AcpTransport } from './transport';

export interface AcpClientOptions {
  clientName?: string;
  clientVersion?: string;
  /** Deadline for the `initialize` answer (ms). */
  initializeTimeoutMs: number;
  /** Deadline for `session/new`, `session/load`, mode and model changes (ms). */
  setupTimeoutMs: number;
  platform?: string;
  /** VS Code's editor tools (an MCP server of this window) for every session, and whose tool calls to allow. */
  editorTools?: EditorToolsAccess;
  /** The request deadlines' and the sessions' idle time's clock (default: the real one). */
  clock?: Clock;
  /** Told about updates nobody takes (a session this client never opened, while no task is open). */
  log?: (message: string) => void;
}

/** Where a running turn's updates, its subagents' updates (under their own session ids) and its agent requests go. */
export interface TurnSink extends SubagentSink {
  agentEvents(events: TurnEvent[], notice?: string): void;
  /** A `cursor/ask_question` for this turn, answered later through `respond` (absent: skipped at once). */
  question?(params: unknown, respond: (answer: { result: unknown }) => void): void;
}

export interface ClientStats extends PeerStats {
  /** Updates for a session with no turn running (replayed history, commands, titles): never shown. */
  ignoredUpdates: number;
  /** Of those, updates under a session id this client never opened while no turn had a task open (logged). */
  strayUpdates: number;
}

/** Tool calls whose owner is remembered (the oldest are forgotten first; a turn's own go when it ends). */
const MAX_TOOL_ROUTES = 1000;
/** Unknown session ids whose first stray update is logged; later ones are only counted. */
const MAX_STRAY_LOGGED = 16;

export class AcpClient {
  private readonly peer: JsonRpcPeer;
  private readonly sessions: SessionTable;
  private readonly sinks = new Map<string, TurnSink>();
  /** The mode each session is being switched to (from our `session/set_mode` until its answer). */
  private readonly asking = new Map<string, ChatMode>();
  /** Which session announced each tool call, a subagent's as its turn's (`cursor/*` requests name a toolCallId, no sessionId). */
  private readonly toolSessions = new Map<string, string>();
  /** How each running prompt is given up on ({@link abandon}). */
  private readonly aborts = new Map<string, (f: AcpFailure) => void>();
  private ignored = 0;
  private stray = 0;
  private readonly strayIds = new Set<string>();
  /** Loaded sessions whose first turn here has not ended: their late replay is told from the answer (and awaited, bounded). */
  readonly replays: ReplayGuards;
  private readonly subagents = new SubagentRoutes();
  /** Each session's latest command list, and what a load replayed (for a recap). */
  readonly notes: SessionNotes;
  private readonly clock: Clock;
  initializeResult: InitializeResult | undefined;

  constructor(
    readonly transport: AcpTransport,
    private readonly opts: AcpClientOptions,
  ) {
    this.clock = opts.clock ?? systemClock;
    this.sessions = new SessionTable(this.clock, (id) => this.sinks.has(id));
    this.notes = new SessionNotes(this.clock);
    this.replays = new ReplayGuards(this.clock, MAX_SESSIONS);
    this.peer = new JsonRpcPeer(
      transport,
      {
        onNotification: (method, params) => this.notification(method, params),
        onRequest: (req, params) => this.agentRequest(req, params),
      },
      this.clock,
    );
  }

  get stats(): ClientStats {
    return { ...this.peer.stats, ignoredUpdates: this.ignored, strayUpdates: this.stray };
  }

  get alive(): boolean {
    return this.peer.exit === undefined;
  }

  onExit(listener: () => void): void {
    this.peer.onExit(listener);
  }

  session(id: string): AcpSessionState | undefined {
    return this.sessions.get(id);
  }

  async initialize(): Promise<InitializeResult> {
    const raw = await this.call(
      'initialize',
      {
        protocolVersion: 1,
        clientCapabilities: { fs: { readTextFile: false, writeTextFile: false }, terminal: false },
        clientInfo: { name: this.opts.clientName ?? 'cursor-agent-vscode', version: this.opts.clientVersion ?? '0.0.0' },
      },
      this.opts.initializeTimeoutMs,
    );
    const p = initializeResultSchema.safeParse(raw);
    if (!p.success) throw failure('malformedStream', { detail: 'the initialize answer is not an ACP one' }, true);
    this.initializeResult = p.data;
    return p.data;
  }

  async newSession(cwd: string): Promise<AcpSessionState> {
    const setup = this.setup(await this.call('session/new', { cwd, mcpServers: (await this.opts.editorTools?.servers()) ?? [] }), 'session/new');
    if (!setup.sessionId) throw failure('malformedStream', { detail: 'session/new returned no sessionId' }, true);
    return this.sessions.remember(setup.sessionId, setup, cwd);
  }

  /**
   * Loads a session in this process; its replayed history (which may go on after the result) is never
   * routed to a turn: {@link setMode} fences it with a first `session/set_mode`. Order, not timing.
   */
  async loadSession(sessionId: string, cwd: string): Promise<AcpSessionState> {
    this.notes.beginReplay(sessionId);
    this.replays.start(sessionId);
    const mcpServers = (await this.opts.editorTools?.servers()) ?? [];
    const setup = this.setup(await this.call('session/load', { sessionId, cwd, mcpServers }), 'session/load');
    this.replays.mark(sessionId);
    return Object.assign(this.sessions.remember(sessionId, setup, cwd), { replaying: true });
  }

  /**
   * Switches to a read-only mode and checks the agent confirmed exactly that mode after we asked (a `current_mode_update`
   * that arrived before our request, e.g. replayed history, does not count); throws otherwise.
   */
  async setMode(sessionId: string, mode: ChatMode): Promise<void> {
    const loaded = this.sessions.get(sessionId);
    if (loaded?.replaying) {
      // A fence: answered after the rest of the replay (one ordered stream). Only the next call's window counts.
      await this.call('session/set_mode', { sessionId, modeId: mode });
      this.replays.mark(sessionId);
      loaded.replaying = false;
      this.notes.endReplay(sessionId);
      delete loaded.confirmedMode;
    }
    this.asking.set(sessionId, mode);
    try {
      await this.call('session/set_mode', { sessionId, modeId: mode });
    } finally {
      this.asking.delete(sessionId);
    }
    const s = this.sessions.get(sessionId);
    const detail = `the agent did not confirm ${mode} mode (it reports ${s?.mode ?? 'none'})`;
    if (s?.confirmedMode !== mode) throw failure('malformedStream', { detail }, true);
  }

  /** The agent's past chats (`session/list`; the caller checks the capability and reads the answer). */
  listSessions(): Promise<unknown> {
    return this.call('session/list', {});
  }

  /** Whether `sessionId` was given up on in this process ({@link abandon}): it must not be prompted here again. */
  isAbandoned(sessionId: string): boolean {
    return this.sessions.isAbandoned(sessionId);
  }

  /**
   * Gives up on the session's running turn (the agent did not stop it when asked): its prompt rejects with `f` at once,
   * nothing more of it is shown, and the session is not used again in this process. The process and its other sessions go on.
   */
  abandon(sessionId: string, f: AcpFailure): void {
    const abort = this.aborts.get(sessionId);
    this.sessions.abandon(sessionId);
    this.forgetTurn(sessionId);
    abort?.(f);
  }

  /** Sets the session's model; an id this session does not accept is `unknownModel` (never replaced). */
  async setModel(sessionId: string, wanted: string): Promise<void> {
    const s = this.sessions.get(sessionId);
    if (!s) throw failure('resumeFailed', {}, false);
    const known = s.models.models.map((m) => m.id);
    const choice = chooseModel(s.models, wanted);
    if (!choice.ok) throw failure('unknownModel', { model: wanted, knownModels: known, backend: 'acp' }, false);
    if (s.models.current === choice.value && choice.options.length === 0) return;
    const steps = [{ configId: s.models.configId, value: choice.value }, ...choice.options];
    for (const step of steps) {
      let raw: unknown;
      try {
        raw = await this.call('session/set_config_option', { sessionId, ...step });
      } catch (err) {
        throw failureOf(err, 'session/set_config_option', { model: wanted, knownModels: known, backend: 'acp' });
      }
      const p = setConfigResultSchema.safeParse(raw);
      if (p.success && p.data.configOptions) s.models = parseAcpModels({ configOptions: p.data.configOptions });
    }
    s.models.current = choice.value;
  }

  /** Runs `session/prompt`; `sink` gets the session's updates until it resolves with the stop reason. */
  async prompt(sessionId: string, prompt: unknown[], sink: TurnSink): Promise<string> {
    this.sinks.set(sessionId, sink);
    const given = new Promise<never>((_, reject) => this.aborts.set(sessionId, reject));
    this.sessions.touch(sessionId);
    try {
      const raw = await Promise.race([this.peer.request('session/prompt', { sessionId, prompt }), given]);
      const p = promptResultSchema.safeParse(raw);
      if (!p.success) throw failure('malformedStream', { detail: 'session/prompt returned no stopReason' }, true);
      return p.data.stopReason;
    } catch (err) {
      throw failureOf(err, 'session/prompt');
    } finally {
      if (this.sinks.get(sessionId) === sink) this.forgetTurn(sessionId);
      this.replays.end(sessionId);
    }
  }

  /** Stops the session's turn: a notification (as a request the CLI answers -32601), and pending agent requests answered `cancelled`. */
  cancel(sessionId: string): void {
    for (const r of this.peer.pendingAgentRequests()) r.respond(CANCELLED_ANSWER);
    this.peer.notify('session/cancel', { sessionId });
  }

  dispose(): void {
    this.transport.kill();
  }

  private async call(method: string, params: unknown, timeoutMs = this.opts.setupTimeoutMs): Promise<unknown> {
    try {
      return await this.peer.request(method, params, timeoutMs);
    } catch (err) {
      throw failureOf(err, method, { platform: this.opts.platform, seconds: Math.round(timeoutMs / 1000) });
    }
  }

  private setup(raw: unknown, method: string): SessionSetup {
    const p = sessionSetupSchema.safeParse(raw);
    if (!p.success) throw failure('malformedStream', { detail: `${method} returned an unexpected result` }, true);
    return p.data;
  }

  private notification(method: string, params: unknown): void {
    if (method !== 'session/update') return;
    const p = sessionUpdateParamsSchema.safeParse(params);
    if (!p.success) return;
    const update = (params as { update: { sessionUpdate: string } & Record<string, unknown> }).update;
    const sid = p.data.sessionId;
    const state = this.sessions.get(sid);
    const reportedMode = update.sessionUpdate === 'current_mode_update' ? update.currentModeId : undefined;
    if (state && typeof reportedMode === 'string') this.modeReported(state, reportedMode);
    const sink = this.sinks.get(sid);
    if (this.replays.dropped(sid, update, sink !== undefined)) return void this.ignored++;
    this.notes.observe(sid, update, sink !== undefined);
    if ((update.sessionUpdate === 'tool_call' || update.sessionUpdate === 'tool_call_update') && typeof update.toolCallId === 'string') {
      // Whoever announced it owns it: a running turn, another chat (idle: its requests are skipped), a subagent's turn.
      const owner = sink || state ? sid : (this.subagents.parentOf(sid) ?? sid);
      if (this.toolSessions.size >= MAX_TOOL_ROUTES) this.toolSessions.delete(this.toolSessions.keys().next().value!);
      this.toolSessions.set(update.toolCallId, owner);
    }
    if (this.subagents.deliver(sid, update, this.sinks, state !== undefined)) return;
    this.ignored++;
    if (state === undefined) this.strayUpdate(sid, update.sessionUpdate);
  }

  /** An update under a session id this client never opened, while no turn has a task open: counted, and logged (never silently dropped). */
  private strayUpdate(sid: string, kind: string): void {
    this.stray++;
    if (this.strayIds.has(sid) || this.strayIds.size >= MAX_STRAY_LOGGED) return;
    this.strayIds.add(sid);
    const what = `${redactThenCut(kind, 40)} under session ${redactThenCut(sid, 60)}`;
    this.opts.log?.(`[acp] an update of a session this window never opened, with no task open, was not shown: ${what} (${this.stray} so far)`);
  }

  /** Only the mode we are asking for, reported after we asked, confirms it; any other mode unconfirms. */
  private modeReported(state: AcpSessionState, mode: string): void {
    state.mode = mode;
    const asked = this.asking.get(state.id);
    if (asked === mode) state.confirmedMode = asked;
    else if (mode !== state.confirmedMode) delete state.confirmedMode;
  }

  /** The turn of `sessionId` ended: its sink, its abort and its tool calls' routes go. */
  private forgetTurn(sessionId: string): void {
    this.sinks.delete(sessionId);
    this.aborts.delete(sessionId);
    for (const [tool, sid] of this.toolSessions) if (sid === sessionId) this.toolSessions.delete(tool);
    this.subagents.forget(sessionId);
  }

  private agentRequest(req: PendingAgentRequest, params: unknown): AgentRequestAnswer {
    const o = typeof params === 'object' && params !== null ? (params as { sessionId?: unknown; toolCallId?: unknown }) : {};
    // cursor/* requests carry no sessionId: they belong to the turn whose tool call announced them (or to the one running turn).
    const routed = typeof o.toolCallId === 'string' ? this.toolSessions.get(o.toolCallId) : undefined;
    const sid = typeof o.sessionId === 'string' ? o.sessionId : routed;
    const sink = sid !== undefined ? this.sinks.get(sid) : this.sinks.size === 1 ? [...this.sinks.values()][0] : undefined;
    if (req.method === 'cursor/ask_question' && sink?.question) return (sink.question(params, (a) => req.respond(a)), 'later');
    if (req.method === 'cursor/task') this.subagents.taskDone(o.toolCallId, params, sink);
    const d = decideAgentRequest(req.method, params, { editorServer: this.opts.editorTools?.serverName() });
    if (sink && (d.events.length > 0 || d.notice)) sink.agentEvents(d.events, d.notice);
    return d.answer;
  }
}

export { AcpFailure };
