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
const reports_1 = require("../../../src/services/reports");
describe('what the user reads: model info, /models, /status, status bar', () => {
    it('lists models with the current one marked', () => {
        const models = [
            { id: 'auto', label: 'Auto', isDefault: true, isCurrent: false },
            { id: 'gpt-5', label: 'GPT | 5', isDefault: false, isCurrent: false },
        ];
        const md = (0, reports_1.renderModelsMarkdown)({ models, fetchedAt: 1 }, 'gpt-5');
        assert.match(md, /\| `gpt-5` \| GPT \\\| 5 \| {2}\| \*\*current\*\* \|/);
        assert.match((0, reports_1.renderModelsMarkdown)({ models: [], fetchedAt: 0, lastError: 'boom' }, undefined), /Could not list Cursor models: boom/);
    });
    it('reports binary, version, login and model in /status', () => {
        const md = (0, reports_1.renderStatusMarkdown)({
            ...{ found: true, path: '/bin/cursor-agent', version: '2026.10.01-e373342', source: 'path:cursor-agent', argsPrefix: [], configuredPathFailed: true },
            rejected: [{ candidate: '/bad', source: 'setting', reason: 'ENOENT' }],
        }, { state: 'ready', binary: '/bin/cursor-agent', version: '2026.10.01-e373342', email: 'me@example.com' }, 'gpt-5', true);
        assert.match(md, /Binary: `\/bin\/cursor-agent`/);
        assert.match(md, /skipped `\/bad`: ENOENT/);
        assert.match(md, /logged in as me@example.com/);
        assert.match(md, /`gpt-5`/);
        assert.match(md, /remote window/);
    });
});
//# sourceMappingURL=reports.test.js.map