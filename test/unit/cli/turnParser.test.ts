import * as assert from 'node:assert/strict';
import { TurnParser } from '../../../src/print/turnParser';
import type { TurnEvent } from '../../../src/turn/events';
import { NdjsonLineReader } from '../../../src/cli/ndjson';
import { resultTextOf, streamSamples } from '../../support/samples';

function run(lines: string[], readOnly = true): { events: TurnEvent[]; parser: TurnParser } {
  const parser = new TurnParser({ readOnly });
  const events: TurnEvent[] = [];
  for (const l of lines) events.push(...parser.push(l));
  return { events, parser };
}
const textOf = (events: TurnEvent[]) => events.flatMap((e) => (e.type === 'text' ? [e.text] : [])).join('');

describe('TurnParser (stream-json → turn events)', () => {
  for (const sample of streamSamples()) {
    it(`shows exactly the model's answer once for the real sample ${sample.name}`, () => {
      const expected = resultTextOf(sample.lines);
      assert.ok(expected !== undefined, 'every stream sample has a result');
      const { events, parser } = run(sample.lines, false);
      assert.equal(textOf(events), expected);
      assert.equal(parser.text, expected);
      const result = events.find((e) => e.type === 'result');
      assert.ok(result && result.type === 'result' && !result.mismatch);
      assert.ok(parser.done);
    });

    // With --stream-partial-output the answer streams as it is written: the user must see all of it
    // before the final `result` line (which would otherwise quietly fill in text that never streamed).
    const partial = sample.lines.some((l) => /"type":"assistant"/.test(l) && /"timestamp_ms"/.test(l));
    if (partial) {
      it(`streams the whole answer of ${sample.name} in several pieces before its result line arrives`, () => {
        const expected = resultTextOf(sample.lines);
        const resultAt = sample.lines.findIndex((l) => (JSON.parse(l) as { type?: string }).type === 'result');
        assert.ok(resultAt > 0, 'the sample has a result line');
        const { events } = run(sample.lines.slice(0, resultAt), false);
        const pieces = events.filter((e) => e.type === 'text');
        assert.equal(textOf(events), expected, 'the text shown before the result line');
        assert.ok(pieces.length >= 2, `the answer arrived in ${pieces.length} piece(s)`);
      });
    }

    it(`gives the same answer for ${sample.name} however the bytes are chunked`, () => {
      const expected = resultTextOf(sample.lines);
      for (const size of [1, 2, 3, 7, 64, 1000]) {
        const reader = new NdjsonLineReader();
        const parser = new TurnParser({ readOnly: false });
        let text = '';
        const feed = (ls: string[]) => {
          for (const l of ls) for (const e of parser.push(l)) if (e.type === 'text') text += e.text;
        };
        for (let i = 0; i < sample.bytes.length; i += size) feed(reader.push(sample.bytes.subarray(i, i + size)));
        feed(reader.end());
        assert.equal(text, expected, `chunk size ${size}`);
      }
    });
  }

  it('never shows the echoed prompt as the answer', () => {
    const s = streamSamples().find((x) => x.name.startsWith('dsh-stream'))!;
    const { events } = run(s.lines);
    assert.ok(!textOf(events).includes('Reply with the single word'));
    assert.equal(textOf(events), 'alpha');
  });

  it('reports the session id, thinking, and usage from the no-partial sample', () => {
    const s = streamSamples().find((x) => x.name.startsWith('dsh-stream'))!;
    const { events, parser } = run(s.lines);
    assert.deepEqual(events[0], {
      type: 'session',
      sessionId: 'bc35b7fc-795f-4ee1-96f2-ed549a69b12d',
      model: 'Grok 4.7 256K Extra High',
      cwd: '/Users/theluiscarbonell/Projects/cagase/dsh-cursor',
    });
    assert.equal(
      events
        .filter((e) => e.type === 'thinking')
        .map((e) => (e.type === 'thinking' ? e.text : ''))
        .join(''),
      'The user requested a single-word reply: "alpha".',
    );
    assert.ok(events.some((e) => e.type === 'thinkingDone'));
    const usage = events.find((e) => e.type === 'usage');
    assert.deepEqual(usage, { type: 'usage', usage: { inputTokens: 10528, outputTokens: 28, cacheReadTokens: 5888, cacheWriteTokens: 0 } });
    assert.equal(parser.sessionId, 'bc35b7fc-795f-4ee1-96f2-ed549a69b12d');
  });

  it('stops a read-only turn when a shell command completed successfully (policy breach)', () => {
    const s = streamSamples().find((x) => x.name.includes('shell-success-force'))!;
    const { events } = run(s.lines, true);
    const breach = events.find((e) => e.type === 'policyBreach');
    assert.deepEqual(breach, { type: 'policyBreach', kind: 'shell', summary: 'Running `echo tooltest-force-77`' });
    const started = events.find((e) => e.type === 'tool' && e.phase === 'started');
    assert.ok(started && started.type === 'tool' && started.callId === 'tool_14238046-c05f-4a85-85e6-72907668e6a' && started.mutating);
  });

  it('recognises MCP tool calls in abridged captures and pairs their start and completion', () => {
    const s = streamSamples().find((x) => x.name === 'fusion-cursor-mcp-tool-call.jsonl')!;
    const { events } = run(s.lines);
    const tools = events.filter((e) => e.type === 'tool');
    assert.equal(tools.length, 2);
    assert.equal(tools[0]!.type === 'tool' && tools[0]!.summary, 'Calling MCP tool `echo` (fn9098-echo)');
    assert.equal(tools[0]!.type === 'tool' && tools[1]!.type === 'tool' && tools[0]!.callId === tools[1]!.callId, true);
    assert.equal(tools[1]!.type === 'tool' && tools[1]!.outcome, 'success');
    assert.ok(!events.some((e) => e.type === 'policyBreach'));
  });

  it('shows a recap-only stretch (no deltas before it) once', () => {
    const lines = [
      JSON.stringify({ type: 'assistant', message: { content: [{ type: 'text', text: 'Let me look.' }] }, model_call_id: 'm1', timestamp_ms: 1 }),
      JSON.stringify({ type: 'tool_call', subtype: 'started', call_id: 'c1', tool_call: { readToolCall: { args: { path: 'a.ts' } } } }),
      JSON.stringify({
        type: 'tool_call',
        subtype: 'completed',
        call_id: 'c1',
        tool_call: { readToolCall: { args: { path: 'a.ts' }, result: { success: {} } } },
      }),
      JSON.stringify({ type: 'assistant', message: { content: [{ type: 'text', text: 'It ' }] }, timestamp_ms: 2 }),
      JSON.stringify({ type: 'assistant', message: { content: [{ type: 'text', text: 'exports x.' }] }, timestamp_ms: 3 }),
      JSON.stringify({ type: 'assistant', message: { content: [{ type: 'text', text: 'It exports x.' }] } }),
      JSON.stringify({ type: 'result', subtype: 'success', result: 'Let me look.It exports x.', session_id: 's' }),
    ];
    const { events } = run(lines);
    assert.equal(textOf(events), 'Let me look.It exports x.');
    const tool = events.find((e) => e.type === 'tool');
    assert.equal(tool && tool.type === 'tool' && tool.summary, 'Reading a.ts');
  });

  // Real token streams repeat themselves: a delta may equal the stretch so far.
  const REPEATS: Array<{ deltas: string[]; recap: string }> = [
    { deltas: ['ha', 'ha', '!'], recap: 'haha!' },
    { deltas: ['=', '=', '= title'], recap: '=== title' },
    { deltas: ['\n', '\nHello'], recap: '\n\nHello' },
  ];
  for (const { deltas, recap } of REPEATS) {
    const show = JSON.stringify(deltas);
    const delta = (text: string, ts: number) =>
      JSON.stringify({ type: 'assistant', message: { content: [{ type: 'text', text }] }, timestamp_ms: ts });
    it(`shows deltas ${show} then the end recap as ${JSON.stringify(recap)}, once`, () => {
      const lines = [
        ...deltas.map((d, i) => delta(d, 100 + i)),
        JSON.stringify({ type: 'assistant', message: { content: [{ type: 'text', text: recap }] } }),
        JSON.stringify({ type: 'result', subtype: 'success', result: recap, session_id: 's' }),
      ];
      const { events } = run(lines);
      assert.equal(textOf(events), recap);
      const r = events.find((e) => e.type === 'result');
      assert.ok(r && r.type === 'result' && !r.mismatch);
    });
    it(`shows deltas ${show}, a model_call_id recap, a tool call and more text without repeating anything`, () => {
      const lines = [
        ...deltas.map((d, i) => delta(d, 100 + i)),
        JSON.stringify({ type: 'assistant', message: { content: [{ type: 'text', text: recap }] }, model_call_id: 'm-0', timestamp_ms: 200 }),
        JSON.stringify({ type: 'tool_call', subtype: 'started', call_id: 'c1', tool_call: { readToolCall: { args: { path: 'a.ts' } } } }),
        JSON.stringify({
          type: 'tool_call',
          subtype: 'completed',
          call_id: 'c1',
          tool_call: { readToolCall: { args: { path: 'a.ts' }, result: { success: {} } } },
        }),
        ...deltas.map((d, i) => delta(d, 300 + i)),
        JSON.stringify({ type: 'assistant', message: { content: [{ type: 'text', text: recap }] } }),
        JSON.stringify({ type: 'result', subtype: 'success', result: recap + recap, session_id: 's' }),
      ];
      const { events, parser } = run(lines);
      assert.equal(textOf(events), recap + recap);
      assert.equal(parser.recapMismatches, 0);
    });
  }

  it('keeps what was shown when a model_call_id recap contradicts its stretch, and counts it', () => {
    const { events, parser } = run([
      JSON.stringify({ type: 'assistant', message: { content: [{ type: 'text', text: 'abc' }] }, timestamp_ms: 1 }),
      JSON.stringify({ type: 'assistant', message: { content: [{ type: 'text', text: 'xyz' }] }, model_call_id: 'm' }),
    ]);
    assert.equal(textOf(events), 'abc');
    assert.equal(parser.recapMismatches, 1);
  });

  it('gives result.result as the answer when it disagrees with what was shown', () => {
    const { parser } = run([
      JSON.stringify({ type: 'assistant', message: { content: [{ type: 'text', text: 'shown' }] } }),
      JSON.stringify({ type: 'result', subtype: 'success', result: 'different' }),
    ]);
    assert.equal(parser.text, 'shown');
    assert.equal(parser.answer, 'different');
  });

  it('fills in the answer from result when the CLI sent no assistant text', () => {
    const { events } = run([JSON.stringify({ type: 'result', subtype: 'success', result: 'only here' })]);
    assert.equal(textOf(events), 'only here');
  });

  it('keeps what was shown and flags a mismatch when result disagrees', () => {
    const { events } = run([
      JSON.stringify({ type: 'assistant', message: { content: [{ type: 'text', text: 'shown' }] } }),
      JSON.stringify({ type: 'result', subtype: 'success', result: 'different' }),
    ]);
    assert.equal(textOf(events), 'shown');
    const r = events.find((e) => e.type === 'result');
    assert.ok(r && r.type === 'result' && r.mismatch);
  });

  it('tolerates and counts unknown events, unknown fields, invalid shapes and noise without losing the answer', () => {
    const { events, parser } = run([
      'Warning: something printed by a wrapper',
      JSON.stringify({ type: 'telemetry', data: 1 }),
      JSON.stringify({ type: 'assistant', message: { content: [{ type: 'text', text: 'ok' }] }, brandNewField: true }),
      JSON.stringify({ type: 'assistant', message: 'not an object' }),
      '[1,2,3]',
      '"just a string"',
      JSON.stringify({ type: 'result', subtype: 'success', result: 'ok' }),
    ]);
    assert.equal(textOf(events), 'ok');
    assert.equal(parser.stats.unknownTypes.telemetry, 1);
    assert.equal(parser.stats.unknownFields, 1);
    assert.equal(parser.stats.invalidEvents, 1);
    assert.equal(parser.stats.nonJsonLines, 3);
    assert.equal(parser.noise[0], 'Warning: something printed by a wrapper');
  });

  it('keeps only a bounded ring of noise lines', () => {
    const parser = new TurnParser();
    for (let i = 0; i < 1000; i++) parser.push('x'.repeat(10_000));
    assert.equal(parser.noise.length, 20);
    assert.ok(parser.noise.every((l) => l.length <= 201));
  });

  it('reports an error result as an error, not as answer text', () => {
    const { events } = run([JSON.stringify({ type: 'result', subtype: 'error', is_error: true, result: 'boom' })]);
    assert.equal(textOf(events), '');
    const r = events.find((e) => e.type === 'result');
    assert.ok(r && r.type === 'result' && r.isError && r.text === 'boom');
  });

  it('reports network trouble events', () => {
    const { events } = run([JSON.stringify({ type: 'connection', subtype: 'reconnecting' })]);
    assert.deepEqual(events, [{ type: 'connection', state: 'connection/reconnecting' }]);
  });
});
