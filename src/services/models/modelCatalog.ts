/**
 * The list of models, cached with a time-to-live: from `cursor-agent models`,
 * or, when the backend in use is ACP, the ACP server's own list (its ids differ,
 * and ACP rejects those of `cursor-agent models`). A change of backend drops the
 * cache. Concurrent reads share one CLI call; a failed refresh keeps the last
 * good list and logs why.
 */
import { parseModelsOutput, ModelInfo } from '../../cli/models';
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
  /** Whose list it is: 'acp' for the ACP server's; absent for `cursor-agent models`. */
  backend?: 'acp';
  /** The other backend's last list, kept when the backend changed (a model chosen there is reported, not dropped). */
  other?: { backend: BackendId; models: ModelInfo[] };
}

export interface ModelsSource {
  /** Runs `cursor-agent models`; resolves stdout, rejects with a CliError or Error. */
  fetchModelsText(): Promise<string>;
  /** The backend the next turn runs on: whose list the catalog holds. */
  backend(): Promise<BackendId>;
  /** The ACP server's models (a session's list); rejects like the session's setup. Asked only when `backend()` is 'acp'. */
  fetchAcpModels(): Promise<ModelInfo[]>;
}

const RETRY_MIN_MS = 30_000;
const RETRY_MAX_MS = 600_000;

export class ModelCatalog {
  private snapshot: ModelCatalogSnapshot = { models: [], fetchedAt: 0 };
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
    const backend = (await this.source.backend?.()) ?? 'print';
    if (backend !== (this.snapshot.backend ?? 'print') && this.valid) {
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
        const was: BackendId = this.snapshot.backend ?? 'print';
        const other = was !== backend && this.snapshot.fetchedAt > 0 ? { backend: was, models: this.snapshot.models } : this.snapshot.other;
        this.snapshot = { models: parsed.models, fetchedAt: this.now(), ...(backend === 'acp' ? { backend } : {}), ...(other ? { other } : {}) };
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

  private async fetch(): Promise<{ parsed: { models: ModelInfo[]; empty: boolean; ignoredLines: number }; backend: BackendId }> {
    if ((await this.source.backend()) === 'acp') {
      const models = await this.source.fetchAcpModels();
      return { parsed: { models, empty: models.length === 0, ignoredLines: 0 }, backend: 'acp' };
    }
    return { parsed: parseModelsOutput(await this.source.fetchModelsText()), backend: 'print' };
  }
}
