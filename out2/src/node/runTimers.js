"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.RunTimers = void 0;
/**
 * The timers of one run: its output deadline (first output, then inactivity),
 * one-shot timers (total deadline, completion linger, grace periods, hard
 * stops), and the settle poller. All are cleared at once when the run settles,
 * so nothing of a finished run fires later.
 */
class RunTimers {
    timers = new Set();
    deadline;
    poller;
    /** Runs `fn` once after `ms`, unless cleared first. */
    later(ms, fn) {
        const t = setTimeout(() => {
            this.timers.delete(t);
            fn();
        }, ms);
        this.timers.add(t);
    }
    /** At spawn: the first-output deadline (else the inactivity one) and the total one. */
    startDeadlines(request, onDeadline) {
        const first = request.firstOutputTimeoutMs ?? request.inactivityTimeoutMs;
        if (first !== undefined)
            this.armDeadline(first, () => onDeadline('first output'));
        if (request.totalTimeoutMs !== undefined)
            this.later(request.totalTimeoutMs, () => onDeadline('total'));
    }
    /** A line came: the output deadline becomes the inactivity deadline, from now. */
    restartInactivity(request, onDeadline) {
        this.clearDeadline();
        if (request.inactivityTimeoutMs !== undefined)
            this.armDeadline(request.inactivityTimeoutMs, () => onDeadline('inactivity'));
    }
    /** (Re)arms the one output deadline: a new line re-arms it, a decided outcome clears it. */
    armDeadline(ms, fn) {
        this.clearDeadline();
        this.deadline = setTimeout(fn, ms);
    }
    clearDeadline() {
        if (this.deadline !== undefined)
            clearTimeout(this.deadline);
        this.deadline = undefined;
    }
    /** Calls `fn` every `ms` until cleared; a second call while polling changes nothing. */
    poll(ms, fn) {
        if (this.poller === undefined)
            this.poller = setInterval(fn, ms);
    }
    clearAll() {
        for (const t of this.timers)
            clearTimeout(t);
        this.timers.clear();
        this.clearDeadline();
        if (this.poller !== undefined)
            clearInterval(this.poller);
    }
}
exports.RunTimers = RunTimers;
//# sourceMappingURL=runTimers.js.map