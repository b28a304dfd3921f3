/**
 * Property: no stdout a misbehaving or future CLI could print makes the
 * reader or the parser throw (a throw would kill the chat turn), and memory
 * stays bounded however long a line is or how much noise arrives.
 */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { NdjsonLineReader } from '../../../src/cli/ndjson';
import { TurnParser } from '../../../src/print/turnParser';
import type { TurnEvent } from '../../../src/turn/events';
import { streamSamples } from '../../support/samples';
import { cutAt, params } from './support';

const NOISE_RING = 20;
const NOISE_CHARS = 200;
const EVENT_TYPES = new Set(['session', 'text', 'thinking', 'thinkingDone', 'tool', 'connection', 'usage', 'policyBreach', 'result']);

const KNOWN_TYPES = ['system', 'user', 'thinking', 'assistant', 'tool_call', 'result', 'connection', 'retry'];
/** Future types, and names that are properties of every JavaScript object. */
const OTHER_TYPES = [
  'telemetry',
  'interaction_query',
  'status',
  '',
  ' ',
  'Result',
  'ASSISTANT',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'prototype',
  'length',
];
const SUBTYPES = ['init', 'delta', 'completed', 'started', 'success', 'error', 'reconnecting', 'starting', 'reconnected', 'unknown', ''];
const TOOL_KEYS = [
  'readToolCall',
  'shellToolCall',
  'editToolCall',
  'writeToolCall',
  'deleteToolCall',
  'mcpToolCall',
  'grepToolCall',
  'globToolCall',
  'lsToolCall',
  'fancyNewToolCall',
  'ToolCall',
  'constructor',
  '__proto__',
  'toString',
  '',
];

/** Any JSON value, or a plausible one for a field. */
const junk = fc.jsonValue({ maxDepth: 3 });
const text = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.constantFrom('', 'Hello', 'Hello world', ' world', '정확한'));

const toolCallValue = fc.oneof(
  junk,
  fc.dictionary(
    fc.oneof(fc.constantFrom(...TOOL_KEYS), fc.string()),
    fc.oneof(
      junk,
      fc.record(
        {
          args: fc.oneof(
            junk,
            fc.dictionary(fc.constantFrom('path', 'command', 'pattern', 'toolName', 'url', 'query', 'constructor'), fc.oneof(text, junk)),
          ),
          result: fc.oneof(junk, fc.constantFrom({ success: {} }, { rejected: {} }, { error: { message: 'x' } }, { success: null }, {})),
        },
        { requiredKeys: [] },
      ),
    ),
    { maxKeys: 3 },
  ),
);

const messageValue = fc.oneof(
  junk,
  fc.record(
    {
      role: fc.oneof(fc.constant('assistant'), junk),
      content: fc.oneof(
        junk,
        fc.array(
          fc.oneof(
            junk,
            fc.record({ type: fc.oneof(fc.constantFrom('text', 'image', 'tool_use'), junk), text: fc.oneof(text, junk) }, { requiredKeys: [] }),
          ),
          { maxLength: 4 },
        ),
      ),
    },
    { requiredKeys: [] },
  ),
);

/** Objects shaped like stream-json events, with right and wrong field types. */
const eventLike: fc.Arbitrary<Record<string, unknown>> = fc.record(
  {
    type: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...KNOWN_TYPES) }, fc.constantFrom(...OTHER_TYPES), fc.string(), junk),
    subtype: fc.oneof(fc.constantFrom(...SUBTYPES), junk),
    session_id: fc.oneof(fc.uuid(), fc.string(), junk),
    message: messageValue,
    text: fc.oneof(text, junk),
    tool_call: toolCallValue,
    call_id: fc.oneof(fc.string(), fc.constant('call\n1'), junk),
    result: fc.oneof(text, junk),
    is_error: fc.oneof(fc.boolean(), junk),
    usage: fc.oneof(fc.record({ inputTokens: fc.oneof(fc.nat(), junk), outputTokens: fc.oneof(fc.nat(), junk) }, { requiredKeys: [] }), junk),
    duration_ms: fc.oneof(fc.nat(), junk),
    timestamp_ms: fc.oneof(fc.nat(), junk),
    model_call_id: fc.oneof(fc.string(), junk),
    model: fc.oneof(fc.string(), junk),
    cwd: fc.oneof(fc.string(), junk),
    extra: junk,
  },
  { requiredKeys: ['type'] },
);

