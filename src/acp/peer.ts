/**
 * A JSON-RPC 2.0 peer over an {@link AcpTransport}: matches responses to our
 * request ids, hands agent requests to a handler that must answer every one
 * (an unanswered request can hang the session), and fails every pending
 * request when the process ends. Malformed lines are counted, never thrown.
 */
import { type Clock, systemClock, type TimerHandle } from '../cli/clock';
import type { AcpExit, AcpTransport } from './transport';
import { encodeError, encodeNotification, encodeRequest, encodeResult, JsonRpcId, parseWireLine, RPC, RpcErrorBody } from './wire';

/** The agent answered a request with a JSON-RPC error. */
export class AcpRpcError extends Error {
  constructor(
    readonly method: string,
    readonly code: number,
    readonly rpcMessage: string,
    readonly data?: unknown,
  ) {
    super(`${method} failed: ${code} ${rpcMessage}`);
    this.name = 'AcpRpcError';
  }
}

/** The transport itself failed: the process ended, or a deadline passed. */
export class AcpTransportError extends Error {
  constructor(
    message: string,
    readonly reason: 'exit' | 'timeout' | 'protocol',
    readonly exit?: AcpExit,
  ) {
    super(message);
    this.name = 'AcpTransportError';
  }
}

/** How an agent request is answered: a result, an error, or later (the handler keeps the responder). */
export type AgentRequestAnswer = { result: unknown } | { error: RpcErrorBody } | 'later';

export interface PendingAgentRequest {
  id: JsonRpcId;
  method: string;
  respond(answer: { result: unknown } | { error: RpcErrorBody }): void;
}

export interface PeerStats {
  lines: number;
  invalidLines: number;
  /** Responses to ids we never sent (or already settled). */
  strayResponses: number;
  agentRequests: number;
  /** Agent requests whose line was too costly to parse (answered from their id and method alone). */
  unreadRequests: number;
}

/**
 * Unread bytes on the agent's stdin after an answer beyond which the process is taken as broken
 * and ended: an agent that stops reading while it sends requests would otherwise make the host
 * hold every answer (100 requests with 4 MB ids: 400 MB). A healthy agent reads at once.
 */
export const MAX_UNREAD_BYTES = 4 * 1024 * 1024;

interface Pending {
  method: string;
  resolve(v: unknown): void;
  reject(e: Error): void;
  timer?: TimerHandle;
}

export class JsonRpcPeer {
  readonly stats: PeerStats = { lines: 0, invalidLines: 0, strayResponses: 0, agentRequests: 0, unreadRequests: 0 };
  /** Set when the transport was ended as broken (it stopped reading): every request fails with it. */
  private brokenError: AcpTransportError | undefined;
  private nextId = 0;
  private readonly pending = new Map<JsonRpcId, Pending>();
  /** Agent requests the handler deferred, still unanswered. */
  private readonly deferred = new Map<JsonRpcId, PendingAgentRequest>();
  private exitInfo: AcpExit | undefined;
  private readonly exitListeners: Array<(e: AcpExit) => void> = [];

  constructor(
    private readonly transport: AcpTransport,
    private readonly handlers: {
      onNotification(method: string, params: unknown): void;
      onRequest(req: PendingAgentRequest, params: unknown): AgentRequestAnswer;
    },
    private readonly clock: Clock = systemClock,
  ) {
    transport.onLine((line) => this.receive(line));
    transport.onExit((e) => this.closed(e));
  }

  get exit(): AcpExit | undefined {
    return this.exitInfo;
  }

  onExit(listener: (e: AcpExit) => void): void {
    if (this.exitInfo) listener(this.exitInfo);
    else this.exitListeners.push(listener);
  }

