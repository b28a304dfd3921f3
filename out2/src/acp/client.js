"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.AcpFailure = exports.AcpClient = void 0;
const agentRequests_1 = require("./agentRequests");
const failures_1 = require("./failures");
Object.defineProperty(exports, "AcpFailure", { enumerable: true, get: function () { return failures_1.AcpFailure; } });
const models_1 = require("./models");
const peer_1 = require("./peer");
const schema_1 = require("./schema");
class AcpClient {
    transport;
    opts;
    peer;
    sessions = new Map();
    sinks = new Map();
    ignored = 0;
    lastUpdateAt = 0;
    initializeResult;
    constructor(transport, opts) {
        this.transport = transport;
        this.opts = opts;
        this.peer = new peer_1.JsonRpcPeer(transport, {
            onNotification: (method, params) => this.notification(method, params),
            onRequest: (req, params) => this.agentRequest(req.method, params),
        });
    }
    get stats() {
        return { ...this.peer.stats, ignoredUpdates: this.ignored };
    }
    get alive() {
        return this.peer.exit === undefined;
    }
    onExit(listener) {
        this.peer.onExit(listener);
    }
    session(id) {
        return this.sessions.get(id);
    }
    async initialize() {
        const raw = await this.call('initialize', {
            protocolVersion: 1,
            clientCapabilities: { fs: { readTextFile: false, writeTextFile: false }, terminal: false },
            clientInfo: { name: this.opts.clientName ?? 'cursor-agent-vscode', version: this.opts.clientVersion ?? '0.0.0' },
        }, this.opts.initializeTimeoutMs);
        const p = schema_1.initializeResultSchema.safeParse(raw);
        if (!p.success)
            throw (0, failures_1.failure)('malformedStream', { detail: 'the initialize answer is not an ACP one' }, true);
        this.initializeResult = p.data;
        return p.data;
    }
    async newSession(cwd) {
        const setup = this.setup(await this.call('session/new', { cwd, mcpServers: [] }), 'session/new');
        if (!setup.sessionId)
            throw (0, failures_1.failure)('malformedStream', { detail: 'session/new returned no sessionId' }, true);
        return this.remember(setup.sessionId, setup, cwd);
    }
    /** Loads a session in this process; its replayed history is never routed to a turn. */
    async loadSession(sessionId, cwd) {
        const setup = this.setup(await this.call('session/load', { sessionId, cwd, mcpServers: [] }), 'session/load');
        const state = this.remember(sessionId, setup, cwd);
        // The CLI may go on replaying just after its result: wait for it to go quiet.
        const settle = this.opts.loadSettleMs ?? 150;
        const deadline = Date.now() + Math.max(settle * 10, 1000);
        while (Date.now() < deadline && Date.now() - this.lastUpdateAt < settle)
            await delay(settle);
        return state;
    }
    /** Switches to a read-only mode and checks the agent says so; throws otherwise. */
    async setMode(sessionId, mode) {
        await this.call('session/set_mode', { sessionId, modeId: mode });
        const s = this.sessions.get(sessionId);
        if (s?.mode !== mode)
            throw (0, failures_1.failure)('malformedStream', { detail: `the agent did not confirm ${mode} mode (it reports ${s?.mode ?? 'none'})` }, true);
    }
    /** Sets the session's model; an id this session does not accept is `unknownModel` (never replaced). */
    async setModel(sessionId, wanted) {
        const s = this.sessions.get(sessionId);
        if (!s)
            throw (0, failures_1.failure)('resumeFailed', {}, false);
        const known = s.models.models.map((m) => m.id);
        const choice = (0, models_1.chooseModel)(s.models, wanted);
        if (!choice.ok)
            throw (0, failures_1.failure)('unknownModel', { model: wanted, knownModels: known, detail: 'acp' }, false);
        if (s.models.current === choice.value && choice.options.length === 0)
            return;
        const steps = [{ configId: s.models.configId, value: choice.value }, ...choice.options];
        for (const step of steps) {
            let raw;
            try {
                raw = await this.call('session/set_config_option', { sessionId, ...step });
            }
            catch (err) {
                throw (0, failures_1.failureOf)(err, 'session/set_config_option', { model: wanted, knownModels: known, detail: 'acp' });
            }
            const p = schema_1.setConfigResultSchema.safeParse(raw);
            if (p.success && p.data.configOptions)
                s.models = (0, models_1.parseAcpModels)({ configOptions: p.data.configOptions });
        }
        s.models.current = choice.value;
    }
    /** Runs `session/prompt`; `sink` gets the session's updates until it resolves with the stop reason. */
    async prompt(sessionId, prompt, sink) {
        this.sinks.set(sessionId, sink);
        try {
            const raw = await this.peer.request('session/prompt', { sessionId, prompt });
            const p = schema_1.promptResultSchema.safeParse(raw);
            if (!p.success)
                throw (0, failures_1.failure)('malformedStream', { detail: 'session/prompt returned no stopReason' }, true);
            return p.data.stopReason;
        }
        catch (err) {
            throw (0, failures_1.failureOf)(err, 'session/prompt');
        }
        finally {
            if (this.sinks.get(sessionId) === sink)
                this.sinks.delete(sessionId);
        }
    }
    /** Stops the session's turn: a notification (as a request the CLI answers -32601), and pending agent requests answered `cancelled`. */
    cancel(sessionId) {
        for (const r of this.peer.pendingAgentRequests())
            r.respond(agentRequests_1.CANCELLED_ANSWER);
        this.peer.notify('session/cancel', { sessionId });
    }
    dispose() {
        this.transport.kill();
    }
    async call(method, params, timeoutMs = this.opts.setupTimeoutMs) {
        try {
            return await this.peer.request(method, params, timeoutMs);
        }
        catch (err) {
            throw (0, failures_1.failureOf)(err, method, { platform: this.opts.platform, seconds: Math.round(timeoutMs / 1000) });
        }
    }
    setup(raw, method) {
        const p = schema_1.sessionSetupSchema.safeParse(raw);
        if (!p.success)
            throw (0, failures_1.failure)('malformedStream', { detail: `${method} returned an unexpected result` }, true);
        return p.data;
    }
    remember(id, setup, cwd) {
        const state = { id, cwd, models: (0, models_1.parseAcpModels)(setup), ...(setup.modes ? { mode: setup.modes.currentModeId } : {}) };
        this.sessions.set(id, state);
        return state;
    }
    notification(method, params) {
        if (method !== 'session/update')
            return;
        const p = schema_1.sessionUpdateParamsSchema.safeParse(params);
        if (!p.success)
            return;
        this.lastUpdateAt = Date.now();
        const update = params.update;
        const state = this.sessions.get(p.data.sessionId);
        if (state && update.sessionUpdate === 'current_mode_update' && typeof update.currentModeId === 'string')
            state.mode = update.currentModeId;
        const sink = this.sinks.get(p.data.sessionId);
        if (sink)
            sink.update(update);
        else
            this.ignored++;
    }
    agentRequest(method, params) {
        const d = (0, agentRequests_1.decideAgentRequest)(method, params);
        const sid = typeof params === 'object' && params !== null ? params.sessionId : undefined;
        // cursor/* requests carry no sessionId: they belong to the one running turn.
        const sink = typeof sid === 'string' ? this.sinks.get(sid) : this.sinks.size === 1 ? [...this.sinks.values()][0] : undefined;
        if (sink && (d.events.length > 0 || d.notice))
            sink.agentEvents(d.events, d.notice);
        return d.answer;
    }
}
exports.AcpClient = AcpClient;
function delay(ms) {
    return new Promise((r) => setTimeout(r, ms));
}
//# sourceMappingURL=client.js.map