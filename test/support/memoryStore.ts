import type { PersistentStore } from '../../src/services/persistentStore';

/** The workspace storage, as a map that round-trips through JSON like VS Code's does. */
export class MemoryStore implements PersistentStore {
  readonly values = new Map<string, unknown>();
  get(key: string): unknown {
    const v = this.values.get(key);
    return v === undefined ? undefined : JSON.parse(JSON.stringify(v));
  }
  update(key: string, value: unknown): Promise<void> {
    // As VS Code's Memento: undefined removes the key.
    if (value === undefined) {
      this.values.delete(key);
      return Promise.resolve();
    }
    this.values.set(key, JSON.parse(JSON.stringify(value)));
    return Promise.resolve();
  }
}
