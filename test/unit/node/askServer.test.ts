// The ask server as VS Code's agents meet it: a real MCP client (the SDK's) over HTTP on loopback, the
// token in the headers; one tool, `ask_cursor`, that runs the ask (the same turn as cursor_ask); a call
// whose request goes away cancels the turn; and every request it must refuse.
import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CancellationLike } from '../../../src/cli/cancellation';
import { startAskServer, type AskServer } from '../../../src/node/askServer';
import type { AskOutcome } from '../../../src/turn/askInput';
import { waitFor } from '../../support/waits';

interface Call {
  input: unknown;
  cancellation: CancellationLike;
  cancelled: boolean;
}
const calls: Call[] = [];
/** What the next asks answer (by question); `hang` waits until the call is cancelled. */
async function ask(input: unknown, cancellation: CancellationLike): Promise<AskOutcome> {
  const call: Call = { input, cancellation, cancelled: false };
  calls.push(call);
  cancellation.onCancellationRequested(() => (call.cancelled = true));
  const question = (input as { question: string }).question;
  if (question === 'hang') {
    await new Promise<void>((resolve) => cancellation.onCancellationRequested(resolve));
    return { status: 'cancelled' };
  }
  if (question === 'fail') return { status: 'error', message: 'The Cursor CLI is not logged in.' };
  if (question === 'throw') throw new Error('a programming error');
  if (question === 'long') return { status: 'answered', text: 'y'.repeat(70_000), filesLine: 'Files the Cursor agent read: none.' };
  return { status: 'answered', text: `The answer to: ${question}`, filesLine: 'Files the Cursor agent read: src/a.ts.' };
}

async function client(server: AskServer): Promise<Client> {
  const c = new Client({ name: 'vscode-harness', version: '1.0.0' });
  await c.connect(new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers: server.headers() } }));
  return c;
}
const text = (r: unknown) => (r as { content: Array<{ text: string }> }).content[0]!.text;

