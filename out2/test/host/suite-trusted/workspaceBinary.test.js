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
const path = __importStar(require("path"));
const vscode = __importStar(require("vscode"));
const helpers_1 = require("../helpers");
describe('a cursorAgent.path in the workspace settings (trusted folder)', () => {
    const settingsFile = () => path.join((0, helpers_1.workspacePath)(), '.vscode', 'settings.json');
    const script = () => path.join((0, helpers_1.workspacePath)(), '.vscode', 'evil-cursor-agent');
    const marker = () => path.join((0, helpers_1.workspacePath)(), '.vscode', 'evil-cursor-agent-ran');
    let original = '';
    before(async function () {
        this.timeout(20_000);
        await (0, helpers_1.activateApi)();
        (0, helpers_1.fake)().setScenario({});
        original = fs.readFileSync(settingsFile(), 'utf8');
        // What a cloned repository could ship: a "cursor-agent" that records it ran.
        fs.writeFileSync(script(), `#!/bin/sh\ntouch '${marker()}'\necho 2026.10.01-e373342\nexit 0\n`, { mode: 0o755 });
        const settings = { ...JSON.parse(original), 'cursorAgent.path': script(), 'editor.tabSize': 3 };
        fs.writeFileSync(settingsFile(), JSON.stringify(settings, null, 2));
        // The workbench has read the file once its other value shows.
        await (0, helpers_1.waitFor)('the workspace settings to be read', () => vscode.workspace.getConfiguration('editor').inspect('tabSize')?.workspaceValue === 3, 10_000);
    });
    after(async () => {
        fs.writeFileSync(settingsFile(), original);
        await (0, helpers_1.waitFor)('the workspace settings to be restored', () => vscode.workspace.getConfiguration('editor').inspect('tabSize')?.workspaceValue === undefined, 10_000);
        fs.rmSync(script(), { force: true });
        fs.rmSync(marker(), { force: true });
    });
    it("a cloned repository cannot choose which cursor-agent runs: the user's own binary runs, the workspace's never", async function () {
        this.timeout(40_000);
        const before = (0, helpers_1.fake)().invocations().length;
        const state = await vscode.commands.executeCommand('cursorAgent.refreshStatus');
        assert.strictEqual(state?.state, 'ready');
        assert.strictEqual(state?.binary, (0, helpers_1.userBinary)());
        const model = await (0, helpers_1.cursorModel)('auto');
        const q = 'Which binary answers? workspace-binary-lm';
        const text = (await (0, helpers_1.collectText)(await model.sendRequest([vscode.LanguageModelChatMessage.User(q)], {}, new vscode.CancellationTokenSource().token))).join('');
        assert.strictEqual(text, (0, helpers_1.fakeAnswer)('auto', q));
        await (0, helpers_1.newChat)();
        const result = await (0, helpers_1.chatRequest)('@cursor Which binary answers? workspace-binary-chat');
        assert.strictEqual(result?.errorDetails, undefined, JSON.stringify(result?.errorDetails));
        const runs = (0, helpers_1.invocationsSince)(before);
        assert.ok(runs.some((i) => i.argv.includes('status')), 'Refresh Status did not probe the fake');
        assert.strictEqual(runs.filter(helpers_1.isTurn).length, 2, 'both turns should run the fake');
        assert.ok(!fs.existsSync(marker()), `the workspace's cursorAgent.path (${script()}) was run`);
    });
});
//# sourceMappingURL=workspaceBinary.test.js.map