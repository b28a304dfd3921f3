"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.installUnhandledHooks = installUnhandledHooks;
exports.hooksInstalled = hooksInstalled;
exports.unhandledSoFar = unhandledSoFar;
const seen = [];
let installed = false;
const onRejection = (reason) => seen.push({ type: 'unhandledRejection', text: describe(reason), at: Date.now() });
const onException = (err) => seen.push({ type: 'uncaughtException', text: describe(err), at: Date.now() });
function describe(reason) {
    if (reason instanceof Error)
        return reason.stack ?? `${reason.name}: ${reason.message}`;
    try {
        return typeof reason === 'string' ? reason : JSON.stringify(reason);
    }
    catch {
        return String(reason);
    }
}
function installUnhandledHooks() {
    if (installed)
        return;
    installed = true;
    process.on('unhandledRejection', onRejection);
    process.on('uncaughtExceptionMonitor', onException);
}
/** Whether the hooks are still installed (nothing removed them since the suite started). */
function hooksInstalled() {
    return process.listeners('unhandledRejection').includes(onRejection) && process.listeners('uncaughtExceptionMonitor').includes(onException);
}
function unhandledSoFar() {
    return seen;
}
//# sourceMappingURL=unhandled.js.map