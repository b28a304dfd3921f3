"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.KillEscalation = exports.HARD_STOP_MS = exports.DEFAULT_KILL_GRACE_MS = void 0;
const groupWatch_1 = require("./groupWatch");
const processTree_1 = require("./processTree");
const signals_1 = require("./signals");
exports.DEFAULT_KILL_GRACE_MS = 2000;
/** After SIGKILL, the longest we still wait for `close` before resolving anyway. */
exports.HARD_STOP_MS = 1500;
class KillEscalation {
    run;
    /** Processes of the tree signalled so far, with their start times (checked again before any later signal). */
    signalled = [];
    /** Set once the group was seen without any member: its id may be reused, so it is never signalled again. */
    groupGone = false;
    /** Whether the process group still runs. */
    group;
    constructor(run) {
        this.run = run;
        this.group = new groupWatch_1.GroupWatch(run.pid, run.platform);
    }
    /** The first step: SIGTERM to the whole tree (Windows: `taskkill /T /F`), or only to the group once the leader is gone. */
    terminate() {
        const { pid, platform } = this.run;
        if (!this.run.hasExited()) {
            void (0, processTree_1.killProcessTree)(pid, 'SIGTERM', platform).then((pids) => {
                this.signalled = pids;
                this.terminateIfRunning();
            });
        }
        else if (platform !== 'win32') {
            // The leader is gone (its pid may be reused): only its group is addressed, and only while it lives.
            this.signalGroupWhileAlive('SIGTERM');
        }
    }
    /** After the grace period: SIGKILL to the leader, its group and the descendants found by the first step. */
    kill() {
        const { pid, platform } = this.run;
        if (platform === 'win32') {
            if (!this.run.hasExited())
                void (0, processTree_1.killProcessTree)(pid, 'SIGKILL', platform).then(() => this.terminateIfRunning());
            return;
        }
        if (!this.run.hasExited()) {
            (0, signals_1.signalGroup)(pid, 'SIGKILL'); // the leader runs: the group is its own
            (0, signals_1.signalPid)(pid, 'SIGKILL');
        }
        else {
            this.signalGroupWhileAlive('SIGKILL');
        }
        // Only those still the processes found (same start time): a reused pid is someone else's.
        for (const ref of this.signalled)
            if (ref.pid !== pid)
                (0, signals_1.signalRef)(ref, 'SIGKILL', platform);
    }
    /** The host shuts down: the tree to SIGKILL right now, with the escaped processes found so far. */
    treeToKillNow(escaped) {
        const { pid } = this.run;
        const running = !this.run.hasExited();
        return {
            pid,
            running,
            groupAlive: running || this.groupMaySignal(),
            known: [...this.signalled, ...escaped].filter((p) => p.pid !== pid),
            terminate: () => this.terminateIfRunning(),
        };
    }
    /** Whether a live process is left in the group (noting when the group is gone for good). */
    groupAlive() {
        const alive = this.group.alive();
        if (!alive && this.run.platform !== 'win32' && !(0, signals_1.groupExists)(this.run.pid))
            this.groupGone = true;
        return alive;
    }
    /**
     * Windows, once `taskkill /T /F` has finished: if the CLI still runs (taskkill
     * failed: access denied, blocked by policy, a `taskkill` without `/T` as
     * Wine's), end it through its process handle, which cannot reach another
     * process even if the pid has been reused. Its descendants stay for the next
     * taskkill; nothing is signalled once the child has exited.
     */
    terminateIfRunning() {
        const { run } = this;
        if (run.platform !== 'win32' || run.hasExited() || run.isSettled())
            return;
        run.logger?.debug(`[runner] pid ${run.pid}: still running after taskkill; terminating it through its handle`);
        try {
            run.child.kill('SIGKILL');
        }
        catch {
            /* exited meanwhile */
        }
    }
    /**
     * After the leader exited: whether its group may still be signalled. Once
     * the group is seen without members (`kill(-pgid, 0)` fails) its id is free
     * for reuse, and it is never signalled again.
     */
    groupMaySignal() {
        const { pid, platform } = this.run;
        if (this.groupGone || platform === 'win32')
            return false;
        if (!(0, signals_1.groupExists)(pid)) {
            this.groupGone = true;
            return false;
        }
        return this.group.alive();
    }
    signalGroupWhileAlive(signal) {
        if (this.groupMaySignal())
            (0, signals_1.signalGroup)(this.run.pid, signal);
    }
}
exports.KillEscalation = KillEscalation;
//# sourceMappingURL=killEscalation.js.map