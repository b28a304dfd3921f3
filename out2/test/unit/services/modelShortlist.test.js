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
const models_1 = require("../../../src/cli/models");
const modelShortlist_1 = require("../../../src/services/modelShortlist");
const modelListing_1 = require("../../fixtures/modelListing");
/** The listing as the CLI prints it, parsed like the extension parses it. */
function account() {
    const text = ['Available models', '', ...(0, modelListing_1.bigModelListing)().map(([id, label]) => `${id} - ${label}`), '', 'Tip: use --model <id> (or /model <id> in interactive mode) to switch.'].join('\n');
    return (0, models_1.parseModelsOutput)(text).models;
}
describe('the model picker with a ~200-model account (2026.10 labels)', () => {
    const models = account();
    it('parses the whole listing', () => {
        assert.equal(models.length, 200);
    });
    it('shows Auto, then one model per family at its most common variant, at most 15, in the CLI order', () => {
        const ids = [...(0, modelShortlist_1.shortlist)({ models, chosen: [] })];
        assert.equal(ids.length, modelShortlist_1.SHORTLIST_MAX);
        assert.equal(ids[0], 'auto');
        assert.deepEqual(ids.slice(1, 5), ['gpt-5.6-sol-medium', 'claude-opus-5-medium', 'claude-opus-4-8-medium', 'gpt-5.5-medium']);
        const families = ids.map((id) => (0, modelShortlist_1.variantOf)(models.find((m) => m.id === id)).family);
        assert.equal(new Set(families).size, families.length, `a family twice: ${families.join(', ')}`);
        // Stable: the same list every time, whatever order the set is read in.
        assert.deepEqual([...(0, modelShortlist_1.shortlist)({ models, chosen: [] })], ids);
    });
    it('groups every model into its family, with the variant named apart', () => {
        const fams = (0, modelShortlist_1.groupByFamily)(models);
        assert.equal(fams.length, modelListing_1.BIG_LISTING_FAMILIES + 1); // + Auto
        assert.equal(fams.reduce((n, f) => n + f.models.length, 0), 200);
        const opus = fams.find((f) => f.name === 'Opus 5');
        assert.equal(opus.primary.id, 'claude-opus-5-medium');
        assert.ok(opus.models.some((m) => m.id === 'claude-opus-5-1m-max-thinking'));
        assert.deepEqual((0, modelShortlist_1.variantOf)(models.find((m) => m.id === 'gpt-5.5-xh-fast')), { family: 'GPT-5.5', variant: '272K Extra High Fast', rank: 130 });
        assert.equal(fams.find((f) => f.name === 'Composer 2.5').primary.id, 'composer-2.5');
    });
    it('adds the account default and the model chosen with Switch Model', () => {
        const withDefault = models.map((m) => (m.id === 'kimi-k3-high' ? { ...m, isDefault: true } : m.id === 'auto' ? { ...m, isDefault: false } : m));
        const ids = [...(0, modelShortlist_1.shortlist)({ models: withDefault, chosen: [], selected: 'gpt-5.5-xh-fast' })];
        assert.ok(ids.includes('kimi-k3-high') && ids.includes('gpt-5.5-xh-fast'), ids.join(', '));
        assert.ok(ids.length <= modelShortlist_1.SHORTLIST_MAX);
    });
    it('shows exactly what the user chose with Manage Models… (plus Auto), ignoring ids the account lacks', () => {
        assert.deepEqual([...(0, modelShortlist_1.shortlist)({ models, chosen: ['grok-4.5-high-fast', 'no-such-model', 'gpt-5.1-low'] })], ['auto', 'grok-4.5-high-fast', 'gpt-5.1-low']);
    });
    it('keeps a small account whole', () => {
        const small = (0, models_1.parseModelsOutput)('auto - Auto (default)\ncomposer-2.5-fast - Composer 2.5 Fast\nclaude-4.5-sonnet - Sonnet 4.5\ngpt-5 - GPT-5\n').models;
        assert.deepEqual([...(0, modelShortlist_1.shortlist)({ models: small, chosen: [] })], ['auto', 'composer-2.5-fast', 'claude-4.5-sonnet', 'gpt-5']);
    });
});
//# sourceMappingURL=modelShortlist.test.js.map