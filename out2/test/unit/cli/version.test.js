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
const version_1 = require("../../../src/cli/version");
describe('parseVersionOutput', () => {
    it('reads the documented one-line version', () => {
        assert.equal((0, version_1.parseVersionOutput)('2026.10.01-e373342\n'), '2026.10.01-e373342');
        assert.equal((0, version_1.parseVersionOutput)('\r\n  2026.10.01-e373342  \r\n'), '2026.10.01-e373342');
        assert.equal((0, version_1.parseVersionOutput)('\x1b[0m2026.07.15-abc1234\x1b[0m\n'), '2026.07.15-abc1234');
    });
    it('rejects output that is not a version, such as an error or help text', () => {
        assert.equal((0, version_1.parseVersionOutput)(''), undefined);
        assert.equal((0, version_1.parseVersionOutput)('   \n'), undefined);
        assert.equal((0, version_1.parseVersionOutput)("Error: No Cursor IDE installation found. Use 'cursor agent' or 'agent' to run the agent."), undefined);
        assert.equal((0, version_1.parseVersionOutput)('Usage: agent [options]\n' + 'x'.repeat(300)), undefined);
        assert.equal((0, version_1.parseVersionOutput)('hello'), undefined);
        assert.equal((0, version_1.parseVersionOutput)('1'.repeat(201)), undefined);
    });
});
describe('parseVersionOutput: what is logged and shown is redacted', () => {
    it('never returns a token a broken binary printed as its version', () => {
        const v = (0, version_1.parseVersionOutput)('ghp_0123456789abcdefghijABCDEFGHIJ\n') ?? '';
        assert.ok(!v.includes('0123456789abcdef'), v);
        assert.equal((0, version_1.parseVersionOutput)('2026.10.01-e373342\n'), '2026.10.01-e373342');
    });
});
//# sourceMappingURL=version.test.js.map