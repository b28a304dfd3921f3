/**
 * Property: how stdout happens to be split into reads never changes what the
 * user sees. For every real stream sample, any set of cut points over its
 * bytes (including inside UTF-8 multi-byte characters), CRLF line endings and
 * extra blank lines give exactly the events of the unchunked stream, and the
 * answer shown equals `result.result`.
 */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { TurnParser } from '../../../src/print/turnParser';
import type { TurnEvent } from '../../../src/turn/events';
import { resultTextOf, streamSamples } from '../../support/samples';
import { cutAt, Outcome, params, runChunks } from './support';

const samples = streamSamples();

/** Arbitrary cut points over `len` bytes: a few, a lot, or nearly every byte. */
function cutPoints(len: number): fc.Arbitrary<number[]> {
  if (len < 2) return fc.constant([]);
  const at = fc.integer({ min: 1, max: len - 1 });
  return fc.oneof(
    fc.uniqueArray(at, { maxLength: 4 }),
    fc.uniqueArray(at, { maxLength: 64 }),
    fc.uniqueArray(at, { minLength: Math.floor(len / 2), maxLength: len - 1 }),
  );
}

/** Chunks as Node delivers them (Buffer slices) or as plain Uint8Array copies. */
const asPlain = (chunks: Uint8Array[]) => chunks.map((c) => new Uint8Array(c));

function withoutLines(o: Outcome): Omit<Outcome, 'lines'> {
  const { lines: _lines, ...rest } = o;
  return rest;
}

describe('properties: chunked stream samples', function () {
  this.timeout(60_000);

  for (const sample of samples) {
    const expectedText = resultTextOf(sample.lines);
    const reference = runChunks([sample.bytes]);

    it(`${sample.name}: the unchunked reference shows result.result exactly once and parses every line`, () => {
      assert.deepEqual(reference.lines, sample.lines);
      // Straight from the lines, without the reader: same events.
      const parser = new TurnParser({ readOnly: true });
      const direct: TurnEvent[] = sample.lines.flatMap((l) => parser.push(l));
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
      fc.assert(
        fc.property(cutPoints(sample.bytes.length), fc.boolean(), (cuts, plain) => {
          const chunks = cutAt(sample.bytes, cuts);
          const got = runChunks(plain ? asPlain(chunks) : chunks);
          assert.deepEqual(got, reference);
          assert.equal(got.text, expectedText);
        }),
        params(300),
      );
    });

    it(`${sample.name}: CRLF line endings, blank lines and a missing final newline change nothing the user sees`, () => {
      const blank = fc.constantFrom('\n', '\r\n', ' \n', '\t \r\n', '\r\n\r\n', '   ');
      const perLine = fc.record({ crlf: fc.boolean(), before: fc.array(blank, { maxLength: 3 }) });
      const arb = fc
        .record({
          lines: fc.array(perLine, { minLength: sample.lines.length, maxLength: sample.lines.length }),
          after: fc.array(blank, { maxLength: 3 }),
          finalNewline: fc.boolean(),
        })
        .chain((shape) => {
          let text = '';
          sample.lines.forEach((line, i) => {
            // A whitespace-only run without its own newline must not glue onto the JSON line.
            text += shape.lines[i]!.before.map((b) => (b.endsWith('\n') ? b : b + '\n')).join('');
            text += line + (shape.lines[i]!.crlf ? '\r\n' : '\n');
          });
          text += shape.after.join('');
          if (!shape.finalNewline) text = text.replace(/[\r\n \t]+$/, '');
          const bytes = Buffer.from(text, 'utf8');
          return fc.tuple(fc.constant(bytes), cutPoints(bytes.length));
        });
      fc.assert(
        fc.property(arb, ([bytes, cuts]) => {
          const got = runChunks(cutAt(bytes, cuts));
          assert.deepEqual(withoutLines(got), withoutLines(reference));
          assert.deepEqual(got.lines, sample.lines);
        }),
        params(120),
      );
    });
  }

  const multiByte = samples.filter((s) => s.bytes.some((b) => b >= 0x80));

  it('the samples include non-ASCII text (the senpi shell sample has Korean)', () => {
    assert.ok(multiByte.some((s) => s.name.startsWith('senpi-stream-shell')));
  });

  for (const sample of multiByte) {
    // Offsets of UTF-8 continuation bytes: a cut there splits a character.
    const inside: number[] = [];
    sample.bytes.forEach((b, i) => {
      if ((b & 0xc0) === 0x80) inside.push(i);
    });
    const reference = runChunks([sample.bytes]);

    it(`${sample.name}: a read boundary inside a multi-byte character never garbles the answer`, () => {
      assert.ok(inside.length > 0);
      fc.assert(
        fc.property(fc.subarray(inside, { minLength: 1 }), cutPoints(sample.bytes.length), (mid, other) => {
          const got = runChunks(cutAt(sample.bytes, [...mid, ...other]));
          assert.deepEqual(got, reference);
          assert.ok(!got.text.includes('\uFFFD'), 'no replacement characters');
        }),
        params(400),
      );
    });
  }
});
