"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.RPC = exports.MAX_PARSED_LINE_CHARS = void 0;
exports.parseWireLine = parseWireLine;
exports.encodeRequest = encodeRequest;
exports.encodeNotification = encodeNotification;
exports.encodeResult = encodeResult;
exports.encodeError = encodeError;
/** Lines longer than this are not parsed (they are tool payloads the extension never needs whole). */
exports.MAX_PARSED_LINE_CHARS = 8 * 1024 * 1024;
function isId(v) {
    return (typeof v === 'number' && Number.isFinite(v)) || typeof v === 'string';
}
/** One line of agent output → one message. */
function parseWireLine(line) {
    if (line.length > exports.MAX_PARSED_LINE_CHARS)
        return { kind: 'invalid', reason: 'oversized' };
    let raw;
    try {
        raw = JSON.parse(line);
    }
    catch {
        return { kind: 'invalid', reason: 'not JSON' };
    }
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
        return { kind: 'invalid', reason: 'not an object' };
    const m = raw;
    if (typeof m.method === 'string') {
        if (m.id === undefined || m.id === null)
            return { kind: 'notification', method: m.method, params: m.params };
        if (isId(m.id))
            return { kind: 'request', id: m.id, method: m.method, params: m.params };
        return { kind: 'invalid', reason: 'bad id' };
    }
    if ('error' in m && typeof m.error === 'object' && m.error !== null) {
        const e = m.error;
        const code = typeof e.code === 'number' ? e.code : -32603;
        const message = typeof e.message === 'string' ? e.message : '';
        return { kind: 'error', id: isId(m.id) ? m.id : null, error: { code, message, ...(e.data !== undefined ? { data: e.data } : {}) } };
    }
    if (isId(m.id) && 'result' in m)
        return { kind: 'response', id: m.id, result: m.result };
    return { kind: 'invalid', reason: 'no method, result or error' };
}
function encodeRequest(id, method, params) {
    return JSON.stringify({ jsonrpc: '2.0', id, method, params }) + '\n';
}
function encodeNotification(method, params) {
    return JSON.stringify({ jsonrpc: '2.0', method, params }) + '\n';
}
function encodeResult(id, result) {
    return JSON.stringify({ jsonrpc: '2.0', id, result }) + '\n';
}
function encodeError(id, error) {
    return JSON.stringify({ jsonrpc: '2.0', id, error }) + '\n';
}
exports.RPC = {
    authRequired: -32000,
    methodNotFound: -32601,
    invalidParams: -32602,
    internal: -32603,
};
//# sourceMappingURL=wire.js.map