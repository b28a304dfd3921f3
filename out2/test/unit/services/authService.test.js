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
const authService_1 = require("../../../src/services/authService");
const logger_1 = require("../helpers/logger");
describe('AuthService', () => {
    it('probes once for concurrent refreshes and throttles focus refreshes', async () => {
        let probes = 0;
        let now = 0;
        const auth = new authService_1.AuthService({ probe: async () => (probes++, { state: 'ready', binary: '/x', version: '1' }) }, new logger_1.MemoryLogger(), () => now);
        await Promise.all([auth.refresh(), auth.refresh(), auth.refresh()]);
        assert.equal(probes, 1);
        now = 30_000;
        await auth.refreshThrottled(60_000);
        assert.equal(probes, 1);
        now = 61_000;
        await auth.refreshThrottled(60_000);
        assert.equal(probes, 2);
    });
    it('gives a fresh answer when the user refreshes while a probe is already running', async () => {
        let next = { state: 'loggedOut' };
        let probes = 0;
        const auth = new authService_1.AuthService({ probe: async () => { probes++; const seen = next; await new Promise((r) => setTimeout(r, 10)); return seen; } }, new logger_1.MemoryLogger());
        const first = auth.refresh();
        next = { state: 'ready', binary: '/x', version: '1' };
        const fresh = await auth.refresh(true);
        assert.equal((await first).state, 'loggedOut');
        assert.equal(fresh.state, 'ready');
        assert.equal(probes, 2);
    });
    it('re-checks a missing CLI in the background with a growing interval', async () => {
        let now = 0;
        let probes = 0;
        const auth = new authService_1.AuthService({ probe: async () => (probes++, { state: 'notInstalled', kind: 'notInstalled', message: 'x' }) }, new logger_1.MemoryLogger(), () => now);
        await auth.refresh();
        const times = [];
        for (now = 0; now <= 60_000; now += 1000) {
            const before = probes;
            await auth.recheckWhileNotReady();
            if (probes > before)
                times.push(now);
        }
        assert.deepEqual(times, [5000, 15000, 35000]);
    });
    it('announces state changes (logged out → ready) and not repeats', async () => {
        let next = { state: 'loggedOut' };
        const auth = new authService_1.AuthService({ probe: async () => next }, new logger_1.MemoryLogger());
        const seen = [];
        auth.onDidChange((s) => seen.push(s.state));
        await auth.refresh();
        await auth.refresh();
        next = { state: 'ready', binary: '/x', version: '1' };
        await auth.refresh();
        assert.deepEqual(seen, ['loggedOut', 'ready']);
    });
    it('never logs the account email', async () => {
        const logger = new logger_1.MemoryLogger();
        const auth = new authService_1.AuthService({ probe: async () => ({ state: 'ready', binary: '/x', version: '1', email: 'secret.person@example.com' }) }, logger);
        await auth.refresh();
        assert.ok(!logger.text.includes('secret.person'));
    });
});
//# sourceMappingURL=authService.test.js.map