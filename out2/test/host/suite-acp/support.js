"use strict";
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __setModuleDefault = (this && this.__setModuleDefault) || (Object.create ? (function(o, v) {
    Object.defineProperty(o, "default", { enumerable: true, value: v });
}) : function(o, v) {
    o["default"] = v;
});
var __importStar = (this && this.__importStar) || (function () {
    var ownKeys = function(o) {
        ownKeys = Object.getOwnPropertyNames || function (o) {
            var ar = [];
            for (var k in o) if (Object.prototype.hasOwnProperty.call(o, k)) ar[ar.length] = k;
            return ar;
        };
        return ownKeys(o);
    };
    return function (mod) {
        if (mod && mod.__esModule) return mod;
        var result = {};
        if (mod != null) for (var k = ownKeys(mod), i = 0; i < k.length; i++) if (k[i] !== "default") __createBinding(result, mod, k[i]);
        __setModuleDefault(result, mod);
        return result;
    };
})();
Object.defineProperty(exports, "__esModule", { value: true });
exports.acpReady = acpReady;
exports.acpFake = acpFake;
exports.acpProcesses = acpProcesses;
exports.wire = wire;
exports.promptsSent = promptsSent;
exports.printTurnsSince = printTurnsSince;
exports.unansweredAgentRequests = unansweredAgentRequests;
exports.answerTo = answerTo;
exports.fakePids = fakePids;
exports.freshAgents = freshAgents;
exports.setUserSetting = setUserSetting;
exports.assertNoProcess = assertNoProcess;
// Helpers of the ACP suite: the fake ACP CLI (which also answers print mode), its wire log, and
// one request through each surface (shared with the faults suite).
const assert = __importStar(require("assert"));
const fs = __importStar(require("fs"));
const path = __importStar(require("path"));
const vscode = __importStar(require("vscode"));
const fakeAcpCli_1 = require("../../fixtures/acp/fakeAcpCli");
const helpers_1 = require("../helpers");
const support_1 = require("../suite-faults/support");
let cli;
/**
 * The extension is active and Cursor's models are registered: until then the chat refuses an
 * @cursor request before the participant sees it (in ACP mode the list waits for the support
 * check and a session/new), and a test would read an empty answer.
 */
async function acpReady() {
    await (0, helpers_1.activateApi)();
    acpFake();
    await (0, support_1.cursorModel)('auto', 25_000);
}
/** The suite's fake (never helpers.fake(): that one would rewrite the binary as the print-only fake). */
function acpFake() {
    cli ??= (0, fakeAcpCli_1.createFakeAcpCli)({ dir: (0, helpers_1.env)('CURSOR_AGENT_TEST_FAKE_DIR') });
    return cli;
}
/**
 * Pids in the order their processes started: by when each one's wire log was created, not by number
 * (pids wrap around on a busy machine, and a newer process then has a lower pid).
 */
function startOrder(pids) {
    const born = (pid) => {
        try {
            return fs.statSync(path.join(acpFake().dir, 'acp-log', `${pid}.jsonl`)).birthtimeMs;
        }
        catch {
            return 0;
        }
    };
    return [...pids].map((pid) => ({ pid, at: born(pid) })).sort((a, b) => a.at - b.at || a.pid - b.pid).map((p) => p.pid);
}
/** ACP processes started so far (each one that spoke on the wire: turns' and the support check's), oldest first. */
function acpProcesses() {
    return startOrder(acpFake().acpLog().keys());
}
/** The wire log of every ACP process, in process order. */
function wire() {
    const log = acpFake().acpLog();
    return startOrder(log.keys()).flatMap((pid) => log.get(pid) ?? []);
}
/** The texts of every `session/prompt` the extension sent. */
function promptsSent() {
    return wire()
        .filter((l) => l.dir === 'in' && l.msg.method === 'session/prompt')
        .map((l) => (l.msg.params.prompt[0]?.text ?? ''));
}
/** Print-mode turns (`-p`) the fake ran after `since` invocations. */
function printTurnsSince(since) {
    return acpFake().invocations().slice(since).filter(helpers_1.isTurn).length;
}
/** Agent requests (`out` with an id and a method) that got no answer (`in` with the same id and no method), per process. */
function unansweredAgentRequests() {
    const out = [];
    for (const [pid, lines] of acpFake().acpLog()) {
        for (const l of lines.filter((x) => x.dir === 'out' && x.msg.method !== undefined && x.msg.id !== undefined)) {
            const answered = lines.some((x) => x.dir === 'in' && x.msg.method === undefined && x.msg.id === l.msg.id);
            if (!answered)
                out.push(`${pid}: ${String(l.msg.method)} #${String(l.msg.id)}`);
        }
    }
    return out;
}
/** The answer the extension sent to the agent's `method` request. */
function answerTo(method) {
    for (const lines of acpFake().acpLog().values()) {
        const req = lines.find((x) => x.dir === 'out' && x.msg.method === method && x.msg.id !== undefined);
        const res = req && lines.find((x) => x.dir === 'in' && x.msg.method === undefined && x.msg.id === req.msg.id);
        if (res)
            return res.msg.result ?? res.msg.error;
    }
    return undefined;
}
/** The fake's processes still running (livePids() counts only processes that still run this fake: a reused pid is another program's). */
function fakePids() {
    return acpFake().livePids();
}
/**
 * Sets the scenario and ends the running ACP processes (they read it when they start), so the next
 * turn starts one that follows it. A process that dies while idle is no failure: the next turn starts another.
 */
async function freshAgents(s) {
    acpFake().setAcpScenario(s);
    for (const pid of fakePids()) {
        try {
            process.kill(pid, 'SIGKILL');
        }
        catch {
            /* gone */
        }
    }
    await (0, helpers_1.waitFor)('the ACP processes to end', () => fakePids().length === 0, 5000);
    await (0, helpers_1.sleep)(100); // the extension hears the exit
}
/** Sets `cursorAgent.<key>` in the user's settings (undefined removes it). */
async function setUserSetting(key, value) {
    await vscode.workspace.getConfiguration('cursorAgent').update(key, value, vscode.ConfigurationTarget.Global);
}
/** No cursor-agent process of the fake is running. */
async function assertNoProcess(label) {
    try {
        await (0, helpers_1.waitFor)(`every cursor-agent process to be gone (${label})`, () => fakePids().length === 0, 3000);
    }
    catch (err) {
        assert.fail(`${err.message}: ${JSON.stringify(fakePids())}`);
    }
}
//# sourceMappingURL=support.js.map