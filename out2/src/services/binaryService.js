"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.BinaryService = void 0;
/**
 * Which `cursor-agent` binary runs: the user's `cursorAgent.path` setting
 * (validated with `--version`), else the resolution chain of the contract.
 * The answer is cached until the setting changes or `invalidate()` is called.
 */
const binaryResolution_1 = require("../cli/binaryResolution");
const emitter_1 = require("./emitter");
class BinaryService {
    deps;
    env;
    configuredPath;
    logger;
    cached;
    changed = new emitter_1.Emitter();
    /** Fires when the binary may have changed (setting changed, re-resolve requested). */
    onDidChange = this.changed.event;
    constructor(deps, env, configuredPath, logger) {
        this.deps = deps;
        this.env = env;
        this.configuredPath = configuredPath;
        this.logger = logger;
    }
    /**
     * The winning binary and why every other candidate failed. Never rejects.
     * A binary found is remembered; "none found" is not (concurrent callers share
     * one look), so a CLI installed or restored later is found by the next call.
     */
    resolve() {
        if (!this.cached) {
            const configured = this.configuredPath()?.trim() || undefined;
            const pending = (0, binaryResolution_1.resolveBinary)(this.deps, { configuredPath: configured, platform: this.env.platform, homeDir: this.env.homeDir, localAppData: this.env.localAppData })
                .then((r) => {
                if (r.found) {
                    this.logger.info(`[binary] using ${r.path} (${r.version}, from ${r.source})`);
                }
                else {
                    this.logger.warn(`[binary] no usable cursor-agent (${r.kind})`);
                    if (this.cached === pending)
                        this.cached = undefined;
                }
                for (const rej of r.rejected)
                    this.logger.debug(`[binary] skipped ${rej.candidate} (${rej.source}): ${rej.reason}`);
                return r;
            })
                .catch((err) => {
                this.logger.error(`[binary] resolution failed: ${err instanceof Error ? err.message : String(err)}`);
                if (this.cached === pending)
                    this.cached = undefined;
                return { found: false, rejected: [], kind: 'notInstalled' };
            });
            this.cached = pending;
        }
        return this.cached;
    }
    /** Validates one explicit path with `--version` (for "Select Binary…" and setting changes). */
    validate(path) {
        return this.deps.probeVersion(path);
    }
    /** Forget the cached answer (setting changed, binary deleted, …) and tell listeners. */
    invalidate() {
        this.cached = undefined;
        this.changed.fire();
    }
    dispose() {
        this.changed.dispose();
    }
}
exports.BinaryService = BinaryService;
//# sourceMappingURL=binaryService.js.map