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
/** How ACP's models are named in the model picker and Switch Model (src/acp/models.ts). */
const assert = __importStar(require("assert"));
const models_1 = require("../../../src/acp/models");
const schema_1 = require("../../../src/acp/schema");
const modelShortlist_1 = require("../../../src/services/modelShortlist");
const captures_1 = require("../../fixtures/acp/captures");
const model = (id, name = (0, models_1.parseVariantId)(id).base) => ({ id, name, ...(0, models_1.parseVariantId)(id) });
const list = (...ids) => ({ form: 'variants', configId: 'model', models: ids.map((id) => model(id)), modelOptions: [] });
describe('ACP model names', () => {
    it('a variant reads like print mode’s labels (window, effort, Fast, Thinking); a flag that is off is not mentioned', () => {
        const cases = [
            ['claude-opus-5[thinking=true,context=300k,effort=high,fast=false]', 'claude-opus-5 300K High Thinking'],
            ['gpt-5.5[context=272k,reasoning=medium,fast=false]', 'gpt-5.5 272K Medium'],
            ['grok-4.6[effort=high,fast=true]', 'grok-4.6 High Fast'],
            ['claude-opus-4-7[thinking=true,context=300k,effort=xhigh,fast=false]', 'claude-opus-4-7 300K Extra High Thinking'],
            ['gemini-3.8-flash[reasoning_effort=high]', 'gemini-3.8-flash High'],
            ['claude-sonnet-4[thinking=false,context=1m]', 'claude-sonnet-4 1M'],
            ['kimi-k3[reasoning=max]', 'kimi-k3 Max'],
            ['gemini-3.1-pro[]', 'gemini-3.1-pro'],
            ['composer-2.5', 'composer-2.5'],
        ];
        for (const [id, label] of cases)
            assert.strictEqual((0, models_1.variantLabel)(model(id)), label, id);
    });
    it('a parameter with no such word keeps its k=v form, so no variant loses what tells it apart', () => {
        assert.strictEqual((0, models_1.variantLabel)(model('x-1[context=big,effort=turbo,fast=maybe,tools=none]')), 'x-1 (context=big, effort=turbo, fast=maybe, tools=none)');
    });
    it('two variants that would read the same are listed with every parameter', () => {
        const infos = (0, models_1.acpModelInfos)(list('m-1[context=200k,fast=false]', 'm-1[context=200k]', 'm-2[fast=true]'));
        assert.deepStrictEqual(infos.map((i) => i.label), ['m-1 (context=200k, fast=false)', 'm-1 (context=200k)', 'm-2 Fast']);
    });
    it('every model of the captured account gets its own short label, and the picker groups them by model, not by parameter list', () => {
        const parsed = schema_1.sessionSetupSchema.parse((0, captures_1.sessionNewResultOf)());
        const infos = (0, models_1.acpModelInfos)((0, models_1.parseAcpModels)(parsed));
        assert.ok(infos.length > 30, `${infos.length} models`);
        const labels = infos.map((i) => i.label);
        assert.strictEqual(new Set(labels).size, labels.length, 'two models share a label');
        for (const l of labels) {
            assert.ok(!/[=[\]]/.test(l), `a raw parameter list in the label: ${l}`);
            assert.ok(l.length <= 40, `a label too long for the picker: ${l}`);
        }
        // Families as Switch Model groups them: the model's own name, never a variant's parameters.
        const families = (0, modelShortlist_1.groupByFamily)(infos.map((i) => ({ ...i, isCurrent: false })));
        assert.ok(families.some((f) => f.name === 'claude-opus-5'), families.map((f) => f.name).join(' | '));
        assert.ok(families.every((f) => !/[=(]/.test(f.name)), families.map((f) => f.name).join(' | '));
    });
});
//# sourceMappingURL=models.test.js.map