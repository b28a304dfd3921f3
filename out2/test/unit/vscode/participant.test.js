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
 * What the chat panel receives from the real @cursor participant
 * (src/vscode/participant.ts, run in plain Node on the benchmarks' minimal
 * `vscode` stand-in) for turns of the fake CLI: the markdown, the progress
 * lines and the buttons. The extension-host suites check the same turns end to
 * end, but VS Code gives a test no way to read a response's progress lines.
 */
const assert = __importStar(require("node:assert/strict"));
const authService_1 = require("../../../src/services/authService");
const conversationIndex_1 = require("../../../src/services/conversationIndex");
const modelCatalog_1 = require("../../../src/services/modelCatalog");
const modelChoice_1 = require("../../../src/services/modelChoice");
const settingsSchema_1 = require("../../../src/services/settingsSchema");
const vscodeShim_1 = require("../../support/vscodeShim");
const fakeCli_1 = require("../../fixtures/fakeCli");
const logger_1 = require("../helpers/logger");
const stack_1 = require("../helpers/stack");
describe('@cursor renders what the CLI streams (participant on a vscode stand-in)', function () {
    this.timeout(30_000);
    let s;
    afterEach(() => {
        s?.dispose();
        s = undefined;
    });
    async function ask(scenario, prompt = 'What does app.ts export?') {
        (0, vscodeShim_1.installVscodeShim)();
        s = (0, stack_1.createStack)(scenario);
        vscodeShim_1.shimState.workspaceFolder = s.workspace;
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const { registerChatParticipant } = require('../../../src/vscode/participant');
        const logger = new logger_1.MemoryLogger();
        const stack = s;
        vscodeShim_1.shimState.participantHandler = undefined;
        registerChatParticipant({
            flow: stack.agent.chatFlow(() => true),
            binary: stack.binary,
            auth: new authService_1.AuthService({ probe: async () => ({ state: 'ready', binary: stack.fake.binPath, version: 'fake' }) }, logger),
            catalog: new modelCatalog_1.ModelCatalog({ fetchModelsText: () => stack.agent.modelsText() }, logger, () => 3_600_000),
            settings: () => ({ ...settingsSchema_1.DEFAULT_SETTINGS, showThinking: true }),
            modelChoice: new modelChoice_1.ModelChoice(),
            conversations: new conversationIndex_1.ConversationIndex(),
            logger,
            platform: 'linux',
        });
        const handler = vscodeShim_1.shimState.participantHandler;
        const out = { markdown: '', progress: [], buttons: [], result: {} };
        const stream = {
            markdown: (t) => (out.markdown += t),
            progress: (t) => out.progress.push(t),
            reference: () => undefined,
            button: (c) => out.buttons.push(c.title),
            anchor: () => undefined,
        };
        const token = { isCancellationRequested: false, onCancellationRequested: () => ({ dispose() { } }) };
        out.result = await handler({ prompt, command: undefined, references: [], toolReferences: [], model: undefined }, { history: [] }, stream, token);
        return out;
    }
    it('starts a new paragraph for the text after a tool call, and keeps the answer as the CLI states it', async () => {
        const r = await ask({});
        const answer = 'Demo answer from auto: you asked "What does app.ts export?".';
        assert.ok(r.markdown.startsWith(`${fakeCli_1.FAKE_NARRATION}\n\n${answer}`), JSON.stringify(r.markdown));
        assert.equal(r.result.metadata?.answerText, fakeCli_1.FAKE_NARRATION + answer);
        assert.ok(r.progress.some((p) => p.startsWith('Reading ')), JSON.stringify(r.progress));
    });
    // Issue 11's table: deltas that repeat the stretch so far, then the recap. The chat shows the recap's text once.
    for (const { deltas, recap } of [
        { deltas: ['ha', 'ha', '!'], recap: 'haha!' },
        { deltas: ['=', '=', '= title'], recap: '=== title' },
        { deltas: ['\n', '\nHello'], recap: '\n\nHello' },
    ]) {
        it(`shows deltas ${JSON.stringify(deltas)} and the recap ${JSON.stringify(recap)} exactly once in the chat`, async () => {
            const events = [
                ...deltas.map((text, i) => ({ type: 'assistant', message: { role: 'assistant', content: [{ type: 'text', text }] }, timestamp_ms: 1000 + i })),
                { type: 'assistant', message: { role: 'assistant', content: [{ type: 'text', text: recap }] } },
                { type: 'result', subtype: 'success', is_error: false, result: recap, usage: { inputTokens: 1, outputTokens: 1 } },
            ];
            const r = await ask({ turn: { kind: 'script', events } });
            assert.equal(r.markdown.slice(0, r.markdown.lastIndexOf('\n\n*')), recap);
            assert.equal(r.result.metadata?.answerText, recap);
        });
    }
    it('shows a reconnecting line while the CLI reconnects, then the whole answer', async () => {
        const r = await ask({ turn: { kind: 'reconnect', answer: 'The answer after a reconnect.' } });
        assert.ok(r.progress.includes('Connection to Cursor lost, reconnecting…'), JSON.stringify(r.progress));
        assert.ok(r.markdown.startsWith('The answer after a reconnect.'), JSON.stringify(r.markdown));
        assert.equal(r.result.errorDetails, undefined);
    });
    it('shows the reconnecting line, the text so far and a network error when the CLI gives up', async () => {
        const r = await ask({ turn: { kind: 'reconnect', answer: 'The answer after a reconnect.', giveUp: true } });
        assert.ok(r.progress.includes('Connection to Cursor lost, reconnecting…'));
        assert.equal(r.markdown, 'The answer a');
        assert.equal(r.result.metadata?.errorKind, 'network');
        assert.match(r.result.errorDetails?.message ?? '', /could not reach Cursor/);
    });
    it("shows the CLI's error result as the error, with its buttons", async () => {
        const r = await ask({ turn: { kind: 'errorResult', message: "Error: You've hit your usage limit" } });
        assert.equal(r.result.metadata?.errorKind, 'usageLimit');
        assert.equal(r.result.errorDetails?.message, "You've hit your Cursor usage limit. Check your plan at cursor.com/settings, or switch to a model your plan still covers.");
        assert.deepEqual(r.buttons, ['Switch Model', 'Show Logs']);
        assert.equal(r.markdown, '');
    });
});
//# sourceMappingURL=participant.test.js.map