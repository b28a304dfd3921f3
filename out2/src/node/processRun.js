"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ProcessRun = void 0;
const crypto_1 = require("crypto");
const escapedSweep_1 = require("./escapedSweep");
const killEscalation_1 = require("./killEscalation");
const runCapture_1 = require("./runCapture");
const runTimers_1 = require("./runTimers");
const spawnChild_1 = require("./spawnChild");
const SETTLE_POLL_MS = 25;
/** After `exit` without `close`, how long to wait before deciding the pipes are held by an escaped process. */
const EXIT_WITHOUT_CLOSE_MS = 500;
class ProcessRun {
    request;
    platform;
    completionLingerMs;
    logger;
    spawn;
    phase = 'running';
    child;
    status = { is: 'running' };
    kind;
    timeoutStage;
    spawnErrorCode;
    marker = (0, crypto_1.randomUUID)();
    /** Set once the child has a pid. */
    spawned;
    capture;
    timers = new runTimers_1.RunTimers();
    cancelSubscription;
    startedAt = Date.now();
    resolve = () => undefined;
    done = new Promise((r) => (this.resolve = r));
    constructor(request, platform, completionLingerMs, logger, spawn = spawnChild_1.spawnChild) {
        this.request = request;
        this.platform = platform;
        this.completionLingerMs = completionLingerMs;
        this.logger = logger;
        this.spawn = spawn;
        this.capture = new runCapture_1.RunCapture(request.maxLineBytes, request.onLine === undefined, (line) => this.handleLine(line), logger);
    }
    finishWithoutSpawn(kind) {
        this.kind = kind;
        this.settle();
        return this.done;
    }
    start() {
        const { request } = this;
        if (request.cancellation?.isCancellationRequested)
            return this.finishWithoutSpawn('cancelled');
        let child;
        try {
            child = this.spawn(request, this.marker, this.platform, this.logger);
        }
        catch (e) {
            return this.failSpawn(e); // e.g. EINVAL for a .cmd without a shell, thrown synchronously
        }
        this.child = child;
        child.on('error', (e) => {
            if (this.spawned === undefined)
                void this.failSpawn(e);
            else
                this.logger?.warn(`[runner] pid ${this.spawned.pid}: ${(0, spawnChild_1.errorCode)(e)} ${e.message}`);
        });
        if (child.pid === undefined)
            return this.done; // the 'error' event follows (ENOENT, EACCES, E2BIG…)
        this.onSpawned(child, child.pid);
        this.startDeadlines(child.pid);
        return this.done;
    }
    /**
     * Decides the outcome (the first decision wins) and ends the process tree.
     * Before a pid there is nothing to end: a run that has not even a child settles now.
     */
    end(kind, stage) {
        if (this.kind !== undefined || this.phase === 'settled')
            return;
        this.kind = kind;
        if (kind === 'timeout')
            this.timeoutStage = stage;
        this.timers.clearDeadline();
        if (this.spawned === undefined) {
            if (this.child === undefined)
                this.settle();
            return;
        }
        this.logger?.debug(`[runner] pid ${this.spawned.pid}: ending (${kind}${stage ? `, ${stage}` : ''})`);
        this.beginKill();
    }
    /**
     * The host is shutting down: decides `cancelled` (unless decided) and
     * returns what to SIGKILL right now (the runner kills every run's tree in
     * one go). A hard stop still resolves the outcome if the host lives on.
     */
    endNow() {
        if (this.phase === 'settled')
            return undefined;
        if (this.kind === undefined)
            this.kind = 'cancelled';
        this.timers.clearDeadline();
        const { spawned } = this;
        if (spawned === undefined) {
            if (this.child === undefined)
                this.settle();
            return undefined;
        }
        this.logger?.debug(`[runner] pid ${spawned.pid}: shutting down; SIGKILL now`);
        this.phase = 'killing';
        this.armHardStop(spawned.pid);
        this.startPolling();
        return spawned.kill.treeToKillNow(spawned.sweep?.known() ?? []);
    }
    onSpawned(child, pid) {
        const run = {
            pid,
            child,
            platform: this.platform,
            logger: this.logger,
            killGraceMs: this.request.killGraceMs ?? killEscalation_1.DEFAULT_KILL_GRACE_MS,
            hardStopMs: killEscalation_1.HARD_STOP_MS,
            later: (ms, fn) => this.timers.later(ms, fn),
            hasExited: () => this.status.is !== 'running',
            isSettled: () => this.phase === 'settled',
            recheck: () => this.checkSettled(),
        };
        const sweep = this.request.sweepEscaped === true && this.platform === 'linux' ? new escapedSweep_1.EscapedSweep(this.marker, run) : undefined;
        this.spawned = { pid, kill: new killEscalation_1.KillEscalation(run), sweep };
        this.logger?.debug(`[runner] pid ${pid} started`);
        child.on('exit', (code, signal) => {
            this.onExit(code, signal, 'exited');
            this.logger?.debug(`[runner] pid ${pid} exited (code ${code}, signal ${signal})`);
            this.checkSettled();
        });
        child.on('close', (code, signal) => {
            this.onExit(code, signal, 'closed');
            this.capture.stdoutEnded();
            this.checkSettled();
        });
        child.stdout?.on('data', (chunk) => this.capture.stdout(chunk));
        child.stderr?.on('data', (chunk) => this.capture.stderr(chunk));
        (0, spawnChild_1.feedStdin)(child, this.request.stdin, pid, this.logger);
    }
    onExit(code, signal, is) {
        if (this.status.is === 'running')
            this.status = { is, at: Date.now(), code, signal };
        else if (is === 'closed')
            this.status = { ...this.status, is };
    }
    startDeadlines(pid) {
        const { request } = this;
        try {
            request.onSpawn?.(pid);
        }
        catch (e) {
            this.logger?.warn(`[runner] onSpawn threw: ${String(e)}`);
        }
        this.timers.startDeadlines(request, (stage) => this.end('timeout', stage));
        try {
            this.cancelSubscription = request.cancellation?.onCancellationRequested(() => this.end('cancelled'));
        }
        catch (e) {
            this.logger?.warn(`[runner] cancellation subscription failed: ${String(e)}`);
        }
        // Cancelled meanwhile (e.g. from onSpawn): a late listener may never be called.
        if (request.cancellation?.isCancellationRequested)
            this.end('cancelled');
    }
    handleLine(line) {
        if (this.kind !== undefined)
            return; // decided: nobody wants more lines
        this.timers.restartInactivity(this.request, (stage) => this.end('timeout', stage));
        let verdict = undefined;
        try {
            verdict = this.request.onLine?.(line);
        }
        catch (e) {
            this.logger?.warn(`[runner] onLine threw: ${String(e)}`);
        }
        if (verdict === 'complete')
            this.complete();
    }
    /** The caller saw the end of the turn: let the CLI exit by itself briefly, then end it. */
    complete() {
        this.kind = 'completed';
        this.timers.clearDeadline();
        if (this.status.is !== 'running')
            return this.checkSettled();
        this.timers.later(this.completionLingerMs, () => {
            if (this.phase === 'running') {
                this.logger?.debug(`[runner] pid ${this.spawned?.pid}: still running after its result; ending it`);
                this.beginKill();
            }
        });
    }
    /** running → terminating: SIGTERM now, SIGKILL after the grace period. */
    beginKill() {
        if (this.phase !== 'running' || this.spawned === undefined)
            return;
        this.phase = 'terminating';
        this.spawned.kill.terminate();
        this.timers.later(this.request.killGraceMs ?? killEscalation_1.DEFAULT_KILL_GRACE_MS, () => this.escalate());
        this.startPolling();
    }
    /** → killing (also again after `endNow`): SIGKILL, and the hard stop. */
    escalate() {
        if (this.phase === 'settled' || this.spawned === undefined)
            return;
        this.phase = 'killing';
        this.logger?.debug(`[runner] pid ${this.spawned.pid}: grace period over; SIGKILL`);
        this.spawned.kill.kill();
        this.armHardStop(this.spawned.pid);
    }
    /** After SIGKILL: if `close` still has not come after {@link HARD_STOP_MS}, the run settles anyway. */
    armHardStop(pid) {
        this.timers.later(killEscalation_1.HARD_STOP_MS, () => {
            if (this.phase === 'settled')
                return;
            this.logger?.warn(`[runner] pid ${pid}: no 'close' ${killEscalation_1.HARD_STOP_MS} ms after SIGKILL; giving up waiting`);
            this.destroyStreams();
            this.settle();
        });
    }
    startPolling() {
        if (this.phase !== 'settled')
            this.timers.poll(SETTLE_POLL_MS, () => this.checkSettled());
    }
    /** Resolves once the child is gone and its group is dead; ends leftovers of a natural exit. */
    checkSettled() {
        const { spawned, status } = this;
        if (this.phase === 'settled' || spawned === undefined || status.is === 'running')
            return;
        if (spawned.kill.groupAlive()) {
            if (this.phase === 'running') {
                this.logger?.debug(`[runner] pid ${spawned.pid} exited but left processes in its group; ending them`);
                this.beginKill();
            }
            this.startPolling();
            return;
        }
        // Exited, group dead, but stdout still open: a process outside the group may hold the pipe.
        if (status.is !== 'closed' && Date.now() - status.at < EXIT_WITHOUT_CLOSE_MS && this.phase !== 'killing')
            return this.startPolling();
        // Nothing of the run may outlive it, not even what left its group.
        if (spawned.sweep?.pending() === true)
            return this.startPolling();
        if (status.is !== 'closed') {
            this.logger?.debug(`[runner] pid ${spawned.pid}: exited but its pipes stay open; closing them`);
            this.destroyStreams();
        }
        this.settle();
    }
    failSpawn(e) {
        this.spawnErrorCode = (0, spawnChild_1.errorCode)(e);
        this.logger?.debug(`[runner] spawn failed: ${this.spawnErrorCode}`);
        return this.finishWithoutSpawn('spawnError');
    }
    /** → settled: clears every timer and resolves the one outcome. */
    settle() {
        if (this.phase === 'settled')
            return;
        this.phase = 'settled';
        this.timers.clearAll();
        try {
            this.cancelSubscription?.dispose();
        }
        catch {
            /* the token's problem, not the run's */
        }
        const { code, signal } = this.status.is === 'running' ? { code: null, signal: null } : this.status;
        const outcome = { kind: this.kind ?? 'exited', exitCode: code, signal, ...this.capture.result(), durationMs: Date.now() - this.startedAt };
        if (outcome.kind === 'timeout')
            outcome.timeoutStage = this.timeoutStage;
        if (this.spawnErrorCode !== undefined)
            outcome.spawnErrorCode = this.spawnErrorCode;
        if (this.spawned !== undefined) {
            outcome.pid = this.spawned.pid;
            const stage = outcome.timeoutStage ? ` (${outcome.timeoutStage})` : '';
            this.logger?.debug(`[runner] pid ${this.spawned.pid}: ${outcome.kind}${stage}, exit code ${outcome.exitCode}, signal ${outcome.signal}, ${outcome.lines} lines, ${outcome.durationMs} ms`);
        }
        this.resolve(outcome);
    }
    destroyStreams() {
        this.child?.stdout?.destroy();
        this.child?.stderr?.destroy();
        this.child?.stdin?.destroy();
    }
}
exports.ProcessRun = ProcessRun;
//# sourceMappingURL=processRun.js.map