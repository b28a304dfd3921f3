/**
 * The ACP backend behind the {@link ChatBackend} seam: one
 * `cursor-agent acp` process per workspace folder serving every chat's
 * session, a spare session prepared in the background so a new chat's first
 * turn skips the start-up, a chat's session kept between turns (or loaded in a
 * new process, its replayed history never shown). One chat's failure never
 * ends another chat's answer: a process ends for what is the process's own
 * (it exited, its handshake failed), or for a failure of the protocol when no
 * other turn runs in it; a stuck session is given up on, not the process. A
 * session runs one turn at a time: a second turn for it gets `sessionInUse`
 * (the flow reruns it in a fresh session with the history). Pure: processes
 * come from the injected `start`.
 */
import type { ChatMode } from '../cli/args';
import { type Clock, systemClock, type TimerHandle } from '../cli/clock';
import { CliError, describeError } from '../cli/errors';
import { MODEL_ID_RULE_TEXT } from '../cli/modelId';
import type { Logger } from '../cli/process';
import type { BackendTurnOutcome, BackendTurnRequest, ChatBackend } from '../turn/chatBackend';
import { AcpClient, AcpClientOptions, AcpSessionState } from './client';
import { AcpFailure } from './failures';
import { acceptsImages } from './support';
import type { AcpModelList } from './models';
import type { AcpTransport } from './transport';
import { runAcpTurn, AcpTurnOptions } from './turn';
import { withOneRetry } from './retryPolicy';
import { RETRYING_STATE } from '../turn/events';

export interface AcpBackendDeps {
  /** Starts `cursor-agent acp` in `cwd`. */
  start(cwd: string): AcpTransport;
  client: AcpClientOptions;
  turn: AcpTurnOptions;
  logger?: Logger;
  /** At most `maxProcesses` live processes (the least recently used idle one ends first); an idle one ends after `idleMs`. */
  limits?: () => { maxProcesses: number; idleMs: number };
  /**
   * Whether ACP may run now (false: `cursorAgent.backend` is print, or auto fell back). When false,
   * nothing is prepared in the background and a process ends as soon as no turn runs in it.
   */
  mayRun?: () => boolean;
  /** The idle time's clock (default: the real one). */
  clock?: Clock;
  /**
   * `cursorAgent.acp.warmStart` (default true). False: no process waits for a question: no spare session after a
   * turn, and a process started only to list the models ends once they are listed.
   */
  warmStart?: () => boolean;
}

interface Agent {
  client: AcpClient;
  ready: Promise<void>;
  /** A session made ahead of a new chat, not yet taken. */
  spare?: Promise<AcpSessionState>;
  /** Turns running in it. */
  busy: number;
  lastUsed: number;
  idleTimer?: TimerHandle;
}

export class AcpBackend implements ChatBackend {
  readonly id = 'acp' as const;
  private readonly agents = new Map<string, Agent>();
  /** Sessions a turn runs in now (ids are unique across processes). */
  private readonly running = new Set<string>();
  /** Processes started (for the bench and the log). */
  started = 0;
  private lastModels: AcpModelList | undefined;

  private readonly clock: Clock;

  constructor(private readonly deps: AcpBackendDeps) {
    this.clock = deps.clock ?? systemClock;
  }

  /**
   * Starts the process and prepares a spare session for `workspace` in the background, already in
   * the read-only `mode` (a turn in the other read-only mode switches it; 1–2 ms). Never rejects.
   */
  prepare(workspace: string, mode: ChatMode = 'plan'): void {
    if (!this.mayRun()) return; // e.g. a model list or a warm-up asked for just before the switch to print mode
    const known = this.agents.get(workspace);
    if (!known && !this.roomFor()) return; // every process is running a turn: no spare now
    const agent = known && known.client.alive ? known : this.agent(workspace);
    this.rest(agent);
    if (!agent.spare) agent.spare = this.freshSession(agent, workspace, mode);
    agent.spare.catch(() => undefined);
  }

  async runTurn(req: BackendTurnRequest): Promise<BackendTurnOutcome> {
    const idle = this.agents.get(req.workspace);
    const tookIdle = idle !== undefined && idle.busy === 0 && idle.client.alive;
    const outcome = await this.runTurnOnce(req);
    // A process that died while idle (a crash, the OOM killer, a suspended laptop), its exit not heard yet when this
    // turn took it: the failure is neither the turn's nor ACP's, so the turn runs once more in a fresh process. A
    // fresh process that fails too is ACP's failure, as before (auto then falls back to print mode).
    if (tookIdle && !outcome.ok && outcome.transport && !outcome.shownText && !idle.client.alive && !req.cancellation?.isCancellationRequested) {
      this.deps.logger?.info('[acp] the idle cursor-agent acp process this turn took had exited; the turn runs in a fresh one');
      return this.runTurnOnce(req);
    }
    return outcome;
  }

