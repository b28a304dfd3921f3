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
const resultMetadata_1 = require("../../../src/services/resultMetadata");
describe('answer metadata read back from VS Code', () => {
    it('keeps valid fields and drops a session id that could not be a chat id', () => {
        assert.deepEqual((0, resultMetadata_1.readResultMetadata)({ cursorSessionId: '--force', model: 'gpt-5', answerText: 'x', workspace: '/w' }), { model: 'gpt-5', answerText: 'x', workspace: '/w' });
        assert.deepEqual((0, resultMetadata_1.readResultMetadata)({ cursorSessionId: 'b2c3-uuid', answerText: 42, model: -1 }), { cursorSessionId: 'b2c3-uuid' });
        for (const pathLike of ['a/../../../x', 'x.y', 'a:b', 'a'.repeat(101)]) {
            assert.deepEqual((0, resultMetadata_1.readResultMetadata)({ cursorSessionId: pathLike, answerText: 'x' }), { answerText: 'x' }, pathLike);
        }
        assert.deepEqual((0, resultMetadata_1.readResultMetadata)(undefined), {});
        // Saved with the chat history: an answer of megabytes comes back bounded.
        const huge = (0, resultMetadata_1.readResultMetadata)({ answerText: 'a'.repeat(5_000_000) }).answerText ?? '';
        assert.ok(huge.length <= resultMetadata_1.MAX_ANSWER_TEXT_CHARS && huge.startsWith('aaa') && huge.endsWith('(answer cut)'), `${huge.length} characters kept`);
        assert.equal((0, resultMetadata_1.boundAnswerText)('short answer'), 'short answer');
        assert.deepEqual((0, resultMetadata_1.readResultMetadata)('garbage'), {});
    });
});
//# sourceMappingURL=resultMetadata.test.js.map