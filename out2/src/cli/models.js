"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.parseModelsOutput = parseModelsOutput;
exports.contextTokensOf = contextTokensOf;
/**
 * Parses the plain-text output of `cursor-agent models` (there is no JSON
 * option). Pure.
 *
 * Shape: a header (`Available models`, or `Available models:` and
 * `Use --model <id> to select a model.`), blank lines, `<id> - <label>` lines
 * (`auto - Auto (default)`), then a `Tip: …` line; an empty account prints
 * `No models available for this account.`. Labels may carry ANSI colour codes,
 * zero-width spaces and double spaces.
 */
const args_1 = require("./args");
const cliText_1 = require("./cliText");
const redact_1 = require("./redact");
const HEADER = /^(?:Available models:?|Use --model\b.*)$/i;
const TIP = /^Tip\b:?/i;
const EMPTY = /^No models available\b/i;
const MODEL_LINE = /^(\S+) - (.+)$/;
// Lines are cleaned first (single spaces only), so each ` ?` is one optional space, never a run to backtrack over.
const MARKERS = / ?\( ?((?:default|current)(?: ?[,/&] ?(?:default|current))*) ?\)/gi;
/** Real lines are under 200 characters; longer ones are not model lines (and are not cleaned whole). */
const MAX_LINE_CHARS = 1000;
/** Real lists have about a hundred models; lines past this many are not read (counted as ignored). */
const MAX_LINES = 2000;
/** Parses `cursor-agent models` stdout. Never throws. */
function parseModelsOutput(stdout) {
    const byId = new Map();
    let empty = false;
    let ignoredLines = 0;
    const lines = stdout.split(/\r?\n|\r/);
    if (lines.length > MAX_LINES)
        ignoredLines += lines.splice(MAX_LINES).filter((l) => l.trim() !== '').length;
    for (const raw of lines) {
        if (raw.length > MAX_LINE_CHARS) {
            ignoredLines++;
            continue;
        }
        const line = (0, cliText_1.cleanCliLine)(raw);
        if (line === '' || HEADER.test(line) || TIP.test(line))
            continue;
        if (EMPTY.test(line)) {
            empty = true;
            continue;
        }
        const m = MODEL_LINE.exec(line);
        if (!m || !(0, args_1.isSafeId)(m[1])) {
            ignoredLines++;
            continue;
        }
        const model = parseModelLine(m[1], m[2]);
        const seen = byId.get(model.id);
        if (seen) {
            seen.isDefault ||= model.isDefault;
            seen.isCurrent ||= model.isCurrent;
        }
        else {
            byId.set(model.id, model);
        }
    }
    const models = [...byId.values()];
    return { models, empty: empty && models.length === 0, ignoredLines };
}
function parseModelLine(id, rawLabel) {
    let isDefault = false;
    let isCurrent = false;
    const label = rawLabel
        .replace(MARKERS, (_all, inner) => {
        if (/default/i.test(inner))
            isDefault = true;
        if (/current/i.test(inner))
            isCurrent = true;
        return '';
    })
        .trim();
    const contextTokens = contextTokensOf(label);
    // Shown in /models and the model picker: redacted like any other text from the CLI.
    return { id, label: (0, redact_1.redactSecrets)(label) || id, isDefault, isCurrent, ...(contextTokens !== undefined ? { contextTokens } : {}) };
}
/** `Grok 4.7 256K Extra High` → 256000, `Sonnet 4.5 1M` → 1000000; undefined when no size is stated. */
function contextTokensOf(label) {
    const m = /(?:^|[\s(\[,])(\d+(?:\.\d+)?)\s?([KkMm])(?=$|[\s)\],])/.exec(label);
    if (!m)
        return undefined;
    const n = Number(m[1]) * (m[2].toUpperCase() === 'K' ? 1_000 : 1_000_000);
    // Guard against things like a version "4M" that is not a plausible window.
    return Number.isFinite(n) && n >= 1_000 && n <= 100_000_000 ? Math.round(n) : undefined;
}
//# sourceMappingURL=models.js.map