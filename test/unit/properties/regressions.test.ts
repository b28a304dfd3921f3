/**
 * The smallest counterexamples the properties found, kept as plain examples
 * so they fail loudly (and deterministically) if the bugs come back.
 */
import * as assert from 'node:assert/strict';
import { NdjsonLineReader } from '../../../src/cli/ndjson';
import { TurnParser } from '../../../src/print/turnParser';

describe('properties: regressions found by the property tests', () => {
  it('a line whose type is an Object.prototype name (valueOf, constructor, __proto__…) is counted as unknown, not thrown on', () => {
    const parser = new TurnParser();
    for (const type of ['valueOf', 'constructor', 'toString', 'hasOwnProperty', '__proto__', 'isPrototypeOf']) {
      assert.deepEqual(parser.push(JSON.stringify({ type })), [], type);
    }
    assert.deepEqual(Object.entries(parser.stats.unknownTypes), [
      ['valueOf', 1],
      ['constructor', 1],
      ['toString', 1],
      ['hasOwnProperty', 1],
      ['__proto__', 1],
      ['isPrototypeOf', 1],
    ]);
    // Known types still parse after them.
    assert.deepEqual(parser.push('{"type":"system","subtype":"init","session_id":"s1"}'), [{ type: 'session', sessionId: 's1' }]);
  });

  it('a line over the limit is dropped even when it arrives whole in one read', () => {
    const whole = new NdjsonLineReader(16);
    assert.deepEqual(whole.push('x'.repeat(17) + '\nok\n'), ['ok']);
    assert.equal(whole.oversizedLines, 1);
    const split = new NdjsonLineReader(16);
    assert.deepEqual([...split.push('x'.repeat(17)), ...split.push('\nok\n')], ['ok']);
    assert.equal(split.oversizedLines, 1);
    // At the limit exactly: kept.
    assert.deepEqual(new NdjsonLineReader(16).push('y'.repeat(16) + '\n'), ['y'.repeat(16)]);
  });

  it('bytes of a character split across reads count toward the line limit', () => {
    // "𐀀𐀀𐀀𐀀\r\n": 17 bytes before the \n, limit 16; the first read ends inside the first character.
    const bytes = Buffer.from('\u{10000}'.repeat(4) + '\r\n', 'utf8');
    for (let cut = 1; cut < bytes.length; cut++) {
      const r = new NdjsonLineReader(16);
      const out = [...r.push(bytes.subarray(0, cut)), ...r.push(bytes.subarray(cut)), ...r.end()];
      assert.deepEqual(out, [], `cut at ${cut}`);
      assert.equal(r.oversizedLines, 1, `cut at ${cut}`);
    }
  });
});
