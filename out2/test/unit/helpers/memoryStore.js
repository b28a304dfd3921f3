"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.MemoryStore = void 0;
/** The workspace storage, as a map that round-trips through JSON like VS Code's does. */
class MemoryStore {
    values = new Map();
    get(key) {
        const v = this.values.get(key);
        return v === undefined ? undefined : JSON.parse(JSON.stringify(v));
    }
    update(key, value) {
        // As VS Code's Memento: undefined removes the key.
        if (value === undefined) {
            this.values.delete(key);
            return Promise.resolve();
        }
        this.values.set(key, JSON.parse(JSON.stringify(value)));
        return Promise.resolve();
    }
}
exports.MemoryStore = MemoryStore;
//# sourceMappingURL=memoryStore.js.map