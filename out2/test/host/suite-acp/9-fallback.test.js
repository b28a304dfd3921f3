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
// Last in the suite: after a transport failure `auto` keeps the rest of the window on print mode.
const assert = __importStar(require("assert"));
const vscode = __importStar(require("vscode"));
const support_1 = require("../suite-faults/support");
const helpers_1 = require("../helpers");
const support_2 = require("./support");
describe('auto falls back to print mode (last: the window stays there)', function () {
    this.timeout(30_000);
    before(async function () {
        this.timeout(30_000);
        await (0, support_2.acpReady)();
    });
    it('a cursor-agent acp that dies before any text: the turn reruns in print mode, and later turns stay there', async () => {
        await (0, support_2.freshAgents)({ turn: { kind: 'die' } });
        const since = (0, support_2.acpFake)().invocations().length;
        const from = (0, support_1.logMark)();
        const prompt = 'Are you there? dies-before-text';
        (0, support_1.assertLmAnswer)(await (0, support_1.lmRequest)(prompt), (0, helpers_1.fakeAnswer)('auto', prompt));
        assert.strictEqual((0, support_2.printTurnsSince)(since), 1, 'the turn was not rerun in print mode');
        await (0, support_1.waitForLog)('this window uses print mode from now on', from);
        const processes = (0, support_2.acpProcesses)().length;
        const next = 'And now? after-fallback';
        (0, support_1.assertLmAnswer)(await (0, support_1.lmRequest)(next), (0, helpers_1.fakeAnswer)('auto', next));
        assert.strictEqual((0, support_2.printTurnsSince)(since), 2);
        assert.strictEqual((0, support_2.acpProcesses)().length, processes, 'an ACP process started after the fallback');
        await vscode.commands.executeCommand('workbench.action.chat.newChat');
        await vscode.commands.executeCommand('workbench.action.chat.open', { query: '@cursor /status', blockOnResponse: true });
        assert.match(await (0, helpers_1.renderedAnswer)(), /- Backend: print mode: the ACP connection failed before answering \(/);
    });
});
//# sourceMappingURL=9-fallback.test.js.map