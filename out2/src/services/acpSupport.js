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
exports.AcpSupport = exports.ACP_SUPPORT_KEY = void 0;
/**
 * Whether the resolved `cursor-agent` speaks ACP, for `cursorAgent.backend:
 * auto`: its `acp --help` text, then a handshake with a deadline and the shape
 * of its answer (src/acp/support.ts). Checked once per binary path and
 * version, remembered across windows (a small record in the extension's
 * storage), checked again when the binary changes. Pure: the commands come
 * from the caller.
 */
const z = __importStar(require("zod/mini"));
const support_1 = require("../acp/support");
const persistentStore_1 = require("./persistentStore");
exports.ACP_SUPPORT_KEY = 'cursorAgent.acpSupport.v1';
/** Verdicts kept (one per binary path and version seen). */
const MAX_REMEMBERED = 20;
const stored = z.array(z.tuple([z.string().check(z.maxLength(5000)), z.object({ supported: z.boolean(), reason: z.string().check(z.maxLength(300)) })]));
class AcpSupport {
    deps;
    known = new Map();
    pending;
    constructor(deps) {
        this.deps = deps;
        const parsed = stored.safeParse(deps.store?.get(exports.ACP_SUPPORT_KEY));
        if (parsed.success)
            for (const [k, v] of parsed.data.slice(-MAX_REMEMBERED))
                this.known.set(k, v);
    }
    /** The verdict for the current binary, checking it first when needed; undefined when there is no binary. Never rejects. */
    async verdict() {
        const r = await this.deps.resolve();
        if (!r.found)
            return undefined;
        const key = `${r.path}\u0000${r.version}`;
        const remembered = this.known.get(key);
        if (remembered)
            return remembered;
        if (this.pending?.key !== key)
            this.pending = { key, verdict: this.check(key, r.path, r.version) };
        return this.pending.verdict;
    }
    /** The binary changed: its verdict is looked up (or checked) again next time. */
    invalidate() {
        this.pending = undefined;
    }
    async check(key, path, version) {
        const t0 = Date.now();
        const v = await this.probe();
        if (this.pending?.key !== key)
            return v; // the binary changed meanwhile: not remembered under its key
        this.pending = undefined;
        if (!v)
            return undefined;
        this.deps.logger.info(`[acp] ${path} (${version}) ${v.supported ? 'supports' : 'does not support'} ACP: ${v.reason} (checked in ${Date.now() - t0} ms)`);
        this.known.delete(key);
        this.known.set(key, v);
        while (this.known.size > MAX_REMEMBERED)
            this.known.delete(this.known.keys().next().value);
        // A handshake that failed may have been a slow moment: this window remembers it, the next one checks again.
        const lasting = [...this.known].filter(([, x]) => !x.reason.includes('handshake failed'));
        (0, persistentStore_1.saveQuietly)(this.deps.store, exports.ACP_SUPPORT_KEY, lasting, (why) => this.deps.logger.warn(`[storage] could not save the ACP support check: ${why}`));
        return v;
    }
    /** undefined: the check itself could not run (no binary, a spawn failure): nothing to remember. */
    async probe() {
        let help;
        try {
            help = await this.deps.helpText();
        }
        catch (err) {
            this.deps.logger.debug(`[acp] acp --help could not run: ${err instanceof Error ? err.message : String(err)}`);
            return undefined;
        }
        if (!(0, support_1.helpSaysAcp)(help))
            return { supported: false, reason: 'the CLI has no `acp` command' };
        try {
            const result = await this.deps.handshake();
            return (0, support_1.isAcpInitializeResult)(result) ? { supported: true, reason: 'handshake answered' } : { supported: false, reason: 'its ACP handshake answer has an unknown shape' };
        }
        catch (err) {
            return { supported: false, reason: `its ACP handshake failed (${err instanceof Error ? err.message.slice(0, 200) : String(err)})` };
        }
    }
}
exports.AcpSupport = AcpSupport;
//# sourceMappingURL=acpSupport.js.map