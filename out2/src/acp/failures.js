"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.AcpFailure = void 0;
exports.failure = failure;
exports.failureOf = failureOf;
/**
 * Turns what went wrong on the ACP wire into the error kinds print mode uses,
 * and says whether it was the transport itself (the process died, a protocol
 * error, a handshake that never completed), which `auto` may rerun in print
 * mode, or the user's business (signed out, unknown model, …), which is
 * reported as such. Pure.
 */
const errors_1 = require("../cli/errors");
const failureClassifier_1 = require("../cli/failureClassifier");
const peer_1 = require("./peer");
const wire_1 = require("./wire");
class AcpFailure extends Error {
    error;
    transport;
    constructor(error, 
    /** True when the ACP transport failed (a print-mode rerun may work); false when it is the user's business. */
    transport) {
        super(error.message);
        this.error = error;
        this.transport = transport;
        this.name = 'AcpFailure';
    }
}
exports.AcpFailure = AcpFailure;
function failure(kind, d, transport, stderrTail) {
    return new AcpFailure(new errors_1.CliError((0, errors_1.describeError)(kind, d), stderrTail ? { stderrTail } : {}), transport);
}
/** Maps an error thrown by the peer during `method` to an {@link AcpFailure}. */
function failureOf(err, method, d = {}) {
    if (err instanceof AcpFailure)
        return err;
    if (err instanceof peer_1.AcpRpcError) {
        const text = `${err.rpcMessage} ${dataMessage(err.data)}`;
        if (err.code === wire_1.RPC.authRequired)
            return failure('loggedOut', d, false);
        if (err.code === wire_1.RPC.invalidParams && /Invalid model value|unknown model/i.test(text))
            return failure('unknownModel', d, false);
        if (err.code === wire_1.RPC.invalidParams && method === 'session/load' && /not found/i.test(text))
            return failure('resumeFailed', d, false);
        // Other errors to our own well-formed requests mean we and the CLI disagree on the protocol.
        return failure('malformedStream', { ...d, detail: `${method}: ${err.code} ${err.rpcMessage.slice(0, 200)}` }, true);
    }
    if (err instanceof peer_1.AcpTransportError) {
        const exit = err.exit;
        if (exit?.spawnErrorCode)
            return new AcpFailure((0, failureClassifier_1.classifyFailure)({ spawnErrorCode: exit.spawnErrorCode }, d), false);
        if (err.reason === 'timeout')
            return failure('timeout', { ...d, stage: 'command', detail: `acp (${method})` }, true);
        const classified = (0, failureClassifier_1.classifyFailure)({ exitCode: exit?.code ?? null, signal: exit?.signal ?? null, stderr: exit?.stderrTail ?? '' }, d);
        // A recognised message on stderr (keychain locked, …) is the user's business; a bare exit is the transport's.
        return new AcpFailure(classified, classified.kind === 'unknown');
    }
    return failure('unknown', { ...d, detail: err instanceof Error ? err.message : String(err) }, true);
}
function dataMessage(data) {
    if (typeof data === 'string')
        return data;
    if (typeof data === 'object' && data !== null && typeof data.message === 'string')
        return data.message;
    return '';
}
//# sourceMappingURL=failures.js.map