  /** Sends a request; resolves with its result, rejects with {@link AcpRpcError} or {@link AcpTransportError}. */
  request(method: string, params: unknown, timeoutMs?: number): Promise<unknown> {
    if (this.brokenError) return Promise.reject(this.brokenError);
    if (this.exitInfo) return Promise.reject(this.exitError(method));
    const id = this.nextId++;
    return new Promise<unknown>((resolve, reject) => {
      const p: Pending = { method, resolve, reject };
      if (timeoutMs !== undefined) {
        p.timer = this.clock.setTimeout(() => {
          this.pending.delete(id);
          reject(new AcpTransportError(`${method} got no answer within ${timeoutMs} ms`, 'timeout'));
        }, timeoutMs);
      }
      this.pending.set(id, p);
      this.transport.write(encodeRequest(id, method, params));
    });
  }

  /** Sends a notification (no id, no answer): `session/cancel` must be one. */
  notify(method: string, params: unknown): void {
    if (!this.exitInfo && !this.brokenError) this.transport.write(encodeNotification(method, params));
  }

  /** Agent requests still waiting for our answer. */
  pendingAgentRequests(): PendingAgentRequest[] {
    return [...this.deferred.values()];
  }

  private receive(line: string): void {
    if (this.brokenError) return;
    this.stats.lines++;
    const msg = parseWireLine(line);
    switch (msg.kind) {
      case 'invalid':
        this.stats.invalidLines++;
        return;
      case 'notification':
        this.handlers.onNotification(msg.method, msg.params);
        return;
      case 'request':
        if (msg.unread) this.stats.unreadRequests++;
        this.agentRequest(msg.id, msg.method, msg.params);
        return;
      case 'response':
      case 'error': {
        const p = msg.id === null ? undefined : this.pending.get(msg.id);
        if (!p || msg.id === null) {
          this.stats.strayResponses++;
          return;
        }
        this.pending.delete(msg.id);
        if (p.timer) this.clock.clearTimeout(p.timer);
        if (msg.kind === 'response') p.resolve(msg.result);
        else p.reject(new AcpRpcError(p.method, msg.error.code, msg.error.message, msg.error.data));
        return;
      }
    }
  }

  private agentRequest(id: JsonRpcId, method: string, params: unknown): void {
    this.stats.agentRequests++;
    let answered = false;
    const req: PendingAgentRequest = {
      id,
      method,
      respond: (a) => {
        if (answered) return;
        answered = true;
        this.deferred.delete(id);
        if (this.exitInfo || this.brokenError) return;
        this.transport.write('error' in a ? encodeError(id, a.error) : encodeResult(id, a.result));
        const unread = this.transport.backlogBytes ?? 0;
        if (unread > MAX_UNREAD_BYTES)
          this.broken(`cursor-agent acp stopped reading its input (${Math.round(unread / 1048576)} MB of answers unread)`);
      },
    };
    let answer: AgentRequestAnswer;
    try {
      answer = this.handlers.onRequest(req, params);
    } catch (err) {
      answer = { error: { code: RPC.internal, message: err instanceof Error ? err.message : String(err) } };
    }
    if (answer === 'later') {
      if (!answered) this.deferred.set(id, req);
    } else req.respond(answer);
  }

  private exitError(method: string): AcpTransportError {
    const e = this.exitInfo;
    const how = e?.spawnErrorCode ? `could not start (${e.spawnErrorCode})` : `exited (code ${e?.code ?? 'none'}${e?.signal ? `, ${e.signal}` : ''})`;
    return new AcpTransportError(`cursor-agent acp ${how} before answering ${method}`, 'exit', e);
  }

  /** Ends the transport as broken: pending requests fail now, nothing more is read or written. */
  private broken(message: string): void {
    if (this.brokenError || this.exitInfo) return;
    const err = new AcpTransportError(message, 'protocol');
    this.brokenError = err;
    for (const [id, p] of this.pending) {
      this.pending.delete(id);
      if (p.timer) this.clock.clearTimeout(p.timer);
      p.reject(err);
    }
    this.deferred.clear();
    this.transport.kill();
  }

  private closed(e: AcpExit): void {
    if (this.exitInfo) return;
    this.exitInfo = e;
    for (const [id, p] of this.pending) {
      this.pending.delete(id);
      if (p.timer) this.clock.clearTimeout(p.timer);
      p.reject(this.exitError(p.method));
    }
    this.deferred.clear();
    for (const l of this.exitListeners.splice(0)) l(e);
  }
}
