"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.AuthService = void 0;
exports.describeReadyState = describeReadyState;
const redact_1 = require("../cli/redact");
const emitter_1 = require("./emitter");
const RECHECK_MIN_MS = 5_000;
const RECHECK_MAX_MS = 300_000;
class AuthService {
    probeImpl;
    logger;
    now;
    current = { state: 'checking' };
    inflight;
    lastProbeAt = 0;
    /** Back-off for background re-checks while not ready: 5 s, doubling to 5 min; reset on any state change. */
    recheckDelayMs = RECHECK_MIN_MS;
    changed = new emitter_1.Emitter();
    onDidChange = this.changed.event;
    constructor(probeImpl, logger, now = Date.now) {
        this.probeImpl = probeImpl;
        this.logger = logger;
        this.now = now;
    }
    get state() {
        return this.current;
    }
    /**
     * Probes now. Joins a probe already running, unless `fresh` is set (the user
     * asked, or something changed): then a new probe follows the running one, so
     * the answer reflects the change.
     */
    refresh(fresh = false) {
        if (fresh)
            this.recheckDelayMs = RECHECK_MIN_MS;
        if (this.inflight)
            return fresh ? this.inflight.then(() => this.refresh(false)) : this.inflight;
        this.lastProbeAt = this.now();
        const p = this.probeImpl
            .probe()
            .catch((err) => ({ state: 'error', detail: (0, redact_1.redactSecrets)(err instanceof Error ? err.message : String(err)) }))
            .then((next) => {
            const changed = JSON.stringify(next) !== JSON.stringify(this.current);
            this.current = next;
            if (changed) {
                this.recheckDelayMs = RECHECK_MIN_MS;
                this.logger.info(`[status] ${(0, redact_1.redactSecrets)(describeReadyState(next))}`);
                this.changed.fire(next);
            }
            return next;
        })
            .finally(() => {
            this.inflight = undefined;
        });
        this.inflight = p;
        return p;
    }
    /** Probes unless one ran within `minIntervalMs` (window focus and similar). */
    refreshThrottled(minIntervalMs) {
        if (this.inflight)
            return this.inflight;
        if (this.now() - this.lastProbeAt < minIntervalMs)
            return Promise.resolve(this.current);
        return this.refresh();
    }
    /**
     * A background re-check while not ready (every request for models lands here):
     * throttled with a growing interval, so a missing CLI costs at most one probe
     * per 5 s at first and per 5 min later, while a fixed CLI is noticed quickly.
     */
    recheckWhileNotReady() {
        if (this.current.state === 'ready' || this.inflight)
            return this.inflight ?? Promise.resolve(this.current);
        if (this.now() - this.lastProbeAt < this.recheckDelayMs)
            return Promise.resolve(this.current);
        this.recheckDelayMs = Math.min(this.recheckDelayMs * 2, RECHECK_MAX_MS);
        return this.refresh();
    }
    dispose() {
        this.changed.dispose();
    }
}
exports.AuthService = AuthService;
function describeReadyState(s) {
    switch (s.state) {
        case 'checking':
            return 'checking';
        case 'notInstalled':
            return `not installed (${s.kind})`;
        case 'loggedOut':
            return 'logged out';
        case 'keychainLocked':
            return 'keychain locked';
        case 'ready':
            return `ready (${s.version})`;
        case 'error':
            return `error: ${s.detail}`;
    }
}
//# sourceMappingURL=authService.js.map