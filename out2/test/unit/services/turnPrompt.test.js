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
const turnPrompt_1 = require("../../../src/services/turnPrompt");
describe('turn planning', () => {
    it('sends only the new message when the CLI chat can be resumed, keeping the full prompt as fallback', () => {
        const p = (0, turnPrompt_1.composeTurnPrompt)({ history: [{ role: 'user', text: 'first question' }, { role: 'assistant', text: 'first answer' }], message: 'second', references: [], resumeChatId: 'c1' });
        assert.ok(!p.prompt.includes('first question'));
        assert.match(p.prompt, /second/);
        assert.equal(p.resume?.chatId, 'c1');
        assert.match(p.resume.fallbackPrompt, /first question[\s\S]*first answer[\s\S]*second/);
    });
    it('folds the history into a fresh chat when there is nothing to resume', () => {
        const p = (0, turnPrompt_1.composeTurnPrompt)({ history: [{ role: 'user', text: 'q1' }, { role: 'assistant', text: 'a1' }], message: 'q2', references: [] });
        assert.equal(p.resume, undefined);
        assert.match(p.prompt, /q1[\s\S]*a1[\s\S]*q2/);
    });
});
//# sourceMappingURL=turnPrompt.test.js.map