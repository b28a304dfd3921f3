"use strict";
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __setModuleDefault = (this && this.__setModuleDefault) || (Object.create ? (function(o, v) {
    Object.defineProperty(o, "default", { enumerable: true, value: v });
}) : function(o, v) {
    o["default"] = v;
});
var __importStar = (this && this.__importStar) || (function () {
    var ownKeys = function(o) {
        ownKeys = Object.getOwnPropertyNames || function (o) {
            var ar = [];
            for (var k in o) if (Object.prototype.hasOwnProperty.call(o, k)) ar[ar.length] = k;
            return ar;
        };
        return ownKeys(o);
    };
    return function (mod) {
        if (mod && mod.__esModule) return mod;
        var result = {};
        if (mod != null) for (var k = ownKeys(mod), i = 0; i < k.length; i++) if (k[i] !== "default") __createBinding(result, mod, k[i]);
        __setModuleDefault(result, mod);
        return result;
    };
})();
Object.defineProperty(exports, "__esModule", { value: true });
exports.quietLogger = exports.CancellationSource = void 0;
exports.median = median;
exports.p95 = p95;
exports.quantile = quantile;
exports.round = round;
exports.ratioOf = ratioOf;
exports.nowMs = nowMs;
exports.sleep = sleep;
exports.repoRoot = repoRoot;
exports.waitFor = waitFor;
/**
 * Shared pieces of the benchmarks: statistics, the result entry, a
 * cancellation source, a quiet logger and a small sleep.
 */
const fs = __importStar(require("node:fs"));
const path = __importStar(require("node:path"));
function median(xs) {
    return quantile(xs, 0.5);
}
function p95(xs) {
    return quantile(xs, 0.95);
}
/** Linear-interpolation quantile (q in [0,1]); NaN for an empty list. */
function quantile(xs, q) {
    if (xs.length === 0)
        return NaN;
    const s = [...xs].sort((a, b) => a - b);
    const pos = (s.length - 1) * q;
    const lo = Math.floor(pos);
    const hi = Math.ceil(pos);
    return s[lo] + (s[hi] - s[lo]) * (pos - lo);
}
function round(x, digits = 2) {
    if (x === null || x === undefined || !Number.isFinite(x))
        return null;
    const f = 10 ** digits;
    return Math.round(x * f) / f;
}
function ratioOf(value, baseline) {
    return baseline === 0 ? null : value / baseline;
}
/** Milliseconds since an arbitrary origin, sub-millisecond resolution. */
function nowMs() {
    return Number(process.hrtime.bigint()) / 1e6;
}
function sleep(ms) {
    return new Promise((r) => setTimeout(r, ms));
}
/** A cancellation token like vscode's: cancel() notifies every listener once. */
class CancellationSource {
    cancelled = false;
    listeners = new Set();
    token;
    constructor() {
        const self = this;
        this.token = {
            get isCancellationRequested() {
                return self.cancelled;
            },
            onCancellationRequested(listener) {
                self.listeners.add(listener);
                return { dispose: () => self.listeners.delete(listener) };
            },
        };
    }
    cancel() {
        if (this.cancelled)
            return;
        this.cancelled = true;
        for (const l of [...this.listeners])
            l();
    }
}
exports.CancellationSource = CancellationSource;
/** Logger that drops everything (the extension's output channel costs nothing comparable). */
exports.quietLogger = {
    trace: () => undefined,
    debug: () => undefined,
    info: () => undefined,
    warn: () => undefined,
    error: () => undefined,
};
/** The repository root (the folder holding package.json above this file). */
function repoRoot(from = __dirname) {
    for (let dir = from;; dir = path.dirname(dir)) {
        if (fs.existsSync(path.join(dir, 'package.json')))
            return dir;
        if (path.dirname(dir) === dir)
            throw new Error(`no package.json above ${from}`);
    }
}
/** Waits until `check()` is true, polling every `everyMs`; resolves the time it became true (nowMs), or undefined on timeout. */
async function waitFor(check, timeoutMs, everyMs = 1) {
    const until = nowMs() + timeoutMs;
    for (;;) {
        if (check())
            return nowMs();
        if (nowMs() > until)
            return undefined;
        await sleep(everyMs);
    }
}
//# sourceMappingURL=lib.js.map