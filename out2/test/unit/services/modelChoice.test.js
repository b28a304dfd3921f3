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
const modelChoice_1 = require("../../../src/services/modelChoice");
describe('which model @cursor uses', () => {
    it('uses the Cursor model selected in the picker', () => {
        const c = new modelChoice_1.ModelChoice();
        assert.equal(c.choose('gpt-5', 'auto'), 'gpt-5');
    });
    it('uses the Switch Model choice after the user runs it, although the picker still shows its old model', () => {
        const c = new modelChoice_1.ModelChoice();
        assert.equal(c.choose('gpt-5', ''), 'gpt-5');
        c.settingChanged('claude-4.5-sonnet');
        assert.equal(c.choose('gpt-5', 'claude-4.5-sonnet'), 'claude-4.5-sonnet');
        assert.equal(c.choose('gpt-5', 'claude-4.5-sonnet'), 'claude-4.5-sonnet');
    });
    it('goes back to the picker when the user picks another model there', () => {
        const c = new modelChoice_1.ModelChoice();
        c.choose('gpt-5', '');
        c.settingChanged('claude-4.5-sonnet');
        assert.equal(c.choose('auto', 'claude-4.5-sonnet'), 'auto');
    });
    it('uses the CLI default when the user chose it in Switch Model, although the picker holds a Cursor model', () => {
        const c = new modelChoice_1.ModelChoice();
        c.choose('gpt-5', 'claude-4.5-sonnet');
        c.settingChanged('');
        assert.equal(c.choose('gpt-5', ''), undefined);
    });
    it('uses the setting, then the CLI default, when the picker holds no Cursor model', () => {
        const c = new modelChoice_1.ModelChoice();
        assert.equal(c.choose(undefined, 'gpt-5'), 'gpt-5');
        assert.equal(new modelChoice_1.ModelChoice().choose(undefined, ''), undefined);
    });
});
//# sourceMappingURL=modelChoice.test.js.map