"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.EscapedSweep = exports.RUN_MARKER_ENV = void 0;
const procfs_1 = require("./procfs");
const signals_1 = require("./signals");
/**
 * Set in each child's environment to a value of its own run: descendants
 * inherit it, so those that left the process group (setsid) and outlived the
 * CLI can still be found and ended (Linux: /proc/<pid>/environ; only for
 * runs with `sweepEscaped`).
 */
exports.RUN_MARKER_ENV = 'CURSOR_AGENT_VSCODE_RUN';
class EscapedSweep {
    marker;
    host;
    /** idle → searching (every process's environment is read) → found (those still running are kept). */
    state = { is: 'idle' };
    constructor(marker, host) {
        this.marker = marker;
        this.host = host;
    }
    /**
     * Called once the CLI and its group are gone: starts looking (asynchronously)
     * on the first call. True while they are being looked for or any of them is left.
     */
    pending() {
        const { state, host } = this;
        if (state.is === 'idle') {
            this.state = { is: 'searching' };
            (0, procfs_1.findByEnvironment)(exports.RUN_MARKER_ENV, this.marker, host.platform).then((refs) => this.onFound(refs), () => this.onFound([]));
            return true;
        }
        if (state.is === 'searching')
            return true;
        state.escaped = state.escaped.filter((ref) => (0, signals_1.isSameProcess)(ref, host.platform));
        return state.escaped.length > 0;
    }
    /** The escaped processes found and not yet seen gone. */
    known() {
        return this.state.is === 'found' ? this.state.escaped : [];
    }
    onFound(refs) {
        const { host } = this;
        const found = refs.filter((r) => r.pid !== host.pid);
        if (host.isSettled()) {
            // Resolved meanwhile (hard stop): no timer may follow, so no grace either.
            for (const r of found)
                (0, signals_1.signalRef)(r, 'SIGKILL', host.platform);
            return;
        }
        this.state = { is: 'found', escaped: found };
        if (found.length > 0) {
            host.logger?.debug(`[runner] pid ${host.pid}: ending ${found.length} process(es) that left its group: ${found.map((r) => r.pid).join(', ')}`);
            for (const r of found)
                (0, signals_1.signalRef)(r, 'SIGTERM', host.platform);
            host.later(host.killGraceMs, () => {
                for (const r of this.known())
                    (0, signals_1.signalRef)(r, 'SIGKILL', host.platform);
            });
            host.later(host.killGraceMs + host.hardStopMs, () => {
                if (host.isSettled())
                    return;
                host.logger?.warn(`[runner] pid ${host.pid}: processes ${this.known().map((r) => r.pid).join(', ')} survived SIGKILL; giving up waiting`);
                this.state = { is: 'found', escaped: [] };
                host.recheck();
            });
        }
        host.recheck();
    }
}
exports.EscapedSweep = EscapedSweep;
//# sourceMappingURL=escapedSweep.js.map