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
const vscode = __importStar(require("vscode"));
const helpers_1 = require("../helpers");
/**
 * Restricted mode. Decision: the machine-scoped cursor-agent is the user's own
 * binary (never the workspace's), so probing it (`--version`, `status`,
 * `models`, from the home folder) is allowed and keeps the status bar and the
 * model picker truthful; a chat turn (`-p`) never runs in an untrusted folder.
 */
describe('untrusted folder (restricted mode)', () => {
    let api;
    const PROBES = [['--version'], ['status', '--format', 'json'], ['models']];
    before(async function () {
        this.timeout(30_000);
        api = await (0, helpers_1.activateApi)();
        (0, helpers_1.fake)().setScenario({});
        await (0, helpers_1.waitFor)('the first status probe', () => api.readiness.state !== 'checking', 15_000);
    });
    it("the workspace's cursorAgent.path is ignored: the status bar shows the user's own cursor-agent as ready", () => {
        const configured = vscode.workspace.getConfiguration('cursorAgent').inspect('path');
        assert.strictEqual(configured?.globalValue, (0, helpers_1.env)('CURSOR_AGENT_TEST_FAKE_BIN'));
        assert.strictEqual(api.readiness.state, 'ready', `readiness: ${JSON.stringify(api.readiness)}`);
        assert.strictEqual(api.readiness.state === 'ready' ? api.readiness.binary : undefined, (0, helpers_1.env)('CURSOR_AGENT_TEST_FAKE_BIN'));
        assert.match(api.statusBarText, /^\$\(check\) Cursor/);
    });
    it('a language model request is refused with a "no permissions" error and runs no cursor-agent turn', async function () {
        this.timeout(30_000);
        const model = await (0, helpers_1.cursorModel)('auto');
        const before = (0, helpers_1.fake)().invocations().length;
        let error;
        try {
            const response = await model.sendRequest([vscode.LanguageModelChatMessage.User('Read my files. untrusted-lm')], {}, new vscode.CancellationTokenSource().token);
            for await (const t of response.text)
                assert.fail(`text arrived in an untrusted folder: ${t}`);
        }
        catch (err) {
            error = err;
        }
        assert.ok(error instanceof vscode.LanguageModelError, `expected a LanguageModelError, got ${String(error)}`);
        assert.strictEqual(error.code, vscode.LanguageModelError.NoPermissions.name);
        assert.match(error.message, /not trusted/i);
        await (0, helpers_1.sleep)(500);
        assert.deepStrictEqual((0, helpers_1.invocationsSince)(before).filter(helpers_1.isTurn), []);
    });
    it('@cursor explains that the folder must be trusted first, and runs no cursor-agent turn', async function () {
        this.timeout(30_000);
        const before = (0, helpers_1.fake)().invocations().length;
        const result = await (0, helpers_1.chatRequest)('@cursor Summarize this folder. untrusted-chat');
        assert.ok(result, 'the chat request returned no result');
        assert.match(result.errorDetails?.message ?? '', /not trusted/i, `errorDetails: ${JSON.stringify(result.errorDetails)}`);
        assert.strictEqual(result.metadata?.errorKind, 'untrustedWorkspace');
        await (0, helpers_1.sleep)(500);
        assert.deepStrictEqual((0, helpers_1.invocationsSince)(before).filter(helpers_1.isTurn), []);
    });
    it('only the status probes ever ran, from outside the untrusted folder', () => {
        const all = (0, helpers_1.fake)().invocations();
        assert.ok(all.length > 0, 'the status probe never ran');
        for (const inv of all) {
            assert.ok(PROBES.some((p) => JSON.stringify(p) === JSON.stringify(inv.argv)), `unexpected cursor-agent invocation in restricted mode: ${JSON.stringify(inv.argv)}`);
            assert.notStrictEqual(inv.cwd, (0, helpers_1.workspacePath)(), `${inv.argv.join(' ')} ran inside the untrusted folder`);
        }
    });
});
//# sourceMappingURL=restricted.test.js.map