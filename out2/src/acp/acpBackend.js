"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.AcpBackend = void 0;
const client_1 = require("./client");
const failures_1 = require("./failures");
const turn_1 = require("./turn");
class AcpBackend {
    deps;
    id = 'acp';
    agents = new Map();
    /** Processes started (for the bench and the log). */
    started = 0;
    lastModels;
    constructor(deps) {
        this.deps = deps;
    }
    /**
     * Starts the process and prepares a spare session for `workspace` in the background, already in
     * the read-only `mode` (a turn in the other read-only mode switches it; 1–2 ms). Never rejects.
     */
    prepare(workspace, mode = 'plan') {
        if (!this.mayRun())
            return; // e.g. a model list or a warm-up asked for just before the switch to print mode
        const known = this.agents.get(workspace);
        if (!known && !this.roomFor())
            return; // every process is running a turn: no spare now
        const agent = known && known.client.alive ? known : this.agent(workspace);
        this.rest(agent);
        if (!agent.spare)
            agent.spare = this.freshSession(agent, workspace, mode);
        agent.spare.catch(() => undefined);
    }
    async runTurn(req) {
        let agent;
        try {
            agent = this.agent(req.workspace);
            agent.busy++;
            if (agent.idleTimer)
                clearTimeout(agent.idleTimer);
            await agent.ready;
            const session = await this.sessionFor(agent, req);
            const outcome = await (0, turn_1.runAcpTurn)(agent.client, session, req, this.deps.turn);
            if (!outcome.ok && outcome.transport)
                this.drop(req.workspace, agent);
            else if (!req.resumeId)
                this.prepare(req.workspace, req.mode); // keep one spare ready after one was taken
            return outcome;
        }
        catch (err) {
            const f = err instanceof failures_1.AcpFailure ? err : undefined;
            if (!f)
                throw err;
            if (f.transport && agent)
                this.drop(req.workspace, agent);
            return { ok: false, error: f.error, shownText: false, ...(req.resumeId ? { sessionId: req.resumeId } : {}), ...(f.transport ? { transport: true } : {}) };
        }
        finally {
            if (agent) {
                agent.busy--;
                this.rest(agent);
            }
        }
    }
    /** Live processes (for the bench and the tests' bounds). */
    get processes() {
        return this.agents.size;
    }
    dispose() {
        for (const [ws, agent] of this.agents)
            this.drop(ws, agent);
    }
    /** Ends every process no turn runs in now; one that runs a turn ends when the turn does (if ACP may no longer run). */
    endIdle() {
        for (const [ws, agent] of this.agents)
            if (agent.busy === 0)
                this.drop(ws, agent);
    }
    /**
     * The models the ACP server accepts, as `workspace`'s spare session lists them (`session/new` result;
     * the spare stays ready for the next chat). Rejects with the setup's failure (signed out: -32000).
     */
    async models(workspace) {
        this.prepare(workspace);
        const spare = this.agents.get(workspace)?.spare;
        if (spare)
            this.lastModels = (await spare).models;
        if (!this.lastModels)
            throw new Error('no ACP session could be prepared to list its models');
        return this.lastModels;
    }
    /** The chat's session: kept in this process, loaded into it, or a fresh one (the spare when there is one). */
    async sessionFor(agent, req) {
        if (req.resumeId) {
            return agent.client.session(req.resumeId) ?? (await agent.client.loadSession(req.resumeId, req.workspace));
        }
        const spare = agent.spare;
        agent.spare = undefined;
        // A spare that failed tells the same story a fresh one would: its failure is reported.
        return spare ?? this.freshSession(agent, req.workspace, req.mode);
    }
    /** A new session, switched to the read-only `mode` (a session starts in agent mode) and checked. */
    async freshSession(agent, workspace, mode) {
        await agent.ready;
        const session = await agent.client.newSession(workspace);
        await agent.client.setMode(session.id, mode);
        return session;
    }
    agent(workspace) {
        const known = this.agents.get(workspace);
        if (known && known.client.alive)
            return known;
        if (known)
            this.drop(workspace, known);
        this.roomFor();
        const client = new client_1.AcpClient(this.deps.start(workspace), this.deps.client);
        this.started++;
        this.deps.logger?.debug(`[acp] started cursor-agent acp for ${workspace} (${this.started} so far)`);
        const agent = { client, ready: client.initialize().then(() => undefined), busy: 0, lastUsed: Date.now() };
        // A process whose handshake failed or never completed is of no use: it ends (a later turn starts another).
        agent.ready.catch(() => this.drop(workspace, agent));
        client.onExit(() => {
            if (this.agents.get(workspace) === agent)
                this.agents.delete(workspace);
        });
        this.agents.set(workspace, agent);
        return agent;
    }
    /** Ends the least recently used idle processes until a new one fits; false when every process is running a turn. */
    roomFor() {
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
    rest(agent) {
        agent.lastUsed = Date.now();
        if (agent.idleTimer)
            clearTimeout(agent.idleTimer);
        const idleMs = this.deps.limits?.().idleMs;
        if (agent.busy > 0 || ![...this.agents.values()].includes(agent))
            return;
        if (!this.mayRun()) {
            this.deps.logger?.debug('[acp] ending a cursor-agent acp process: ACP no longer runs turns in this window');
            for (const [ws, a] of this.agents)
                if (a === agent)
                    this.drop(ws, a);
            return;
        }
        if (idleMs === undefined)
            return;
        agent.idleTimer = setTimeout(() => {
            if (agent.busy > 0)
                return;
            this.deps.logger?.debug('[acp] ending an idle cursor-agent acp process');
            for (const [ws, a] of this.agents)
                if (a === agent)
                    this.drop(ws, a);
        }, idleMs);
    }
    mayRun() {
        return this.deps.mayRun?.() ?? true;
    }
    drop(workspace, agent) {
        if (agent.idleTimer)
            clearTimeout(agent.idleTimer);
        if (this.agents.get(workspace) === agent)
            this.agents.delete(workspace);
        agent.client.dispose();
    }
}
exports.AcpBackend = AcpBackend;
//# sourceMappingURL=acpBackend.js.map