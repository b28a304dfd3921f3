// The editor-tools MCP server under a local flood from a process without the token (issue 36, item 9):
// the real server on loopback, the flood from a child process (so only the server's descriptors are
// counted here), the agent's own client in this process.
import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startEditorToolsServer, type EditorToolsServer } from '../../../src/node/editorToolsServer';
import { EDITOR_TOOL_NAMES, type EditorToolHandlers } from '../../../src/turn/editorTools';
import { idleFlood, openFds, stopFlood } from '../../support/idleFlood';
import { waitFor } from '../../support/waits';

const CAP = 64;
const FLOOD = 2000;
const handlers = Object.fromEntries(EDITOR_TOOL_NAMES.map((t) => [t, async () => ({ tool: t })])) as unknown as EditorToolHandlers;

async function listTools(server: EditorToolsServer): Promise<string[]> {
  const headers = Object.fromEntries(server.spec().headers.map((h) => [h.name, h.value]));
  const c = new Client({ name: 'test-agent', version: '1.0.0' });
  await c.connect(new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers } }));
  try {
    return (await c.listTools()).tools.map((t) => t.name);
  } finally {
    await c.close();
  }
}

/** A POST without the token (refused 401); resolves with the status, or -1 when the socket was cut. */
function tokenless(server: EditorToolsServer, agent: http.Agent): Promise<number> {
  const u = new URL(server.url);
  return new Promise((resolve) => {
    const req = http.request({ host: u.hostname, port: u.port, path: u.pathname, method: 'POST', agent, headers: { host: u.host } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', () => resolve(-1));
    req.end('{}');
  });
}

describe('the editor-tools server under a local flood without the token', () => {
  it('2,000 idle connections grow the host’s open descriptors by the connection cap at most, and the agent’s own request still succeeds', async () => {
    const server = await startEditorToolsServer({ handlers, version: '0.0.0', limits: { maxConnections: CAP, idleMs: 60_000 } });
    const port = Number(new URL(server.url).port);
    const fdsBefore = openFds();
    const flood = await idleFlood(port, FLOOD);
    try {
      assert.ok(await waitFor(() => server.connections.dropped + server.connections.open >= FLOOD, 30_000), 'the server never saw the flood');
      const grown = openFds() - fdsBefore;
      assert.ok(grown <= CAP + 16, `2,000 idle connections grew the host's descriptors by ${grown} (cap ${CAP})`);
      assert.ok(server.connections.open <= CAP, `${server.connections.open} sockets open`);
      assert.deepEqual((await listTools(server)).sort(), [...EDITOR_TOOL_NAMES].sort(), 'the agent’s request failed during the flood');
    } finally {
      await stopFlood(flood);
      await server.close();
    }
  });

  it('idle connections are closed within the idle timeout', async () => {
    const server = await startEditorToolsServer({ handlers, version: '0.0.0', limits: { maxConnections: CAP, idleMs: 300 } });
    const flood = await idleFlood(Number(new URL(server.url).port), 40);
    try {
      assert.ok(await waitFor(() => server.connections.open + server.connections.idleClosed >= 40, 10_000), 'the server never saw the sockets');
      assert.ok(await waitFor(() => server.connections.open === 0, 5_000), `${server.connections.open} idle sockets still open`);
      assert.equal(server.connections.idleClosed, 40);
      assert.deepEqual((await listTools(server)).length, EDITOR_TOOL_NAMES.length, 'the agent’s request after the idle close failed');
    } finally {
      await stopFlood(flood);
      await server.close();
    }
  });

  it('10,000 refused requests write a handful of log lines: the first, one summary per interval, the rest at close', async () => {
    let now = 0;
    const logged: string[] = [];
    const server = await startEditorToolsServer({
      handlers,
      version: '0.0.0',
      log: (m) => logged.push(m),
      limits: { logEveryMs: 10_000, now: () => now },
    });
    const agent = new http.Agent({ keepAlive: false, maxSockets: 32 });
    try {
      const start = logged.length;
      for (let i = 0; i < 10_000; i += 500) {
        if (i === 5_000) now += 10_000; // ten seconds into the flood
        const statuses = await Promise.all(Array.from({ length: 500 }, () => tokenless(server, agent)));
        assert.ok(statuses.every((s) => s === 401 || s === -1));
      }
      assert.equal(server.stats.refused, 10_000);
      await server.close();
      const lines = logged.slice(start);
      assert.ok(lines.length <= 5, `${lines.length} log lines for 10,000 refusals`);
      assert.match(lines[0]!, /refused a request: no valid token/);
      assert.match(lines.at(-1)!, /refused \d+ more request\(s\): \d+× no valid token/);
      const summed = lines.slice(1).reduce((n, l) => n + Number(/refused (\d+) more/.exec(l)?.[1] ?? 0), 0);
      assert.equal(summed, 9_999, 'every refusal after the first is counted in a summary');
    } finally {
      agent.destroy();
      await server.close();
    }
  }).timeout(120_000); // 10,000 real HTTP requests: seconds, more on a loaded machine
});
