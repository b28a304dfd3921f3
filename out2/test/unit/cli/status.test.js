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
const fs = __importStar(require("node:fs"));
const path = __importStar(require("node:path"));
const status_1 = require("../../../src/cli/status");
const samples_1 = require("../helpers/samples");
const sample = () => fs.readFileSync(path.join((0, samples_1.SAMPLES_DIR)(), 'dsh-status-format-json.txt'), 'utf8');
describe('parseStatusOutput', () => {
    it('reads the logged-in sample (pretty-printed JSON after a noise line)', () => {
        const text = sample();
        const loggedIn = text.slice(text.indexOf('agent status --format json'));
        assert.deepEqual((0, status_1.parseStatusOutput)(loggedIn, '', 0), { state: 'loggedIn', email: 'user@example.com' });
    });
    it('reads the logged-out sample as logged out even though the CLI exits 0', () => {
        const loggedOut = sample().split('\n---')[0];
        assert.deepEqual((0, status_1.parseStatusOutput)(loggedOut, '', 0), { state: 'loggedOut', message: 'Not logged in' });
    });
    it('reports a locked keychain as its own state, not logged out', () => {
        const stderr = 'Error: Your macOS login keychain is locked.\nRun security unlock-keychain and try again.\n';
        assert.deepEqual((0, status_1.parseStatusOutput)('', stderr, 1), { state: 'keychainLocked' });
        assert.deepEqual((0, status_1.parseStatusOutput)('{"isAuthenticated":false}', stderr, 0), { state: 'keychainLocked' });
    });
    it('reports the IDE launcher without the IDE as its own state', () => {
        const stderr = "Error: No Cursor IDE installation found. Use 'cursor agent' or 'agent' to run the agent.\n";
        assert.deepEqual((0, status_1.parseStatusOutput)('', stderr, 1), { state: 'ideLauncherOnly' });
        assert.deepEqual((0, status_1.parseStatusOutput)(stderr, '', 1), { state: 'ideLauncherOnly' });
    });
    it('never returns tokens or other fields from the status output', () => {
        const stdout = JSON.stringify({ isAuthenticated: true, accessToken: 'SECRET-A', refreshToken: 'SECRET-R', userInfo: { email: 'a@b.c', apiKey: 'SECRET-K' } }, null, 2);
        const r = (0, status_1.parseStatusOutput)(stdout, '', 0);
        assert.deepEqual(r, { state: 'loggedIn', email: 'a@b.c' });
        assert.ok(!JSON.stringify(r).includes('SECRET'));
    });
    it('accepts logged in without userInfo and tolerates odd field types', () => {
        assert.deepEqual((0, status_1.parseStatusOutput)('{"isAuthenticated":true}', '', 0), { state: 'loggedIn' });
        assert.deepEqual((0, status_1.parseStatusOutput)('{"isAuthenticated":true,"userInfo":null,"message":5}', '', 0), { state: 'loggedIn' });
        assert.deepEqual((0, status_1.parseStatusOutput)('{"isAuthenticated":true,"userInfo":{"email":7}}', '', 0), { state: 'loggedIn' });
    });
    it('falls back to the status field when isAuthenticated is missing', () => {
        assert.deepEqual((0, status_1.parseStatusOutput)('{"status":"authenticated"}', '', 0), { state: 'loggedIn' });
        assert.deepEqual((0, status_1.parseStatusOutput)('{"status":"unauthenticated"}', '', 0), { state: 'loggedOut' });
    });
    it('treats the authentication-required error as logged out', () => {
        const stderr = "Error: Authentication required. Please run 'agent login' first, or set CURSOR_API_KEY environment variable.\n";
        const r = (0, status_1.parseStatusOutput)('', stderr, 1);
        assert.equal(r.state, 'loggedOut');
    });
    it('reports an error with the first stderr line when there is no JSON', () => {
        const r = (0, status_1.parseStatusOutput)('garbage', 'boom happened\nmore\n', 2);
        assert.equal(r.state, 'error');
        assert.match(r.detail, /boom happened/);
        assert.doesNotMatch(r.detail, /more/);
    });
    it('reports an error with the exit code when there is nothing at all', () => {
        const r = (0, status_1.parseStatusOutput)('', '', 3);
        assert.deepEqual(r, { state: 'error', detail: 'no status JSON in the output: exit code 3' });
    });
    it('reports JSON without an auth field as an error', () => {
        assert.equal((0, status_1.parseStatusOutput)('{"foo":1}', '', 0).state, 'error');
        assert.equal((0, status_1.parseStatusOutput)('{"isAuthenticated":"yes"}', '', 0).state, 'error');
    });
});
//# sourceMappingURL=status.test.js.map