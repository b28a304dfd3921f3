// The editor-tools MCP server as the Cursor agent meets it: a real MCP client (the SDK's) over
// HTTP on loopback, the token in the headers; and every request it must refuse.
import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startEditorToolsServer, type EditorToolsServer } from '../../../src/node/editorToolsServer';
import { EDITOR_TOOL_NAMES, type EditorToolHandlers, MAX_REQUEST_BYTES } from '../../../src/turn/editorTools';

const calls: Array<{ tool: string; input: unknown }> = [];
const handler = (tool: string) => async (input: unknown) => {
  calls.push({ tool, input });
  if (tool === 'hover') throw new Error('no hover here');
  return { tool, input };
};
const handlers = Object.fromEntries(EDITOR_TOOL_NAMES.map((t) => [t, handler(t)])) as unknown as EditorToolHandlers;

async function client(server: EditorToolsServer): Promise<Client> {
  const headers = Object.fromEntries(server.spec().headers.map((h) => [h.name, h.value]));
  const c = new Client({ name: 'test-agent', version: '1.0.0' });
  await c.connect(new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers } }));
  return c;
}

/** A raw POST to the server with these headers (Host included, which fetch will not let a caller set). */
function post(server: EditorToolsServer, headers: Record<string, string>, body = '{}'): Promise<number> {
  const u = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: u.hostname, port: u.port, path: u.pathname, method: 'POST', headers: { 'content-type': 'application/json', ...headers } },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', (err) => (/ECONNRESET|EPIPE/.test(String(err)) ? resolve(-1) : reject(err)));
    req.end(body);
  });
}

describe('the editor-tools MCP server (what the agent can call, and what it refuses)', () => {
  let server: EditorToolsServer;
  const logged: string[] = [];
  before(async () => {
    server = await startEditorToolsServer({ handlers, version: '0.0.0', log: (m) => logged.push(m) });
  });
  after(async () => server.close());

  it('lists the seven read-only editor tools to an MCP client that has the token, on 127.0.0.1 only', async () => {
    assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    assert.match(server.name, /^vscode-[0-9a-f]{8}$/);
    const c = await client(server);
    const tools = (await c.listTools()).tools;
    assert.deepEqual(tools.map((t) => t.name).sort(), [...EDITOR_TOOL_NAMES].sort());
    assert.ok(tools.every((t) => t.annotations?.readOnlyHint === true && (t.description ?? '').length > 20));
    await c.close();
  });

  it('a tool call reaches its handler with the validated input and returns its result as text', async () => {
    const c = await client(server);
    const r = await c.callTool({ name: 'references', arguments: { file: 'src/a.ts', line: 3, character: 5 } });
    assert.deepEqual(JSON.parse((r.content as Array<{ text: string }>)[0]!.text), {
      tool: 'references',
      input: { file: 'src/a.ts', line: 3, character: 5 },
    });
    const failed = await c.callTool({ name: 'hover', arguments: { file: 'src/a.ts', line: 1 } });
    assert.equal(failed.isError, true);
    assert.equal((failed.content as Array<{ text: string }>)[0]!.text, 'no hover here');
    await c.close();
  });

  it('an input that breaks the schema (line 0) or a tool that does not exist is refused, and no handler runs', async () => {
    const c = await client(server);
    const before = calls.length;
    const bad = await c
      .callTool({ name: 'definition', arguments: { file: 'src/a.ts', line: 0 } })
      .catch((e: Error) => ({ isError: true, content: [{ text: e.message }] }));
    assert.equal(bad.isError, true);
    const unknown = await c.callTool({ name: 'write_file', arguments: {} }).catch((e: Error) => ({ isError: true, content: [{ text: e.message }] }));
    assert.equal(unknown.isError, true);
    assert.match(JSON.stringify(unknown.content), /write_file/);
    assert.equal(calls.length, before, 'a handler ran for a refused call');
    await c.close();
  });

  it('refuses a request without the token (401), with a wrong Host or Origin (403), to another path, or with an oversized body', async () => {
    const u = new URL(server.url);
    const auth = server.spec().headers[0];
    const good = { host: u.host, [auth!.name]: auth!.value };
    assert.equal(await post(server, { host: u.host }), 401);
    assert.equal(await post(server, { host: u.host, authorization: 'Bearer wrong-token' }), 401);
    assert.equal(await post(server, { ...good, host: `evil.example:${u.port}` }), 403);
    assert.equal(await post(server, { ...good, host: `localhost:${u.port}` }), 403);
    assert.equal(await post(server, { ...good, origin: 'http://evil.example' }), 403);
    const big = await post(server, good, JSON.stringify({ pad: 'x'.repeat(MAX_REQUEST_BYTES + 10) }));
    assert.ok(big === 413 || big === -1, `an oversized body got ${big}`);
    assert.equal(await post(server, good, 'not json'), 400);
    assert.ok(!logged.some((l) => l.includes(auth!.value.slice(7))), 'the token reached the log');
  });

  it('takes only the whole token (never an empty header, a bare Bearer or its first characters), and only its own Origin', async () => {
    const u = new URL(server.url);
    const auth = server.spec().headers[0]!;
    for (const value of ['', 'Bearer', 'Bearer ', auth.value.slice(0, 20), auth.value.slice(0, -1), `${auth.value}x`, auth.value.toLowerCase()]) {
      assert.equal(await post(server, { host: u.host, [auth.name]: value }), 401, `accepted ${JSON.stringify(value.slice(0, 12))}…`);
    }
    const good = { host: u.host, [auth.name]: auth.value };
    const otherPort = String((Number(u.port) % 60000) + 1);
    for (const origin of [`http://127.0.0.1:${otherPort}`, 'http://127.0.0.1', `https://${u.host}`, `http://${u.host}.evil.example`, 'null']) {
      assert.equal(await post(server, { ...good, origin }), 403, `accepted Origin ${origin}`);
    }
    assert.notEqual(await post(server, { ...good, origin: `http://${u.host}` }), 403, 'refused its own Origin');
  });

  it('is gone once closed: nothing listens on its port', async () => {
    const other = await startEditorToolsServer({ handlers, version: '0.0.0' });
    await other.close();
    const status = await post(other, { host: new URL(other.url).host }).catch((e: Error) => e.message);
    assert.match(String(status), /ECONNREFUSED/);
  });
});
