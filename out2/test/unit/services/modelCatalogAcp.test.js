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
/**
 * The model picker and Switch Model in ACP mode list what the ACP server accepts (its session's list,
 * not `cursor-agent models`, whose ids ACP rejects), in both spellings the CLI uses; a model chosen there
 * reaches the session with `session/set_config_option`; one it does not know is reported, not replaced.
 */
const assert = __importStar(require("node:assert/strict"));
const acpBackend_1 = require("../../../src/acp/acpBackend");
const models_1 = require("../../../src/acp/models");
const errors_1 = require("../../../src/cli/errors");
const modelCatalog_1 = require("../../../src/services/modelCatalog");
const memoryTransport_1 = require("../../fixtures/acp/memoryTransport");
const logger_1 = require("../helpers/logger");
const WORKSPACE = '/work/project';
const CLI_MODELS = 'Available models\n\nauto - Auto\ngpt-5 - GPT-5\n';
function setup(scenario) {
    const processes = [];
    const acp = new acpBackend_1.AcpBackend({
        start: () => {
            const m = (0, memoryTransport_1.memoryAcp)({ commandsBytes: 100, turn: { kind: 'answer', text: 'ok' }, ...scenario });
            processes.push(m);
            return m.transport;
        },
        client: { initializeTimeoutMs: 2000, setupTimeoutMs: 2000, loadSettleMs: 10 },
        turn: { cancelGraceMs: 500 },
    });
    let backend = 'acp';
    const catalog = new modelCatalog_1.ModelCatalog({
        fetchModelsText: async () => CLI_MODELS,
        backend: async () => backend,
        fetchAcpModels: async () => (0, models_1.acpModelInfos)(await acp.models(WORKSPACE)),
    }, new logger_1.MemoryLogger(), () => 3_600_000);
    const sets = () => processes.flatMap((p) => p.sent()).filter((m) => m.method === 'session/set_config_option').map((m) => m.params);
    const prompts = () => processes.flatMap((p) => p.sent()).filter((m) => m.method === 'session/prompt').length;
    return { acp, catalog, sets, prompts, use: (b) => (backend = b) };
}
async function turn(acp, model) {
    return acp.runTurn({ workspace: WORKSPACE, mode: 'plan', prompt: 'hi', model, onEvent: () => undefined });
}
describe('Models in ACP mode', () => {
    it('the picker lists the ACP server’s bracketed variants (not cursor-agent models), Auto as default, and a chosen one reaches the session', async () => {
        const s = setup({});
        const snap = await s.catalog.get();
        assert.equal(snap.backend, 'acp');
        const ids = snap.models.map((m) => m.id);
        // Auto under the id print mode uses too (the picker keeps it when the backend changes).
        assert.ok(ids.includes('composer-2.5[fast=true]') && ids.includes('auto') && !ids.includes('default[]'), ids.join(' '));
        assert.ok(!ids.includes('gpt-5'), 'no id from cursor-agent models');
        const opus = snap.models.find((m) => m.id.startsWith('claude-opus-5['));
        assert.deepEqual(opus && { label: opus.label, context: opus.contextTokens }, { label: 'claude-opus-5 300K High Thinking', context: 300_000 });
        assert.equal(snap.models.find((m) => m.isDefault)?.label, 'Auto');
        assert.equal(snap.models.find((m) => m.isCurrent)?.id, 'composer-2.5[fast=true]');
        const o = await turn(s.acp, opus.id);
        assert.ok(o.ok, JSON.stringify(o));
        assert.deepEqual(s.sets().map((p) => [p.configId, p.value]), [['model', opus.id]]);
        s.acp.dispose();
    });
    it('with the parameterized form the picker lists bare names, and a chosen one reaches the session', async () => {
        const s = setup({ modelForm: 'parameterized' });
        const snap = await s.catalog.get();
        const ids = snap.models.map((m) => m.id);
        assert.ok(ids.includes('composer-2.5') && ids.includes('auto') && !ids.some((id) => id.includes('[')), ids.join(' '));
        assert.equal(snap.models.find((m) => m.isDefault)?.label, 'Auto');
        const o = await turn(s.acp, 'claude-opus-5');
        assert.ok(o.ok, JSON.stringify(o));
        assert.deepEqual(s.sets().map((p) => [p.configId, p.value]), [['model', 'claude-opus-5']]);
        s.acp.dispose();
    });
    it('Auto chosen in the picker (id auto) reaches the ACP session as its Auto model', async () => {
        const s = setup({});
        assert.equal((await s.catalog.get()).models.find((m) => m.isDefault)?.id, 'auto');
        const o = await turn(s.acp, 'auto');
        assert.ok(o.ok, JSON.stringify(o));
        assert.deepEqual(s.sets().map((p) => [p.configId, p.value]), [['model', 'default[]']]);
        s.acp.dispose();
    });
    it('a model chosen in print mode that ACP does not know is reported with Switch Model, never replaced or prompted', async () => {
        const s = setup({});
        const o = await turn(s.acp, 'gpt-5');
        assert.ok(!o.ok);
        assert.equal(o.error.kind, 'unknownModel');
        assert.match(o.error.userMessage, /ACP server does not accept the model `gpt-5`.*names models differently from `cursor-agent models`/);
        assert.deepEqual(o.error.actions, ['switchModel']);
        assert.deepEqual(s.sets(), [], 'no other model set in its place');
        assert.equal(s.prompts(), 0);
        s.acp.dispose();
    });
    it('an ACP model id in print mode is reported as one, with Switch Model', () => {
        const e = (0, errors_1.describeError)('unknownModel', { model: 'composer-2.5[fast=true]', knownModels: ['auto', 'gpt-5'] });
        assert.match(e.message, /That is an ACP model id; print mode \(the backend in use\) takes the ids `cursor-agent models` lists\. Available: auto, gpt-5\./);
        assert.deepEqual(e.actions, ['switchModel']);
    });
    it('switching the backend lists the other backend’s models', async () => {
        const s = setup({});
        s.use('print');
        assert.deepEqual((await s.catalog.get()).models.map((m) => m.id), ['auto', 'gpt-5']);
        s.use('acp');
        assert.ok((await s.catalog.get()).models.some((m) => m.id === 'composer-2.5[fast=true]'));
        s.use('print');
        assert.deepEqual((await s.catalog.get()).models.map((m) => m.id), ['auto', 'gpt-5']);
        s.acp.dispose();
    });
});
//# sourceMappingURL=modelCatalogAcp.test.js.map