"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.manualCancel = exports.WORKSPACE = void 0;
exports.harness = harness;
exports.openSession = openSession;
exports.turn = turn;
exports.unansweredAgentRequests = unansweredAgentRequests;
exports.answerTo = answerTo;
/** Shared set-up for the ACP unit tests: the client wired in memory to the fake ACP agent. */
const client_1 = require("../../../src/acp/client");
const turn_1 = require("../../../src/acp/turn");
const memoryTransport_1 = require("../../fixtures/acp/memoryTransport");
exports.WORKSPACE = '/work/project';
function harness(scenario = {}) {
    const mem = (0, memoryTransport_1.memoryAcp)({ commandsBytes: 2000, ...scenario });
    const client = new client_1.AcpClient(mem.transport, { initializeTimeoutMs: 2000, setupTimeoutMs: 2000, loadSettleMs: 100, platform: 'linux' });
    return { ...mem, client };
}
async function openSession(h) {
    await h.client.initialize();
    return h.client.newSession(exports.WORKSPACE);
}
async function turn(h, session, over = {}, opts = {}) {
    const events = [];
    const notices = [];
    const outcome = await (0, turn_1.runAcpTurn)(h.client, session, { workspace: exports.WORKSPACE, mode: 'plan', prompt: 'Explain this repo', ...over, onEvent: (e) => (events.push(e), over.onEvent?.(e)) }, { cancelGraceMs: 2000, onNotice: (n) => notices.push(n), ...opts });
    const shown = events.map((e) => (e.type === 'text' ? e.text : '')).join('');
    return { outcome, events, notices, shown };
}
/** Agent requests the fake sent that never got an answer (each would hang a real session). */
function unansweredAgentRequests(log) {
    const asked = log.filter((l) => l.dir === 'out' && typeof l.msg.method === 'string' && l.msg.id !== undefined);
    const answered = new Set(log.filter((l) => l.dir === 'in' && l.msg.method === undefined).map((l) => l.msg.id));
    return asked.filter((l) => !answered.has(l.msg.id)).map((l) => String(l.msg.method));
}
/** The answer the client gave to the fake's request `method` (its `result`, or `{error}`). */
function answerTo(log, method) {
    const req = log.find((l) => l.dir === 'out' && l.msg.method === method && l.msg.id !== undefined);
    const res = req && log.find((l) => l.dir === 'in' && l.msg.method === undefined && l.msg.id === req.msg.id);
    return res ? (res.msg.result ?? { error: res.msg.error }) : undefined;
}
/** A cancellation token and the button that stops it (the shared plain-Node one). */
var cancellation_1 = require("../../support/cancellation");
Object.defineProperty(exports, "manualCancel", { enumerable: true, get: function () { return cancellation_1.cancellationSource; } });
//# sourceMappingURL=support.js.map