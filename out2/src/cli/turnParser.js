"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.TurnParser = exports.OTHER_TYPES = void 0;
/**
 * Turns stream-json lines into an ordered stream of typed {@link TurnEvent}s a
 * UI can render. Tolerant: unknown event types and fields are counted, lines
 * that are not JSON are kept in a bounded diagnostic ring, and nothing here
 * throws on bad input.
 */
const jsonDepth_1 = require("./jsonDepth");
const textDedupe_1 = require("./textDedupe");
const toolActivity_1 = require("./toolActivity");
const streamSchema_1 = require("./streamSchema");
const NOISE_RING = 20;
const NOISE_CHARS = 200;
/** Distinct unknown event types counted one by one; later ones are counted under {@link OTHER_TYPES}. */
const MAX_UNKNOWN_TYPES = 32;
/** Longer type names are cut (they are logged). */
const MAX_TYPE_CHARS = 64;
exports.OTHER_TYPES = '(other)';
/** Lines up to this size are parsed without the nesting check (a short line parses fast whatever its shape). */
const DEPTH_CHECK_FROM_CHARS = 4096;
class TurnParser {
    opts;
    // unknownTypes has no prototype: a line's `type` is any string, `__proto__` and `constructor` included.
    stats = { lines: 0, events: 0, nonJsonLines: 0, invalidEvents: 0, unknownTypes: Object.create(null), unknownFields: 0 };
    /** The last few non-JSON lines (truncated), for the log. */
    noise = [];
    dedupe = new textDedupe_1.AssistantTextDedupe();
    sessionIdValue;
    resultText;
    finished = false;
    breached = false;
    syntheticIds = 0;
    startedTools = new Map();
    constructor(opts = { readOnly: true }) {
        this.opts = opts;
    }
    get sessionId() {
        return this.sessionIdValue;
    }
    /** True once a `result` line arrived (the turn is complete). */
    get done() {
        return this.finished;
    }
    /** Assistant text shown so far (deduplicated). */
    get text() {
        return this.dedupe.text;
    }
    /**
     * The answer as the CLI states it: `result.result` once a successful
     * `result` arrived (the authority, even where the shown text differs), else
     * the text shown so far.
     */
    get answer() {
        return this.resultText ?? this.dedupe.text;
    }
    /** Recaps that neither equalled nor extended what their stretch showed (kept as shown; worth a log line). */
    get recapMismatches() {
        return this.dedupe.recapMismatches;
    }
    /** Parses one line; returns the events it produced, in order. */
    push(line) {
        this.stats.lines++;
        // Nested brackets cost JSON.parse seconds per megabyte; no event nests deeply.
        if (line.length > DEPTH_CHECK_FROM_CHARS && (0, jsonDepth_1.exceedsJsonDepth)(line))
            return this.noiseLine(line);
        let raw;
        try {
            raw = JSON.parse(line);
        }
        catch {
            return this.noiseLine(line);
        }
        const env = (0, streamSchema_1.envelopeOf)(raw);
        if (!env)
            return this.noiseLine(line);
        // Own keys only: `constructor`, `toString`, `__proto__`… are unknown types, not Object.prototype members.
        const known = Object.hasOwn(streamSchema_1.KNOWN_FIELDS, env.type) ? streamSchema_1.KNOWN_FIELDS[env.type] : undefined;
        if (!known) {
            this.countUnknownType(env.type);
            return [];
        }
        for (const k in env.fields)
            if (!known.has(k))
                this.stats.unknownFields++;
        const out = this.dispatch(env.type, raw);
        this.stats.events += out.length;
        return out;
    }
    dispatch(type, raw) {
        switch (type) {
            case 'system': {
                const p = streamSchema_1.systemInitSchema.safeParse(raw);
                if (!p.success)
                    return this.invalid();
                const sid = p.data.session_id;
                if (!sid)
                    return [];
                this.sessionIdValue = sid;
                return [{ type: 'session', sessionId: sid, ...(p.data.model ? { model: p.data.model } : {}), ...(p.data.cwd ? { cwd: p.data.cwd } : {}) }];
            }
            case 'user':
                return []; // the prompt echoed back: never shown
            case 'thinking': {
                const p = streamSchema_1.thinkingSchema.safeParse(raw);
                if (!p.success)
                    return this.invalid();
                if (p.data.subtype === 'completed')
                    return [{ type: 'thinkingDone' }];
                return p.data.text ? [{ type: 'thinking', text: p.data.text }] : [];
            }
            case 'assistant': {
                const p = streamSchema_1.assistantSchema.safeParse(raw);
                if (!p.success)
                    return this.invalid();
                let fragment = '';
                for (const part of p.data.message.content)
                    if (part.type === 'text' && part.text)
                        fragment += part.text;
                const fresh = this.dedupe.push(fragment, { timestampMs: p.data.timestamp_ms, modelCallId: p.data.model_call_id });
                return fresh ? [{ type: 'text', text: fresh }] : [];
            }
            case 'tool_call':
                return this.toolCall(raw);
            case 'result': {
                const p = streamSchema_1.resultSchema.safeParse(raw);
                if (!p.success)
                    return this.invalid();
                this.finished = true;
                const out = [];
                const isError = p.data.is_error === true || p.data.subtype === 'error';
                let mismatch = false;
                if (!isError && typeof p.data.result === 'string') {
                    this.resultText = p.data.result;
                    const r = this.dedupe.reconcile(p.data.result);
                    if (r.rest)
                        out.push({ type: 'text', text: r.rest });
                    mismatch = r.mismatch;
                }
                if (p.data.session_id)
                    this.sessionIdValue = p.data.session_id;
                if (p.data.usage)
                    out.push({ type: 'usage', usage: p.data.usage });
                out.push({
                    type: 'result',
                    text: isError ? (p.data.result ?? '') : this.dedupe.text,
                    isError,
                    mismatch,
                    ...(this.sessionIdValue ? { sessionId: this.sessionIdValue } : {}),
                    ...(p.data.duration_ms !== undefined ? { durationMs: p.data.duration_ms } : {}),
                    ...(p.data.usage ? { usage: p.data.usage } : {}),
                });
                return out;
            }
            case 'connection':
            case 'retry': {
                const p = streamSchema_1.connectionSchema.safeParse(raw);
                if (!p.success)
                    return this.invalid();
                return [{ type: 'connection', state: `${p.data.type}${p.data.subtype ? `/${p.data.subtype}` : ''}` }];
            }
            default:
                return [];
        }
    }
    toolCall(raw) {
        const p = streamSchema_1.toolCallSchema.safeParse(raw);
        if (!p.success)
            return this.invalid();
        const d = (0, toolActivity_1.describeToolCall)(p.data.tool_call);
        const phase = p.data.subtype === 'completed' ? 'completed' : 'started';
        let callId = p.data.call_id;
        if (!callId) {
            // Abridged captures drop call_id: pair a completion with the last start of its kind.
            callId = phase === 'completed' ? this.startedTools.get(d.kind) ?? `call-${++this.syntheticIds}` : `call-${++this.syntheticIds}`;
        }
        if (phase === 'started') {
            this.dedupe.resetStretch();
            this.startedTools.set(d.kind, callId);
        }
        const out = [
            {
                type: 'tool',
                callId,
                phase,
                kind: d.kind,
                summary: d.summary,
                mutating: d.mutating,
                ...(d.path ? { path: d.path } : {}),
                ...(d.outcome ? { outcome: d.outcome } : {}),
            },
        ];
        if (this.opts.readOnly && phase === 'completed' && d.mutating && d.outcome === 'success' && !this.breached) {
            this.breached = true;
            out.push({ type: 'policyBreach', kind: d.kind, summary: d.summary });
        }
        return out;
    }
    /** Bounded: at most {@link MAX_UNKNOWN_TYPES} names of at most {@link MAX_TYPE_CHARS} characters, the rest as `(other)`. */
    countUnknownType(type) {
        const types = this.stats.unknownTypes;
        let name = type.length > MAX_TYPE_CHARS ? type.slice(0, MAX_TYPE_CHARS) + '…' : type;
        if (!Object.hasOwn(types, name) && Object.keys(types).length >= MAX_UNKNOWN_TYPES)
            name = exports.OTHER_TYPES;
        types[name] = (types[name] ?? 0) + 1;
    }
    invalid() {
        this.stats.invalidEvents++;
        return [];
    }
    noiseLine(line) {
        this.stats.nonJsonLines++;
        this.noise.push(line.length > NOISE_CHARS ? line.slice(0, NOISE_CHARS) + '…' : line);
        if (this.noise.length > NOISE_RING)
            this.noise.shift();
        return [];
    }
}
exports.TurnParser = TurnParser;
//# sourceMappingURL=turnParser.js.map