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
 * What a `vscode.lm` caller gets from the real language model provider
 * (src/vscode/lmProvider.ts, run in plain Node on the `vscode` stand-in of
 * test/support) for turns of the fake CLI: the text parts, the error kinds,
 * and what the CLI received on a second request of the same conversation.
 * The extension-host suites check the same requests through `vscode.lm`.
 */
const assert = __importStar(require("node:assert/strict"));
const authService_1 = require("../../../src/services/authService");
const modelCatalog_1 = require("../../../src/services/modelCatalog");
const settingsSchema_1 = require("../../../src/services/settingsSchema");
const vscodeShim_1 = require("../../support/vscodeShim");
const logger_1 = require("../helpers/logger");
const stack_1 = require("../helpers/stack");
const MODEL = { id: 'auto', name: 'Auto', family: 'cursor', version: '1', maxInputTokens: 200_000, maxOutputTokens: 32_000, capabilities: {} };
describe('vscode.lm callers get what the CLI answered (language model provider on a vscode stand-in)', function () {
    this.timeout(30_000);
    let s;
    let provider;
    afterEach(() => {
        provider?.dispose();
        provider = undefined;
        s?.dispose();
        s = undefined;
    });
    async function start(scenario) {
        (0, vscodeShim_1.installVscodeShim)();
        s = (0, stack_1.createStack)(scenario);
        vscodeShim_1.shimState.workspaceFolder = s.workspace;
        // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded after the shim is installed
        const { CursorChatProvider: Provider } = require('../../../src/vscode/lmProvider');
        const logger = new logger_1.MemoryLogger();
        const stack = s;
        const auth = new authService_1.AuthService({ probe: async () => ({ state: 'ready', binary: stack.fake.binPath, version: 'fake' }) }, logger);
        await auth.refresh();
        provider = new Provider({
            flow: stack.agent.chatFlow(() => true),
            auth,
            catalog: new modelCatalog_1.ModelCatalog({ fetchModelsText: () => stack.agent.modelsText() }, logger, () => 3_600_000),
            settings: () => ({ ...settingsSchema_1.DEFAULT_SETTINGS }),
            logger,
        });
        return provider;
    }
    async function send(p, messages) {
        let text = '';
        const progress = { report: (part) => (text += part instanceof vscodeShim_1.vscodeShim.LanguageModelTextPart ? part.value : '') };
        const token = { isCancellationRequested: false, onCancellationRequested: () => ({ dispose() { } }) };
        await p.provideLanguageModelChatResponse(MODEL, messages, {}, progress, token);
        return text;
    }
    const user = (text) => ({ role: vscodeShim_1.vscodeShim.LanguageModelChatMessageRole.User, content: [new vscodeShim_1.vscodeShim.LanguageModelTextPart(text)], name: undefined });
    const assistant = (text) => ({ role: vscodeShim_1.vscodeShim.LanguageModelChatMessageRole.Assistant, content: [new vscodeShim_1.vscodeShim.LanguageModelTextPart(text)], name: undefined });
    it('streams the answer as text parts, exactly as the CLI wrote it', async () => {
        const p = await start({ turn: { kind: 'default', answer: 'The answer is 42.', narration: '' } });
        assert.equal(await send(p, [user('What is the answer?')]), 'The answer is 42.');
    });
    it('a second request of the same conversation resumes the CLI chat and sends only the new question', async () => {
        const p = await start({ turn: { kind: 'default', answer: 'First answer.', narration: '' } });
        const first = await send(p, [user('First question about app.ts')]);
        await send(p, [user('First question about app.ts'), assistant(first), user('Second question')]);
        const turns = s.fake.invocations().filter((i) => i.argv.includes('-p'));
        assert.equal(turns.length, 2);
        assert.ok(turns[1].argv.includes('--resume'), turns[1].argv.join(' '));
        assert.ok(turns[1].stdin?.includes('Second question'), String(turns[1].stdin));
        assert.ok(!turns[1].stdin?.includes('First question'), String(turns[1].stdin));
    });
    it('a signed-out CLI rejects the request as NoPermissions, with what to do', async () => {
        const p = await start({ turn: { kind: 'stderrExit', stderr: 'Error: Authentication required. Please run `cursor-agent login` first.', exitCode: 1 } });
        await assert.rejects(send(p, [user('Hello')]), (err) => {
            assert.equal(err.code, 'NoPermissions');
            assert.match(err.message, /log ?in/i);
            return true;
        });
    });
    it('an unknown model rejects the request as NotFound', async () => {
        const p = await start({ turn: { kind: 'errorResult', message: "Cannot use this model: nope-1. Available models: auto, gpt-5", exitCode: 1 } });
        await assert.rejects(send(p, [user('Hello')]), (err) => {
            assert.equal(err.code, 'NotFound', err.message);
            return true;
        });
    });
    it('an agent that edits a file in read-only mode rejects the request as Blocked', async () => {
        const p = await start({ turn: { kind: 'writeToolSuccess', tool: 'edit' } });
        await assert.rejects(send(p, [user('Fix it')]), (err) => {
            assert.equal(err.code, 'Blocked', err.message);
            return true;
        });
    });
});
//# sourceMappingURL=lmProvider.test.js.map