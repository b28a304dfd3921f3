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
const modelInformation_1 = require("../../../src/services/modelInformation");
describe('what the user reads: model info, /models, /status, status bar', () => {
    it('describes models to VS Code with the context size from the label and honest defaults', () => {
        const info = (0, modelInformation_1.modelInformation)({ id: 'claude-4.5-sonnet', label: 'Sonnet 4.5 1M', contextTokens: 1_000_000, isDefault: false, isCurrent: false });
        assert.equal(info.maxInputTokens, 1_000_000);
        assert.equal(info.family, 'claude');
        assert.equal((0, modelInformation_1.modelInformation)({ id: 'auto', label: 'Auto', isDefault: true, isCurrent: false }).maxInputTokens, 128_000);
        assert.equal((0, modelInformation_1.familyOf)('gpt-5.1-codex'), 'gpt');
        assert.equal((0, modelInformation_1.estimateTokens)('abcdefgh'), 2);
    });
});
//# sourceMappingURL=modelInformation.test.js.map