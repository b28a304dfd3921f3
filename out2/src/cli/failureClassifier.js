"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ERROR_PATTERNS = exports.CLASSIFY_MAX_CHARS = void 0;
exports.classifyFailure = classifyFailure;
exports.classifyStderr = classifyStderr;
exports.tailOf = tailOf;
/**
 * Turns raw evidence of a failed `cursor-agent` run (spawn error codes, exit
 * codes, stderr and error-result wording) into a {@link CliError} of a known
 * kind. Pure.
 */
const errors_1 = require("./errors");
/** Maps raw evidence of a failed run to an error kind. Pure; order matters. */
function classifyFailure(ev, d = {}) {
    // Only the end of each text is ever read (an error result line can be megabytes long).
    const stderr = ev.stderr ?? '';
    const resultError = ev.resultError;
    const tail = tailOf(resultError ? `${capTail(stderr)}\n${capTail(resultError)}` : stderr);
    const make = (kind, extra = {}) => new errors_1.CliError((0, errors_1.describeError)(kind, { ...d, ...extra }), { stderrTail: tail, exitCode: ev.exitCode ?? null });
    switch (ev.spawnErrorCode) {
        case 'ENOENT':
            return make('notInstalled');
        case 'EACCES':
        case 'EPERM':
            return make('notExecutable', { detail: 'permission denied' });
        case 'EINVAL':
            return make('notExecutable', { detail: 'Windows refused to start a .cmd shim without a shell' });
        case 'E2BIG':
            return make('promptTooLarge');
        case undefined:
            break;
        default:
            return make('notExecutable', { detail: ev.spawnErrorCode });
    }
    // The CLI's own error result first, then stderr.
    const found = (resultError ? classifyMessage(resultError) : undefined) ?? classifyMessage(stderr);
    if (found?.kind === 'unknownModel') {
        // Model ids contain dots (`claude-4.5-sonnet`): only a dot before the list or the line end ends the id.
        const line = found.line;
        const m = /Cannot use this model: ?(\S{1,200}?)\.?(?: Available models: ?(.{0,2000}))?$/i.exec(line) ?? /Invalid model value: ?(\S{1,200}?)\.?$/i.exec(line);
        const listed = m?.[2]?.split(/[, ]+/).map((s) => s.trim().replace(/\.$/, '')).filter(Boolean);
        return make('unknownModel', { model: m?.[1] ?? d.model, knownModels: listed && listed.length > 0 ? listed : d.knownModels });
    }
    if (found)
        return make(found.kind);
    if (ev.noOutput && (ev.exitCode === 0 || ev.exitCode == null) && !resultError) {
        return make('malformedStream', { detail: 'it exited without printing anything; very large prompts do this' });
    }
    const firstLine = (resultError ? detailLine(resultError) : undefined) ?? detailLine(stderr);
    const detail = firstLine
        ? firstLine.slice(0, 300)
        : ev.signal
            ? `it was killed by ${ev.signal}`
            : ev.exitCode != null
                ? `exit code ${ev.exitCode}`
                : undefined;
    return make('unknown', { detail });
}
/** How much of the end of a text the classifier reads: the CLI's error is at the end, and no pattern ever sees more. */
exports.CLASSIFY_MAX_CHARS = 4096;
/** Lines longer than this are cut (from the start) before matching. */
const MAX_LINE_CHARS = 1000;
/** How far back from the last line the CLI's final message may start. */
const FINAL_MESSAGE_LINES = 4;
/**
 * The CLI's known wordings, **most specific first**: when one message carries
 * two (a usage-limit message that mentions `agent login`), the earlier kind
 * wins. Every pattern is linear in its input: fixed words, bounded runs
 * (`\S{1,200}`, never `.*` between words) and single spaces (lines are
 * whitespace-collapsed before matching).
 */
