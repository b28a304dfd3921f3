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
/**
 * A `vscode.lm` conversation after a request the caller stopped: the CLI chat then holds a turn
 * (part of an answer, or the whole of it) that no transcript records, so no later request may
 * resume it. The real provider (src/vscode/lmProvider.ts) on the `vscode` stand-in, with the fake CLI.
 */
const assert = __importStar(require("node:assert/strict"));
const authService_1 = require("../../../src/services/authService");
const conversationIndex_1 = require("../../../src/services/conversationIndex");
const modelCatalog_1 = require("../../../src/services/modelCatalog");
const settingsSchema_1 = require("../../../src/services/settingsSchema");
const vscodeShim_1 = require("../../support/vscodeShim");
const cancellation_1 = require("../../support/cancellation");
const logger_1 = require("../helpers/logger");
const stack_1 = require("../helpers/stack");
const MODEL = { id: 'auto', name: 'Auto', family: 'cursor', version: '1', maxInputTokens: 200_000, maxOutputTokens: 32_000, capabilities: {} };
const user = (text) => ({ role: vscodeShim_1.vscodeShim.LanguageModelChatMessageRole.User, content: [new vscodeShim_1.vscodeShim.LanguageModelTextPart(text)], name: undefined });
const assistant = (text) => ({ role: vscodeShim_1.vscodeShim.LanguageModelChatMessageRole.Assistant, content: [new vscodeShim_1.vscodeShim.LanguageModelTextPart(text)], name: undefined });
describe('vscode.lm after a stopped request (language model provider on a vscode stand-in)', function () {
    this.timeout(30_000);
    let s;
    let provider;
    afterEach(() => {
        provider?.dispose();
        s?.dispose();
        provider = s = undefined;
    });
    async function send(p, messages, stopAtFirstText = false) {
        let text = '';
        const stop = (0, cancellation_1.cancellationSource)();
        const progress = {
            report: (part) => {
                text += part instanceof vscodeShim_1.vscodeShim.LanguageModelTextPart ? part.value : '';
                if (stopAtFirstText && text)
                    stop.cancel();
            },
        };
        await p.provideLanguageModelChatResponse(MODEL, messages, {}, progress, stop.token);
        return text;
    }
    it('a request stopped mid-answer retires its CLI chat: the next request of the conversation starts fresh with the history', async () => {
        (0, vscodeShim_1.installVscodeShim)();
        s = (0, stack_1.createStack)({ turns: [{ kind: 'default', answer: 'First answer.', narration: '' }, { kind: 'slowStream', intervalMs: 50, durationMs: 10_000 }] });
        vscodeShim_1.shimState.workspaceFolder = s.workspace;
        const logger = new logger_1.MemoryLogger();
        const stack = s;
        const auth = new authService_1.AuthService({ probe: async () => ({ state: 'ready', binary: stack.fake.binPath, version: 'fake' }) }, logger);
        await auth.refresh();
        // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded after the shim is installed
        const { CursorChatProvider: Provider } = require('../../../src/vscode/lmProvider');
        provider = new Provider({
            flow: stack.agent.chatFlow(() => true),
            auth,
            catalog: new modelCatalog_1.ModelCatalog({ fetchModelsText: () => stack.agent.modelsText() }, logger, () => 3_600_000),
            settings: () => ({ ...settingsSchema_1.DEFAULT_SETTINGS }),
            logger,
            conversations: new conversationIndex_1.ConversationIndex(),
        });
        const q1 = 'First question about app.ts';
        const a1 = await send(provider, [user(q1)]);
        const partial = await send(provider, [user(q1), assistant(a1), user('A long second question')], true);
        const turns = () => stack.fake.invocations().filter((i) => i.argv.includes('-p'));
        const stoppedChat = turns()[1].argv[turns()[1].argv.indexOf('--resume') + 1];
        assert.ok(turns()[1].argv.includes('--resume') && partial !== '', 'the second request did not resume and stream');
        // The caller asks again from the first answer (the stopped one discarded), or goes on after the partial answer.
        for (const messages of [[user(q1), assistant(a1), user('Another question instead')], [user(q1), assistant(a1), user('A long second question'), assistant(partial), user('Go on')]]) {
            const before = turns().length;
            await send(provider, messages);
            const next = turns()[before];
            assert.ok(!next.argv.includes('--resume'), `resumed ${stoppedChat}, which holds the stopped turn: ${next.argv.join(' ')}`);
            assert.ok(next.stdin?.includes(q1), `the fresh chat lacks the history: ${next.stdin}`);
        }
    });
});
//# sourceMappingURL=lmContinuity.test.js.map