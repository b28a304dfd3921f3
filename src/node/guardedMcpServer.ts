/**
 * A guarded MCP server (Streamable HTTP, stateless, JSON responses) on 127.0.0.1 and a free port, built
 * on the official MCP SDK (no hand-written MCP framing). The plumbing both of this window's servers share:
 * the editor tools (editorToolsServer.ts, for the Cursor agent) and the ask server (askServer.ts, for
 * VS Code's own agents); each brings its own name and tools.
 *
 * Guarded before the SDK sees a request: the `Host` header must be this server's own address and
 * an `Origin`, when sent, its own origin (no DNS rebinding); `Authorization: Bearer <token>` (32 random
 * bytes, compared in constant time, never logged); one path; POST only; a bounded body that must be JSON.
 * Each tool's input is checked with its zod schema by the SDK; each result is bounded (`boundedText`).
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { McpServerSpec } from '../turn/editorTools';
import { type ConnectionStats, DEFAULT_LOOPBACK_LIMITS, limitConnections, type LoopbackLimits, quietRefusalLog } from './loopbackLimits';

export const MCP_PATH = '/mcp';

export interface GuardedMcpServerOptions {
  /** The server's name for its clients (ACP's `session/new`, the log). */
  name: string;
  /** The log's prefix, e.g. `editor tools`. */
  label: string;
  /** What the MCP `initialize` answer calls the server, and its version. */
  serverInfo: { name: string; version: string };
  /** Bytes of one request body at most (413 above). */
  maxBodyBytes: number;
  /** Registers the tools on a fresh server, once per request (stateless). `counted` wraps a tool handler to count its calls. */
  tools(mcp: McpServer, counted: <A extends unknown[], R>(run: (...args: A) => R) => (...args: A) => R): void;
  log?(message: string): void;
  /** The flood limits (loopbackLimits.ts); tests shorten them. */
  limits?: Partial<LoopbackLimits>;
}

export interface GuardedMcpServer {
  readonly name: string;
  readonly url: string;
  /** The headers a client must send (the bearer token): for the client only, never for a log. */
  headers(): Record<string, string>;
  /** As ACP's session/new and session/load take it. */
  spec(): McpServerSpec;
  readonly stats: { requests: number; refused: number; toolCalls: number };
  /** Sockets open now, closed by the cap, closed for being idle. */
  readonly connections: ConnectionStats;
  close(): Promise<void>;
}

export async function startGuardedMcpServer(opts: GuardedMcpServerOptions): Promise<GuardedMcpServer> {
  const token = randomBytes(32).toString('base64url');
  const stats = { requests: 0, refused: 0, toolCalls: 0 };
  const prefix = `[${opts.label}]`;
  const limits = { ...DEFAULT_LOOPBACK_LIMITS, ...opts.limits };
  const refusals = quietRefusalLog(opts.log, prefix, limits);
  let self = '';
  const refuse = (res: http.ServerResponse, status: number, why: string) => {
    stats.refused++;
    refusals.refused(why);
    res.writeHead(status, { 'content-type': 'application/json', connection: 'close' }).end(JSON.stringify({ error: why }));
    // (A body left unread, e.g. one over the limit, goes with the connection.)
    res.once('finish', () => res.req.socket.destroy());
  };
  const counted =
    <A extends unknown[], R>(run: (...args: A) => R) =>
    (...args: A): R => {
      stats.toolCalls++;
      return run(...args);
    };
  const server = http.createServer((req, res) => {
    stats.requests++;
    if (req.headers.host !== self) return refuse(res, 403, 'wrong Host');
    if (req.headers.origin !== undefined && req.headers.origin !== `http://${self}`) return refuse(res, 403, 'wrong Origin');
    if (!sameToken(req.headers.authorization, `Bearer ${token}`)) return refuse(res, 401, 'no valid token');
    if ((req.url ?? '').split('?')[0] !== MCP_PATH) return refuse(res, 404, 'unknown path');
    if (req.method !== 'POST') return refuse(res, 405, 'only POST (stateless server, JSON responses)');
    readBody(req, opts.maxBodyBytes).then(
      (body) => {
        if (body === undefined) return refuse(res, 413, 'request body too large');
        let parsed: unknown;
        try {
          parsed = JSON.parse(body);
        } catch {
          return refuse(res, 400, 'the body is not JSON');
        }
        void serve(opts, counted, req, res, parsed).catch((err: unknown) => {
          opts.log?.(`${prefix} request failed: ${err instanceof Error ? err.message : String(err)}`);
          if (!res.headersSent) res.writeHead(500).end();
        });
      },
      () => refuse(res, 400, 'the request body could not be read'),
    );
  });
  server.headersTimeout = 10_000;
  server.requestTimeout = 60_000;
  const connections = limitConnections(server, limits);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  self = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  const url = `http://${self}${MCP_PATH}`;
  const headers = () => ({ Authorization: `Bearer ${token}` });
  return {
    name: opts.name,
    url,
    stats,
    connections,
    headers,
    spec: () => ({ name: opts.name, type: 'http', url, headers: Object.entries(headers()).map(([name, value]) => ({ name, value })) }),
    close: () =>
      new Promise<void>((resolve) => {
        refusals.flush();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * One stateless MCP exchange: a fresh server and transport per request (the SDK's stateless pattern).
 * When the response closes (sent, or the client went away), the transport closes and the SDK aborts the
 * `signal` of every tool call still running: a tool that takes long (an ask) is cancelled with it.
 */
async function serve(
  opts: GuardedMcpServerOptions,
  counted: Parameters<GuardedMcpServerOptions['tools']>[1],
  req: http.IncomingMessage,
  res: http.ServerResponse,
  body: unknown,
): Promise<void> {
  const mcp = new McpServer(opts.serverInfo);
  opts.tools(mcp, counted);
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  res.on('close', () => {
    void transport.close();
    void mcp.close();
  });
  await mcp.connect(transport);
  await transport.handleRequest(req, res, body);
}

/** A tool's text, cut at `max` characters with a note saying so. */
export function boundedText(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (cut at ${max} characters)`;
}

/** A tool result: text, or an error the calling model reads (bounded either way). */
export function toolText(text: string, max: number, isError = false) {
  return { ...(isError ? { isError: true } : {}), content: [{ type: 'text' as const, text: boundedText(text, max) }] };
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