exports.ERROR_PATTERNS = [
    { kind: 'keychainLocked', re: /keychain is locked|unlock-keychain/i },
    { kind: 'ideLauncherOnly', re: /No Cursor IDE installation found/i },
    { kind: 'sessionInUse', re: /Session ID \S{1,200} is already in use/i },
    { kind: 'resumeFailed', re: /No previous chats found|\b(?:chat|session)(?: id)? "?[0-9a-f][0-9a-f-]{7,100}"? (?:was )?not found/i },
    { kind: 'invalidApiKey', re: /API key is invalid|invalid API key/i },
    { kind: 'unknownModel', re: /Cannot use this model|Invalid model value/i },
    { kind: 'usageLimit', re: /usage limit|\[permission_denied\]/i },
    // `429` only as a word of its own: never a line number (`index.js:429:17`), a version or an id.
    { kind: 'rateLimit', re: /\[resource_exhausted\]|rate.?limit|too many requests|(?<![\w:.\/-])429(?![\w:.\/-])/i },
    { kind: 'promptTooLarge', re: /context (?:window|length)|prompt is too (?:long|large)|too many tokens/i },
    { kind: 'loggedOut', re: /Authentication required|Not logged in|\bunauthenticated\b|agent login/i },
    { kind: 'network', re: /Connection lost|reconnecting to|RetriableError|ECONNREFUSED|ENOTFOUND|ETIMEDOUT|ECONNRESET|EAI_AGAIN|getaddrinfo|network error|socket hang up/i },
];
/** A line of a stack trace (`    at f (file:///x/index.js:429:17)`) or a bare source location: never the CLI's message. */
const STACK_FRAME = /^at \S|^(?:file:\/\/)?\S{0,500}\.[cm]?js:\d{1,9}(?::\d{1,9})?$|^\^+$/;
/** The CLI says it is reconnecting: a notice it may recover from, not the failure itself (unless it is the last word). */
const TRANSIENT_NOTICE = /^(?:Connection lost|Reconnecting|Reconnected|Retrying)\b/i;
/** Where an error message starts: `Error: …`, `RetriableError: …`, `error: …`, `[code] …`. */
const MESSAGE_START = /^(?:[A-Z]\w{0,60})?Error\b|^error:|^\[\w{1,40}\]/;
/** The capped end of `text`, as trimmed, whitespace-collapsed lines without stack frames. */
function messageLines(text) {
    const out = [];
    const lines = capTail(text).split(/\r?\n|\r/);
    // A cut text starts inside a line: that fragment is not a line the CLI printed.
    if (text.length > exports.CLASSIFY_MAX_CHARS && lines.length > 1)
        lines.shift();
    for (const raw of lines) {
        const line = (raw.length > MAX_LINE_CHARS ? raw.slice(raw.length - MAX_LINE_CHARS) : raw).replace(/\s+/g, ' ').trim();
        if (line !== '' && !STACK_FRAME.test(line))
            out.push(line);
    }
    return out;
}
function kindOf(text) {
    for (const p of exports.ERROR_PATTERNS)
        if (p.re.test(text))
            return p.kind;
    return undefined;
}
/**
 * Classifies the CLI's last message: the lines it ended with (back to where
 * that message starts, at most a few), read as one text so the most specific
 * wording wins; then, newest first, the earlier lines, skipping reconnect
 * notices the CLI went on from. Stack frames never count.
 */
function classifyMessage(text) {
    const lines = messageLines(text);
    if (lines.length === 0)
        return undefined;
    let start = lines.length - 1;
    for (let i = lines.length - 1; i >= Math.max(0, lines.length - FINAL_MESSAGE_LINES); i--) {
        if (MESSAGE_START.test(lines[i])) {
            start = i;
            break;
        }
    }
    const final = lines.slice(start);
    const kind = kindOf(final.join(' '));
    if (kind)
        return { kind, line: final.find((l) => kindOf(l) === kind) ?? final.join(' ') };
    for (let i = start - 1; i >= 0; i--) {
        if (TRANSIENT_NOTICE.test(lines[i]))
            continue;
        const k = kindOf(lines[i]);
        if (k)
            return { kind: k, line: lines[i] };
    }
    return undefined;
}
/** Recognises the CLI's known wordings in the end of `text` (stderr, an error result, non-JSON status output). */
function classifyStderr(text) {
    return classifyMessage(text)?.kind;
}
/** The line to quote for an unknown failure: the first one that is neither a stack frame nor a reconnect notice. */
function detailLine(text) {
    const lines = messageLines(text);
    return lines.find((l) => !TRANSIENT_NOTICE.test(l)) ?? lines[0];
}
/** The last `max` characters of `text` (the classifier never reads more). */
function capTail(text, max = exports.CLASSIFY_MAX_CHARS) {
    return text.length <= max ? text : text.slice(text.length - max);
}
/** Last lines of stderr, bounded, for logs. */
function tailOf(text, maxChars = 2000) {
    const t = capTail(text, maxChars * 2).trimEnd();
    return t.length <= maxChars ? t : '…' + t.slice(t.length - maxChars);
}
//# sourceMappingURL=failureClassifier.js.map