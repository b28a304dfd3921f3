// What the agent meets on the editor-tools server, pinned as literal values (a wrong constant in src/ must fail
// here): the exact seven tools, the 256 KiB request body limit, the 60,000-character result bound, and a token
// that must match byte for byte (a wrong one of the same length is refused too).
import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startEditorToolsServer, type EditorToolsServer } from '../../../src/node/editorToolsServer';
import { EDITOR_TOOL_NAMES, type EditorToolHandlers } from '../../../src/turn/editorTools';

const TOOLS = ['definition', 'diagnostics', 'document_symbols', 'hover', 'open_editors', 'references', 'workspace_symbols'];
const BODY_LIMIT = 256 * 1024;
const RESULT_CHARS = 60_000;

const handlers = Object.fromEntries(
  EDITOR_TOOL_NAMES.map((t) => [t, async () => (t === 'workspace_symbols' ? { text: 'y'.repeat(200_000) } : {})]),
) as unknown as EditorToolHandlers;

function post(server: EditorToolsServer, headers: Record<string, string>, body: string): Promise<number> {
  const u = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: u.hostname, port: u.port, path: u.pathname, method: 'POST', headers: { 'content-type': 'application/json', host: u.host, ...headers } },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', (err) => (/ECONNRESET|EPIPE/.test(String(err)) ? resolve(-1) : reject(err)));
    req.end(body);
  });
}

describe('the editor-tools server, pinned (tools, body limit, result bound, token)', () => {
  let server: EditorToolsServer;
  let client: Client;
  before(async () => {
    server = await startEditorToolsServer({ handlers, version: '0.0.0' });
    const headers = Object.fromEntries(server.spec().headers.map((h) => [h.name, h.value]));
    client = new Client({ name: 'pinned', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers } }));
  });
  after(async () => {
    await client.close();
    await server.close();
  });

  it('lists exactly the seven read-only tools', async () => {
    assert.deepEqual((await client.listTools()).tools.map((t) => t.name).sort(), TOOLS);
  });

  it('a tool result is cut at 60,000 characters, and says so', async () => {
    const r = await client.callTool({ name: 'workspace_symbols', arguments: { query: 'x' } });
    const text = (r.content as Array<{ text: string }>)[0]!.text;
    assert.equal(text.indexOf('… (cut at'), RESULT_CHARS);
    assert.match(text, /… \(cut at 60000 characters\)$/);
  });

  it('a body of 256 KiB is read; one byte more is refused', async () => {
    const auth = server.spec().headers[0]!;
    const good = { [auth.name]: auth.value };
    const envelope = (pad: number) => JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(pad) } });
    const overhead = envelope(0).length;
    const atLimit = await post(server, { ...good, accept: 'application/json, text/event-stream' }, envelope(BODY_LIMIT - overhead));
    assert.notEqual(atLimit, 413, 'a body of exactly 256 KiB was refused');
    assert.notEqual(atLimit, -1, 'a body of exactly 256 KiB was cut off');
    const over = await post(server, good, envelope(BODY_LIMIT - overhead + 1));
    assert.ok(over === 413 || over === -1, `a body one byte over 256 KiB got ${over}`);
  });

  it('a wrong token of exactly the right length is refused (401)', async () => {
    const auth = server.spec().headers[0]!;
    const last = auth.value.slice(-1);
    const forged = auth.value.slice(0, -1) + (last === 'A' ? 'B' : 'A');
    assert.equal(forged.length, auth.value.length);
    assert.equal(await post(server, { [auth.name]: forged }, '{}'), 401);
  });
});
