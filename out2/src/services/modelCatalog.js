"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ModelCatalog = void 0;
/**
 * The list of models, cached with a time-to-live: from `cursor-agent models`,
 * or, when the backend in use is ACP, the ACP server's own list (its ids differ,
 * and ACP rejects those of `cursor-agent models`). A change of backend drops the
 * cache. Concurrent reads share one CLI call; a failed refresh keeps the last
 * good list and logs why.
 */
const models_1 = require("../cli/models");
const redact_1 = require("../cli/redact");
const emitter_1 = require("./emitter");
const RETRY_MIN_MS = 30_000;
const RETRY_MAX_MS = 600_000;
class ModelCatalog {
    source;
    logger;
    ttlMs;
    now;
    snapshot = { models: [], fetchedAt: 0 };
    inflight;
    generation = 0;
    /** False until a fetch succeeded, and again after `invalidate()`. */
    valid = false;
    /** After a failed fetch, `get()` waits this long before trying again (30 s doubling to 10 min); `refresh()` doesn't. */
    retryAt = 0;
    retryDelayMs = RETRY_MIN_MS;
    changed = new emitter_1.Emitter();
    /** Fires when the list of model ids changes. */
    onDidChange = this.changed.event;
    constructor(source, logger, ttlMs, now = Date.now) {
        this.source = source;
        this.logger = logger;
        this.ttlMs = ttlMs;
        this.now = now;
    }
    /** The cached list without any CLI call. */
    peek() {
        return this.snapshot;
    }
    /** The list, fetched when cold or stale. Never rejects: failures keep the last good list. */
    async get() {
        const backend = (await this.source.backend?.()) ?? 'print';
        if (backend !== (this.snapshot.backend ?? 'print') && this.valid) {
            this.logger.debug(`[models] the backend is now ${backend}: listing its models`);
            this.invalidate();
        }
        const fresh = this.valid && this.now() - this.snapshot.fetchedAt < this.ttlMs();
        if (fresh)
            return Promise.resolve(this.snapshot);
        if (this.snapshot.lastError !== undefined && this.now() < this.retryAt)
            return Promise.resolve(this.snapshot);
        return this.refresh();
    }
    /** Drops the cache (login, binary change); the next `get` fetches. */
    invalidate() {
        this.generation++;
        this.inflight = undefined;
        this.retryAt = 0;
        this.retryDelayMs = RETRY_MIN_MS;
        this.valid = false;
    }
    /** Fetches now; concurrent callers share the call. */
    refresh() {
        if (this.inflight)
            return this.inflight;
        const gen = this.generation;
        const p = this.fetch()
            .then(({ parsed, backend }) => {
            if (parsed.models.length === 0 && !parsed.empty) {
                throw new Error(`the output of \`cursor-agent models\` was not understood (${parsed.ignoredLines} unrecognised lines)`);
            }
            if (gen !== this.generation)
                return this.snapshot;
            const before = this.snapshot.models.map((m) => `${m.id}\u0000${m.label}`).join('\n');
            const was = this.snapshot.backend ?? 'print';
            const other = was !== backend && this.snapshot.fetchedAt > 0 ? { backend: was, models: this.snapshot.models } : this.snapshot.other;
            this.snapshot = { models: parsed.models, fetchedAt: this.now(), ...(backend === 'acp' ? { backend } : {}), ...(other ? { other } : {}) };
            this.valid = true;
            this.retryDelayMs = RETRY_MIN_MS;
            this.logger.debug(`[models] ${parsed.models.length} models${backend === 'acp' ? ' from the ACP server' : ''}${parsed.empty ? ' (account has none)' : ''}`);
            if (before !== parsed.models.map((m) => `${m.id}\u0000${m.label}`).join('\n'))
                this.changed.fire(this.snapshot);
            return this.snapshot;
        })
            .catch((err) => {
            const why = (0, redact_1.redactSecrets)(err instanceof Error ? err.message : String(err));
            this.logger.warn(`[models] could not list models; keeping the last list (${this.snapshot.models.length} models): ${why}`);
            if (gen !== this.generation)
                return this.snapshot;
            this.snapshot = { ...this.snapshot, lastError: why };
            this.retryAt = this.now() + this.retryDelayMs;
            this.retryDelayMs = Math.min(this.retryDelayMs * 2, RETRY_MAX_MS);
            return this.snapshot;
        })
            .finally(() => {
            if (this.inflight === p)
                this.inflight = undefined;
        });
        this.inflight = p;
        return p;
    }
    dispose() {
        this.changed.dispose();
    }
    async fetch() {
        if (this.source.fetchAcpModels && (await this.source.backend?.()) === 'acp') {
            const models = await this.source.fetchAcpModels();
            return { parsed: { models, empty: models.length === 0, ignoredLines: 0 }, backend: 'acp' };
        }
        return { parsed: (0, models_1.parseModelsOutput)(await this.source.fetchModelsText()), backend: 'print' };
    }
}
exports.ModelCatalog = ModelCatalog;
//# sourceMappingURL=modelCatalog.js.map