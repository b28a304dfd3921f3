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
const statusBarView_1 = require("../../../src/services/statusBarView");
const turnUsage_1 = require("../../../src/services/turnUsage");
describe('context at a glance (the usage line under an answer, the status bar tooltip)', () => {
    it('says how full the context is when the model states its size', () => {
        const line = (0, turnUsage_1.usageLine)({ model: 'GPT-5.5', usage: { inputTokens: 24_100, outputTokens: 300 }, contextTokens: 272_000 });
        assert.equal(line.text, 'GPT-5.5 · 24,100 input · 300 output tokens · 24k of 272k context');
        assert.equal(line.nearlyFull, false);
        assert.equal((0, turnUsage_1.contextWarning)(line), undefined);
    });
    it('warns past 80% and suggests a new chat', () => {
        const line = (0, turnUsage_1.usageLine)({ model: 'Opus 5', usage: { inputTokens: 250_000, outputTokens: 10 }, contextTokens: 300_000 });
        assert.match(line.text, /250k of 300k context/);
        assert.equal(line.nearlyFull, true);
        assert.match((0, turnUsage_1.contextWarning)(line) ?? '', /83% full: start a new chat/);
    });
    it('shows no context figure without a known context size or without input tokens', () => {
        assert.equal((0, turnUsage_1.usageLine)({ model: 'Auto', usage: { inputTokens: 5_000, outputTokens: 16 } }).text, 'Auto · 5,000 input · 16 output tokens');
        const none = (0, turnUsage_1.usageLine)({ model: 'Auto', usage: { outputTokens: 16 }, contextTokens: 200_000 });
        assert.doesNotMatch(none.text, /context/);
        assert.equal(none.nearlyFull, false);
    });
    it('writes token counts compactly', () => {
        assert.deepEqual([(0, turnUsage_1.compactTokens)(950), (0, turnUsage_1.compactTokens)(24_400), (0, turnUsage_1.compactTokens)(1_000_000), (0, turnUsage_1.compactTokens)(1_500_000)], ['950', '24k', '1M', '1.5M']);
    });
    it('the status bar tooltip shows the last answer’s model and usage, and nothing before an answer', () => {
        const ready = { state: 'ready', binary: '/x', version: 'v1' };
        assert.doesNotMatch((0, statusBarView_1.statusBarView)(ready, undefined, false).tooltip, /Last answer/);
        const tip = (0, statusBarView_1.statusBarView)(ready, undefined, false, 'linux', { model: 'Sonnet 5', usage: { inputTokens: 180_000, outputTokens: 20 }, contextTokens: 200_000 }).tooltip;
        assert.match(tip, /Last answer: Sonnet 5 · 180,000 input · 20 output tokens · 180k of 200k context/);
        assert.match(tip, /90% full/);
    });
});
//# sourceMappingURL=turnUsage.test.js.map