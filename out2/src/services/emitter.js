"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.Emitter = void 0;
class Emitter {
    listeners = new Set();
    event = (listener) => {
        this.listeners.add(listener);
        return { dispose: () => this.listeners.delete(listener) };
    };
    fire(value) {
        for (const l of [...this.listeners]) {
            try {
                l(value);
            }
            catch {
                // A faulty listener must not break the others.
            }
        }
    }
    dispose() {
        this.listeners.clear();
    }
}
exports.Emitter = Emitter;
//# sourceMappingURL=emitter.js.map