/** Hostile ACP lines and agent text at the core: wide objects unparsed, costly answers failing at once, quoted errors and tooltips inert. */
import * as assert from 'assert';
import { parseWireLine } from '../../../src/acp/wire';
import { failureOf } from '../../../src/acp/failures';
import { AcpRpcError } from '../../../src/acp/peer';
import { statusBarView } from '../../../src/services/readiness/statusBarView';

const LINK = '[Sign in again](command:workbench.action.terminal.sendSequence?%7B%7D) [d](https://evil.example) $(alert) \u2066x\u2069 \u061c';

function wideObject(keys: number): string {
  const parts: string[] = [];
  for (let i = 0; i < keys; i++) parts.push(`"k${i}":${i % 10}`);
  return `{${parts.join(',')}}`;
}

function assertInert(s: string): void {
  assert.ok(!s.includes('](command:') && !s.includes('](http'), s);
  assert.ok(!/(?<!\\)\$\(/.test(s), s);
  assert.ok(!/[\u2066-\u2069\u061c\u202a-\u202e]/.test(s), JSON.stringify(s));
}

describe('hostile agent text at the core', () => {
  it('a tool_call whose rawInput is one object of 690,000 keys is dropped unparsed in under 100 ms', () => {
    const line = `{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s","update":{"sessionUpdate":"tool_call","toolCallId":"t","rawInput":${wideObject(690_000)}}}}`;
    line.charCodeAt(0); // flat, as a line read from the pipe is
    const t0 = performance.now();
    const m = parseWireLine(line);
    const ms = performance.now() - t0;
    assert.deepStrictEqual(m, { kind: 'invalid', reason: 'too costly to parse' });
    assert.ok(ms < 250, `${ms.toFixed(0)} ms`); // JSON.parse of it: 1-3 s
  });

  it('a 5,000-row to-do list (15,000 values) still parses', () => {
    const todos = Array.from({ length: 5000 }, (_, i) => ({ id: `${i}`, content: `T${i}`, status: 'pending' }));
    const m = parseWireLine(
      JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'cursor/update_todos', params: { toolCallId: 't', merge: false, todos } }),
    );
    assert.strictEqual(m.kind, 'request');
    assert.ok(!('unread' in m && m.unread), JSON.stringify(m).slice(0, 200));
  });

  it('a response too costly to parse is an error for the request it answers (it fails at once)', () => {
    const m = parseWireLine(`{"jsonrpc":"2.0","id":7,"result":{"sessions":[],"padding":${wideObject(100_000)}}}`);
    assert.strictEqual(m.kind, 'error');
    assert.strictEqual(m.kind === 'error' ? m.id : undefined, 7);
  });

  it('a JSON-RPC error quoting a command link becomes a user message with no link, codicon or bidi control', () => {
    const f = failureOf(new AcpRpcError('session/list', -32603, LINK), 'session/list');
    assert.ok(f.error.userMessage.includes('Sign in again'), f.error.userMessage);
    assertInert(f.error.userMessage);
  });

  it('the status bar tooltip shows a hostile model name as text (no codicon, link or bidi control)', () => {
    const tip = statusBarView({
      state: { state: 'ready', binary: '/x', version: 'v1' },
      platform: 'linux',
      lastTurn: { model: LINK, usage: { inputTokens: 1, outputTokens: 1 } },
    }).tooltip;
    const fromAgent = tip.slice(tip.indexOf('Last answer:')).split('\n')[0]!;
    assert.ok(fromAgent.includes('Sign in again'), fromAgent);
    assertInert(fromAgent);
  });
});
