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
 * Issue 12, item 2: text from the CLI reaches the log, the chat (and its saved
 * history), /status, /models and the status bar tooltip only redacted.
 */
const assert = __importStar(require("node:assert/strict"));
const errors_1 = require("../../../src/cli/errors");
const authService_1 = require("../../../src/services/authService");
const cliAuthProbe_1 = require("../../../src/services/cliAuthProbe");
const modelCatalog_1 = require("../../../src/services/modelCatalog");
const reports_1 = require("../../../src/services/reports");
const statusBarView_1 = require("../../../src/services/statusBarView");
const stack_1 = require("../helpers/stack");
const printTurn_1 = require("../../support/printTurn");
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJQTEFOVEVEIn0.PLANTEDsignatureXYZ0123456789';
const HEX64 = 'feedface'.repeat(8);
describe('CLI error text is redacted wherever it is logged or shown', function () {
    this.timeout(30_000);
    let s;
    afterEach(() => s.dispose());
    it('a failing status probe: the info log line, the tooltip and /status carry no session cookie', async () => {
        s = (0, stack_1.createStack)({ statusOutput: { stderr: `Error: request rejected; Cookie: WorkosCursorSessionToken=user_01PLANTEDUSER%3A%3A${JWT}\n`, exitCode: 1 } });
        const auth = new authService_1.AuthService(new cliAuthProbe_1.CliAuthProbe(s.binary, s.agent), s.logger);
        const state = await auth.refresh();
        assert.equal(state.state, 'error');
        const shown = [(0, statusBarView_1.statusBarView)(state, undefined, false).tooltip, (0, reports_1.renderStatusMarkdown)(await s.binary.resolve(), state, undefined, false)].join('\n');
        const logged = s.logger.lines.filter((l) => !l.startsWith('debug')).join('\n');
        assert.match(logged, /\[status\] error/);
        assert.match(shown, /Cookie/, 'the CLI\'s message is still shown, redacted');
        for (const where of [logged, shown]) {
            assert.ok(!where.includes('PLANTED'), where);
            assert.ok(!where.includes('eyJhbGci'), where);
        }
    });
    it('a failing `models`: the warning, /models and the Switch Model placeholder carry no API key', async () => {
        s = (0, stack_1.createStack)({ modelsOutput: { stderr: `Error: CURSOR_API_KEY is key_${HEX64} and was refused\n`, exitCode: 1 } });
        const catalog = new modelCatalog_1.ModelCatalog({ fetchModelsText: () => s.agent.modelsText() }, s.logger, () => 60_000);
        const snap = await catalog.get();
        assert.ok(snap.lastError, 'the failure is reported');
        const warned = s.logger.lines.filter((l) => l.startsWith('warn')).join('\n');
        assert.match(warned, /could not list models/);
        for (const where of [warned, snap.lastError, (0, reports_1.renderModelsMarkdown)(snap, undefined)]) {
            assert.ok(!where.includes(HEX64.slice(0, 16)), where);
        }
    });
    it('a turn whose error result quotes a token: the chat error message and the log show it redacted', async () => {
        const result = `Request failed: Authorization: bearer_${JWT} (aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/PLANTEDKEY)`;
        s = (0, stack_1.createStack)({ turn: { kind: 'errorResult', result, stderr: 'npm_PLANTEDabcdefghijklmnopqrstuvwxyz0123' } });
        let err;
        await (0, printTurn_1.printTurn)(s.agent, { workspace: s.workspace, mode: 'plan', prompt: 'hi', onEvent: () => undefined }).catch((e) => (err = e));
        assert.ok(err instanceof errors_1.CliError);
        assert.match(err.userMessage, /Request failed/);
        for (const where of [err.userMessage, err.message, err.stderrTail, s.logger.text]) {
            assert.ok(!where.includes('PLANTED'), where);
            assert.ok(!where.includes('eyJhbGci'), where);
        }
    });
});
//# sourceMappingURL=redaction.test.js.map