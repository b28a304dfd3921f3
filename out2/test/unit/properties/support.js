"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.runs = runs;
exports.params = params;
exports.runChunks = runChunks;
exports.cutAt = cutAt;
const ndjson_1 = require("../../../src/cli/ndjson");
const turnParser_1 = require("../../../src/cli/turnParser");
const scale = Number(process.env.PROPERTY_RUNS_SCALE ?? '1');
/** Number of runs for a property, scaled by PROPERTY_RUNS_SCALE. */
function runs(n) {
    return Math.max(1, Math.round(n * (Number.isFinite(scale) && scale > 0 ? scale : 1)));
}
/** fc.assert parameters: the run count, plus a seed/path replay when asked for. */
function params(numRuns) {
    const p = { numRuns: runs(numRuns) };
    if (process.env.PROPERTY_SEED)
        p.seed = Number(process.env.PROPERTY_SEED);
    if (process.env.PROPERTY_PATH)
        p.path = process.env.PROPERTY_PATH;
    return p;
}
/** Feeds chunks through NdjsonLineReader → TurnParser, as the runner does. */
function runChunks(chunks, opts = {}) {
    const reader = new ndjson_1.NdjsonLineReader(opts.maxLineBytes);
    const parser = new turnParser_1.TurnParser({ readOnly: opts.readOnly ?? true });
    const lines = [];
    const events = [];
    const feed = (ls) => {
        for (const l of ls) {
            lines.push(l);
            events.push(...parser.push(l));
        }
    };
    for (const c of chunks)
        feed(reader.push(c));
    feed(reader.end());
    return {
        lines,
        events,
        text: events.flatMap((e) => (e.type === 'text' ? [e.text] : [])).join(''),
        sessionId: parser.sessionId,
        done: parser.done,
        result: events.find((e) => e.type === 'result'),
        noise: [...parser.noise],
        oversizedLines: reader.oversizedLines,
    };
}
/** Splits `bytes` at the given offsets (any order, duplicates and out-of-range ignored). */
function cutAt(bytes, cuts) {
    const points = [...new Set(cuts.filter((c) => c > 0 && c < bytes.length))].sort((a, b) => a - b);
    const out = [];
    let from = 0;
    for (const p of points) {
        out.push(bytes.subarray(from, p));
        from = p;
    }
    out.push(bytes.subarray(from));
    return out;
}
//# sourceMappingURL=support.js.map