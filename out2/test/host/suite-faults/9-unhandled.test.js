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
// Runs last (files run in name order): after every fault above, nothing was left
// unhandled in the extension host and the extension logged no error of its own.
const assert = __importStar(require("assert"));
const fs = __importStar(require("fs"));
const path = __importStar(require("path"));
const vscode = __importStar(require("vscode"));
const mochaRunner_1 = require("../mochaRunner");
const support_1 = require("./support");
const unhandled_1 = require("./unhandled");
describe('after all the faults', () => {
    after(() => (0, support_1.setScenario)({}));
    it('no unhandled rejection or uncaught exception in the extension host', () => {
        assert.ok((0, unhandled_1.hooksInstalled)(), 'the watching hooks of index.ts are not installed');
        const seen = (0, unhandled_1.unhandledSoFar)();
        assert.deepStrictEqual(seen.map((u) => `${u.type}: ${u.text}`), []);
    });
    it("the extension host's log has no unhandled error and no error from this extension", () => {
        const log = (0, support_1.extHostLog)();
        assert.ok(log.split('\n').length > 1, 'the extension host log was not found');
        const extensionPath = vscode.extensions.getExtension(support_1.EXTENSION_ID)?.extensionPath ?? support_1.EXTENSION_ID;
        // One entry per timestamped line, with the stack lines that follow it.
        const entries = log.split(/\n(?=\d{4}-\d\d-\d\d[ T])/);
        const bad = entries.filter((e) => /unhandled/i.test(e) || (/\[error\]/.test(e.split('\n')[0]) && [support_1.EXTENSION_ID, extensionPath, 'cursor-agent'].some((s) => e.includes(s))));
        assert.deepStrictEqual(bad, []);
    });
    it('the workbench log (host.log) has no unhandled error; its errors naming this extension are the errors the provider meant to throw', function () {
        // Written live by test/host/run.ts (code-server mode): the workbench's log and the browser console.
        const file = process.env.CURSOR_AGENT_TEST_OUTPUT ? path.join(process.env.CURSOR_AGENT_TEST_OUTPUT, 'host.log') : '';
        if (!file || !fs.existsSync(file))
            this.skip();
        const entries = fs
            .readFileSync(file, 'utf8')
            .split(/\n(?=\[[a-z:]+\] )/)
            .filter((e) => !e.includes(mochaRunner_1.CONSOLE_MARKER)); // the tests' own output (their titles say "unhandled")
        assert.deepStrictEqual(entries.filter((e) => /unhandled/i.test(e)), []);
        const ours = entries
            .filter((e) => e.includes(support_1.EXTENSION_ID) && /^\[(error|browser:error)\]/.test(e))
            // VS Code 1.110 asks the gallery (open-vsx.org) for the newest version of the extension under
            // test even with update checks off; these machines have no network. Not the extension's error.
            .filter((e) => !/Error while getting the latest version for the extension /.test(e));
        // The workbench logs every error a language model provider reports: ours are LanguageModelErrors
        // (each fault above) and the cancellations of the vscode.lm cancel tests. Nothing else.
        const unexpected = ours.filter((e) => !/extension request ERRORED in STREAM/.test(e) || !/LanguageModelError|Canceled/.test(e.split('\n')[0]));
        assert.deepStrictEqual(unexpected.map((e) => e.slice(0, 400)), []);
    });
    it('the Cursor log has no [error] line', () => {
        const errors = (0, support_1.cursorLog)()
            .split('\n')
            .filter((l) => /\[error\]/.test(l));
        assert.deepStrictEqual(errors, []);
    });
    it('no cursor-agent process is left', async () => {
        await (0, support_1.assertAllGone)('end of the suite', [(0, support_1.fake)()]);
    });
});
//# sourceMappingURL=9-unhandled.test.js.map