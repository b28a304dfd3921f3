"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.JsonRpcPeer = exports.AcpTransportError = exports.AcpRpcError = void 0;
const wire_1 = require("./wire");
/** The agent answered a request with a JSON-RPC error. */
class AcpRpcError extends Error {
    method;
    code;
    rpcMessage;
    data;
    constructor(method, code, rpcMessage, data) {
        super(`${method} failed: ${code} ${rpcMessage}`);
        this.method = method;
        this.code = code;
        this.rpcMessage = rpcMessage;
        this.data = data;
        this.name = 'AcpRpcError';
    }
}
exports.AcpRpcError = AcpRpcError;
/** The transport itself failed: the process ended, or a deadline passed. */
class AcpTransportError extends Error {
    reason;
    exit;
    constructor(message, reason, exit) {
        super(message);
        this.reason = reason;
        this.exit = exit;
        this.name = 'AcpTransportError';
    }
}
exports.AcpTransportError = AcpTransportError;
class JsonRpcPeer {
    transport;
    handlers;
    stats = { lines: 0, invalidLines: 0, strayResponses: 0, agentRequests: 0 };
    nextId = 0;
    pending = new Map();
    /** Agent requests the handler deferred, still unanswered. */
    deferred = new Map();
    exitInfo;
    exitListeners = [];
    constructor(transport, handlers) {
        this.transport = transport;
        this.handlers = handlers;
        transport.onLine((line) => this.receive(line));
        transport.onExit((e) => this.closed(e));
    }
    get exit() {
        return this.exitInfo;
    }
    onExit(listener) {
        if (this.exitInfo)
            listener(this.exitInfo);
        else
            this.exitListeners.push(listener);
    }
    /** Sends a request; resolves with its result, rejects with {@link AcpRpcError} or {@link AcpTransportError}. */
    request(method, params, timeoutMs) {
        if (this.exitInfo)
            return Promise.reject(this.exitError(method));
        const id = this.nextId++;
        return new Promise((resolve, reject) => {
            const p = { method, resolve, reject };
            if (timeoutMs !== undefined) {
                p.timer = setTimeout(() => {
                    this.pending.delete(id);
                    reject(new AcpTransportError(`${method} got no answer within ${timeoutMs} ms`, 'timeout'));
                }, timeoutMs);
            }
            this.pending.set(id, p);
            this.transport.write((0, wire_1.encodeRequest)(id, method, params));
        });
    }
    /** Sends a notification (no id, no answer): `session/cancel` must be one. */
    notify(method, params) {
        if (!this.exitInfo)
            this.transport.write((0, wire_1.encodeNotification)(method, params));
    }
    /** Agent requests still waiting for our answer. */
    pendingAgentRequests() {
        return [...this.deferred.values()];
    }
    receive(line) {
        this.stats.lines++;
        const msg = (0, wire_1.parseWireLine)(line);
        switch (msg.kind) {
            case 'invalid':
                this.stats.invalidLines++;
                return;
            case 'notification':
                this.handlers.onNotification(msg.method, msg.params);
                return;
            case 'request':
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
                if (p.timer)
                    clearTimeout(p.timer);
                if (msg.kind === 'response')
                    p.resolve(msg.result);
                else
                    p.reject(new AcpRpcError(p.method, msg.error.code, msg.error.message, msg.error.data));
                return;
            }
        }
    }
    agentRequest(id, method, params) {
        this.stats.agentRequests++;
        let answered = false;
        const req = {
            id,
            method,
            respond: (a) => {
                if (answered)
                    return;
                answered = true;
                this.deferred.delete(id);
                if (this.exitInfo)
                    return;
                this.transport.write('error' in a ? (0, wire_1.encodeError)(id, a.error) : (0, wire_1.encodeResult)(id, a.result));
            },
        };
        let answer;
        try {
            answer = this.handlers.onRequest(req, params);
        }
        catch (err) {
            answer = { error: { code: wire_1.RPC.internal, message: err instanceof Error ? err.message : String(err) } };
        }
        if (answer === 'later') {
            if (!answered)
                this.deferred.set(id, req);
        }
        else
            req.respond(answer);
    }
    exitError(method) {
        const e = this.exitInfo;
        const how = e?.spawnErrorCode ? `could not start (${e.spawnErrorCode})` : `exited (code ${e?.code ?? 'none'}${e?.signal ? `, ${e.signal}` : ''})`;
        return new AcpTransportError(`cursor-agent acp ${how} before answering ${method}`, 'exit', e);
    }
    closed(e) {
        if (this.exitInfo)
            return;
        this.exitInfo = e;
        for (const [id, p] of this.pending) {
            this.pending.delete(id);
            if (p.timer)
                clearTimeout(p.timer);
            p.reject(this.exitError(p.method));
        }
        this.deferred.clear();
        for (const l of this.exitListeners.splice(0))
            l(e);
    }
}
exports.JsonRpcPeer = JsonRpcPeer;
//# sourceMappingURL=peer.js.map