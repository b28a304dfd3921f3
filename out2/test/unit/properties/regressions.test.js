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
Object.defineProperty(exports, "__esModule", { value: true });
/**
 * The smallest counterexamples the properties found, kept as plain examples
 * so they fail loudly (and deterministically) if the bugs come back.
 */
const assert = __importStar(require("node:assert/strict"));
const ndjson_1 = require("../../../src/cli/ndjson");
const turnParser_1 = require("../../../src/cli/turnParser");
describe('properties: regressions found by the property tests', () => {
    it('a line whose type is an Object.prototype name (valueOf, constructor, __proto__…) is counted as unknown, not thrown on', () => {
        const parser = new turnParser_1.TurnParser();
        for (const type of ['valueOf', 'constructor', 'toString', 'hasOwnProperty', '__proto__', 'isPrototypeOf']) {
            assert.deepEqual(parser.push(JSON.stringify({ type })), [], type);
        }
        assert.deepEqual(Object.entries(parser.stats.unknownTypes), [
            ['valueOf', 1], ['constructor', 1], ['toString', 1], ['hasOwnProperty', 1], ['__proto__', 1], ['isPrototypeOf', 1],
        ]);
        // Known types still parse after them.
        assert.deepEqual(parser.push('{"type":"system","subtype":"init","session_id":"s1"}'), [{ type: 'session', sessionId: 's1' }]);
    });
    it('a line over the limit is dropped even when it arrives whole in one read', () => {
        const whole = new ndjson_1.NdjsonLineReader(16);
        assert.deepEqual(whole.push('x'.repeat(17) + '\nok\n'), ['ok']);
        assert.equal(whole.oversizedLines, 1);
        const split = new ndjson_1.NdjsonLineReader(16);
        assert.deepEqual([...split.push('x'.repeat(17)), ...split.push('\nok\n')], ['ok']);
        assert.equal(split.oversizedLines, 1);
        // At the limit exactly: kept.
        assert.deepEqual(new ndjson_1.NdjsonLineReader(16).push('y'.repeat(16) + '\n'), ['y'.repeat(16)]);
    });
    it('bytes of a character split across reads count toward the line limit', () => {
        // "𐀀𐀀𐀀𐀀\r\n": 17 bytes before the \n, limit 16; the first read ends inside the first character.
        const bytes = Buffer.from('\u{10000}'.repeat(4) + '\r\n', 'utf8');
        for (let cut = 1; cut < bytes.length; cut++) {
            const r = new ndjson_1.NdjsonLineReader(16);
            const out = [...r.push(bytes.subarray(0, cut)), ...r.push(bytes.subarray(cut)), ...r.end()];
            assert.deepEqual(out, [], `cut at ${cut}`);
            assert.equal(r.oversizedLines, 1, `cut at ${cut}`);
        }
    });
});
//# sourceMappingURL=regressions.test.js.map