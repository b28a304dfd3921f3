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
// Stop and the deadlines over ACP: the partial answer stays, the session stays usable, and no
// process is left behind by a turn that hangs.
const assert = __importStar(require("assert"));
const vscode = __importStar(require("vscode"));
const support_1 = require("../suite-faults/support");
const helpers_1 = require("../helpers");
const support_2 = require("./support");
const chunksOut = () => (0, support_2.wire)().filter((l) => l.dir === 'out' && l.msg.params?.update?.sessionUpdate === 'agent_message_chunk').length;
describe('Stop and deadlines over ACP', function () {
    this.timeout(40_000);
    before(async function () {
        this.timeout(30_000);
        await (0, support_2.acpReady)();
    });
    it('@cursor Stop: session/cancel as a notification, the partial answer stays, the next turn runs in the same process', async () => {
        await (0, support_2.freshAgents)({ turns: [{ kind: 'never', text: 'Partial answer' }, { kind: 'answer', text: 'After the stop.' }] });
        const chunks = chunksOut();
        const pending = (0, support_1.chatRequest)('Never finish. stop-1');
        await (0, helpers_1.waitFor)('the partial answer to stream', () => chunksOut() > chunks);
        await new Promise((r) => setTimeout(r, 300));
        await vscode.commands.executeCommand('workbench.action.chat.cancel');
        const r = await pending;
        assert.strictEqual(r.metadata?.errorKind, undefined, JSON.stringify(r));
        assert.strictEqual(await (0, helpers_1.renderedAnswer)(), 'Partial answer');
        assert.ok((0, support_2.wire)().some((l) => l.dir === 'in' && l.msg.method === 'session/cancel' && l.msg.id === undefined), 'no session/cancel notification');
        const processes = (0, support_2.acpProcesses)().length;
        const live = (0, support_2.fakePids)().length;
        const next = await (0, support_1.chatRequest)('Now answer. stop-2', false);
        assert.strictEqual(next.metadata?.errorKind, undefined, JSON.stringify(next));
        assert.strictEqual(await (0, helpers_1.renderedAnswer)(), 'After the stop.');
        assert.strictEqual((0, support_2.acpProcesses)().length, processes, 'the turn after Stop started a process');
        assert.strictEqual((0, support_2.fakePids)().length, live, 'Stop left a process behind or ended the session');
    });
    it('a turn that goes silent ends at the inactivity deadline with a timeout, and the process serves the next turn', async () => {
        await (0, support_2.freshAgents)({ turns: [{ kind: 'never', text: 'Then silence' }, { kind: 'answer', text: 'Awake.' }] });
        const o = await (0, support_1.lmRequest)('Go silent. silent-1');
        assert.ok(o.error instanceof vscode.LanguageModelError, `answered: ${o.text}`);
        assert.match(o.error.message, /stopped producing output|timed out|seconds/i);
        const processes = (0, support_2.acpProcesses)().length;
        const again = await (0, support_1.lmRequest)('Wake up. silent-2');
        assert.strictEqual(again.text, 'Awake.');
        assert.strictEqual((0, support_2.acpProcesses)().length, processes);
    });
    it('backend acp: a handshake that never completes fails at the deadline and its process is ended', async () => {
        await (0, support_2.setUserSetting)('backend', 'acp');
        try {
            await (0, support_2.freshAgents)({ handshake: 'hang' });
            const since = (0, support_2.acpFake)().invocations().length;
            const o = await (0, support_1.lmRequest)('Hello? hang');
            assert.ok(o.error instanceof vscode.LanguageModelError, `answered: ${o.text}`);
            assert.strictEqual((0, support_2.printTurnsSince)(since), 0);
            await (0, support_2.assertNoProcess)('after a hung handshake');
        }
        finally {
            await (0, support_2.setUserSetting)('backend', undefined);
            (0, support_2.acpFake)().setAcpScenario({});
        }
    });
});
//# sourceMappingURL=3-stop.test.js.map