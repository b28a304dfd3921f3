"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ErrorTextGuard = void 0;
exports.classifyMessageText = classifyMessageText;
const failureClassifier_1 = require("../cli/failureClassifier");
/** Starts of a line that may be a failure message (matched case-sensitively, as the CLI writes them). */
const MARKERS = [
    'Error:', 'RetriableError', 'ConnectError', '[unavailable]', '[unauthenticated]', '[resource_exhausted]', '[permission_denied]',
    'Upgrade your plan', 'Add a payment method', "You've hit your usage limit",
];
/** Failure messages are a sentence or two; held text longer than this is an answer after all. */
const MAX_HELD_CHARS = 2000;
/** Bare sentences the CLI sends as the whole message, with the kind print mode gives them. */
const BARE = [
    { re: /^Upgrade your plan to continue\b/i, kind: 'usageLimit' },
    { re: /^Add a payment method to continue\b/i, kind: 'usageLimit' },
    { re: /^You've hit your usage limit\b/i, kind: 'usageLimit' },
];
/** The kind of a failure message, or undefined when the text is an ordinary answer. */
function classifyMessageText(text) {
    const t = text.trim();
    if (t === '' || !MARKERS.some((m) => t.startsWith(m)))
        return undefined;
    for (const b of BARE)
        if (b.re.test(t))
            return b.kind;
    // gRPC codes print mode never sees bare: unavailable / deadline exceeded are the network's.
    return (0, failureClassifier_1.classifyStderr)(t) ?? (/\[(?:unavailable|deadline_exceeded)\]/.test(t) ? 'network' : undefined);
}
function startsWithMarker(line) {
    const t = line.trimStart();
    return MARKERS.some((m) => t.startsWith(m));
}
function mayStartMarker(line) {
    const t = line.trimStart();
    if (t === '')
        return true;
    return MARKERS.some((m) => m.startsWith(t) || t.startsWith(m));
}
/**
 * Splits streamed answer text into what can be shown now and what is held: a
 * line that starts like a failure message is held until the turn ends (then
 * {@link finish} says whether it was one) or until it stops looking like one.
 */
class ErrorTextGuard {
    /** Text after the last newline that is shown (or nothing shown yet): the current line. */
    held = '';
    /** Once a held line starts with a full marker it stays held until the end. */
    committed = false;
    /** Returns the part of `delta` that can be shown now. */
    push(delta) {
        if (this.committed) {
            this.held += delta;
            if (this.held.length <= MAX_HELD_CHARS)
                return '';
            // Too long for a failure message: an answer that happens to start like one.
            const out = this.held;
            this.held = '';
            this.committed = false;
            return out;
        }
        const all = this.held + delta;
        let from = 0;
        for (;;) {
            const nl = all.indexOf('\n', from);
            const line = nl === -1 ? all.slice(from) : all.slice(from, nl);
            if (startsWithMarker(line)) {
                // From here to the end of the turn is held: a failure message may span lines.
                this.committed = true;
                this.held = all.slice(from);
                return all.slice(0, from);
            }
            if (nl === -1) {
                const possible = line.trim() !== '' && mayStartMarker(line);
                this.held = possible ? line : '';
                return possible ? all.slice(0, from) : all;
            }
            from = nl + 1;
        }
    }
    /** The end of the turn: the failure kind of the held text (then it is dropped), or the text still to show. */
    finish() {
        const held = this.held;
        this.held = '';
        this.committed = false;
        const kind = classifyMessageText(held);
        return kind ? { kind, text: held.trim(), raw: held } : { rest: held };
    }
}
exports.ErrorTextGuard = ErrorTextGuard;
//# sourceMappingURL=textErrors.js.map