/**
 * 12. The editor-tools server under a local idle-connection flood (issue 36, item 9): 2,000 idle sockets
 * opened by another process without the token; how many descriptors this (the host's) process gains,
 * with the default connection cap (64), and whether the agent's own request still gets through.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startEditorToolsServer } from '../src/node/editorToolsServer';
import { DEFAULT_LOOPBACK_LIMITS } from '../src/node/loopbackLimits';
import { EDITOR_TOOL_NAMES, type EditorToolHandlers } from '../src/turn/editorTools';
import { idleFlood, openFds, stopFlood } from '../test/support/idleFlood';
import { waitFor } from '../test/support/waits';
import { BenchEntry, nowMs, round } from './lib';

const FLOOD = 2000;

export async function benchLoopbackFlood(): Promise<BenchEntry[]> {
  const handlers = Object.fromEntries(EDITOR_TOOL_NAMES.map((t) => [t, async () => ({ tool: t })])) as unknown as EditorToolHandlers;
  const server = await startEditorToolsServer({ handlers, version: 'bench' });
  const before = openFds();
  const flood = await idleFlood(Number(new URL(server.url).port), FLOOD);
  let grown: number;
  let agentMs: number | null = null;
  try {
    await waitFor(() => server.connections.dropped + server.connections.open >= FLOOD, 30_000);
    grown = openFds() - before;
    const headers = Object.fromEntries(server.spec().headers.map((h) => [h.name, h.value]));
    const client = new Client({ name: 'bench-agent', version: '0' });
    const t = nowMs();
    try {
      await client.connect(new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers } }));
      await client.listTools();
      agentMs = nowMs() - t;
    } catch {
      agentMs = null;
    } finally {
      await client.close().catch(() => undefined);
    }
  } finally {
    await stopFlood(flood);
    await server.close();
  }
  const cap = DEFAULT_LOOPBACK_LIMITS.maxConnections;
  return [
    {
      name: 'editor_tools_fds_under_idle_flood',
      value: grown,
      unit: 'fds',
      baseline: null,
      ratio: null,
      target: `<= ${cap + 16}`,
      met: grown <= cap + 16,
      detail: `${FLOOD} idle sockets from another process, cap ${cap}; the agent's connect + tools/list meanwhile: ${agentMs === null ? 'FAILED' : `${round(agentMs)} ms`}`,
    },
  ];
}
