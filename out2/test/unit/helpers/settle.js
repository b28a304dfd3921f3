"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.settle = settle;
/**
 * Waits until `cond` holds, polling, for at most `ms` (generous: a loaded CI machine is slow).
 * Never throws: the test's own assertions, unchanged, say what was expected.
 */
async function settle(cond, ms = 5000) {
    const end = Date.now() + ms;
    while (!cond() && Date.now() < end)
        await new Promise((r) => setTimeout(r, 5));
}
//# sourceMappingURL=settle.js.map