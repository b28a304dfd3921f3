/**
 * The schemas read what the ACP protocol (the official SDK's types) allows: the compile-time check in
 * src/acp/protocol.ts, and the fields it found the schemas rejecting (a `null` the protocol allows).
 */
import * as assert from 'assert';
import type * as sdk from '@agentclientprotocol/sdk' with { 'resolution-mode': 'import' };
import * as z from 'zod/mini';
import type { Reads } from '../../../src/acp/protocol';
import { configOptionSchema, permissionRequestSchema, sessionSetupSchema } from '../../../src/acp/schema';
import { UpdateMapper } from '../../../src/acp/updates';

const narrowLocation = z.object({ path: z.string(), line: z.optional(z.number()) });
// @ts-expect-error a schema that rejects `line: null` (which the protocol allows) fails the check
export type NarrowFails = Reads<typeof narrowLocation, sdk.ToolCallLocation>;
export type WideReads = Reads<typeof narrowLocation, { path: string; line?: number }>;

describe('ACP schemas read what the protocol allows', () => {
  it('a tool update whose optional fields are null is read, not dropped as invalid', () => {
    const m = new UpdateMapper();
    m.push({ sessionUpdate: 'tool_call', toolCallId: 't1', title: 'Read File', kind: 'read', status: 'pending', rawInput: {} });
    const update = { sessionUpdate: 'tool_call_update', toolCallId: 't1', title: null, kind: null, status: null, locations: null, content: null };
    assert.deepStrictEqual(m.push(update), []);
    m.push({ sessionUpdate: 'tool_call_update', toolCallId: 't1', rawInput: { path: '/w/a.ts' }, locations: [{ path: '/w/a.ts', line: null }] });
    const done = m.push({ sessionUpdate: 'tool_call_update', toolCallId: 't1', status: 'completed' });
    assert.deepStrictEqual(
      done.map((e) => e.type === 'tool' && [e.phase, e.summary]),
      [['completed', 'Reading /w/a.ts']],
    );
    assert.strictEqual(m.stats.invalidUpdates, 0);
  });

  it('a tool call whose raw input is not an object is read; only an object input names the tool', () => {
    const m = new UpdateMapper();
    const events = m.push({
      sessionUpdate: 'tool_call',
      toolCallId: 't2',
      title: 'Terminal',
      kind: 'execute',
      status: 'in_progress',
      rawInput: 'ls -la',
    });
    assert.deepStrictEqual(
      events.map((e) => e.type === 'tool' && e.phase),
      ['started'],
    );
    assert.strictEqual(m.stats.invalidUpdates, 0);
  });

  it('session setup, config options and permission requests with null fields parse', () => {
    assert.ok(sessionSetupSchema.safeParse({ sessionId: 's', modes: null, configOptions: null }).success);
    assert.ok(configOptionSchema.safeParse({ id: 'model', name: 'Model', type: 'select', category: null, currentValue: 'a', options: [] }).success);
    const permission = {
      sessionId: 's',
      toolCall: { toolCallId: 't', title: null, kind: null },
      options: [{ optionId: 'allow', kind: 'allow_once', name: 'Allow' }],
    };
    assert.ok(permissionRequestSchema.safeParse(permission).success);
  });
});
