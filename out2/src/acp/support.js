"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.helpSaysAcp = helpSaysAcp;
exports.isAcpInitializeResult = isAcpInitializeResult;
/**
 * Whether a `cursor-agent` binary speaks ACP: its `acp --help` text first (an
 * older CLI prints its general help, or fails), then the shape of its
 * `initialize` answer. The caller remembers the verdict per binary and
 * version. Pure.
 */
const schema_1 = require("./schema");
/** `cursor-agent acp --help` stdout → whether the `acp` command exists. */
function helpSaysAcp(stdout) {
    return /Agent Client Protocol/i.test(stdout.slice(0, 20000));
}
/** An `initialize` result that is Cursor's ACP server: protocol version 1. */
function isAcpInitializeResult(result) {
    const p = schema_1.initializeResultSchema.safeParse(result);
    return p.success && p.data.protocolVersion === 1;
}
//# sourceMappingURL=support.js.map