"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.saveQuietly = saveQuietly;
/** Saves `value` under `key` without waiting; a failed write is logged, never thrown into a turn. */
function saveQuietly(store, key, value, onError) {
    if (!store)
        return;
    try {
        Promise.resolve(store.update(key, value)).catch((err) => onError(err instanceof Error ? err.message : String(err)));
    }
    catch (err) {
        onError(err instanceof Error ? err.message : String(err));
    }
}
//# sourceMappingURL=persistentStore.js.map