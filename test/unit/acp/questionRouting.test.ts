/**
 * Where an agent's question goes when several chats run in one process (`cursor/*` requests name a toolCallId, and
 * maybe a sessionId): the session it names, else the turn whose tool call announced it (a subagent's as its parent
 * turn's), else the one running turn; with several running and nothing to tell, none of them.
 */
import * as assert from 'assert';
import { AcpClient } from '../../../src/acp/client';
import type { AcpTransport } from '../../../src/acp/transport';
import { memoryAcp } from '../../fixtures/acp/memoryTransport';
import { waitFor } from '../../support/waits';
import { WORKSPACE } from './support';

/** Tool calls whose route the client remembers, at most (stated here, not imported from src/). */
const MAX_ROUTES = 1000;

/** A client over the fake agent (each turn streams, then waits for session/cancel), plus lines the test sends as the agent. */
async function twoChats() {
  const mem = memoryAcp({ commandsBytes: 100, turn: { kind: 'never', text: 'Working' } });
  const listeners: Array<(line: string) => void> = [];
  const transport: AcpTransport = {
    write: (l) => mem.transport.write(l),
    onLine: (l) => (mem.transport.onLine(l), void listeners.push(l)),
    onExit: (l) => mem.transport.onExit(l),
    kill: () => mem.transport.kill(),
    get exited() {
      return mem.transport.exited;
    },
  };
  const client = new AcpClient(transport, { initializeTimeoutMs: 2000, setupTimeoutMs: 2000, platform: 'linux' });
  await client.initialize();
  const asked: Record<string, unknown[]> = { A: [], B: [] };
  const ids: Record<string, string> = {};
  for (const name of ['A', 'B']) {
    const s = await client.newSession(WORKSPACE);
    await client.setMode(s.id, 'plan');
    ids[name] = s.id;
    const sink = {
      update: () => undefined,
      subagent: () => undefined,
      agentEvents: () => undefined,
      question: (p: unknown) => void asked[name]!.push(p),
    };
    void client.prompt(s.id, [{ type: 'text', text: `chat ${name}` }], sink).catch(() => undefined);
  }
  await waitFor(() => mem.agent.log.filter((l) => l.dir === 'in' && l.msg.method === 'session/prompt').length === 2, 5000);
  let n = 1000;
  const send = (msg: Record<string, unknown>) => listeners.forEach((l) => l(JSON.stringify({ jsonrpc: '2.0', ...msg })));
  const toolCall = (sessionId: string, toolCallId: string, extra: Record<string, unknown> = {}) =>
    send({
      method: 'session/update',
      params: { sessionId, update: { sessionUpdate: 'tool_call', toolCallId, title: 'Ask', kind: 'other', status: 'pending', ...extra } },
    });
  const ask = (params: Record<string, unknown>) =>
    send({
      id: n++,
      method: 'cursor/ask_question',
      params: { questions: [{ id: 'q', prompt: 'Which?', options: [{ id: 'o1', label: 'One' }] }], ...params },
    });
  const end = () => (client.cancel(ids.A!), client.cancel(ids.B!), client.dispose());
  return { ids, asked, toolCall, ask, end };
}

describe('ACP questions go to the turn they belong to', () => {
  it('with two chats running, a question naming neither a session nor an announced tool call goes to neither', async () => {
    const c = await twoChats();
    try {
      c.ask({ toolCallId: 'tool_unannounced' });
      c.ask({});
      await new Promise((r) => setTimeout(r, 50)); // proves a negative: nothing more arrives
      assert.deepStrictEqual([c.asked.A!.length, c.asked.B!.length], [0, 0]);
    } finally {
      c.end();
    }
  });

  it('the session a question names wins over the tool call route', async () => {
    const c = await twoChats();
    try {
      c.toolCall(c.ids.A!, 'tool_in_a');
      c.ask({ toolCallId: 'tool_in_a', sessionId: c.ids.B });
      await waitFor(() => c.asked.A!.length + c.asked.B!.length > 0, 2000);
      assert.deepStrictEqual([c.asked.A!.length, c.asked.B!.length], [0, 1]);
      c.ask({ toolCallId: 'tool_in_a' });
      await waitFor(() => c.asked.A!.length > 0, 2000);
      assert.deepStrictEqual([c.asked.A!.length, c.asked.B!.length], [1, 1]);
    } finally {
      c.end();
    }
  });

  it("a question from a subagent's tool call is shown in its parent turn", async () => {
    const c = await twoChats();
    try {
      c.toolCall(c.ids.B!, 'tool_task_b', { title: 'Task: Explore', rawInput: { _toolName: 'task' } });
      c.toolCall('sub-of-b', 'tool_sub_ask');
      c.ask({ toolCallId: 'tool_sub_ask' });
      await waitFor(() => c.asked.A!.length + c.asked.B!.length > 0, 2000);
      assert.deepStrictEqual([c.asked.A!.length, c.asked.B!.length], [0, 1]);
    } finally {
      c.end();
    }
  });

  it(`at most ${MAX_ROUTES} tool-call routes are remembered: the oldest is forgotten first`, async () => {
    const c = await twoChats();
    try {
      c.toolCall(c.ids.A!, 'tool_oldest');
      c.toolCall(c.ids.A!, 'tool_second');
      for (let i = 0; i < MAX_ROUTES - 1; i++) c.toolCall(c.ids.A!, `tool_more_${i}`);
      c.ask({ toolCallId: 'tool_second' });
      await waitFor(() => c.asked.A!.length > 0, 2000);
      c.ask({ toolCallId: 'tool_oldest' });
      await new Promise((r) => setTimeout(r, 50)); // proves a negative: the forgotten route reaches nobody
      assert.deepStrictEqual([c.asked.A!.length, c.asked.B!.length], [1, 0]);
    } finally {
      c.end();
    }
  });
});
