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
 * What the chat shows for a plan the agent proposed over ACP (`cursor/create_plan`), its todos, and a
 * question it asked: the real @cursor participant and language model provider, run in plain Node on the
 * `vscode` stand-in, over the real ACP backend talking to the fake ACP agent (the real capture replayed).
 */
const assert = __importStar(require("node:assert/strict"));
const fs = __importStar(require("node:fs"));
const os = __importStar(require("node:os"));
const path = __importStar(require("node:path"));
const acpBackend_1 = require("../../../src/acp/acpBackend");
const authService_1 = require("../../../src/services/authService");
const conversationIndex_1 = require("../../../src/services/conversationIndex");
const chatTurn_1 = require("../../../src/services/chatTurn");
const modelCatalog_1 = require("../../../src/services/modelCatalog");
const modelChoice_1 = require("../../../src/services/modelChoice");
const settingsSchema_1 = require("../../../src/services/settingsSchema");
const vscodeShim_1 = require("../../support/vscodeShim");
const captures_1 = require("../../fixtures/acp/captures");
const memoryTransport_1 = require("../../fixtures/acp/memoryTransport");
const logger_1 = require("../helpers/logger");
const PLAN_TODOS = [
    '- [ ] Create src/utils/hello-world.ts with exported helloWorld(name?)',
    // Markdown that shows the text as written: `__tests__` would otherwise be bold "tests".
    '- [ ] Add src/\\_\\_tests\\_\\_/hello-world.test.ts covering default and custom name',
    '- [ ] Run npm run typecheck and vitest on the new test file',
].join('\n');
describe('Plans, todos and questions from the agent in the chat (ACP)', function () {
    this.timeout(30_000);
    let workspace = '';
    let backend;
    beforeEach(() => {
        (0, vscodeShim_1.installVscodeShim)();
        workspace = fs.mkdtempSync(path.join(fs.realpathSync(os.tmpdir()), 'ws-'));
        vscodeShim_1.shimState.workspaceFolder = workspace;
    });
    afterEach(() => {
        backend?.dispose();
        backend = undefined;
        fs.rmSync(workspace, { recursive: true, force: true });
    });
    function deps(scenario) {
        const logger = new logger_1.MemoryLogger();
        backend = new acpBackend_1.AcpBackend({
            start: () => (0, memoryTransport_1.memoryAcp)({ commandsBytes: 100, ...scenario }).transport,
            client: { initializeTimeoutMs: 2000, setupTimeoutMs: 2000, loadSettleMs: 10 },
            turn: { cancelGraceMs: 500 },
        });
        const acp = backend;
        const selector = { current: () => Promise.resolve(acp), fallBack: () => undefined };
        const flow = new chatTurn_1.ChatTurnFlow({ selector, logger, isTrusted: () => true, host: { homeDir: os.homedir(), platform: process.platform, realPath: (p) => fs.realpathSync(p) } });
        const auth = new authService_1.AuthService({ probe: async () => ({ state: 'ready', binary: '/fake/cursor-agent', version: 'fake' }) }, logger);
        const catalog = new modelCatalog_1.ModelCatalog({ fetchModelsText: async () => 'Available models\n\nauto - Auto\n' }, logger, () => 3_600_000);
        return { flow, auth, catalog, logger, settings: () => ({ ...settingsSchema_1.DEFAULT_SETTINGS, showThinking: true }) };
    }
    async function ask(scenario, command, usesAcp = true) {
        const d = deps(scenario);
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const { registerChatParticipant } = require('../../../src/vscode/participant');
        vscodeShim_1.shimState.participantHandler = undefined;
        const binary = { resolve: async () => ({ found: true, path: '/fake/cursor-agent', version: 'fake', source: 'path', argsPrefix: [], configuredPathFailed: false, rejected: [] }) };
        const backendStatus = () => (usesAcp ? 'ACP (`cursor-agent acp`, warm sessions)' : 'print mode (`cursor-agent -p`)');
        registerChatParticipant({ ...d, binary: binary, modelChoice: new modelChoice_1.ModelChoice(), conversations: new conversationIndex_1.ConversationIndex(), platform: 'linux', backendStatus, usesAcp: () => usesAcp });
        const handler = vscodeShim_1.shimState.participantHandler;
        const out = { markdown: '', progress: [], buttons: [], result: {} };
        const stream = {
            markdown: (t) => (out.markdown += typeof t === 'string' ? t : t.value),
            progress: (t) => out.progress.push(t),
            reference: () => undefined,
            button: (b) => out.buttons.push(b.title),
            anchor: () => undefined,
        };
        const token = { isCancellationRequested: false, onCancellationRequested: () => ({ dispose() { } }) };
        out.result = await handler({ prompt: 'Make a brief plan', command, references: [], toolReferences: [], model: undefined }, { history: [] }, stream, token);
        return out;
    }
    it("@cursor shows the agent's plan: its name as a heading, the overview, the plan, and the todos as a checklist", async () => {
        const r = await ask({ turn: { kind: 'capture', file: captures_1.CAPTURES.createPlan } });
        assert.equal(r.result.errorDetails, undefined, JSON.stringify(r.result));
        assert.match(r.markdown, /(^|\n)## Hello World Function\n\nAdd a minimal exported `helloWorld` utility/);
        assert.ok(r.markdown.includes('## Step 1 — Add the utility module'), 'the markdown plan itself');
        assert.ok(r.markdown.includes(`**To-dos**\n\n${PLAN_TODOS}`), r.markdown.slice(-800));
        // The todo list never changed after the plan showed it: no second checklist under the answer.
        assert.equal(r.markdown.split('- [ ] Create src/utils/hello-world.ts').length, 2);
        // The answer text (for a fresh chat's history) holds the plan too.
        assert.match(String(r.result.metadata?.answerText), /## Hello World Function/);
        // ACP sends no token counts: no usage line (and no invented one); an ACP chat cannot go to the terminal CLI.
        assert.doesNotMatch(r.markdown, /tokens/);
        assert.deepEqual(r.buttons, []);
        assert.equal(r.result.metadata?.backend, 'acp');
    });
    it('@cursor shows todo changes as progress lines and the final checklist under the answer, and notes a skipped question', async () => {
        const r = await ask({ turn: { kind: 'requests', text: 'Done.' } });
        assert.equal(r.result.errorDetails, undefined, JSON.stringify(r.result));
        assert.ok(r.progress.includes('To-dos: 1 of 2 done; working on: Write the plan'), JSON.stringify(r.progress));
        assert.match(r.markdown, /^> The agent asked a question this chat cannot answer mid-turn; it was skipped\..*\n\n## Fake Plan/);
        assert.match(r.markdown, /## Fake Plan\n\nTwo steps\.\n\n# Plan\n\n1\. Read\n2\. Write\n\n\*\*To-dos\*\*\n\n- \[x\] Read the code\n- \[ \] \*\*Write the plan\*\* \*\(in progress\)\*/);
        assert.ok(r.markdown.includes('Done.'));
    });
    it('/status says which backend runs turns, and that usage is not available in ACP mode', async () => {
        const acp = await ask({}, 'status');
        assert.match(acp.markdown, /- Backend: ACP \(`cursor-agent acp`, warm sessions\)\n- Usage: not available in ACP mode/);
        const print = await ask({}, 'status', false);
        assert.match(print.markdown, /- Backend: print mode/);
        assert.doesNotMatch(print.markdown, /Usage:/);
    });
    it('a caller of vscode.lm gets the plan and its checklist as text', async () => {
        const d = deps({ turn: { kind: 'capture', file: captures_1.CAPTURES.createPlan } });
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const { CursorChatProvider } = require('../../../src/vscode/lmProvider');
        const provider = new CursorChatProvider(d);
        const parts = [];
        const msg = { role: vscodeShim_1.vscodeShim.LanguageModelChatMessageRole.User, content: [new vscodeShim_1.vscodeShim.LanguageModelTextPart('Make a brief plan')], name: undefined };
        const token = { isCancellationRequested: false, onCancellationRequested: () => ({ dispose() { } }) };
        const model = { id: 'auto', name: 'Auto', family: 'auto', version: 'auto', maxInputTokens: 1, maxOutputTokens: 1 };
        await provider.provideLanguageModelChatResponse(model, [msg], {}, { report: (p) => parts.push(p.value) }, token);
        provider.dispose();
        const text = parts.join('');
        assert.ok(text.startsWith('Exploring the repo structure'), text.slice(0, 200));
        assert.ok(text.includes('## Hello World Function'), text);
        assert.ok(text.includes(PLAN_TODOS), text);
    });
});
//# sourceMappingURL=planRendering.test.js.map