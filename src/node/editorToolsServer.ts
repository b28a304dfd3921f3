/**
 * The editor-tools MCP server (Streamable HTTP, stateless, JSON responses) on 127.0.0.1 and a free
 * port, built on the official MCP SDK (no hand-written MCP framing). Bundled on its own
 * (dist/editorToolsServer.js: the SDK brings its own dependencies) and loaded only when the
 * feature first starts, so activation loads none of it.
 *
 * Guarded before the SDK sees a request: the `Host` header must be this server's own address and
 * an `Origin`, when sent, its own origin (no DNS rebinding); `Authorization: Bearer <token>` (a
 * random token, compared in constant time, never logged); one path; a bounded body. Each tool's
 * input is checked with its zod schema by the SDK; each result is bounded. No tool changes anything.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { EditorToolHandlers, McpServerSpec } from '../turn/editorTools';
import { EDITOR_TOOL_NAMES, EDITOR_TOOLS, MAX_REQUEST_BYTES, MAX_RESULT_CHARS } from '../turn/editorTools';

export const MCP_PATH = '/mcp';

export interface EditorToolsServerOptions {
  handlers: EditorToolHandlers;
  version: string;
  log?(message: string): void;
}

export interface EditorToolsServer {
  /** Unique to this window (`vscode-<random>`), so no project or user MCP server shares it. */
  readonly name: string;
  readonly url: string;
  /** What ACP's session/new and session/load get (the bearer token in `headers`). */
  spec(): McpServerSpec;
  readonly stats: { requests: number; refused: number; toolCalls: number };
  close(): Promise<void>;
}

export async function startEditorToolsServer(opts: EditorToolsServerOptions): Promise<EditorToolsServer> {
  const name = `vscode-${randomBytes(4).toString('hex')}`;
  const token = randomBytes(32).toString('base64url');
  const stats = { requests: 0, refused: 0, toolCalls: 0 };
  let self = '';
  const refuse = (res: http.ServerResponse, status: number, why: string) => {
    stats.refused++;
    opts.log?.(`[editor tools] refused a request: ${why}`);
    res.writeHead(status, { 'content-type': 'application/json', connection: 'close' }).end(JSON.stringify({ error: why }));
    // (A body left unread, e.g. one over the limit, goes with the connection.)
    res.once('finish', () => res.req.socket.destroy());
  };
  const server = http.createServer((req, res) => {
    stats.requests++;
    if (req.headers.host !== self) return refuse(res, 403, 'wrong Host');
    if (req.headers.origin !== undefined && req.headers.origin !== `http://${self}`) return refuse(res, 403, 'wrong Origin');
    if (!sameToken(req.headers.authorization, `Bearer ${token}`)) return refuse(res, 401, 'no valid token');
    if ((req.url ?? '').split('?')[0] !== MCP_PATH) return refuse(res, 404, 'unknown path');
    if (req.method !== 'POST') return refuse(res, 405, 'only POST (stateless server, JSON responses)');
    readBody(req, MAX_REQUEST_BYTES).then(
      (body) => {
        if (body === undefined) return refuse(res, 413, 'request body too large');
        let parsed: unknown;
        try {
          parsed = JSON.parse(body);
        } catch {
          return refuse(res, 400, 'the body is not JSON');
        }
        void serve(opts, stats, req, res, parsed).catch((err: unknown) => {
          opts.log?.(`[editor tools] request failed: ${err instanceof Error ? err.message : String(err)}`);
          if (!res.headersSent) res.writeHead(500).end();
        });
      },
      () => refuse(res, 400, 'the request body could not be read'),
    );
  });
  server.headersTimeout = 10_000;
  server.requestTimeout = 60_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  self = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  const url = `http://${self}${MCP_PATH}`;
  opts.log?.(`[editor tools] serving ${EDITOR_TOOL_NAMES.length} tools as MCP server ${name} on ${self}`);
  return {
    name,
    url,
    stats,
    spec: () => ({ name, type: 'http', url, headers: [{ name: 'Authorization', value: `Bearer ${token}` }] }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** One stateless MCP exchange: a fresh server and transport per request (the SDK's stateless pattern). */
async function serve(
  opts: EditorToolsServerOptions,
  stats: { toolCalls: number },
  req: http.IncomingMessage,
  res: http.ServerResponse,
  body: unknown,
): Promise<void> {
  const mcp = new McpServer({ name: 'vscode-editor-tools', version: opts.version });
  for (const tool of EDITOR_TOOL_NAMES) {
    const spec = EDITOR_TOOLS[tool];
    const run = opts.handlers[tool] as (input: unknown) => Promise<Record<string, unknown>>;
    const config = { description: spec.description, inputSchema: spec.input, annotations: { readOnlyHint: true, openWorldHint: false } };
    mcp.registerTool(tool, config, async (input: unknown) => {
      stats.toolCalls++;
      try {
        return { content: [{ type: 'text' as const, text: bounded(JSON.stringify(await run(input))) }] };
      } catch (err) {
        return { isError: true, content: [{ type: 'text' as const, text: bounded(err instanceof Error ? err.message : String(err)) }] };
      }
    });
  }
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  res.on('close', () => {
    void transport.close();
    void mcp.close();
  });
  await mcp.connect(transport);
  await transport.handleRequest(req, res, body);
}

function bounded(text: string): string {
  return text.length <= MAX_RESULT_CHARS ? text : `${text.slice(0, MAX_RESULT_CHARS)}… (cut at ${MAX_RESULT_CHARS} characters)`;
}

function sameToken(got: string | undefined, want: string): boolean {
  if (got === undefined) return false;
  const a = Buffer.from(got);
  const b = Buffer.from(want);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The body as text, or undefined when it is over `limit` bytes (the rest is not read). */
function readBody(req: http.IncomingMessage, limit: number): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (c: Buffer) => {
      size += c.length;
      if (size <= limit) return void chunks.push(c);
      req.off('data', onData);
      resolve(undefined);
    };
    req.on('data', onData);
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
