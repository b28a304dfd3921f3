/**
 * The editor tools and `#cursor`'s MCP servers as the package ships them: the production bundle
 * dist/editorToolsServer.js (built here into a temporary folder with the project's esbuild.mjs), loaded as the
 * extension loads it, met by a real MCP client. esbuild.mjs leaves parts of the MCP SDK out of that bundle (ajv,
 * Zod 3, zod-to-json-schema: stubs that throw); a path of ours that still reached one of them fails here.
 */
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type * as ServerBundle from '../../src/node/editorToolsServer';
import { EDITOR_TOOL_NAMES, type EditorToolHandlers } from '../../src/turn/editorTools';
import { repoRoot } from '../support/samples';

async function client(server: { url: string; headers(): Record<string, string> }): Promise<Client> {
  const c = new Client({ name: 'packaged-test', version: '1.0.0' });
  await c.connect(new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers: server.headers() } }));
  return c;
}

/** The text of a tool result, or of the error a refused call rejects with (the SDK does either, by version). */
async function outcome(call: Promise<unknown>): Promise<{ isError: boolean; text: string }> {
  try {
    const r = (await call) as { isError?: boolean; content: Array<{ text: string }> };
    return { isError: r.isError === true, text: r.content.map((c) => c.text).join('\n') };
  } catch (err) {
    return { isError: true, text: String(err) };
  }
}

describe('the packaged MCP servers (the production bundle, with the unused SDK parts left out)', function () {
  this.timeout(60_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'packaged-server-'));
  let bundle: typeof ServerBundle;
  const closers: Array<() => Promise<void>> = [];
  before(() => {
    const r = spawnSync(process.execPath, ['esbuild.mjs', '--production', '--outdir', dir], { cwd: repoRoot(), encoding: 'utf8', timeout: 60_000 });
    assert.equal(r.status, 0, r.stderr);
    bundle = createRequire(__filename)(path.join(dir, 'editorToolsServer.js')) as typeof ServerBundle;
  });
  after(async () => {
    for (const close of closers) await close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('the editor tools: listed with their input schemas, a call answered, a bad input refused by its schema', async () => {
    const handlers = Object.fromEntries(
      EDITOR_TOOL_NAMES.map((t) => [t, async (input: unknown) => ({ tool: t, input })]),
    ) as unknown as EditorToolHandlers;
    const server = await bundle.startEditorToolsServer({ handlers, version: '0.0.0' });
    closers.push(() => server.close());
    const headers = Object.fromEntries(server.spec().headers.map((h) => [h.name, h.value]));
    const c = await client({ url: server.url, headers: () => headers });
    const tools = (await c.listTools()).tools;
    assert.deepEqual(tools.map((t) => t.name).sort(), [...EDITOR_TOOL_NAMES].sort());
    assert.ok(tools.every((t) => t.inputSchema.type === 'object'));
    const ok = await outcome(c.callTool({ name: 'open_editors', arguments: {} }));
    assert.equal(ok.isError, false, ok.text);
    assert.match(ok.text, /open_editors/);
    const withProperty = tools.find((t) => Object.keys(t.inputSchema.properties ?? {}).length > 0)!;
    const bad = await outcome(
      c.callTool({ name: withProperty.name, arguments: { [Object.keys(withProperty.inputSchema.properties!)[0]!]: { not: 'valid' } } }),
    );
    assert.equal(bad.isError, true, bad.text);
    assert.doesNotMatch(bad.text, /not bundled/);
    await c.close();
  });

  it("#cursor's ask server: ask_cursor listed, a question answered, an empty question refused by its schema", async () => {
    const ask = async (input: unknown) => ({
      status: 'answered' as const,
      text: `asked ${JSON.stringify(input)}`,
      filesLine: 'Files the Cursor agent read: none.',
    });
    const server = await bundle.startAskServer({ ask, version: '0.0.0' });
    closers.push(() => server.close());
    const c = await client(server);
    assert.deepEqual(
      (await c.listTools()).tools.map((t) => t.name),
      ['ask_cursor'],
    );
    const ok = await outcome(c.callTool({ name: 'ask_cursor', arguments: { question: 'what is this?' } }));
    assert.equal(ok.isError, false, ok.text);
    assert.match(ok.text, /asked \{"question":"what is this\?"\}/);
    const bad = await outcome(c.callTool({ name: 'ask_cursor', arguments: { question: 42 } }));
    assert.equal(bad.isError, true, bad.text);
    assert.doesNotMatch(bad.text, /not bundled/);
    await c.close();
  });
});
