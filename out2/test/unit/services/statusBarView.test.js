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
const assert = __importStar(require("node:assert/strict"));
const failureClassifier_1 = require("../../../src/cli/failureClassifier");
const reports_1 = require("../../../src/services/reports");
const statusBarView_1 = require("../../../src/services/statusBarView");
describe('what the user reads: model info, /models, /status, status bar', () => {
    it('shows each readiness state in the status bar with a codicon, theme colours and command links', () => {
        const ready = (0, statusBarView_1.statusBarView)({ state: 'ready', binary: '/x', version: 'v1', email: 'a@b.c' }, 'gpt-5', false);
        assert.equal(ready.text, '$(check) Cursor: gpt-5');
        assert.equal(ready.background, undefined);
        assert.match(ready.tooltip, /command:cursorAgent\.switchModel/);
        const out = (0, statusBarView_1.statusBarView)({ state: 'loggedOut' }, undefined, false);
        assert.equal(out.text, '$(sign-in) Cursor');
        assert.equal(out.background, 'warning');
        assert.match(out.tooltip, /\[Log In\]\(command:cursorAgent\.login\)/);
        assert.equal((0, statusBarView_1.statusBarView)({ state: 'notInstalled', kind: 'notInstalled', message: 'not found' }, undefined, false).text, '$(warning) Cursor');
        assert.equal((0, statusBarView_1.statusBarView)({ state: 'keychainLocked' }, undefined, false).text, '$(lock) Cursor');
        assert.equal((0, statusBarView_1.statusBarView)({ state: 'checking' }, undefined, false).text, '$(loading~spin) Cursor');
        assert.equal((0, statusBarView_1.statusBarView)({ state: 'error', detail: 'x' }, undefined, false).background, 'error');
        assert.match((0, statusBarView_1.statusBarView)({ state: 'ready', binary: '/x', version: 'v1' }, undefined, true).text, /demo/);
    });
    it('on macOS, a logged-out state offers Unlock Keychain beside Log In and says why (a locked keychain reads as logged out)', () => {
        const mac = (0, statusBarView_1.statusBarView)({ state: 'loggedOut', message: 'Not logged in' }, undefined, false, 'darwin');
        assert.match(mac.tooltip, /\[Log In\]\(command:cursorAgent\.login\) · \[Unlock Keychain\]\(command:cursorAgent\.unlockKeychain\)/);
        assert.match(mac.tooltip, /locked login keychain/);
        const linux = (0, statusBarView_1.statusBarView)({ state: 'loggedOut' }, undefined, false, 'linux');
        assert.doesNotMatch(linux.tooltip, /Keychain|keychain/);
        const res = { found: true, path: '/bin/cursor-agent', version: 'v', source: 'path:cursor-agent', argsPrefix: [], configuredPathFailed: false, rejected: [] };
        const md = (0, reports_1.renderStatusMarkdown)(res, { state: 'loggedOut' }, undefined, false, 'darwin');
        assert.match(md, /Log In/);
        assert.match(md, /Unlock Keychain/);
        assert.match(md, /locked login keychain/);
        assert.doesNotMatch((0, reports_1.renderStatusMarkdown)(res, { state: 'loggedOut' }, undefined, false, 'linux'), /keychain/i);
        // A turn that fails as logged out on a Mac offers both buttons, and still says "not logged in".
        const turn = (0, failureClassifier_1.classifyFailure)({ exitCode: 1, stderr: "Error: Authentication required. Please run 'agent login' first, or set CURSOR_API_KEY environment variable.\n" }, { platform: 'darwin' });
        assert.equal(turn.kind, 'loggedOut');
        assert.deepEqual(turn.actions.slice(0, 2), ['login', 'unlockKeychain']);
        assert.match(turn.userMessage, /not logged in\. On macOS a locked login keychain looks the same/);
        assert.deepEqual((0, failureClassifier_1.classifyFailure)({ exitCode: 1, stderr: 'Error: Authentication required.\n' }, { platform: 'linux' }).actions, ['login', 'showLogs']);
        // The keychain wording itself still reports a locked keychain.
        assert.equal((0, failureClassifier_1.classifyFailure)({ exitCode: 1, stderr: 'Error: Your macOS login keychain is locked.\nRun security unlock-keychain and try again.\n' }, { platform: 'darwin' }).kind, 'keychainLocked');
    });
});
//# sourceMappingURL=statusBarView.test.js.map