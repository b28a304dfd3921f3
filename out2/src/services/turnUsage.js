"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.CONTEXT_WARNING_RATIO = void 0;
exports.compactTokens = compactTokens;
exports.usageLine = usageLine;
exports.contextWarning = contextWarning;
/** Past this share of the context window, the line says so and suggests a new chat. */
exports.CONTEXT_WARNING_RATIO = 0.8;
/** `24000` → `24k`, `1_000_000` → `1M`, `950` → `950`. */
function compactTokens(n) {
    if (n >= 1_000_000)
        return `${+(n / 1_000_000).toFixed(n % 1_000_000 === 0 ? 0 : 1)}M`;
    if (n >= 1_000)
        return `${Math.round(n / 1_000)}k`;
    return String(Math.round(n));
}
function usageLine(t) {
    const n = (x) => (x ?? 0).toLocaleString('en-US');
    const u = t.usage;
    const parts = [t.model, `${n(u.inputTokens)} input`, `${n(u.outputTokens)} output tokens`];
    if (u.cacheReadTokens)
        parts.push(`${n(u.cacheReadTokens)} cached`);
    let contextRatio;
    // The input of the last request is what the conversation now fills of the window.
    if (t.contextTokens && t.contextTokens > 0 && u.inputTokens !== undefined && u.inputTokens > 0) {
        contextRatio = u.inputTokens / t.contextTokens;
        parts.push(`${compactTokens(u.inputTokens)} of ${compactTokens(t.contextTokens)} context`);
    }
    return { text: parts.filter(Boolean).join(' · '), contextRatio, nearlyFull: contextRatio !== undefined && contextRatio >= exports.CONTEXT_WARNING_RATIO };
}
/** The sentence under a nearly full context. */
function contextWarning(line) {
    if (!line.nearlyFull || line.contextRatio === undefined)
        return undefined;
    return `The context is ${Math.min(100, Math.round(line.contextRatio * 100))}% full: start a new chat to keep answers sharp (earlier turns may be dropped or summarised).`;
}
//# sourceMappingURL=turnUsage.js.map