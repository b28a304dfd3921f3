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
// The default backend (auto) with a CLI that has no `acp` command (this suite's print-only fake):
// turns run in print mode with no notice; the log and /status say why.
const assert = __importStar(require("assert"));
const vscode = __importStar(require("vscode"));
const helpers_1 = require("./../helpers");
describe('backend auto with a CLI without acp', function () {
    this.timeout(20_000);
    before(() => (0, helpers_1.activateApi)());
    it('the support check runs once, says so in the log, and /status names print mode and why', async () => {
        await (0, helpers_1.waitFor)('the ACP support check in the log', () => /does not support ACP: the CLI has no `acp` command/.test((0, helpers_1.extensionLog)()));
        const checks = (0, helpers_1.fake)().invocations().filter((i) => i.argv[0] === 'acp');
        assert.strictEqual(checks.length, 1, JSON.stringify(checks.map((c) => c.argv)));
        assert.deepStrictEqual(checks[0].argv, ['acp', '--help']);
        await vscode.commands.executeCommand('workbench.action.chat.newChat');
        await vscode.commands.executeCommand('workbench.action.chat.open', { query: '@cursor /status', blockOnResponse: true });
        assert.match(await (0, helpers_1.renderedAnswer)(), /- Backend: print mode \(`cursor-agent -p`\): the CLI has no `acp` command/);
    });
});
//# sourceMappingURL=backend.test.js.map