  private async runTurnOnce(req: BackendTurnRequest): Promise<BackendTurnOutcome> {
    let agent: Agent | undefined;
    const resumeId = req.resumeId;
    // Two turns at once in one session: the second prompt would cut the first one short.
    if (resumeId !== undefined && this.running.has(resumeId)) return this.inUse(resumeId);
    let ran: string | undefined;
    try {
      agent = this.agent(req.workspace);
      agent.busy++;
      if (agent.idleTimer) this.clock.clearTimeout(agent.idleTimer);
      await agent.ready;
      if ((req.images?.length ?? 0) > 0 && !acceptsImages(agent.client.initializeResult)) {
        return { ok: false, error: new CliError(describeError('imagesUnsupported', { backend: 'acp' })), shownText: false };
      }
      if (resumeId !== undefined && agent.client.isAbandoned(resumeId)) return this.inUse(resumeId);
      if (resumeId !== undefined) this.running.add((ran = resumeId));
      const session = await this.sessionFor(agent, req);
      if (ran === undefined) this.running.add((ran = session.id));
      const a = agent;
      const outcome = await withOneRetry(
        () => runAcpTurn(a.client, session, req, this.deps.turn),
        // A new chat only: the retry's fresh session holds the question once (a resumed chat's context lives in its session).
        req.resumeId === undefined
          ? async () => runAcpTurn(a.client, await this.freshSession(a, req.workspace, req.mode), req, this.deps.turn)
          : undefined,
        {
          clock: this.clock,
          progress: () => req.onEvent({ type: 'connection', state: RETRYING_STATE }),
          cancellation: req.cancellation,
          log: (m) => this.deps.logger?.info(m),
        },
      );
      if (!outcome.ok && outcome.transport) this.failed(req.workspace, agent, outcome.error.kind);
      else if (!req.resumeId && this.warmStart()) this.prepare(req.workspace, req.mode); // keep one spare ready after one was taken
      return outcome;
    } catch (err) {
      const f = err instanceof AcpFailure ? err : undefined;
      if (!f) throw err;
      if (f.transport && agent) this.failed(req.workspace, agent, f.error.kind);
      return {
        ok: false,
        error: f.error,
        shownText: false,
        ...(req.resumeId ? { sessionId: req.resumeId } : {}),
        ...(f.transport ? { transport: true } : {}),
      };
    } finally {
      if (ran !== undefined) this.running.delete(ran);
      if (agent) {
        agent.busy--;
        this.rest(agent);
      }
    }
  }

  /** The answer to a second turn for a session that runs one (or was given up on): rerun fresh with the history. */
  private inUse(sessionId: string): BackendTurnOutcome {
    this.deps.logger?.info(`[acp] session ${sessionId.slice(0, 60)} is already running a turn: this turn needs a fresh session`);
    return { ok: false, error: new CliError(describeError('sessionInUse', {})), shownText: false };
  }

  /**
   * A turn failed in a way that may be the process's: it ends when it has exited (nothing to keep)
   * or when no other turn runs in it (a wedged process must not take the next turn). A process that
   * is serving other chats keeps serving them: only this turn failed.
   */
  private failed(workspace: string, agent: Agent, kind: string): void {
    const others = agent.busy - 1;
    if (!agent.client.alive || others <= 0) {
      this.drop(workspace, agent);
      return;
    }
    this.deps.logger?.info(`[acp] a turn failed (${kind}); its process goes on serving ${others} other turn(s)`);
  }

  /** Live processes (for the bench and the tests' bounds). */
  get processes(): number {
    return this.agents.size;
  }

  dispose(): void {
    for (const [ws, agent] of this.agents) this.drop(ws, agent);
  }

  /** Ends every process no turn runs in now; one that runs a turn ends when the turn does (if ACP may no longer run). */
  endIdle(): void {
    for (const [ws, agent] of this.agents) if (agent.busy === 0) this.drop(ws, agent);
  }

  /**
   * The models the ACP server accepts, as `workspace`'s spare session lists them (`session/new` result;
   * the spare stays ready for the next chat). Rejects with the setup's failure (signed out: -32000).
   */
  async models(workspace: string): Promise<AcpModelList> {
    const running = this.agents.get(workspace)?.client.alive === true;
    this.prepare(workspace);
    const agent = this.agents.get(workspace);
    const spare = agent?.spare;
    try {
      if (spare) this.lastModels = (await spare).models;
    } finally {
      // Warm start off: a process started only for the list ends with it (unless a turn took it meanwhile).
      if (!running && !this.warmStart() && agent && agent.busy === 0 && this.agents.get(workspace) === agent) {
        this.deps.logger?.debug('[acp] the models are listed; cursorAgent.acp.warmStart is off, so this cursor-agent acp process ends');
        this.drop(workspace, agent);
      }
    }
    if (!this.lastModels) throw new Error('no ACP session could be prepared to list its models');
    const refused = this.lastModels.refused;
    if (refused > 0) this.deps.logger?.warn(`[acp] ${refused} listed model value(s) refused: not model ids (${MODEL_ID_RULE_TEXT})`);
    return this.lastModels;
  }

