/**
 * The list of models, cached with a time-to-live and keyed by backend: each
 * backend brings its own listing (print mode: `cursor-agent models`; ACP: the
 * ACP server's own list, whose ids differ and which rejects those of
 * `cursor-agent models`). A change of backend drops the cache. Concurrent reads share one CLI call; a failed refresh keeps the last
 * good list and logs why.
 */
import type { ModelInfo, ModelsOutput } from '../../cli/models';
import type { Logger } from '../../cli/logger';
import { redactSecrets } from '../../cli/redact';
import type { BackendId } from '../../turn/chatBackend';
import { Emitter } from '../emitter';

export interface ModelCatalogSnapshot {
  models: ModelInfo[];
  /** Epoch ms of the last successful fetch (0 when never). */
  fetchedAt: number;
  /** Why the last refresh failed, if it did. */
  lastError?: string;
  /** Whose list it is. */
  backend: BackendId;
  /** The other backend's last list, kept when the backend changed (a model chosen there is reported, not dropped). */
  other?: { backend: BackendId; models: ModelInfo[] };
}

/** One backend's listing: its models, whether the account has none, and how many lines were not understood. */
export type ModelListing = ModelsOutput;

export interface ModelsSource {
  /** The backend the next turn runs on: whose list the catalog holds. */
  backend(): Promise<BackendId>;
  /**
   * Each backend's own listing (print: `cursor-agent models`; ACP: a session's list), asked only for
   * `backend()`'s; rejects with a CliError or Error.
   */
  list: Record<BackendId, () => Promise<ModelListing>>;
}

/** The listing of a model list that needs no parsing (ACP's). */
export function listingOf(models: ModelInfo[]): ModelListing {
  return { models, empty: models.length === 0, ignoredLines: 0 };
}

const RETRY_MIN_MS = 30_000;
const RETRY_MAX_MS = 600_000;

export class ModelCatalog {
  private snapshot: ModelCatalogSnapshot = { models: [], fetchedAt: 0, backend: 'print' };
  private inflight: Promise<ModelCatalogSnapshot> | undefined;
  private generation = 0;
  /** False until a fetch succeeded, and again after `invalidate()`. */
  private valid = false;
  /** After a failed fetch, `get()` waits this long before trying again (30 s doubling to 10 min); `refresh()` doesn't. */
  private retryAt = 0;
  private retryDelayMs = RETRY_MIN_MS;
  private readonly changed = new Emitter<ModelCatalogSnapshot>();
  /** Fires when the list of model ids changes. */
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly source: ModelsSource,
    private readonly logger: Logger,
    private readonly ttlMs: () => number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The cached list without any CLI call. */
  peek(): ModelCatalogSnapshot {
    return this.snapshot;
  }

  /** The list, fetched when cold or stale. Never rejects: failures keep the last good list. */
  async get(): Promise<ModelCatalogSnapshot> {
    const backend = await this.source.backend();
    if (backend !== this.snapshot.backend && this.valid) {
      this.logger.debug(`[models] the backend is now ${backend}: listing its models`);
      this.invalidate();
    }
    const fresh = this.valid && this.now() - this.snapshot.fetchedAt < this.ttlMs();
    if (fresh) return Promise.resolve(this.snapshot);
    if (this.snapshot.lastError !== undefined && this.now() < this.retryAt) return Promise.resolve(this.snapshot);
    return this.refresh();
  }

  /** Drops the cache (login, binary change); the next `get` fetches. */
  invalidate(): void {
    this.generation++;
    this.inflight = undefined;
    this.retryAt = 0;
    this.retryDelayMs = RETRY_MIN_MS;
    this.valid = false;
  }

  /** Fetches now; concurrent callers share the call. */
  refresh(): Promise<ModelCatalogSnapshot> {
    if (this.inflight) return this.inflight;
    const gen = this.generation;
    const p = this.fetch()
      .then(({ parsed, backend }) => {
        if (parsed.models.length === 0 && !parsed.empty) {
          throw new Error(`the output of \`cursor-agent models\` was not understood (${parsed.ignoredLines} unrecognised lines)`);
        }
        if (gen !== this.generation) return this.snapshot;
        const before = this.snapshot.models.map((m) => `${m.id}\u0000${m.label}`).join('\n');
        const was = this.snapshot.backend;
        const other = was !== backend && this.snapshot.fetchedAt > 0 ? { backend: was, models: this.snapshot.models } : this.snapshot.other;
        this.snapshot = { models: parsed.models, fetchedAt: this.now(), backend, ...(other ? { other } : {}) };
        this.valid = true;
        this.retryDelayMs = RETRY_MIN_MS;
        this.logger.debug(
          `[models] ${parsed.models.length} models${backend === 'acp' ? ' from the ACP server' : ''}${parsed.empty ? ' (account has none)' : ''}`,
        );
        if (before !== parsed.models.map((m) => `${m.id}\u0000${m.label}`).join('\n')) this.changed.fire(this.snapshot);
        return this.snapshot;
      })
      .catch((err: unknown) => {
        const why = redactSecrets(err instanceof Error ? err.message : String(err));
        this.logger.warn(`[models] could not list models; keeping the last list (${this.snapshot.models.length} models): ${why}`);
        if (gen !== this.generation) return this.snapshot;
        this.snapshot = { ...this.snapshot, lastError: why };
        this.retryAt = this.now() + this.retryDelayMs;
        this.retryDelayMs = Math.min(this.retryDelayMs * 2, RETRY_MAX_MS);
        return this.snapshot;
      })
      .finally(() => {
        if (this.inflight === p) this.inflight = undefined;
      });
    this.inflight = p;
    return p;
  }

  dispose(): void {
    this.changed.dispose();
  }

  private async fetch(): Promise<{ parsed: ModelListing; backend: BackendId }> {
    const backend = await this.source.backend();
    return { parsed: await this.source.list[backend](), backend };
  }
}