/** A raw POST with these headers (Host included, which fetch will not let a caller set): its status, -1 when the connection was cut. */
function post(server: AskServer, headers: Record<string, string>, body = '{}'): Promise<number> {
  const u = new URL(server.url);
  return new Promise((resolve, reject) => {
    const options = { host: u.hostname, port: u.port, path: u.pathname, method: 'POST', headers: { 'content-type': 'application/json', ...headers } };
    const req = http.request(options, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', (err) => (/ECONNRESET|EPIPE/.test(String(err)) ? resolve(-1) : reject(err)));
    req.end(body);
  });
}

describe("the ask server (ask_cursor for VS Code's agents, and what it refuses)", () => {
  let server: AskServer;
  const logged: string[] = [];
  const secret = () => server.headers().Authorization!.slice('Bearer '.length);
  before(async () => {
    server = await startAskServer({ ask, version: '0.0.0', log: (m) => logged.push(m) });
  });
  after(async () => server.close());

  it('lists exactly ask_cursor, read-only, with its input schema, on 127.0.0.1 only', async () => {
    assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    assert.match(server.headers().Authorization!, /^Bearer [A-Za-z0-9_-]{43}$/, 'a token of 32 random bytes');
    const c = await client(server);
    const tools = (await c.listTools()).tools;
    assert.deepEqual(
      tools.map((t) => t.name),
      ['ask_cursor'],
    );
    assert.equal(tools[0]!.annotations?.readOnlyHint, true);
    assert.match(tools[0]!.description ?? '', /read-only/);
    assert.deepEqual(tools[0]!.inputSchema.required, ['question']);
    assert.deepEqual(Object.keys(tools[0]!.inputSchema.properties ?? {}).sort(), ['files', 'question']);
    await c.close();
  });

  it('a call reaches the ask with the validated input and returns the answer and the files line', async () => {
    const c = await client(server);
    const before = calls.length;
    const r = await c.callTool({ name: 'ask_cursor', arguments: { question: '  What does a.ts do?  ', files: ['src/a.ts'] } });
    assert.equal(r.isError, undefined);
    assert.equal(text(r), 'The answer to: What does a.ts do?\n\nFiles the Cursor agent read: src/a.ts.');
    assert.equal(calls.length, before + 1);
    assert.deepEqual(calls[before]!.input, { question: 'What does a.ts do?', files: ['src/a.ts'] });
    await c.close();
  });

  it('a failed ask is an error result with its message, a programming error a message without its stack; results are bounded', async () => {
    const c = await client(server);
    const failed = await c.callTool({ name: 'ask_cursor', arguments: { question: 'fail' } });
    assert.equal(failed.isError, true);
    assert.equal(text(failed), 'The Cursor CLI is not logged in.');
    const thrown = await c.callTool({ name: 'ask_cursor', arguments: { question: 'throw' } });
    assert.equal(thrown.isError, true);
    assert.doesNotMatch(text(thrown), /at .*\.ts|programming error/);
    const long = await c.callTool({ name: 'ask_cursor', arguments: { question: 'long' } });
    assert.ok(text(long).length <= 60_000 + 40, `a result of ${text(long).length} characters`);
    assert.match(text(long), /cut at 60000 characters/);
    await c.close();
  });

  it('an input that breaks the schema, or another tool, is refused and no ask runs', async () => {
    const c = await client(server);
    const before = calls.length;
    const refuse = (name: string, args: Record<string, unknown>) =>
      c.callTool({ name, arguments: args }).catch((e: Error) => ({ isError: true, content: [{ text: e.message }] }));
    for (const args of [{}, { question: 7 }, { question: '   ' }, { question: 'x'.repeat(20_001) }, { question: 'q', files: 'a.ts' }]) {
      assert.equal((await refuse('ask_cursor', args)).isError, true, JSON.stringify(args).slice(0, 80));
    }
    assert.equal((await refuse('cursor_ask', { question: 'q' })).isError, true);
    assert.equal(calls.length, before, 'an ask ran for a refused call');
    await c.close();
  });

  it('a call whose HTTP request goes away cancels the turn', async () => {
    const u = new URL(server.url);
    const before = calls.length;
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'ask_cursor', arguments: { question: 'hang' } } });
    const headers = { host: u.host, ...server.headers(), 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const req = http.request({ host: u.hostname, port: u.port, path: u.pathname, method: 'POST', headers });
    req.on('error', () => undefined);
    req.end(body);
    assert.ok(await waitFor(() => calls.length === before + 1, 5000), 'the ask never started');
    assert.equal(calls[before]!.cancellation.isCancellationRequested, false);
    req.destroy();
    assert.ok(await waitFor(() => calls[before]!.cancelled, 5000), 'the turn was not cancelled');
    assert.equal(calls[before]!.cancellation.isCancellationRequested, true);
  });

  it('refuses a request without the token or a wrong one (401), a wrong Host or Origin (403), an oversized body (413), not JSON (400)', async () => {
    const u = new URL(server.url);
    const good = { host: u.host, ...server.headers() };
    const before = calls.length;
    assert.equal(await post(server, { host: u.host }), 401);
    assert.equal(await post(server, { host: u.host, authorization: 'Bearer wrong-token' }), 401);
    const sameLength = `Bearer ${secret().slice(0, -1)}${secret().endsWith('A') ? 'B' : 'A'}`;
    assert.equal(await post(server, { host: u.host, authorization: sameLength }), 401);
    assert.equal(await post(server, { host: u.host, authorization: secret() }), 401, 'the token without "Bearer "');
    assert.equal(await post(server, { ...good, host: `evil.example:${u.port}` }), 403);
    assert.equal(await post(server, { ...good, host: `localhost:${u.port}` }), 403);
    assert.equal(await post(server, { ...good, origin: 'http://evil.example' }), 403);
    const big = await post(server, good, JSON.stringify({ pad: 'x'.repeat(256 * 1024 + 10) }));
    assert.ok(big === 413 || big === -1, `an oversized body got ${big}`);
    assert.equal(await post(server, good, 'not json'), 400);
    assert.equal(calls.length, before);
    assert.ok(
      logged.some((l) => /refused a request/.test(l)),
      'no refusal reached the log (the later ones are summed up: editorToolsFlood.test.ts)',
    );
    assert.ok(!logged.some((l) => l.includes(secret())), 'the token reached the log');
  });

  it('is gone once closed: nothing listens on its port', async () => {
    const other = await startAskServer({ ask, version: '0.0.0' });
    await other.close();
    const status = await post(other, { host: new URL(other.url).host }).catch((e: Error) => e.message);
    assert.match(String(status), /ECONNREFUSED/);
  });
});
