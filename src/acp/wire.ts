/**
 * Newline-delimited JSON-RPC 2.0 framing, as `cursor-agent acp` speaks it on
 * stdio: one message per line, no Content-Length headers. Byte chunks become
 * lines in {@link NdjsonLineReader}; this turns lines into typed messages and
 * messages into lines. Never throws on bad input, and never spends long on
 * one line (see {@link MAX_PARSED_CONTAINERS}).
 */
import { tooCostlyToParse } from '../cli/jsonDepth';

export type JsonRpcId = number | string;

export interface RpcErrorBody {
  code: number;
  message: string;
  data?: unknown;
}

export type WireMessage =
  /** `unread`: the line was too costly to parse; only its id and method were read (from its head), `params` is undefined. */
  | { kind: 'request'; id: JsonRpcId; method: string; params: unknown; unread?: UnreadReason }
  | { kind: 'notification'; method: string; params: unknown }
  | { kind: 'response'; id: JsonRpcId; result: unknown }
  | { kind: 'error'; id: JsonRpcId | null; error: RpcErrorBody }
  | { kind: 'invalid'; reason: string };

export type UnreadReason = 'oversized' | 'too costly to parse';

/** Lines longer than this are not parsed (they are tool payloads the extension never needs whole). */
export const MAX_PARSED_LINE_CHARS = 8 * 1024 * 1024;
/**
 * More arrays/objects than this in one line are not parsed: `JSON.parse` of 25k small objects takes
 * ~30 ms on a slow machine, 400k of them (an 8 MB to-do list) over a second. No message the
 * extension reads carries that many (the largest, available_commands_update, a few hundred).
 */
export const MAX_PARSED_CONTAINERS = 25_000;
/**
 * More values than this (`,`-separated members and items) in one line are not parsed either: one object of
 * 700k keys (a `tool_call`'s `rawInput`) is one container but costs `JSON.parse` 1–3 s. The largest line the
 * extension reads whole, a 5,000-row to-do list, has 15,000.
 */
export const MAX_PARSED_VALUES = 30_000;
/** How much of an unparsed line is searched for a request's id and method. */
const HEAD_CHARS = 512;

function isId(v: unknown): v is JsonRpcId {
  return (typeof v === 'number' && Number.isFinite(v)) || typeof v === 'string';
}

/** One line of agent output → one message. */
export function parseWireLine(line: string): WireMessage {
  if (line.length > MAX_PARSED_LINE_CHARS) return unparsed(line, 'oversized');
  // The print-mode rule (deep nesting stalls JSON.parse), with ACP's budget of arrays/objects per line.
  if (tooCostlyToParse(line, { maxContainers: MAX_PARSED_CONTAINERS, maxValues: MAX_PARSED_VALUES })) return unparsed(line, 'too costly to parse');
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

const HEAD_ID = /"id"\s*:\s*(-?\d{1,15}(?![\d.eE])|"(?:[^"\\]|\\.){0,256}")/;
const HEAD_METHOD = /"method"\s*:\s*"([^"\\]{1,128})"/;

/**
 * A line too costly to parse is still answered when it is a request (an unanswered one can hang
 * the session): its id and method are read from its head, when both come before `params` there
 * (as the CLI writes them: `{"jsonrpc":"2.0","id":0,"method":…,"params":…}`). A response is an
 * error for the request it answers (read the same way, its id before `result`), so that request
 * fails at once instead of waiting out its deadline.
 */
function unparsed(line: string, reason: UnreadReason): WireMessage {
  const head = line.slice(0, HEAD_CHARS);
  const response = unreadResponse(head, reason);
  if (response) return response;
  const paramsAt = head.indexOf('"params"');
  const before = paramsAt === -1 ? '' : head.slice(0, paramsAt);
  const id = HEAD_ID.exec(before)?.[1];
  const method = HEAD_METHOD.exec(before)?.[1];
  if (!/^\s*\{/.test(before) || id === undefined || method === undefined) return { kind: 'invalid', reason };
  let parsedId: unknown;
  try {
    parsedId = JSON.parse(id);
  } catch {
    return { kind: 'invalid', reason };
  }
  if (!isId(parsedId)) return { kind: 'invalid', reason };
  return { kind: 'request', id: parsedId, method, params: undefined, unread: reason };
}

/** The error standing for a response too costly to read, when `head` is one (`{"jsonrpc":"2.0","id":3,"result":…`). */
function unreadResponse(head: string, reason: UnreadReason): WireMessage | undefined {
  const resultAt = head.search(/"(?:result|error)"\s*:/);
  if (resultAt === -1 || /"method"\s*:/.test(head.slice(0, resultAt))) return undefined;
  const before = head.slice(0, resultAt);
  const id = HEAD_ID.exec(before)?.[1];
  if (!/^\s*\{/.test(before) || id === undefined) return undefined;
  let parsedId: unknown;
  try {
    parsedId = JSON.parse(id);
  } catch {
    return undefined;
  }
  if (!isId(parsedId)) return undefined;
  const message = reason === 'oversized' ? 'the answer was too large to read' : 'the answer was too costly to read';
  return { kind: 'error', id: parsedId, error: { code: RPC.internal, message } };
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
