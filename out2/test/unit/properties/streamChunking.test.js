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
 * Property: how stdout happens to be split into reads never changes what the
 * user sees. For every real stream sample, any set of cut points over its
 * bytes (including inside UTF-8 multi-byte characters), CRLF line endings and
 * extra blank lines give exactly the events of the unchunked stream, and the
 * answer shown equals `result.result`.
 */
const assert = __importStar(require("node:assert/strict"));
const fast_check_1 = __importDefault(require("fast-check"));
const turnParser_1 = require("../../../src/cli/turnParser");
const samples_1 = require("../helpers/samples");
const support_1 = require("./support");
const samples = (0, samples_1.streamSamples)();
/** Arbitrary cut points over `len` bytes: a few, a lot, or nearly every byte. */
function cutPoints(len) {
    if (len < 2)
        return fast_check_1.default.constant([]);
    const at = fast_check_1.default.integer({ min: 1, max: len - 1 });
    return fast_check_1.default.oneof(fast_check_1.default.uniqueArray(at, { maxLength: 4 }), fast_check_1.default.uniqueArray(at, { maxLength: 64 }), fast_check_1.default.uniqueArray(at, { minLength: Math.floor(len / 2), maxLength: len - 1 }));
}
/** Chunks as Node delivers them (Buffer slices) or as plain Uint8Array copies. */
const asPlain = (chunks) => chunks.map((c) => new Uint8Array(c));
function withoutLines(o) {
    const { lines: _lines, ...rest } = o;
    return rest;
}
describe('properties: chunked stream samples', function () {
    this.timeout(60_000);
    for (const sample of samples) {
        const expectedText = (0, samples_1.resultTextOf)(sample.lines);
        const reference = (0, support_1.runChunks)([sample.bytes]);
        it(`${sample.name}: the unchunked reference shows result.result exactly once and parses every line`, () => {
            assert.deepEqual(reference.lines, sample.lines);
            // Straight from the lines, without the reader: same events.
            const parser = new turnParser_1.TurnParser({ readOnly: true });
            const direct = sample.lines.flatMap((l) => parser.push(l));
            assert.deepEqual(reference.events, direct);
            assert.ok(expectedText !== undefined);
            assert.equal(reference.text, expectedText);
            assert.ok(reference.result && reference.result.type === 'result');
            assert.equal(reference.result.text, expectedText);
            assert.equal(reference.result.mismatch, false);
            assert.ok(reference.sessionId, 'a session id to resume with');
            assert.ok(reference.done);
            assert.deepEqual(reference.noise, []);
        });
        it(`${sample.name}: the answer, session id and result are the same however stdout is split into reads`, () => {
            fast_check_1.default.assert(fast_check_1.default.property(cutPoints(sample.bytes.length), fast_check_1.default.boolean(), (cuts, plain) => {
                const chunks = (0, support_1.cutAt)(sample.bytes, cuts);
                const got = (0, support_1.runChunks)(plain ? asPlain(chunks) : chunks);
                assert.deepEqual(got, reference);
                assert.equal(got.text, expectedText);
            }), (0, support_1.params)(300));
        });
        it(`${sample.name}: CRLF line endings, blank lines and a missing final newline change nothing the user sees`, () => {
            const blank = fast_check_1.default.constantFrom('\n', '\r\n', ' \n', '\t \r\n', '\r\n\r\n', '   ');
            const perLine = fast_check_1.default.record({ crlf: fast_check_1.default.boolean(), before: fast_check_1.default.array(blank, { maxLength: 3 }) });
            const arb = fast_check_1.default
                .record({
                lines: fast_check_1.default.array(perLine, { minLength: sample.lines.length, maxLength: sample.lines.length }),
                after: fast_check_1.default.array(blank, { maxLength: 3 }),
                finalNewline: fast_check_1.default.boolean(),
            })
                .chain((shape) => {
                let text = '';
                sample.lines.forEach((line, i) => {
                    // A whitespace-only run without its own newline must not glue onto the JSON line.
                    text += shape.lines[i].before.map((b) => (b.endsWith('\n') ? b : b + '\n')).join('');
                    text += line + (shape.lines[i].crlf ? '\r\n' : '\n');
                });
                text += shape.after.join('');
                if (!shape.finalNewline)
                    text = text.replace(/[\r\n \t]+$/, '');
                const bytes = Buffer.from(text, 'utf8');
                return fast_check_1.default.tuple(fast_check_1.default.constant(bytes), cutPoints(bytes.length));
            });
            fast_check_1.default.assert(fast_check_1.default.property(arb, ([bytes, cuts]) => {
                const got = (0, support_1.runChunks)((0, support_1.cutAt)(bytes, cuts));
                assert.deepEqual(withoutLines(got), withoutLines(reference));
                assert.deepEqual(got.lines, sample.lines);
            }), (0, support_1.params)(120));
        });
    }
    const multiByte = samples.filter((s) => s.bytes.some((b) => b >= 0x80));
    it('the samples include non-ASCII text (the senpi shell sample has Korean)', () => {
        assert.ok(multiByte.some((s) => s.name.startsWith('senpi-stream-shell')));
    });
    for (const sample of multiByte) {
        // Offsets of UTF-8 continuation bytes: a cut there splits a character.
        const inside = [];
        sample.bytes.forEach((b, i) => {
            if ((b & 0xc0) === 0x80)
                inside.push(i);
        });
        const reference = (0, support_1.runChunks)([sample.bytes]);
        it(`${sample.name}: a read boundary inside a multi-byte character never garbles the answer`, () => {
            assert.ok(inside.length > 0);
            fast_check_1.default.assert(fast_check_1.default.property(fast_check_1.default.subarray(inside, { minLength: 1 }), cutPoints(sample.bytes.length), (mid, other) => {
                const got = (0, support_1.runChunks)((0, support_1.cutAt)(sample.bytes, [...mid, ...other]));
                assert.deepEqual(got, reference);
                assert.ok(!got.text.includes('\uFFFD'), 'no replacement characters');
            }), (0, support_1.params)(400));
        });
    }
});
//# sourceMappingURL=streamChunking.test.js.map