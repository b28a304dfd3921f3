/**
 * The read-only promise, one rule for both backends: the same tools stop a plan/ask turn with the
 * policy-breach error in print mode (stream-json `tool_call` events) and over ACP
 * (`tool_call_update`s), diff or no diff.
 */
import * as assert from 'assert';
import { UpdateMapper } from '../../../src/acp/updates';
import { TurnParser } from '../../../src/print/turnParser';
import { harness, openSession, turn } from './support';

type Case = {
  name: string;
  /** Whether a read-only turn must stop (the requirement, not the code). */
  stops: boolean;
  print: { kind: string; args: Record<string, unknown>; result: Record<string, unknown> };
  acp: Record<string, unknown>;
};

const path = '/w/notes.txt';
const diff = [{ type: 'diff', path, oldText: 'a\n', newText: 'a\nb\n' }];
const ok = { success: {} };

const CASES: Case[] = [
  {
    name: 'an edit with a diff',
    stops: true,
    print: { kind: 'edit', args: { path }, result: ok },
    acp: { kind: 'edit', rawInput: { path }, content: diff },
  },
  { name: 'an edit without a diff', stops: true, print: { kind: 'edit', args: { path }, result: ok }, acp: { kind: 'edit', rawInput: { path } } },
  {
    name: 'a delete with a diff',
    stops: true,
    print: { kind: 'delete', args: { path }, result: ok },
    acp: { kind: 'delete', rawInput: { path }, content: diff },
  },
  {
    name: 'a delete without a diff',
    stops: true,
    print: { kind: 'delete', args: { path }, result: ok },
    acp: { kind: 'delete', rawInput: { path } },
  },
  { name: 'a move', stops: true, print: { kind: 'move', args: { path }, result: ok }, acp: { kind: 'move', rawInput: { path } } },
  {
    name: 'a write tool of kind other',
    stops: true,
    print: { kind: 'write', args: { path }, result: ok },
    acp: { kind: 'other', title: 'Write', rawInput: { _toolName: 'write', path } },
  },
  {
    name: 'a command',
    stops: true,
    print: { kind: 'shell', args: { command: 'touch x' }, result: ok },
    acp: { kind: 'execute', rawInput: { command: 'touch x' } },
  },
  { name: 'a read', stops: false, print: { kind: 'read', args: { path }, result: ok }, acp: { kind: 'read', rawInput: { path } } },
  {
    name: 'a search',
    stops: false,
    print: { kind: 'grep', args: { pattern: 'x' }, result: ok },
    acp: { kind: 'search', title: 'grep', rawInput: { pattern: 'x' } },
  },
  {
    name: 'the plan tool',
    stops: false,
    print: { kind: 'createPlan', args: {}, result: ok },
    acp: { kind: 'other', title: 'Create Plan', rawInput: { _toolName: 'createPlan' } },
  },
  {
    name: 'the todo tool',
    stops: false,
    print: { kind: 'updateTodos', args: {}, result: ok },
    acp: { kind: 'other', title: 'Update TODOs', rawInput: { _toolName: 'updateTodos' } },
  },
  {
    name: 'a failed edit',
    stops: false,
    print: { kind: 'edit', args: { path }, result: { error: { message: 'no' } } },
    acp: { kind: 'edit', rawInput: { path }, status: 'failed' },
  },
  {
    name: 'a rejected edit',
    stops: false,
    print: { kind: 'edit', args: { path }, result: { rejected: {} } },
    acp: { kind: 'edit', rawInput: { path }, rawOutput: { rejected: true } },
  },
];

function printBreaches(c: Case): boolean {
  const p = new TurnParser({ readOnly: true });
  const line = {
    type: 'tool_call',
    subtype: 'completed',
    call_id: 'c1',
    tool_call: { [`${c.print.kind}ToolCall`]: { args: c.print.args, result: c.print.result } },
  };
  return p.push(JSON.stringify(line)).some((e) => e.type === 'policyBreach');
}

function acpBreaches(c: Case): boolean {
  const m = new UpdateMapper({ readOnly: true });
  // Opened as the real CLI does (generic, then what it does), then its completion with its content.
  const { status, content, rawOutput, ...opening } = c.acp as { status?: string; content?: unknown; rawOutput?: unknown };
  const events = [
    ...m.push({ sessionUpdate: 'tool_call', toolCallId: 't1', title: 'Tool', status: 'pending', ...opening }),
    ...m.push({ sessionUpdate: 'tool_call_update', toolCallId: 't1', status: 'in_progress' }),
    ...m.push({
      sessionUpdate: 'tool_call_update',
      toolCallId: 't1',
      status: status ?? 'completed',
      ...(content ? { content } : {}),
      ...(rawOutput ? { rawOutput } : {}),
    }),
  ];
  return events.some((e) => e.type === 'policyBreach');
}

describe('the read-only rule, the same in print mode and over ACP', () => {
  for (const c of CASES) {
    it(`${c.name} ${c.stops ? 'stops' : 'does not stop'} a read-only turn, in print mode and over ACP`, () => {
      assert.strictEqual(printBreaches(c), c.stops, 'print mode');
      assert.strictEqual(acpBreaches(c), c.stops, 'ACP');
    });
  }

  it('a completed delete with a diff stops an ACP turn with the policy-breach error, and nothing after it is shown', async () => {
    const updates = [
      { sessionUpdate: 'tool_call', toolCallId: 'tool_d1', title: 'Delete File', kind: 'delete', status: 'pending', rawInput: {} },
      { sessionUpdate: 'tool_call_update', toolCallId: 'tool_d1', title: `Delete ${path}`, rawInput: { path }, locations: [{ path }] },
      {
        sessionUpdate: 'tool_call_update',
        toolCallId: 'tool_d1',
        status: 'completed',
        content: [{ type: 'diff', path, oldText: 'a\n', newText: '' }],
      },
    ];
    const h = harness({ turn: { kind: 'tools', updates, text: 'I deleted it.' } });
    const r = await turn(h, await openSession(h));
    assert.ok(!r.outcome.ok, `answered: ${JSON.stringify(r.outcome)}`);
    assert.strictEqual(r.outcome.error.kind, 'policyBreach');
    assert.match(r.outcome.error.message, /changed something in a read-only turn/);
    assert.strictEqual(r.shown, '');
  });

  it('a completed edit without a diff stops an ACP turn with the policy-breach error', async () => {
    const updates = [
      { sessionUpdate: 'tool_call', toolCallId: 'tool_e9', title: 'Edit File', kind: 'edit', status: 'pending', rawInput: {} },
      { sessionUpdate: 'tool_call_update', toolCallId: 'tool_e9', rawInput: { path }, status: 'completed' },
    ];
    const h = harness({ turn: { kind: 'tools', updates, text: 'Edited.' } });
    const r = await turn(h, await openSession(h));
    assert.ok(!r.outcome.ok, `answered: ${JSON.stringify(r.outcome)}`);
    assert.strictEqual(r.outcome.error.kind, 'policyBreach');
  });
});
