/**
 * The models VS Code is told about before this window's CLI has listed any. VS Code resolves a language model
 * for every chat request before it calls a participant: the model selected in the chat input if the extension
 * host knows it then, else a Copilot default; with neither, "Language model unavailable" and `@cursor` is never
 * called (docs/features.md#which-model-a-request-gets). A fresh window's chat input selects a model only once the
 * provider has answered, and a remembered selection resolves only if the provider lists its id. So the provider
 * answers at once, never after a CLI call: with the last list a window of this profile showed (global state,
 * validated on reading, bounded), or, the very first time, with Cursor's Auto (`auto` on both backends). A model
 * the chat input remembers from an earlier window is then in the list it resolves against. Pure: the store and
 * logger are injected.
 */
import * as z from 'zod/mini';
import type { Logger } from '../../cli/logger';
import type { ModelInfo } from '../../cli/models';
import type { BackendId } from '../../turn/chatBackend';
import { saveQuietly, type PersistentStore } from '../persistentStore';

export const MODEL_MEMORY_KEY = 'cursorAgent.lastModels';
/** More than any account lists (the 2026.10 listing of a large account: about 200). */
export const MAX_REMEMBERED_MODELS = 400;
const MAX_ID_CHARS = 200;

/** Cursor's Auto: the CLI picks the model; the same id on both backends (acp/models.ts maps `default[]` to it). */
export const AUTO_MODEL: ModelInfo = { id: 'auto', label: 'Auto', isDefault: true, isCurrent: false };

export interface RememberedModels {
  backend: BackendId;
  models: ModelInfo[];
}

const text = (max: number) => z.string().check(z.minLength(1), z.maxLength(max));
const modelSchema = z.object({
  id: text(MAX_ID_CHARS),
  label: text(MAX_ID_CHARS),
  contextTokens: z.optional(z.number().check(z.int(), z.positive())),
  isDefault: z.optional(z.boolean()),
});
const memorySchema = z.object({
  backend: z.enum(['print', 'acp']),
  models: z.array(z.unknown()).check(z.maxLength(MAX_REMEMBERED_MODELS)),
});

export class ModelMemory {
  /** Entries of the stored list dropped on reading because they were not models (counted since activation). */
  dropped = 0;
  private cached: RememberedModels | undefined;
  private read = false;

  constructor(private readonly deps: { store: PersistentStore; logger: Logger }) {}

  /** The last list a window of this profile showed, or undefined (never stored, or not a list of ours). */
  last(): RememberedModels | undefined {
    if (this.read) return this.cached;
    this.read = true;
    const raw = this.deps.store.get(MODEL_MEMORY_KEY);
    if (raw === undefined) return undefined;
    const parsed = memorySchema.safeParse(raw);
    if (!parsed.success) {
      this.dropped++;
      this.deps.logger.warn(`[models] the remembered model list is not one of ours: ignored (${parsed.error.issues.length} problems)`);
      return undefined;
    }
    const models: ModelInfo[] = [];
    for (const entry of parsed.data.models) {
      const m = modelSchema.safeParse(entry);
      if (!m.success) {
        this.dropped++;
        continue;
      }
      const { id, label, contextTokens, isDefault } = m.data;
      models.push({ id, label, ...(contextTokens ? { contextTokens } : {}), isDefault: isDefault ?? false, isCurrent: false });
    }
    if (this.dropped > 0) this.deps.logger.warn(`[models] ${this.dropped} entries of the remembered model list were not models: dropped`);
    this.cached = { backend: parsed.data.backend, models };
    return this.cached;
  }

  /** What VS Code is told before the CLI has listed this window's models: the last list, else Auto alone. */
  provisional(): { backend: BackendId; models: ModelInfo[] } {
    const last = this.last();
    if (!last || last.models.length === 0) return { backend: 'print', models: [AUTO_MODEL] };
    return { backend: last.backend, models: last.models };
  }

  /** The CLI listed `models` for `backend`: the next window starts with them. */
  remember(backend: BackendId, models: readonly ModelInfo[]): void {
    if (models.length === 0) return;
    const kept = models
      .slice(0, MAX_REMEMBERED_MODELS)
      .filter((m) => m.id.length <= MAX_ID_CHARS && m.label.length <= MAX_ID_CHARS)
      .map((m) => ({ ...m, isCurrent: false }));
    this.read = true;
    this.cached = { backend, models: kept };
    const stored = kept.map(({ id, label, contextTokens, isDefault }) => ({
      id,
      label: label || id,
      ...(contextTokens ? { contextTokens } : {}),
      isDefault,
    }));
    saveQuietly(this.deps.store, MODEL_MEMORY_KEY, { backend, models: stored }, (why) =>
      this.deps.logger.warn(`[models] could not remember the model list: ${why}`),
    );
  }
}
