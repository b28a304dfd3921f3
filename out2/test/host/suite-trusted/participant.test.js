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
const assert = __importStar(require("assert"));
const fs = __importStar(require("fs"));
const vscode = __importStar(require("vscode"));
const helpers_1 = require("../helpers");
const screenshot_1 = require("../screenshot");
describe('@cursor in the chat panel', () => {
    before(async function () {
        this.timeout(30_000);
        await (0, helpers_1.activateApi)();
        (0, helpers_1.fake)().setScenario({});
        // The participant needs a selected language model; ours fill that role once listed.
        await (0, helpers_1.cursorModels)();
    });
    afterEach(() => (0, helpers_1.fake)().setScenario({}));
    it('@cursor answers a question typed in the chat panel, read-only, with the question sent on stdin', async function () {
        this.timeout(30_000);
        await (0, helpers_1.newChat)();
        const question = 'What is this workspace about? participant-e2e';
        const before = (0, helpers_1.fake)().invocations().length;
        const logBefore = (0, helpers_1.extensionLog)().length;
        const result = await (0, helpers_1.chatRequest)(`@cursor ${question}`);
        assert.ok(result, 'the chat request returned no result (was it sent?)');
        assert.strictEqual(result.errorDetails, undefined, `the turn failed: ${JSON.stringify(result.errorDetails)}`);
        const turns = (0, helpers_1.invocationsSince)(before).filter(helpers_1.isTurn);
        assert.strictEqual(turns.length, 1, `expected one cursor-agent turn, got ${turns.length}`);
        const { argv, stdin } = turns[0];
        assert.ok(stdin?.includes(question), `the question is not on stdin: ${JSON.stringify(stdin)}`);
        assert.ok(!argv.some((a) => a.includes('participant-e2e')), `the prompt leaked into argv: ${argv.join(' ')}`);
        assert.strictEqual((0, helpers_1.argValue)(argv, '--mode'), 'plan');
        assert.ok(argv.includes('--trust'));
        assert.strictEqual((0, helpers_1.argValue)(argv, '--workspace'), (0, helpers_1.workspacePath)());
        assert.ok(!argv.includes('--force') && !argv.includes('-f'), `write access in ${argv.join(' ')}`);
        // The answer the panel shows (the participant keeps it in the result metadata for history).
        const meta = result.metadata ?? {};
        const model = (0, helpers_1.argValue)(argv, '--model') ?? 'auto';
        assert.strictEqual(meta.model, (0, helpers_1.argValue)(argv, '--model'));
        assert.strictEqual(await (0, helpers_1.renderedAnswer)(), (0, helpers_1.fakeRendered)(model, question), 'the answer the chat panel shows, once');
        assert.strictEqual(meta.answerText, (0, helpers_1.fakeAnswer)(model, question));
        assert.strictEqual(meta.workspace, (0, helpers_1.workspacePath)());
        assert.ok(typeof meta.cursorSessionId === 'string' && meta.cursorSessionId.length > 0, 'no Cursor chat id kept for follow-ups');
        assert.deepStrictEqual((0, helpers_1.extensionErrorsSince)(logBefore), []);
        await (0, helpers_1.sleep)(500); // let the panel render the finished answer
        const png = await (0, screenshot_1.screenshot)('chat-answer');
        assert.ok(fs.statSync(png).size > 1000);
    });
    it('a follow-up to @cursor continues the same Cursor chat and sends only the new message', async function () {
        this.timeout(30_000);
        await (0, helpers_1.newChat)();
        const before = (0, helpers_1.fake)().invocations().length;
        const first = await (0, helpers_1.chatRequest)('@cursor Where is hello defined? participant-first');
        assert.strictEqual(first?.errorDetails, undefined, JSON.stringify(first?.errorDetails));
        const second = await (0, helpers_1.chatRequest)('@cursor And what does it return? participant-second');
        assert.strictEqual(second?.errorDetails, undefined, JSON.stringify(second?.errorDetails));
        const turns = (0, helpers_1.invocationsSince)(before).filter(helpers_1.isTurn);
        assert.strictEqual(turns.length, 2);
        assert.strictEqual((0, helpers_1.argValue)(turns[1].argv, '--resume'), first?.metadata?.cursorSessionId);
        assert.ok(turns[1].stdin?.includes('participant-second'));
        assert.ok(!turns[1].stdin?.includes('participant-first'), `the resumed turn re-sent the history: ${JSON.stringify(turns[1].stdin)}`);
    });
});
describe('Cursor: Switch Model', () => {
    const config = () => vscode.workspace.getConfiguration('cursorAgent');
    before(async function () {
        this.timeout(30_000);
        await (0, helpers_1.activateApi)();
        (0, helpers_1.fake)().setScenario({});
        await (0, helpers_1.cursorModels)();
    });
    after(async () => {
        await config().update('model', undefined, vscode.ConfigurationTarget.Global);
    });
    /** Runs the command and picks the item `steps` below (or above, negative) the active one. */
    async function pickWithKeyboard(steps) {
        const chosen = vscode.commands.executeCommand('cursorAgent.switchModel');
        await (0, helpers_1.sleep)(800); // the quick pick shows, then marks the current model active once the catalog is read
        const cmd = steps >= 0 ? 'workbench.action.quickOpenSelectNext' : 'workbench.action.quickOpenSelectPrevious';
        for (let i = 0; i < Math.abs(steps); i++) {
            await vscode.commands.executeCommand(cmd);
            await (0, helpers_1.sleep)(50);
        }
        await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
        return chosen;
    }
    it("Switch Model lists the CLI's default, then every model in the CLI's order, and saves the choice", async function () {
        this.timeout(40_000);
        // With no model set, the CLI's default is the active item; each model is that many steps below it.
        for (const [i, [id]] of helpers_1.FAKE_MODELS.entries()) {
            await config().update('model', undefined, vscode.ConfigurationTarget.Global);
            await (0, helpers_1.waitFor)('cursorAgent.model to be cleared', () => !config().get('model'), 5000);
            assert.strictEqual(await pickWithKeyboard(i + 1), id, `item ${i + 1} of the quick pick`);
            await (0, helpers_1.waitFor)(`cursorAgent.model = ${id}`, () => config().get('model') === id, 5000);
        }
        // The current model (gpt-5, the last) is active: the CLI's default is four items up.
        assert.strictEqual(await pickWithKeyboard(-helpers_1.FAKE_MODELS.length), '');
        await (0, helpers_1.waitFor)("cursorAgent.model = '' (the CLI's default)", () => config().get('model') === '', 5000);
    });
    it('after Switch Model, the next @cursor turn uses the chosen model', async function () {
        this.timeout(30_000);
        await config().update('model', undefined, vscode.ConfigurationTarget.Global);
        // Items: CLI's default (active), auto, composer-2.5-fast, claude-4.5-sonnet, gpt-5.
        assert.strictEqual(await pickWithKeyboard(3), 'claude-4.5-sonnet');
        await (0, helpers_1.waitFor)('cursorAgent.model = claude-4.5-sonnet', () => config().get('model') === 'claude-4.5-sonnet', 5000);
        await (0, helpers_1.newChat)();
        const before = (0, helpers_1.fake)().invocations().length;
        const result = await (0, helpers_1.chatRequest)('@cursor Which model are you? participant-switch-model');
        assert.strictEqual(result?.errorDetails, undefined, JSON.stringify(result?.errorDetails));
        const turns = (0, helpers_1.invocationsSince)(before).filter(helpers_1.isTurn);
        assert.strictEqual(turns.length, 1);
        assert.strictEqual((0, helpers_1.argValue)(turns[0].argv, '--model'), 'claude-4.5-sonnet');
        assert.strictEqual(await (0, helpers_1.renderedAnswer)(), (0, helpers_1.fakeRendered)('claude-4.5-sonnet', 'Which model are you? participant-switch-model'));
        assert.strictEqual(result?.metadata?.answerText, (0, helpers_1.fakeAnswer)('claude-4.5-sonnet', 'Which model are you? participant-switch-model'));
    });
    it("choosing a model in the chat's model picker afterwards makes @cursor use the picker's model again", async function () {
        this.timeout(30_000);
        await config().update('model', 'claude-4.5-sonnet', vscode.ConfigurationTarget.Global);
        await (0, helpers_1.waitFor)('cursorAgent.model = claude-4.5-sonnet', () => config().get('model') === 'claude-4.5-sonnet', 5000);
        // What the picker itself runs when the user picks a model there.
        const [gpt5] = await vscode.lm.selectChatModels({ vendor: 'cursor', id: 'gpt-5' });
        assert.ok(gpt5, 'no gpt-5 model');
        try {
            await vscode.commands.executeCommand('workbench.action.chat.changeModel', { vendor: gpt5.vendor, id: gpt5.id, family: gpt5.family });
            const before = (0, helpers_1.fake)().invocations().length;
            const result = await (0, helpers_1.chatRequest)('@cursor Which model now? participant-picker-wins');
            assert.strictEqual(result?.errorDetails, undefined, JSON.stringify(result?.errorDetails));
            const turns = (0, helpers_1.invocationsSince)(before).filter(helpers_1.isTurn);
            assert.strictEqual(turns.length, 1);
            assert.strictEqual((0, helpers_1.argValue)(turns[0].argv, '--model'), 'gpt-5');
        }
        finally {
            const [auto] = await vscode.lm.selectChatModels({ vendor: 'cursor', id: 'auto' });
            if (auto)
                await vscode.commands.executeCommand('workbench.action.chat.changeModel', { vendor: auto.vendor, id: auto.id, family: auto.family });
        }
    });
});
//# sourceMappingURL=participant.test.js.map