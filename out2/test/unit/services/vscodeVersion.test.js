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
const assert = __importStar(require("assert"));
const vscodeVersion_1 = require("../../../src/services/vscodeVersion");
describe('VS Code version differences', () => {
    it('reads the minor version VS Code reports (1.110.2 → 110; "1.139.0-insider" → 139)', () => {
        assert.strictEqual((0, vscodeVersion_1.vscodeMinor)('1.110.2'), 110);
        assert.strictEqual((0, vscodeVersion_1.vscodeMinor)('1.139.0-insider'), 139);
    });
    it('an unreadable version counts as a newer VS Code, so nothing extra is shown', () => {
        assert.strictEqual((0, vscodeVersion_1.vscodeMinor)('2.0'), Number.POSITIVE_INFINITY);
        assert.strictEqual((0, vscodeVersion_1.hidesParticipantReferences)('nonsense'), false);
    });
    it('lists the files read under the answer only where VS Code hides the references (before 1.116)', () => {
        assert.strictEqual((0, vscodeVersion_1.hidesParticipantReferences)('1.110.0'), true);
        assert.strictEqual((0, vscodeVersion_1.hidesParticipantReferences)('1.115.9'), true);
        assert.strictEqual((0, vscodeVersion_1.hidesParticipantReferences)('1.116.0'), false);
        assert.strictEqual((0, vscodeVersion_1.hidesParticipantReferences)('1.139.1'), false);
    });
});
//# sourceMappingURL=vscodeVersion.test.js.map