/** A line of stdout: event-like JSON, any JSON, a real sample line, or not JSON at all. */
const samplesLines = streamSamples().flatMap((s) => s.lines);
const lineArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: eventLike.map((o) => JSON.stringify(o)) },
  { weight: 2, arbitrary: junk.map((v) => JSON.stringify(v)) },
  { weight: 2, arbitrary: fc.constantFrom(...samplesLines) },
  fc.anything({ maxDepth: 2 }).map((v) => String(JSON.stringify(v))),
  fc.string({ unit: 'binary', maxLength: 400 }),
  fc.constantFrom(
    '{',
    '}',
    'null',
    '[]',
    '"type"',
    '{"type":',
    '{"type":"result"',
    'Error: Authentication required.',
    '{"__proto__":{"type":"result"}}',
  ),
);

/** Feeds lines and checks the invariants after each one. */
function pushChecked(parser: TurnParser, lines: readonly string[], shown: { text: string }): TurnEvent[] {
  const all: TurnEvent[] = [];
  for (const line of lines) {
    const events = parser.push(line);
    assert.ok(Array.isArray(events));
    for (const e of events) {
      assert.ok(EVENT_TYPES.has(e.type), `unexpected event type ${e.type}`);
      if (e.type === 'text') {
        assert.equal(typeof e.text, 'string');
        shown.text += e.text;
      }
      if (e.type === 'result') assert.ok(parser.done, 'a result marks the turn done');
    }
    // What the user was shown is exactly what the parser says it showed.
    assert.equal(parser.text, shown.text);
    assert.ok(parser.noise.length <= NOISE_RING, `noise ring grew to ${parser.noise.length}`);
    for (const n of parser.noise) assert.ok(n.length <= NOISE_CHARS + 1);
    all.push(...events);
  }
  return all;
}

/** Bytes biased toward line structure: newlines, CRs, multi-byte and invalid UTF-8. */
const byteChunk = fc.oneof(
  fc.uint8Array({ maxLength: 300 }),
  fc.uint8Array({ minLength: 2000, maxLength: 6000 }),
  fc
    .array(fc.constantFrom(0x0a, 0x0d, 0x20, 0x7b, 0x7d, 0x22, 0x61, 0xea, 0xb0, 0x80, 0xff, 0xc3), { maxLength: 200 })
    .map((a) => Uint8Array.from(a)),
  fc.constant(Uint8Array.of(0x0a)),
);

