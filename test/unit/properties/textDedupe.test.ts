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
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { TurnParser } from '../../../src/print/turnParser';
import type { TurnEvent } from '../../../src/turn/events';
import { params } from './support';

const TOKENS = ['=', '==', '\n', '\n\n', 'ha', '!', ' ', 'the ', 'a', 'é', '😀', '# ', '-', '`', 'Hello', '.'];

/** A stretch's deltas: tokens, some of them a copy of a prefix of the stretch so far. */
const deltasArb = fc
  .array(fc.oneof(fc.record({ token: fc.constantFrom(...TOKENS) }), fc.record({ prefixOf: fc.integer({ min: 1, max: 40 }) })), {
    minLength: 1,
    maxLength: 12,
  })
  .map((steps) => {
    const deltas: string[] = [];
    let text = '';
    for (const s of steps) {
      const cps = Array.from(text);
      const d = 'token' in s ? s.token : cps.length > 0 ? cps.slice(0, Math.min(s.prefixOf, cps.length)).join('') : '=';
      deltas.push(d);
      text += d;
    }
    return deltas;
  });

interface Stretch {
  deltas: string[];
  /** The stretch arrives only as its recap (no deltas before it). */
  recapOnly: boolean;
  /** The pre-tool recap also carries `timestamp_ms` (as in the real shell sample). */
  recapTimestamp: boolean;
}

const stretchArb: fc.Arbitrary<Stretch> = fc.record({ deltas: deltasArb, recapOnly: fc.boolean(), recapTimestamp: fc.boolean() });

let clock = 1_786_958_616_841;
const line = (o: object) => JSON.stringify(o);
const assistant = (text: string, extra: object) =>
  line({ type: 'assistant', message: { role: 'assistant', content: [{ type: 'text', text }] }, session_id: 's', ...extra });

function turnLines(stretches: Stretch[], partial: boolean): { lines: string[]; answer: string } {
  const lines = [line({ type: 'system', subtype: 'init', session_id: 's', model: 'Composer 2.5 Fast' })];
  const texts: string[] = [];
  stretches.forEach((st, i) => {
    const text = st.deltas.join('');
    texts.push(text);
    const last = i === stretches.length - 1;
    if (partial && !st.recapOnly) for (const d of st.deltas) lines.push(assistant(d, { timestamp_ms: clock++ }));
    if (!partial) lines.push(assistant(text, {}));
    else if (last) lines.push(assistant(text, {}));
    else lines.push(assistant(text, { model_call_id: `m-${i}-0-abcd`, ...(st.recapTimestamp ? { timestamp_ms: clock++ } : {}) }));
    if (!last) {
      const call = { readToolCall: { args: { path: `f${i}.ts` } } };
      lines.push(line({ type: 'tool_call', subtype: 'started', call_id: `c${i}`, tool_call: call, session_id: 's' }));
      lines.push(
        line({
          type: 'tool_call',
          subtype: 'completed',
          call_id: `c${i}`,
          tool_call: { readToolCall: { args: { path: `f${i}.ts` }, result: { success: {} } } },
          session_id: 's',
        }),
      );
    }
  });
  const answer = texts.join('');
  lines.push(line({ type: 'result', subtype: 'success', is_error: false, result: answer, session_id: 's' }));
  return { lines, answer };
}

function shownBeforeResult(lines: string[]): { before: string; events: TurnEvent[]; parser: TurnParser } {
  const parser = new TurnParser({ readOnly: true });
  const events: TurnEvent[] = [];
  let before = '';
  for (const l of lines) {
    for (const e of parser.push(l)) {
      events.push(e);
      if (e.type === 'text' && !parser.done) before += e.text;
    }
  }
  return { before, events, parser };
}

describe('properties: assistant text dedupe', () => {
  it('shows every stretch exactly once, before the result arrives, however the CLI splits and recaps it', () => {
    fc.assert(
      fc.property(fc.array(stretchArb, { minLength: 1, maxLength: 4 }), fc.boolean(), (stretches, partial) => {
        const { lines, answer } = turnLines(stretches, partial);
        const { before, events, parser } = shownBeforeResult(lines);
        assert.equal(before, answer);
        const all = events.flatMap((e) => (e.type === 'text' ? [e.text] : [])).join('');
        assert.equal(all, answer);
        const result = events.find((e) => e.type === 'result');
        assert.ok(result && result.type === 'result' && !result.mismatch);
        assert.equal(parser.recapMismatches, 0);
        assert.equal(parser.answer, answer);
      }),
      params(500),
    );
  });
});
