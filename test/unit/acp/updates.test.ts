/** Session updates → the turn events print mode emits; failure text held back; wire framing. */
import * as assert from 'assert';
import { ErrorTextGuard, classifyFailureChunk } from '../../../src/acp/textErrors';
import { UpdateMapper } from '../../../src/acp/updates';
import { parseWireLine } from '../../../src/acp/wire';
import { CAPTURES, readCapture } from '../../fixtures/acp/captures';

describe('ACP session updates as turn events', () => {
  it('opens a tool once it says what it does and closes it on completion, like print mode', () => {
    const m = new UpdateMapper();
    assert.deepStrictEqual(
      m.push({ sessionUpdate: 'tool_call', toolCallId: 't1', title: 'Read File', kind: 'read', status: 'pending', rawInput: {} }),
      [],
    );
    const started = m.push({
      sessionUpdate: 'tool_call_update',
      toolCallId: 't1',
      title: 'Read a.ts',
      rawInput: { path: '/w/a.ts' },
      locations: [{ path: '/w/a.ts' }],
    });
    assert.deepStrictEqual(started, [
      { type: 'tool', callId: 't1', phase: 'started', kind: 'read', summary: 'Reading /w/a.ts', mutating: false, path: '/w/a.ts' },
    ]);
    assert.deepStrictEqual(m.push({ sessionUpdate: 'tool_call_update', toolCallId: 't1', status: 'in_progress' }), []);
    const done = m.push({ sessionUpdate: 'tool_call_update', toolCallId: 't1', status: 'completed', rawOutput: { content: 'x' } });
    assert.deepStrictEqual(done, [
      {
        type: 'tool',
        callId: 't1',
        phase: 'completed',
        kind: 'read',
        summary: 'Reading /w/a.ts',
        mutating: false,
        path: '/w/a.ts',
        outcome: 'success',
      },
    ]);
  });

  it('closes a tool a cancelled turn left open', () => {
    const m = new UpdateMapper();
    m.push({ sessionUpdate: 'tool_call', toolCallId: 't1', title: 'grep', kind: 'search', status: 'pending', rawInput: { pattern: 'x' } });
    const end = m.finish();
    assert.deepStrictEqual(
      end.events.map((e) => e.type === 'tool' && [e.phase, e.outcome]),
      [['completed', 'unknown']],
    );
  });

  it('a completed command in a read-only turn is a policy breach; a rejected one is not', () => {
    const m = new UpdateMapper();
    const failed = m.push({ sessionUpdate: 'tool_call', toolCallId: 'a', kind: 'execute', status: 'failed', rawInput: { command: 'ls' } });
    assert.ok(!failed.some((e) => e.type === 'policyBreach'));
    const ran = m.push({ sessionUpdate: 'tool_call', toolCallId: 'b', kind: 'execute', status: 'completed', rawInput: { command: 'touch x' } });
    assert.deepStrictEqual(
      ran.find((e) => e.type === 'policyBreach'),
      { type: 'policyBreach', kind: 'shell', summary: 'Running `touch x`' },
    );
  });

  it('thought chunks are thinking, ended once the answer starts; replayed tool ids never show', () => {
    const m = new UpdateMapper();
    const thought = (text: string) => m.push({ sessionUpdate: 'agent_thought_chunk', content: { type: 'text', text } });
    const t = [...thought('hm'), ...thought('m')];
    assert.deepStrictEqual(t, [
      { type: 'thinking', text: 'hm' },
      { type: 'thinking', text: 'm' },
    ]);
    assert.deepStrictEqual(m.push({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'Hi' } }), [
      { type: 'thinkingDone' },
      { type: 'text', text: 'Hi' },
    ]);
    assert.deepStrictEqual(
      m.push({ sessionUpdate: 'tool_call', toolCallId: 'replay-0-2', kind: 'read', status: 'completed', rawInput: { path: '/x' } }),
      [],
    );
  });

  it('every update of every capture parses: no update of a known kind is invalid', () => {
    for (const file of [CAPTURES.edits, CAPTURES.createPlan, CAPTURES.askQuestion, CAPTURES.load]) {
      const m = new UpdateMapper({ readOnly: false });
      for (const l of readCapture(file))
        if (l.msg.method === 'session/update') m.push((l.msg.params as { update: { sessionUpdate: string } }).update);
      assert.strictEqual(m.stats.invalidUpdates, 0, file);
      assert.deepStrictEqual(Object.keys(m.stats.unknownKinds), [], file);
    }
  });
});

describe('failure messages sent as answer text', () => {
  it('holds back a final chunk of the failure shape, and shows every other chunk at once', () => {
    const g = new ErrorTextGuard();
    assert.strictEqual(g.push('Fine.'), 'Fine.');
    assert.strictEqual(g.push('\n\nError: RetriableError: [unavailable] down'), '');
    const end = g.finish();
    assert.ok('kind' in end && end.kind === 'network');
  });

  it('shows a held chunk whole as soon as more text follows it', () => {
    const g = new ErrorTextGuard();
    assert.strictEqual(g.push('\n\nError: x'), '');
    assert.strictEqual(g.push(' is what the log said.'), '\n\nError: x is what the log said.');
    assert.deepStrictEqual(g.finish(), { rest: '' });
  });

  it('knows the CLI’s failure forms and nothing else', () => {
    assert.strictEqual(classifyFailureChunk('\n\nError: [unauthenticated] Backend rejected authentication.')?.kind, 'loggedOut');
    assert.strictEqual(classifyFailureChunk('\n\nError: API key is invalid')?.kind, 'invalidApiKey');
    assert.strictEqual(classifyFailureChunk('\n\nUpgrade your plan to continue')?.kind, 'usageLimit');
    assert.strictEqual(classifyFailureChunk('Upgrade your plan to continue'), undefined, 'without the blank lines it is answer text');
    assert.strictEqual(classifyFailureChunk('\n\nThe error was a network error.'), undefined);
    assert.strictEqual(
      classifyFailureChunk('\n\nError: connect ECONNREFUSED 127.0.0.1:5432')?.kind,
      'network',
      'the final-chunk shape is the CLI’s own failure',
    );
  });
});

describe('ACP wire framing', () => {
  it('tells requests, notifications, responses and errors apart, and tolerates junk', () => {
    assert.deepStrictEqual(parseWireLine('{"jsonrpc":"2.0","id":0,"method":"cursor/create_plan","params":{}}'), {
      kind: 'request',
      id: 0,
      method: 'cursor/create_plan',
      params: {},
    });
    assert.deepStrictEqual(parseWireLine('{"jsonrpc":"2.0","method":"session/update","params":1}'), {
      kind: 'notification',
      method: 'session/update',
      params: 1,
    });
    assert.deepStrictEqual(parseWireLine('{"jsonrpc":"2.0","id":3,"result":{"stopReason":"end_turn"}}'), {
      kind: 'response',
      id: 3,
      result: { stopReason: 'end_turn' },
    });
    const auth = '{"jsonrpc":"2.0","id":1,"error":{"code":-32000,"message":"Authentication required"}}';
    assert.deepStrictEqual(parseWireLine(auth), { kind: 'error', id: 1, error: { code: -32000, message: 'Authentication required' } });
    for (const junk of ['', 'nope', '[]', 'null', '{"id":{}}', '{"jsonrpc":"2.0"}']) assert.strictEqual(parseWireLine(junk).kind, 'invalid', junk);
  });
});
