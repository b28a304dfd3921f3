"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.cancellationSource = cancellationSource;
/** A cancellation token for plain-Node tests (the shape of vscode.CancellationToken) and the button that stops it. */
function cancellationSource() {
    const listeners = [];
    let requested = false;
    const token = {
        get isCancellationRequested() {
            return requested;
        },
        onCancellationRequested(l) {
            listeners.push(l);
            return { dispose: () => void listeners.splice(listeners.indexOf(l) >>> 0, 1) };
        },
    };
    return {
        token,
        cancel() {
            requested = true;
            for (const l of listeners.splice(0))
                l();
        },
    };
}
//# sourceMappingURL=cancellation.js.map