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
// Chats are bound to their backend: a conversation that ran in print mode continues on ACP as a
// fresh session with the conversation so far folded in (the CLI keeps the two kinds of chat apart).
const assert = __importStar(require("assert"));
const vscode = __importStar(require("vscode"));
const support_1 = require("../suite-faults/support");
const helpers_1 = require("../helpers");
const support_2 = require("./support");
describe('a conversation moving from print mode to ACP', function () {
    this.timeout(30_000);
    before(async function () {
        this.timeout(30_000);
        await (0, support_2.acpReady)();
    });
    afterEach(() => (0, support_2.setUserSetting)('backend', undefined));
    it('@cursor: the next turn starts a fresh ACP session with the conversation so far, and the log says why', async () => {
        await (0, support_2.freshAgents)({ turn: { kind: 'answer', text: 'ACP answer.' } });
        await (0, support_2.setUserSetting)('backend', 'print');
        const since = (0, support_2.acpFake)().invocations().length;
        const first = await (0, support_1.chatRequest)('First print question. switch-1');
        assert.strictEqual(first.metadata?.errorKind, undefined, JSON.stringify(first));
        assert.strictEqual((0, support_2.printTurnsSince)(since), 1);
        await (0, support_2.setUserSetting)('backend', undefined);
        const from = (0, support_1.logMark)();
        const second = await (0, support_1.chatRequest)('Second question. switch-2', false);
        assert.strictEqual(second.metadata?.errorKind, undefined, JSON.stringify(second));
        assert.strictEqual(await (0, helpers_1.renderedAnswer)(), 'ACP answer.');
        assert.strictEqual((0, support_2.printTurnsSince)(since), 1, 'the second turn ran in print mode');
        const sent = (0, support_2.promptsSent)().at(-1) ?? '';
        assert.ok(sent.includes('First print question. switch-1') && sent.includes('Second question. switch-2'), `the ACP prompt lacks the history: ${sent}`);
        await (0, support_1.waitForLog)('ran on print, this turn runs on acp: starting fresh with the history', from);
    });
    it('vscode.lm: a conversation answered in print mode continues on ACP with its history folded in', async () => {
        await (0, support_2.freshAgents)({ turn: { kind: 'answer', text: 'ACP lm answer.' } });
        await (0, support_2.setUserSetting)('backend', 'print');
        const model = await (0, support_1.cursorModel)('auto');
        const q1 = 'First lm question. lm-switch-1';
        const token = new vscode.CancellationTokenSource().token;
        const a1 = (await (0, helpers_1.collectText)(await model.sendRequest([vscode.LanguageModelChatMessage.User(q1)], {}, token))).join('');
        assert.strictEqual(a1, (0, helpers_1.fakeAnswer)('auto', q1));
        await (0, support_2.setUserSetting)('backend', undefined);
        const q2 = 'Second lm question. lm-switch-2';
        const history = [vscode.LanguageModelChatMessage.User(q1), vscode.LanguageModelChatMessage.Assistant(a1), vscode.LanguageModelChatMessage.User(q2)];
        const a2 = (await (0, helpers_1.collectText)(await model.sendRequest(history, {}, token))).join('');
        assert.strictEqual(a2, 'ACP lm answer.');
        const sent = (0, support_2.promptsSent)().at(-1) ?? '';
        assert.ok(sent.includes(q1) && sent.includes(q2), `the ACP prompt lacks the history: ${sent}`);
    });
    // Without it VS Code dropped the model from the chat's picker and from vscode.lm, and refused the request itself
    // ("Language model unavailable") before @cursor could say what to do.
    it('a model picked in print mode stays with vscode.lm and the chat after the switch to ACP, and its requests say to switch models, running nothing', async () => {
        await (0, support_2.setUserSetting)('backend', 'print');
        const gpt5 = await (0, support_1.cursorModel)('gpt-5');
        await vscode.commands.executeCommand('workbench.action.chat.changeModel', { vendor: gpt5.vendor, id: gpt5.id, family: gpt5.family });
        try {
            await (0, support_2.setUserSetting)('backend', undefined);
            await (0, support_1.cursorModel)('composer-2.5[fast=true]'); // the ACP server's list arrived
            const held = (await vscode.lm.selectChatModels({ vendor: 'cursor', id: 'gpt-5' }))[0];
            assert.ok(held, 'vscode.lm no longer finds the model chosen in print mode');
            const since = (0, support_2.acpFake)().invocations().length;
            const prompts = (0, support_2.promptsSent)().length;
            const token = new vscode.CancellationTokenSource().token;
            await assert.rejects((0, helpers_1.collectText)(await held.sendRequest([vscode.LanguageModelChatMessage.User('Still there? lm-held-model')], {}, token)), (err) => {
                assert.ok(err instanceof vscode.LanguageModelError, String(err));
                assert.match(err.message, /The model `gpt-5` is not available with the ACP backend .*Cursor: Switch Model/);
                return true;
            });
            const r = await (0, support_1.chatRequest)('Still there? chat-held-model');
            assert.strictEqual(r.metadata?.errorKind, 'unknownModel', JSON.stringify(r));
            assert.match(r.errorDetails?.message ?? '', /The model `gpt-5` is not available with the ACP backend .*Cursor: Switch Model/);
            assert.strictEqual((0, support_2.printTurnsSince)(since), 0, 'a print-mode turn ran');
            assert.strictEqual((0, support_2.promptsSent)().length, prompts, 'an ACP prompt was sent');
        }
        finally {
            const auto = await (0, support_1.cursorModel)('auto');
            await vscode.commands.executeCommand('workbench.action.chat.changeModel', { vendor: auto.vendor, id: auto.id, family: auto.family });
        }
    });
});
//# sourceMappingURL=2-switch.test.js.map