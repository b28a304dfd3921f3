/**
 * Newline-delimited JSON-RPC 2.0 framing, as `cursor-agent acp` speaks it on
 * stdio: one message per line, no Content-Length headers. Byte chunks become
 * lines in {@link NdjsonLineReader}; this turns lines into typed messages and
 * messages into lines. Never throws on bad input.
 */
export type JsonRpcId = number | string;

export interface RpcErrorBody {
  code: number;
  message: string;
  data?: unknown;
}

export type WireMessage =
  | { kind: 'request'; id: JsonRpcId; method: string; params: unknown }
  | { kind: 'notification'; method: string; params: unknown }
  | { kind: 'response'; id: JsonRpcId; result: unknown }
  | { kind: 'error'; id: JsonRpcId | null; error: RpcErrorBody }
  | { kind: 'invalid'; reason: string };

/** Lines longer than this are not parsed (they are tool payloads the extension never needs whole). */
export const MAX_PARSED_LINE_CHARS = 8 * 1024 * 1024;

function isId(v: unknown): v is JsonRpcId {
  return (typeof v === 'number' && Number.isFinite(v)) || typeof v === 'string';
}

/** One line of agent output → one message. */
export function parseWireLine(line: string): WireMessage {
  if (line.length > MAX_PARSED_LINE_CHARS) return { kind: 'invalid', reason: 'oversized' };
  let raw: unknown;
  try {
    raw = JSON.parse(line);
  } catch {
    return { kind: 'invalid', reason: 'not JSON' };
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { kind: 'invalid', reason: 'not an object' };
  const m = raw as Record<string, unknown>;
  if (typeof m.method === 'string') {
    if (m.id === undefined || m.id === null) return { kind: 'notification', method: m.method, params: m.params };
    if (isId(m.id)) return { kind: 'request', id: m.id, method: m.method, params: m.params };
    return { kind: 'invalid', reason: 'bad id' };
  }
  if ('error' in m && typeof m.error === 'object' && m.error !== null) {
    const e = m.error as Record<string, unknown>;
    const code = typeof e.code === 'number' ? e.code : -32603;
    const message = typeof e.message === 'string' ? e.message : '';
    return { kind: 'error', id: isId(m.id) ? m.id : null, error: { code, message, ...(e.data !== undefined ? { data: e.data } : {}) } };
  }
  if (isId(m.id) && 'result' in m) return { kind: 'response', id: m.id, result: m.result };
  return { kind: 'invalid', reason: 'no method, result or error' };
}

export function encodeRequest(id: JsonRpcId, method: string, params: unknown): string {
  return JSON.stringify({ jsonrpc: '2.0', id, method, params }) + '\n';
}

export function encodeNotification(method: string, params: unknown): string {
  return JSON.stringify({ jsonrpc: '2.0', method, params }) + '\n';
}

export function encodeResult(id: JsonRpcId, result: unknown): string {
  return JSON.stringify({ jsonrpc: '2.0', id, result }) + '\n';
}

export function encodeError(id: JsonRpcId | null, error: RpcErrorBody): string {
  return JSON.stringify({ jsonrpc: '2.0', id, error }) + '\n';
}

export const RPC = {
  authRequired: -32000,
  methodNotFound: -32601,
  invalidParams: -32602,
  internal: -32603,
} as const;