  /** The process serving `workspace` once its handshake is done (started if need be): for past chats and the agent's commands. */
  async clientFor(workspace: string): Promise<AcpClient> {
    const agent = this.agent(workspace);
    await agent.ready;
    this.rest(agent);
    return agent.client;
  }

  /** The process serving `workspace`, if one runs now (none is started). */
  runningClient(workspace: string): AcpClient | undefined {
    const known = this.agents.get(workspace);
    return known?.client.alive ? known.client : undefined;
  }

  /** The chat's session: kept in this process, loaded into it, or a fresh one (the spare when there is one). */
  private async sessionFor(agent: Agent, req: BackendTurnRequest): Promise<AcpSessionState> {
    if (req.resumeId) {
      return agent.client.session(req.resumeId) ?? (await agent.client.loadSession(req.resumeId, req.workspace));
    }
    const spare = agent.spare;
    agent.spare = undefined;
    // A spare that failed tells the same story a fresh one would: its failure is reported.
    return spare ?? this.freshSession(agent, req.workspace, req.mode);
  }

  /** A new session, switched to the read-only `mode` (a session starts in agent mode) and checked. */
  private async freshSession(agent: Agent, workspace: string, mode: ChatMode): Promise<AcpSessionState> {
    await agent.ready;
    const session = await agent.client.newSession(workspace);
    await agent.client.setMode(session.id, mode);
    return session;
  }

  private agent(workspace: string): Agent {
    const known = this.agents.get(workspace);
    if (known && known.client.alive) return known;
    if (known) this.drop(workspace, known);
    this.roomFor();
    const client = new AcpClient(this.deps.start(workspace), { log: (m) => this.deps.logger?.info(m), ...this.deps.client });
    this.started++;
    this.deps.logger?.debug(`[acp] started cursor-agent acp for ${workspace} (${this.started} so far)`);
    const agent: Agent = { client, ready: client.initialize().then(() => undefined), busy: 0, lastUsed: this.clock.now() };
    // A process whose handshake failed or never completed is of no use: it ends (a later turn starts another).
    agent.ready.catch(() => this.drop(workspace, agent));
    client.onExit(() => {
      if (this.agents.get(workspace) === agent) this.agents.delete(workspace);
    });
    this.agents.set(workspace, agent);
    return agent;
  }

  /** `cursorAgent.acp.warmStart` (on unless the deps say otherwise). */
  private warmStart(): boolean {
    return this.deps.warmStart?.() ?? true;
  }

  /** Ends the least recently used idle processes until a new one fits; false when every process is running a turn. */
  private roomFor(): boolean {
    const max = this.deps.limits?.().maxProcesses ?? Number.POSITIVE_INFINITY;
    while (this.agents.size >= max) {
      const idle = [...this.agents].filter(([, a]) => a.busy === 0).sort((x, y) => x[1].lastUsed - y[1].lastUsed)[0];
      if (!idle) {
        this.deps.logger?.info(`[acp] ${this.agents.size} processes are all running turns: one more starts beyond cursorAgent.acp.maxProcesses`);
        return false;
      }
      this.deps.logger?.debug(`[acp] ending the idle process of ${idle[0]} to stay within ${max} processes`);
      this.drop(idle[0], idle[1]);
    }
    return true;
  }

  /** A process with no turn running ends after the idle time. */
  private rest(agent: Agent): void {
    agent.lastUsed = this.clock.now();
    if (agent.idleTimer) this.clock.clearTimeout(agent.idleTimer);
    const idleMs = this.deps.limits?.().idleMs;
    if (agent.busy > 0 || ![...this.agents.values()].includes(agent)) return;
    if (!this.mayRun()) {
      this.deps.logger?.debug('[acp] ending a cursor-agent acp process: ACP no longer runs turns in this window');
      for (const [ws, a] of this.agents) if (a === agent) this.drop(ws, a);
      return;
    }
    if (idleMs === undefined) return;
    agent.idleTimer = this.clock.setTimeout(() => {
      if (agent.busy > 0) return;
      this.deps.logger?.debug('[acp] ending an idle cursor-agent acp process');
      for (const [ws, a] of this.agents) if (a === agent) this.drop(ws, a);
    }, idleMs);
  }

  private mayRun(): boolean {
    return this.deps.mayRun?.() ?? true;
  }

  private drop(workspace: string, agent: Agent): void {
    if (agent.idleTimer) this.clock.clearTimeout(agent.idleTimer);
    if (this.agents.get(workspace) === agent) this.agents.delete(workspace);
    agent.client.dispose();
  }
}
