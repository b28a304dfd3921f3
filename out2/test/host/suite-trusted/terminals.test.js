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
const fs = __importStar(require("fs"));
const os = __importStar(require("os"));
const vscode = __importStar(require("vscode"));
const env_1 = require("../../../src/cli/env");
const helpers_1 = require("../helpers");
/**
 * Issue 12, item 6: the Log In / Log Out terminals never start in the
 * workspace and get only the allowlisted environment, although code-server
 * (a remote window) ignores strictEnv.
 */
describe('Log In / Log Out terminals (trusted window)', () => {
    afterEach(() => {
        for (const t of vscode.window.terminals)
            if (t.name.startsWith('Cursor:'))
                t.dispose();
    });
    for (const command of ['login', 'logout']) {
        it(`cursor-agent ${command} runs in the home folder with the turns' allowlisted environment, not the extension host's`, async function () {
            this.timeout(40_000);
            await (0, helpers_1.activateApi)();
            (0, helpers_1.fake)().setScenario({});
            const before = (0, helpers_1.fake)().invocations().length;
            await vscode.commands.executeCommand(`cursorAgent.${command}`);
            const inv = await (0, helpers_1.waitFor)(`cursor-agent ${command} in its terminal`, () => (0, helpers_1.invocationsSince)(before).find((i) => i.argv[0] === command), 30_000).catch(async (err) => {
                const terms = await Promise.all(vscode.window.terminals.map(async (t) => `${t.name} pid=${String(await t.processId)} exit=${JSON.stringify(t.exitStatus)}`));
                throw new Error(`${err.message}; terminals: ${terms.join(' | ')}; trusted=${vscode.workspace.isTrusted}`);
            });
            assert.strictEqual(fs.realpathSync(inv.cwd), fs.realpathSync(os.homedir()), `${command} ran in ${inv.cwd}`);
            assert.notStrictEqual(fs.realpathSync(inv.cwd), fs.realpathSync((0, helpers_1.workspacePath)()));
            // Variables of the extension host that the allowlist drops must not reach the terminal.
            const allowed = new Set(Object.keys((0, env_1.buildTerminalEnv)(process.env, process.platform)));
            const addedByTerminal = /^(TERM_PROGRAM|TERM_PROGRAM_VERSION|COLORTERM|LANG|FAKE_CURSOR_DIR|SHLVL|PWD|OLDPWD|_)$/;
            const leaked = Object.keys(inv.env).filter((k) => process.env[k] !== undefined && !allowed.has(k) && !addedByTerminal.test(k));
            assert.deepStrictEqual(leaked, [], `extension host variables reached the ${command} terminal`);
            assert.ok(!(inv.env.PATH ?? '').split(':').some((d) => d !== '' && !d.startsWith('/')), `relative PATH entry: ${inv.env.PATH}`);
        });
    }
});
//# sourceMappingURL=terminals.test.js.map