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
const errors_1 = require("../../../src/cli/errors");
const failureClassifier_1 = require("../../../src/cli/failureClassifier");
describe('describeError', () => {
    it('gives every kind a message and a fix', () => {
        const kinds = [
            'notInstalled', 'notExecutable', 'ideLauncherOnly', 'loggedOut', 'keychainLocked', 'invalidApiKey', 'unknownModel', 'usageLimit', 'rateLimit',
            'network', 'sessionInUse', 'resumeFailed', 'promptTooLarge', 'timeout', 'malformedStream', 'policyBreach', 'untrustedWorkspace', 'unknown',
        ];
        for (const kind of kinds) {
            const info = (0, errors_1.describeError)(kind);
            assert.equal(info.kind, kind);
            assert.ok(info.message.length > 0 && info.fix.length > 0, kind);
        }
    });
    it('ends every message with a full sentence before the fix, with or without a detail', () => {
        const kinds = [
            'notInstalled', 'notExecutable', 'ideLauncherOnly', 'loggedOut', 'keychainLocked', 'invalidApiKey', 'unknownModel', 'usageLimit', 'rateLimit',
            'network', 'sessionInUse', 'resumeFailed', 'promptTooLarge', 'timeout', 'malformedStream', 'policyBreach', 'untrustedWorkspace', 'unknown',
        ];
        for (const kind of kinds) {
            for (const detail of [undefined, 'it was killed by SIGKILL', 'Error: something broke.']) {
                const e = new errors_1.CliError((0, errors_1.describeError)(kind, { detail, model: 'x-1', binary: '/bin/x', seconds: 5 }));
                assert.match(e.message, /[.!?]$/, `${kind} (${detail}): ${e.message}`);
                assert.doesNotMatch(e.message, /[.!?]\.$/, `${kind} (${detail}): ${e.message}`);
            }
        }
        assert.equal((0, failureClassifier_1.classifyFailure)({ exitCode: null, signal: 'SIGKILL', stderr: '' }).userMessage, 'The Cursor CLI failed: it was killed by SIGKILL. See the Cursor log for details.');
    });
});
describe('what @cursor and the language model API do per error kind (one rule for both)', () => {
    it('checks the login again after a failure that says the CLI is missing or not logged in', () => {
        const recheck = ['notInstalled', 'loggedOut', 'keychainLocked', 'invalidApiKey', 'untrustedWorkspace'].filter(errors_1.needsAuthRecheck);
        assert.deepEqual(recheck, ['notInstalled', 'loggedOut', 'keychainLocked', 'invalidApiKey', 'untrustedWorkspace']);
        for (const k of ['rateLimit', 'network', 'timeout', 'unknownModel', 'resumeFailed', 'unknown'])
            assert.equal((0, errors_1.needsAuthRecheck)(k), false, k);
    });
    it('tells language model callers which failures are permissions, missing things, or blocked', () => {
        const table = [
            ['loggedOut', 'NoPermissions'], ['invalidApiKey', 'NoPermissions'], ['keychainLocked', 'NoPermissions'], ['untrustedWorkspace', 'NoPermissions'], ['unsafeWorkspace', 'NoPermissions'],
            ['unknownModel', 'NotFound'], ['notInstalled', 'NotFound'],
            ['policyBreach', 'Blocked'],
            ['rateLimit', 'generic'], ['timeout', 'generic'], ['unknown', 'generic'],
        ];
        for (const [kind, lm] of table)
            assert.equal((0, errors_1.languageModelErrorKind)(kind), lm, kind);
    });
});
//# sourceMappingURL=errors.test.js.map