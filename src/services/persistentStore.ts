/**
 * Where a service keeps a small record that must survive a window reload (the
 * extension's workspace storage, `ExtensionContext.workspaceState`, has this
 * shape). What comes back was written by an earlier session of this extension
 * but sits on disk, so readers validate it.
 */
export interface PersistentStore {
  get(key: string): unknown;
  update(key: string, value: unknown): PromiseLike<void>;
}

/** Saves `value` under `key` without waiting; a failed write is logged, never thrown into a turn. */
export function saveQuietly(store: PersistentStore | undefined, key: string, value: unknown, onError: (why: string) => void): void {
  if (!store) return;
  try {
    Promise.resolve(store.update(key, value)).catch((err: unknown) => onError(err instanceof Error ? err.message : String(err)));
  } catch (err) {
    onError(err instanceof Error ? err.message : String(err));
  }
}
