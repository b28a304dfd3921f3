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
const cliText_1 = require("../../../src/cli/cliText");
const models_1 = require("../../../src/cli/models");
describe('parseModelsOutput', () => {
    it('reads the documented list with header, blank lines and tip', () => {
        const out = (0, models_1.parseModelsOutput)('Available models\n\nauto - Auto (default)\nclaude-4.5-sonnet - Sonnet 4.5\ngpt-5 - GPT-5 (current)\n\nTip: use --model <id> (or /model <id> in interactive mode) to switch.\n');
        assert.deepEqual(out, {
            models: [
                { id: 'auto', label: 'Auto', isDefault: true, isCurrent: false },
                { id: 'claude-4.5-sonnet', label: 'Sonnet 4.5', isDefault: false, isCurrent: false },
                { id: 'gpt-5', label: 'GPT-5', isDefault: false, isCurrent: true },
            ],
            empty: false,
            ignoredLines: 0,
        });
    });
    it('reads the other header wording', () => {
        const out = (0, models_1.parseModelsOutput)('Available models:\nUse --model <id> to select a model.\n\nauto - Auto\r\n');
        assert.deepEqual(out.models.map((m) => m.id), ['auto']);
        assert.equal(out.ignoredLines, 0);
    });
    it('says the account has no models when the CLI says so', () => {
        assert.deepEqual((0, models_1.parseModelsOutput)('No models available for this account.\n'), { models: [], empty: true, ignoredLines: 0 });
    });
    it('does not mistake unreadable output for an empty account', () => {
        const out = (0, models_1.parseModelsOutput)('Error: something odd\nanother line\n');
        assert.equal(out.empty, false);
        assert.equal(out.models.length, 0);
        assert.equal(out.ignoredLines, 2);
    });
    it('shows clean labels when the CLI adds colours, zero-width spaces and double spaces', () => {
        const out = (0, models_1.parseModelsOutput)('\x1b[1mAvailable models\x1b[0m\n\n\u200Bgpt-5\u200B - \x1b[32mGPT-5\x1b[0m  High \x1b[2m(current)\x1b[0m\n\uFEFFauto - Auto\u2060  (default)\n');
        assert.deepEqual(out.models, [
            { id: 'gpt-5', label: 'GPT-5 High', isDefault: false, isCurrent: true },
            { id: 'auto', label: 'Auto', isDefault: true, isCurrent: false },
        ]);
    });
    it('reads the context window the label states', () => {
        const out = (0, models_1.parseModelsOutput)('grok-4.7-xh - Grok 4.7 256K Extra High\nsonnet-1m - Sonnet 4.5 1M\nopus - Opus 4.8\n');
        assert.deepEqual(out.models.map((m) => m.contextTokens), [256_000, 1_000_000, undefined]);
        assert.ok(!('contextTokens' in out.models[2]));
    });
    it('lists each model once, in the CLI order, keeping markers from duplicates', () => {
        const out = (0, models_1.parseModelsOutput)('b - B\na - A\nb - B (default)\n');
        assert.deepEqual(out.models, [
            { id: 'b', label: 'B', isDefault: true, isCurrent: false },
            { id: 'a', label: 'A', isDefault: false, isCurrent: false },
        ]);
    });
    it('handles lists of more than 200 models', () => {
        const lines = Array.from({ length: 250 }, (_, i) => `model-${i} - Model ${i}`);
        const out = (0, models_1.parseModelsOutput)(['Available models', '', ...lines, '', 'Tip: use --model <id>'].join('\n'));
        assert.equal(out.models.length, 250);
        assert.equal(out.models[249].id, 'model-249');
    });
    it('skips lines whose id could be read as a flag', () => {
        const out = (0, models_1.parseModelsOutput)('--force - Evil\nauto - Auto\n');
        assert.deepEqual(out.models.map((m) => m.id), ['auto']);
        assert.equal(out.ignoredLines, 1);
    });
    it('keeps a label that itself contains " - "', () => {
        assert.equal((0, models_1.parseModelsOutput)('x - Model - preview\n').models[0].label, 'Model - preview');
    });
});
describe('contextTokensOf', () => {
    it('reads K and M sizes, ignoring version numbers', () => {
        assert.equal((0, models_1.contextTokensOf)('Grok 4.7 256K Extra High'), 256_000);
        assert.equal((0, models_1.contextTokensOf)('Model (200k)'), 200_000);
        assert.equal((0, models_1.contextTokensOf)('Gemini 1.5M'), 1_500_000);
        assert.equal((0, models_1.contextTokensOf)('GPT-5'), undefined);
        assert.equal((0, models_1.contextTokensOf)('Sonnet 4.5'), undefined);
    });
});
describe('cleanCliLine', () => {
    it('removes OSC hyperlinks and control characters', () => {
        assert.equal((0, cliText_1.cleanCliLine)('\x1b]8;;https://x\x07link\x1b]8;;\x07\t a\r'), 'link a');
    });
});
//# sourceMappingURL=models.test.js.map