describe('properties: garbage on stdout never breaks a turn', function () {
  this.timeout(60_000);

  it('random bytes in random reads never make the reader throw, and it never holds more than maxLineBytes', () => {
    fc.assert(
      fc.property(fc.array(byteChunk, { maxLength: 25 }), fc.constantFrom(1, 16, 300, 4096), (chunks, max) => {
        const reader = new NdjsonLineReader(max);
        const parser = new TurnParser();
        const shown = { text: '' };
        for (const c of chunks) {
          const lines = reader.push(c);
          assert.ok(reader.pendingSize <= max, `pendingSize ${reader.pendingSize} > ${max}`);
          pushChecked(parser, lines, shown);
        }
        pushChecked(parser, reader.end(), shown);
        assert.equal(reader.pendingSize, 0);
      }),
      params(300),
    );
  });

  it('random strings pushed as text never make the reader throw, and it never holds more than maxLineBytes', () => {
    const piece = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 200 }),
      fc.string({ maxLength: 5000 }),
      fc.constantFrom('\n', '\r\n', '\r', '\uD83D', '\uDE00'),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 25 }), fc.constantFrom(1, 16, 300, 4096), (chunks, max) => {
        const reader = new NdjsonLineReader(max);
        const parser = new TurnParser();
        const shown = { text: '' };
        for (const c of chunks) {
          pushChecked(parser, reader.push(c), shown);
          assert.ok(reader.pendingSize <= max, `pendingSize ${reader.pendingSize} > ${max}`);
        }
        pushChecked(parser, reader.end(), shown);
      }),
      params(200),
    );
  });

  it('any JSON value on a line is skipped or parsed, never thrown on', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.jsonValue().map((v) => JSON.stringify(v)),
          { maxLength: 10 },
        ),
        (lines) => {
          pushChecked(new TurnParser(), lines, { text: '' });
        },
      ),
      params(300),
    );
  });

  it('event-shaped lines with wrong field types and unknown or prototype-named types never throw', () => {
    fc.assert(
      fc.property(
        fc.array(
          eventLike.map((o) => JSON.stringify(o)),
          { minLength: 1, maxLength: 12 },
        ),
        fc.boolean(),
        (lines, readOnly) => {
          const parser = new TurnParser({ readOnly });
          pushChecked(parser, lines, { text: '' });
          assert.equal(parser.stats.lines, lines.length);
          // Unknown types are counted for the log, as numbers, whatever their name.
          const expected = new Map<string, number>();
          for (const l of lines) {
            const o = JSON.parse(l) as Record<string, unknown>;
            const envelope =
              o !== null &&
              typeof o === 'object' &&
              !Array.isArray(o) &&
              typeof o.type === 'string' &&
              (o.subtype === undefined || typeof o.subtype === 'string');
            if (envelope && !KNOWN_TYPES.includes(o.type as string)) expected.set(o.type as string, (expected.get(o.type as string) ?? 0) + 1);
          }
          assert.deepEqual(new Map(Object.entries(parser.stats.unknownTypes)), expected);
        },
      ),
      params(400),
    );
  });

  it('a long mixed session of real, odd and broken lines keeps the noise ring bounded and the shown text consistent', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { minLength: 20, maxLength: 80 }), (lines) => {
        const parser = new TurnParser();
        pushChecked(parser, lines, { text: '' });
        const s = parser.stats;
        assert.equal(s.lines, lines.length);
        assert.ok(s.nonJsonLines <= lines.length);
      }),
      params(150),
    );
  });

  it('the same lines go through the reader whether it reads them whole or byte-split, under a small line limit', () => {
    // Lines are kept (or dropped as oversized) by their own length, not by
    // where the reads happened to fall: a reference model over the raw bytes.
    const input = fc.array(
      fc.oneof(
        lineArb,
        fc.string({ unit: 'binary', minLength: 40, maxLength: 200 }),
        fc.constantFrom('', ' ', '\r', 'x'.repeat(63), 'x'.repeat(64), 'x'.repeat(65), 'é'.repeat(32), '정'.repeat(22)),
        // Multi-byte text near the limits, so reads split characters at the edge.
        fc.string({ unit: fc.constantFrom('é', '정', '\u{10000}', 'a', '\r'), minLength: 3, maxLength: 24 }),
      ),
      { maxLength: 12 },
    );
    fc.assert(
      fc.property(
        input,
        fc.constantFrom('\n', '\r\n'),
        fc.boolean(),
        fc.constantFrom(16, 64, 4096),
        fc.array(fc.nat(), { maxLength: 40 }),
        (lines, eol, finalEol, max, rawCuts) => {
          const bytes = Buffer.from(lines.join(eol) + (finalEol ? eol : ''), 'utf8');
          const expected = modelLines(bytes, max);
          const cuts = rawCuts.map((c) => (bytes.length ? c % bytes.length : 0));
          for (const chunks of [[bytes], cutAt(bytes, cuts)]) {
            const reader = new NdjsonLineReader(max);
            const got = [...chunks.flatMap((c) => reader.push(c)), ...reader.end()];
            assert.deepEqual(got, expected.lines);
            assert.equal(reader.oversizedLines, expected.oversized);
          }
        },
      ),
      params(400),
    );
  });
});

/** Reference model of NdjsonLineReader: split raw bytes on \n; a line over `max` bytes (its \r included) is dropped. */
function modelLines(bytes: Uint8Array, max: number): { lines: string[]; oversized: number } {
  const lines: string[] = [];
  let oversized = 0;
  let from = 0;
  while (from <= bytes.length) {
    let nl = bytes.indexOf(0x0a, from);
    const last = nl === -1;
    if (last) nl = bytes.length;
    const raw = bytes.subarray(from, nl);
    if (raw.length > max) oversized++;
    else {
      let line = new TextDecoder().decode(raw);
      if (line.endsWith('\r')) line = line.slice(0, -1);
      if (line.trim() !== '') lines.push(line);
    }
    if (last) break;
    from = nl + 1;
  }
  return { lines, oversized };
}
