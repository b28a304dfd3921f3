"use strict";
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __setModuleDefault = (this && this.__setModuleDefault) || (Object.create ? (function(o, v) {
    Object.defineProperty(o, "default", { enumerable: true, value: v });
}) : function(o, v) {
    o["default"] = v;
});
var __importStar = (this && this.__importStar) || (function () {
    var ownKeys = function(o) {
        ownKeys = Object.getOwnPropertyNames || function (o) {
            var ar = [];
            for (var k in o) if (Object.prototype.hasOwnProperty.call(o, k)) ar[ar.length] = k;
            return ar;
        };
        return ownKeys(o);
    };
    return function (mod) {
        if (mod && mod.__esModule) return mod;
        var result = {};
        if (mod != null) for (var k = ownKeys(mod), i = 0; i < k.length; i++) if (k[i] !== "default") __createBinding(result, mod, k[i]);
        __setModuleDefault(result, mod);
        return result;
    };
})();
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
/**
 * Property: no stdout a misbehaving or future CLI could print makes the
 * reader or the parser throw (a throw would kill the chat turn), and memory
 * stays bounded however long a line is or how much noise arrives.
 */
const assert = __importStar(require("node:assert/strict"));
const fast_check_1 = __importDefault(require("fast-check"));
const ndjson_1 = require("../../../src/cli/ndjson");
const turnParser_1 = require("../../../src/cli/turnParser");
const samples_1 = require("../helpers/samples");
const support_1 = require("./support");
const NOISE_RING = 20;
const NOISE_CHARS = 200;
const EVENT_TYPES = new Set(['session', 'text', 'thinking', 'thinkingDone', 'tool', 'connection', 'usage', 'policyBreach', 'result']);
const KNOWN_TYPES = ['system', 'user', 'thinking', 'assistant', 'tool_call', 'result', 'connection', 'retry'];
/** Future types, and names that are properties of every JavaScript object. */
const OTHER_TYPES = ['telemetry', 'interaction_query', 'status', '', ' ', 'Result', 'ASSISTANT', '__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'prototype', 'length'];
const SUBTYPES = ['init', 'delta', 'completed', 'started', 'success', 'error', 'reconnecting', 'starting', 'reconnected', 'unknown', ''];
const TOOL_KEYS = [
    'readToolCall', 'shellToolCall', 'editToolCall', 'writeToolCall', 'deleteToolCall', 'mcpToolCall', 'grepToolCall', 'globToolCall', 'lsToolCall',
    'fancyNewToolCall', 'ToolCall', 'constructor', '__proto__', 'toString', '',
];
/** Any JSON value, or a plausible one for a field. */
const junk = fast_check_1.default.jsonValue({ maxDepth: 3 });
const text = fast_check_1.default.oneof(fast_check_1.default.string(), fast_check_1.default.string({ unit: 'binary' }), fast_check_1.default.constantFrom('', 'Hello', 'Hello world', ' world', '정확한'));
const toolCallValue = fast_check_1.default.oneof(junk, fast_check_1.default.dictionary(fast_check_1.default.oneof(fast_check_1.default.constantFrom(...TOOL_KEYS), fast_check_1.default.string()), fast_check_1.default.oneof(junk, fast_check_1.default.record({
    args: fast_check_1.default.oneof(junk, fast_check_1.default.dictionary(fast_check_1.default.constantFrom('path', 'command', 'pattern', 'toolName', 'url', 'query', 'constructor'), fast_check_1.default.oneof(text, junk))),
    result: fast_check_1.default.oneof(junk, fast_check_1.default.constantFrom({ success: {} }, { rejected: {} }, { error: { message: 'x' } }, { success: null }, {})),
}, { requiredKeys: [] })), { maxKeys: 3 }));
const messageValue = fast_check_1.default.oneof(junk, fast_check_1.default.record({
    role: fast_check_1.default.oneof(fast_check_1.default.constant('assistant'), junk),
    content: fast_check_1.default.oneof(junk, fast_check_1.default.array(fast_check_1.default.oneof(junk, fast_check_1.default.record({ type: fast_check_1.default.oneof(fast_check_1.default.constantFrom('text', 'image', 'tool_use'), junk), text: fast_check_1.default.oneof(text, junk) }, { requiredKeys: [] })), { maxLength: 4 })),
}, { requiredKeys: [] }));
/** Objects shaped like stream-json events, with right and wrong field types. */
const eventLike = fast_check_1.default.record({
    type: fast_check_1.default.oneof({ weight: 4, arbitrary: fast_check_1.default.constantFrom(...KNOWN_TYPES) }, fast_check_1.default.constantFrom(...OTHER_TYPES), fast_check_1.default.string(), junk),
    subtype: fast_check_1.default.oneof(fast_check_1.default.constantFrom(...SUBTYPES), junk),
    session_id: fast_check_1.default.oneof(fast_check_1.default.uuid(), fast_check_1.default.string(), junk),
    message: messageValue,
    text: fast_check_1.default.oneof(text, junk),
    tool_call: toolCallValue,
    call_id: fast_check_1.default.oneof(fast_check_1.default.string(), fast_check_1.default.constant('call\n1'), junk),
    result: fast_check_1.default.oneof(text, junk),
    is_error: fast_check_1.default.oneof(fast_check_1.default.boolean(), junk),
    usage: fast_check_1.default.oneof(fast_check_1.default.record({ inputTokens: fast_check_1.default.oneof(fast_check_1.default.nat(), junk), outputTokens: fast_check_1.default.oneof(fast_check_1.default.nat(), junk) }, { requiredKeys: [] }), junk),
    duration_ms: fast_check_1.default.oneof(fast_check_1.default.nat(), junk),
    timestamp_ms: fast_check_1.default.oneof(fast_check_1.default.nat(), junk),
    model_call_id: fast_check_1.default.oneof(fast_check_1.default.string(), junk),
    model: fast_check_1.default.oneof(fast_check_1.default.string(), junk),
    cwd: fast_check_1.default.oneof(fast_check_1.default.string(), junk),
    extra: junk,
}, { requiredKeys: ['type'] });
/** A line of stdout: event-like JSON, any JSON, a real sample line, or not JSON at all. */
const samplesLines = (0, samples_1.streamSamples)().flatMap((s) => s.lines);
const lineArb = fast_check_1.default.oneof({ weight: 4, arbitrary: eventLike.map((o) => JSON.stringify(o)) }, { weight: 2, arbitrary: junk.map((v) => JSON.stringify(v)) }, { weight: 2, arbitrary: fast_check_1.default.constantFrom(...samplesLines) }, fast_check_1.default.anything({ maxDepth: 2 }).map((v) => String(JSON.stringify(v))), fast_check_1.default.string({ unit: 'binary', maxLength: 400 }), fast_check_1.default.constantFrom('{', '}', 'null', '[]', '"type"', '{"type":', '{"type":"result"', 'Error: Authentication required.', '{"__proto__":{"type":"result"}}'));
/** Feeds lines and checks the invariants after each one. */
function pushChecked(parser, lines, shown) {
    const all = [];
    for (const line of lines) {
        const events = parser.push(line);
        assert.ok(Array.isArray(events));
        for (const e of events) {
            assert.ok(EVENT_TYPES.has(e.type), `unexpected event type ${e.type}`);
            if (e.type === 'text') {
                assert.equal(typeof e.text, 'string');
                shown.text += e.text;
            }
            if (e.type === 'result')
                assert.ok(parser.done, 'a result marks the turn done');
        }
        // What the user was shown is exactly what the parser says it showed.
        assert.equal(parser.text, shown.text);
        assert.ok(parser.noise.length <= NOISE_RING, `noise ring grew to ${parser.noise.length}`);
        for (const n of parser.noise)
            assert.ok(n.length <= NOISE_CHARS + 1);
        all.push(...events);
    }
    return all;
}
/** Bytes biased toward line structure: newlines, CRs, multi-byte and invalid UTF-8. */
const byteChunk = fast_check_1.default.oneof(fast_check_1.default.uint8Array({ maxLength: 300 }), fast_check_1.default.uint8Array({ minLength: 2000, maxLength: 6000 }), fast_check_1.default.array(fast_check_1.default.constantFrom(0x0a, 0x0d, 0x20, 0x7b, 0x7d, 0x22, 0x61, 0xea, 0xb0, 0x80, 0xff, 0xc3), { maxLength: 200 }).map((a) => Uint8Array.from(a)), fast_check_1.default.constant(Uint8Array.of(0x0a)));
describe('properties: garbage on stdout never breaks a turn', function () {
    this.timeout(60_000);
    it('random bytes in random reads never make the reader throw, and it never holds more than maxLineBytes', () => {
        fast_check_1.default.assert(fast_check_1.default.property(fast_check_1.default.array(byteChunk, { maxLength: 25 }), fast_check_1.default.constantFrom(1, 16, 300, 4096), (chunks, max) => {
            const reader = new ndjson_1.NdjsonLineReader(max);
            const parser = new turnParser_1.TurnParser();
            const shown = { text: '' };
            for (const c of chunks) {
                const lines = reader.push(c);
                assert.ok(reader.pendingSize <= max, `pendingSize ${reader.pendingSize} > ${max}`);
                pushChecked(parser, lines, shown);
            }
            pushChecked(parser, reader.end(), shown);
            assert.equal(reader.pendingSize, 0);
        }), (0, support_1.params)(300));
    });
    it('random strings pushed as text never make the reader throw, and it never holds more than maxLineBytes', () => {
        const piece = fast_check_1.default.oneof(fast_check_1.default.string({ unit: 'binary', maxLength: 200 }), fast_check_1.default.string({ maxLength: 5000 }), fast_check_1.default.constantFrom('\n', '\r\n', '\r', '\uD83D', '\uDE00'));
        fast_check_1.default.assert(fast_check_1.default.property(fast_check_1.default.array(piece, { maxLength: 25 }), fast_check_1.default.constantFrom(1, 16, 300, 4096), (chunks, max) => {
            const reader = new ndjson_1.NdjsonLineReader(max);
            const parser = new turnParser_1.TurnParser();
            const shown = { text: '' };
            for (const c of chunks) {
                pushChecked(parser, reader.push(c), shown);
                assert.ok(reader.pendingSize <= max, `pendingSize ${reader.pendingSize} > ${max}`);
            }
            pushChecked(parser, reader.end(), shown);
        }), (0, support_1.params)(200));
    });
    it('any JSON value on a line is skipped or parsed, never thrown on', () => {
        fast_check_1.default.assert(fast_check_1.default.property(fast_check_1.default.array(fast_check_1.default.jsonValue().map((v) => JSON.stringify(v)), { maxLength: 10 }), (lines) => {
            pushChecked(new turnParser_1.TurnParser(), lines, { text: '' });
        }), (0, support_1.params)(300));
    });
    it('event-shaped lines with wrong field types and unknown or prototype-named types never throw', () => {
        fast_check_1.default.assert(fast_check_1.default.property(fast_check_1.default.array(eventLike.map((o) => JSON.stringify(o)), { minLength: 1, maxLength: 12 }), fast_check_1.default.boolean(), (lines, readOnly) => {
            const parser = new turnParser_1.TurnParser({ readOnly });
            pushChecked(parser, lines, { text: '' });
            assert.equal(parser.stats.lines, lines.length);
            // Unknown types are counted for the log, as numbers, whatever their name.
            const expected = new Map();
            for (const l of lines) {
                const o = JSON.parse(l);
                const envelope = o !== null && typeof o === 'object' && !Array.isArray(o) && typeof o.type === 'string' && (o.subtype === undefined || typeof o.subtype === 'string');
                if (envelope && !KNOWN_TYPES.includes(o.type))
                    expected.set(o.type, (expected.get(o.type) ?? 0) + 1);
            }
            assert.deepEqual(new Map(Object.entries(parser.stats.unknownTypes)), expected);
        }), (0, support_1.params)(400));
    });
    it('a long mixed session of real, odd and broken lines keeps the noise ring bounded and the shown text consistent', () => {
        fast_check_1.default.assert(fast_check_1.default.property(fast_check_1.default.array(lineArb, { minLength: 20, maxLength: 80 }), (lines) => {
            const parser = new turnParser_1.TurnParser();
            pushChecked(parser, lines, { text: '' });
            const s = parser.stats;
            assert.equal(s.lines, lines.length);
            assert.ok(s.nonJsonLines <= lines.length);
        }), (0, support_1.params)(150));
    });
    it('the same lines go through the reader whether it reads them whole or byte-split, under a small line limit', () => {
        // Lines are kept (or dropped as oversized) by their own length, not by
        // where the reads happened to fall: a reference model over the raw bytes.
        const input = fast_check_1.default.array(fast_check_1.default.oneof(lineArb, fast_check_1.default.string({ unit: 'binary', minLength: 40, maxLength: 200 }), fast_check_1.default.constantFrom('', ' ', '\r', 'x'.repeat(63), 'x'.repeat(64), 'x'.repeat(65), 'é'.repeat(32), '정'.repeat(22)), 
        // Multi-byte text near the limits, so reads split characters at the edge.
        fast_check_1.default.string({ unit: fast_check_1.default.constantFrom('é', '정', '\u{10000}', 'a', '\r'), minLength: 3, maxLength: 24 })), { maxLength: 12 });
        fast_check_1.default.assert(fast_check_1.default.property(input, fast_check_1.default.constantFrom('\n', '\r\n'), fast_check_1.default.boolean(), fast_check_1.default.constantFrom(16, 64, 4096), fast_check_1.default.array(fast_check_1.default.nat(), { maxLength: 40 }), (lines, eol, finalEol, max, rawCuts) => {
            const bytes = Buffer.from(lines.join(eol) + (finalEol ? eol : ''), 'utf8');
            const expected = modelLines(bytes, max);
            const cuts = rawCuts.map((c) => (bytes.length ? c % bytes.length : 0));
            for (const chunks of [[bytes], (0, support_1.cutAt)(bytes, cuts)]) {
                const reader = new ndjson_1.NdjsonLineReader(max);
                const got = [...chunks.flatMap((c) => reader.push(c)), ...reader.end()];
                assert.deepEqual(got, expected.lines);
                assert.equal(reader.oversizedLines, expected.oversized);
            }
        }), (0, support_1.params)(400));
    });
});
/** Reference model of NdjsonLineReader: split raw bytes on \n; a line over `max` bytes (its \r included) is dropped. */
function modelLines(bytes, max) {
    const lines = [];
    let oversized = 0;
    let from = 0;
    while (from <= bytes.length) {
        let nl = bytes.indexOf(0x0a, from);
        const last = nl === -1;
        if (last)
            nl = bytes.length;
        const raw = bytes.subarray(from, nl);
        if (raw.length > max)
            oversized++;
        else {
            let line = new TextDecoder().decode(raw);
            if (line.endsWith('\r'))
                line = line.slice(0, -1);
            if (line.trim() !== '')
                lines.push(line);
        }
        if (last)
            break;
        from = nl + 1;
    }
    return { lines, oversized };
}
//# sourceMappingURL=robustness.test.js.map