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
describe('status bar', () => {
    let api;
    const refreshStatus = () => vscode.commands.executeCommand('cursorAgent.refreshStatus');
    const machinePath = () => vscode.workspace.getConfiguration('cursorAgent').inspect('path')?.globalValue;
    let originalPath;
    before(async () => {
        api = await (0, helpers_1.activateApi)();
        originalPath = machinePath();
    });
    afterEach(async function () {
        this.timeout(20_000);
        (0, helpers_1.fake)().setScenario({});
        if (machinePath() !== originalPath) {
            await vscode.workspace.getConfiguration('cursorAgent').update('path', originalPath, vscode.ConfigurationTarget.Global);
            await (0, helpers_1.waitFor)('cursorAgent.path restored', () => machinePath() === originalPath, 5000);
        }
        await refreshStatus();
        await (0, helpers_1.waitFor)('Cursor ready again', () => api.readiness.state === 'ready', 10_000);
    });
    it('shows a check mark, the chosen model and the account when the CLI is logged in', async function () {
        this.timeout(20_000);
        (0, helpers_1.fake)().setScenario({ email: 'statusbar@example.com' });
        await refreshStatus();
        assert.strictEqual(api.readiness.state, 'ready');
        assert.strictEqual(api.statusBarText, '$(check) Cursor');
        assert.match(api.statusBarTooltip, /statusbar@example\.com/);
        assert.match(api.statusBarTooltip, /2026\.10\.01-e373342/, 'the tooltip names the CLI version');
        const config = vscode.workspace.getConfiguration('cursorAgent');
        await config.update('model', 'claude-4.5-sonnet', vscode.ConfigurationTarget.Global);
        try {
            await (0, helpers_1.waitFor)('the status bar to show the model', () => api.statusBarText === '$(check) Cursor: claude-4.5-sonnet', 5000);
            assert.match(api.statusBarTooltip, /Model: `claude-4\.5-sonnet`/);
            const png = await (0, screenshot_1.screenshot)('status-bar-ready');
            assert.ok(fs.statSync(png).size > 1000);
        }
        finally {
            await config.update('model', undefined, vscode.ConfigurationTarget.Global);
        }
        await (0, helpers_1.waitFor)('the status bar to drop the model', () => api.statusBarText === '$(check) Cursor', 5000);
    });
    it('shows a sign-in icon after the CLI logs out, once the status is refreshed', async function () {
        this.timeout(20_000);
        (0, helpers_1.fake)().setScenario({ auth: 'loggedOut' });
        await refreshStatus();
        assert.strictEqual(api.readiness.state, 'loggedOut');
        assert.strictEqual(api.statusBarText, '$(sign-in) Cursor');
        assert.match(api.statusBarTooltip, /command:cursorAgent\.login/, 'the tooltip offers Log In');
        await (0, screenshot_1.screenshot)('status-bar-logged-out');
        (0, helpers_1.fake)().setScenario({});
        await refreshStatus();
        assert.match(api.statusBarText, /^\$\(check\) Cursor/);
    });
    it('uses the binary named in cursorAgent.path instead of the one on PATH', async function () {
        this.timeout(20_000);
        const explicit = (0, helpers_1.fake)().binPath;
        assert.notStrictEqual(explicit, (0, helpers_1.userBinary)(), 'the fake on PATH and the explicit binary should differ in this suite');
        await vscode.workspace.getConfiguration('cursorAgent').update('path', explicit, vscode.ConfigurationTarget.Global);
        await (0, helpers_1.waitFor)('cursorAgent.path = the fake', () => machinePath() === explicit, 5000);
        const state = await vscode.commands.executeCommand('cursorAgent.refreshStatus');
        assert.strictEqual(state?.state, 'ready', JSON.stringify(state));
        assert.strictEqual(state?.binary, explicit);
    });
    it('falls back to the cursor-agent on PATH when cursorAgent.path points at nothing', async function () {
        this.timeout(20_000);
        await vscode.workspace.getConfiguration('cursorAgent').update('path', '/nonexistent/cursor-agent', vscode.ConfigurationTarget.Global);
        await (0, helpers_1.waitFor)('cursorAgent.path = /nonexistent/cursor-agent', () => machinePath() === '/nonexistent/cursor-agent', 5000);
        const state = await vscode.commands.executeCommand('cursorAgent.refreshStatus');
        assert.strictEqual(state?.state, 'ready', JSON.stringify(state));
        assert.strictEqual(state?.binary, (0, helpers_1.userBinary)());
    });
    it('shows a warning when cursor-agent is neither where the setting points nor on PATH', async function () {
        this.timeout(20_000);
        const onPath = (0, helpers_1.userBinary)();
        fs.renameSync(onPath, `${onPath}.moved`);
        try {
            await vscode.workspace.getConfiguration('cursorAgent').update('path', '/nonexistent/cursor-agent', vscode.ConfigurationTarget.Global);
            await (0, helpers_1.waitFor)('cursorAgent.path = /nonexistent/cursor-agent', () => machinePath() === '/nonexistent/cursor-agent', 5000);
            await refreshStatus();
            assert.strictEqual(api.readiness.state, 'notInstalled');
            assert.strictEqual(api.statusBarText, '$(warning) Cursor');
            assert.match(api.statusBarTooltip, /command:cursorAgent\.selectBinary/, 'the tooltip offers Select Binary…');
        }
        finally {
            fs.renameSync(`${onPath}.moved`, onPath);
        }
    });
});
//# sourceMappingURL=statusBar.test.js.map