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
const binaryService_1 = require("../../../src/services/binaryService");
const logger_1 = require("../helpers/logger");
const BIN = '/opt/cursor/cursor-agent';
/** Resolution deps where only BIN may exist (on nothing's PATH, no install folder). */
function deps(state) {
    return {
        which: async () => undefined,
        listDir: async () => [],
        isFile: async (p) => {
            state.looks = (state.looks ?? 0) + 1; // once per resolution: the setting's file
            if (state.delayMs)
                await new Promise((r) => setTimeout(r, state.delayMs));
            return p === BIN && state.installed;
        },
        probeVersion: async (p) => {
            state.probes++;
            if (state.delayMs)
                await new Promise((r) => setTimeout(r, state.delayMs));
            return p === BIN && state.installed ? { ok: true, version: '2026.10.01-e373342' } : { ok: false, reason: 'ENOENT', kind: 'notInstalled' };
        },
    };
}
describe('BinaryService', () => {
    it('remembers a binary it found, until invalidated', async () => {
        const state = { installed: true, probes: 0 };
        const binary = new binaryService_1.BinaryService(deps(state), { platform: 'linux', homeDir: '/home/u' }, () => BIN, new logger_1.MemoryLogger());
        assert.equal((await binary.resolve()).found, true);
        assert.equal((await binary.resolve()).found, true);
        assert.equal(state.probes, 1);
        binary.invalidate();
        await binary.resolve();
        assert.equal(state.probes, 2);
    });
    it('does not remember "not found": a CLI installed (or restored) later is found by the next call', async () => {
        const state = { installed: false, probes: 0 };
        const binary = new binaryService_1.BinaryService(deps(state), { platform: 'linux', homeDir: '/home/u' }, () => BIN, new logger_1.MemoryLogger());
        const missing = await binary.resolve();
        assert.equal(missing.found, false);
        assert.equal(missing.found === false && missing.kind, 'notInstalled');
        state.installed = true;
        const back = await binary.resolve();
        assert.equal(back.found, true);
        assert.equal(back.found && back.path, BIN);
    });
    it('shares one look between concurrent callers, found or not', async () => {
        for (const installed of [true, false]) {
            const state = { installed, probes: 0, looks: 0, delayMs: 10 };
            const binary = new binaryService_1.BinaryService(deps(state), { platform: 'linux', homeDir: '/home/u' }, () => BIN, new logger_1.MemoryLogger());
            const all = await Promise.all(Array.from({ length: 20 }, () => binary.resolve()));
            assert.equal(state.looks, 1, `one look for 20 concurrent callers (installed: ${installed})`);
            assert.ok(all.every((r) => r === all[0] && r.found === installed));
        }
    });
});
//# sourceMappingURL=binaryService.test.js.map