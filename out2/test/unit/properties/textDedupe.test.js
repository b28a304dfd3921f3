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
 * Property: whatever way the CLI splits the answer into deltas and recaps,
 * the user sees each stretch of text exactly once. Random stretches (built
 * from tokens real streams repeat: `=`, blank lines, repeated words, and
 * deltas equal to a prefix of the stretch so far), split into random deltas,
 * each followed by its recap with the real metadata (`model_call_id` before a
 * tool call, neither field at the end), tool calls between stretches, some
 * stretches arriving only as their recap, with and without partial output.
 * The text shown before the `result` line equals `result.result` every time.
 */
const assert = __importStar(require("node:assert/strict"));
const fast_check_1 = __importDefault(require("fast-check"));
const turnParser_1 = require("../../../src/cli/turnParser");
const support_1 = require("./support");
const TOKENS = ['=', '==', '\n', '\n\n', 'ha', '!', ' ', 'the ', 'a', 'é', '😀', '# ', '-', '`', 'Hello', '.'];
/** A stretch's deltas: tokens, some of them a copy of a prefix of the stretch so far. */
const deltasArb = fast_check_1.default
    .array(fast_check_1.default.oneof(fast_check_1.default.record({ token: fast_check_1.default.constantFrom(...TOKENS) }), fast_check_1.default.record({ prefixOf: fast_check_1.default.integer({ min: 1, max: 40 }) })), { minLength: 1, maxLength: 12 })
    .map((steps) => {
    const deltas = [];
    let text = '';
    for (const s of steps) {
        const cps = Array.from(text);
        const d = 'token' in s ? s.token : cps.length > 0 ? cps.slice(0, Math.min(s.prefixOf, cps.length)).join('') : '=';
        deltas.push(d);
        text += d;
    }
    return deltas;
});
const stretchArb = fast_check_1.default.record({ deltas: deltasArb, recapOnly: fast_check_1.default.boolean(), recapTimestamp: fast_check_1.default.boolean() });
let clock = 1_786_958_616_841;
const line = (o) => JSON.stringify(o);
const assistant = (text, extra) => line({ type: 'assistant', message: { role: 'assistant', content: [{ type: 'text', text }] }, session_id: 's', ...extra });
function turnLines(stretches, partial) {
    const lines = [line({ type: 'system', subtype: 'init', session_id: 's', model: 'Composer 2.5 Fast' })];
    const texts = [];
    stretches.forEach((st, i) => {
        const text = st.deltas.join('');
        texts.push(text);
        const last = i === stretches.length - 1;
        if (partial && !st.recapOnly)
            for (const d of st.deltas)
                lines.push(assistant(d, { timestamp_ms: clock++ }));
        if (!partial)
            lines.push(assistant(text, {}));
        else if (last)
            lines.push(assistant(text, {}));
        else
            lines.push(assistant(text, { model_call_id: `m-${i}-0-abcd`, ...(st.recapTimestamp ? { timestamp_ms: clock++ } : {}) }));
        if (!last) {
            const call = { readToolCall: { args: { path: `f${i}.ts` } } };
            lines.push(line({ type: 'tool_call', subtype: 'started', call_id: `c${i}`, tool_call: call, session_id: 's' }));
            lines.push(line({ type: 'tool_call', subtype: 'completed', call_id: `c${i}`, tool_call: { readToolCall: { args: { path: `f${i}.ts` }, result: { success: {} } } }, session_id: 's' }));
        }
    });
    const answer = texts.join('');
    lines.push(line({ type: 'result', subtype: 'success', is_error: false, result: answer, session_id: 's' }));
    return { lines, answer };
}
function shownBeforeResult(lines) {
    const parser = new turnParser_1.TurnParser({ readOnly: true });
    const events = [];
    let before = '';
    for (const l of lines) {
        for (const e of parser.push(l)) {
            events.push(e);
            if (e.type === 'text' && !parser.done)
                before += e.text;
        }
    }
    return { before, events, parser };
}
describe('properties: assistant text dedupe', () => {
    it('shows every stretch exactly once, before the result arrives, however the CLI splits and recaps it', () => {
        fast_check_1.default.assert(fast_check_1.default.property(fast_check_1.default.array(stretchArb, { minLength: 1, maxLength: 4 }), fast_check_1.default.boolean(), (stretches, partial) => {
            const { lines, answer } = turnLines(stretches, partial);
            const { before, events, parser } = shownBeforeResult(lines);
            assert.equal(before, answer);
            const all = events.flatMap((e) => (e.type === 'text' ? [e.text] : [])).join('');
            assert.equal(all, answer);
            const result = events.find((e) => e.type === 'result');
            assert.ok(result && result.type === 'result' && !result.mismatch);
            assert.equal(parser.recapMismatches, 0);
            assert.equal(parser.answer, answer);
        }), (0, support_1.params)(500));
    });
});
//# sourceMappingURL=textDedupe.test.js.map