/**
 * The list of models from `cursor-agent models`, cached with a time-to-live.
 * Concurrent reads share one CLI call; a failed refresh keeps the last good list
 * and logs why.
 */
import { parseModelsOutput, ModelInfo } from '../cli/models';
import type { Logger } from '../cli/process';
import { Emitter } from './emitter';

export interface ModelCatalogSnapshot {
  models: ModelInfo[];
  /** Epoch ms of the last successful fetch (0 when never). */
  fetchedAt: number;
  /** Why the last refresh failed, if it did. */
  lastError?: string;
}

export interface ModelsSource {
  /** Runs `cursor-agent models`; resolves stdout, rejects with a CliError or Error. */
  fetchModelsText(): Promise<string>;
}

export class ModelCatalog {
  private snapshot: ModelCatalogSnapshot = { models: [], fetchedAt: 0 };
  private inflight: Promise<ModelCatalogSnapshot> | undefined;
  private generation = 0;
  /** False until a fetch succeeded, and again after `invalidate()`. */
  private valid = false;
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
  get(): Promise<ModelCatalogSnapshot> {
    const fresh = this.valid && this.now() - this.snapshot.fetchedAt < this.ttlMs();
    if (fresh) return Promise.resolve(this.snapshot);
    return this.refresh();
  }

  /** Drops the cache (login, binary change); the next `get` fetches. */
  invalidate(): void {
    this.generation++;
    this.inflight = undefined;
    this.valid = false;
  }

  /** Fetches now; concurrent callers share the call. */
  refresh(): Promise<ModelCatalogSnapshot> {
    if (this.inflight) return this.inflight;
    const gen = this.generation;
    const p = this.source
      .fetchModelsText()
      .then((text) => {
        const parsed = parseModelsOutput(text);
        if (gen !== this.generation) return this.snapshot;
        const before = this.snapshot.models.map((m) => `${m.id}\u0000${m.label}`).join('\n');
        this.snapshot = { models: parsed.models, fetchedAt: this.now() };
        this.valid = true;
        this.logger.debug(`[models] ${parsed.models.length} models${parsed.empty ? ' (account has none)' : ''}`);
        if (before !== parsed.models.map((m) => `${m.id}\u0000${m.label}`).join('\n')) this.changed.fire(this.snapshot);
        return this.snapshot;
      })
      .catch((err: unknown) => {
        const why = err instanceof Error ? err.message : String(err);
        this.logger.warn(`[models] could not list models; keeping the last list (${this.snapshot.models.length} models): ${why}`);
        this.snapshot = { ...this.snapshot, lastError: why };
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
}
