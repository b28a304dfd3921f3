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
const EXTENSION_ID = 'cursor-vscode-chat.cursor-agent-vscode';
describe('host smoke (trusted workspace)', () => {
    it('finds and activates the extension', async () => {
        const ext = vscode.extensions.getExtension(EXTENSION_ID);
        assert.ok(ext, `extension ${EXTENSION_ID} not found`);
        await ext.activate();
        assert.strictEqual(ext.isActive, true);
    });
    it('runs in a trusted workspace with the harness workspace open', () => {
        assert.strictEqual(vscode.workspace.isTrusted, true);
        const folder = vscode.workspace.workspaceFolders?.[0];
        assert.ok(folder, 'no workspace folder open');
        assert.strictEqual(folder.uri.fsPath, process.env.CURSOR_AGENT_TEST_WORKSPACE);
    });
    it('takes a screenshot of the live workbench', async () => {
        const file = await (0, screenshot_1.screenshot)('smoke-live');
        assert.ok(fs.statSync(file).size > 1000);
    });
    it('finds cursor-agent on PATH when cursorAgent.path is empty (the most common setup)', async function () {
        this.timeout(20_000);
        assert.ok((0, helpers_1.binaryFoundOnPath)(), 'suite-trusted is meant to leave cursorAgent.path empty');
        const configured = vscode.workspace.getConfiguration('cursorAgent').inspect('path');
        assert.strictEqual(configured?.globalValue ?? '', '', 'cursorAgent.path should be empty in this suite');
        const state = await vscode.commands.executeCommand('cursorAgent.refreshStatus');
        assert.strictEqual(state?.state, 'ready', JSON.stringify(state));
        assert.strictEqual(state?.binary, (0, helpers_1.userBinary)(), 'the binary found on PATH');
    });
});
//# sourceMappingURL=smoke.test.js.map