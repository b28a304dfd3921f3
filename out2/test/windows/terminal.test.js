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
// The Log In / Log Out terminal on Windows: what `cmd.exe` receives when VS
// Code's terminal starts the plan. VS Code hands `shellPath` and `shellArgs` to
// node-pty, which builds one command line: an array through the C runtime's
// quoting (every `"` becomes `\"`), a string appended as it is (Windows only).
// That rule (node-pty 1.2, windowsPtyAgent.ts `argsToCommandLine`) is
// reproduced below, and the command line is given to the real process as is.
const assert = __importStar(require("node:assert/strict"));
const node_child_process_1 = require("node:child_process");
const path = __importStar(require("node:path"));
const windowsLaunch_1 = require("../../src/cli/windowsLaunch");
const env_1 = require("../../src/cli/env");
const windowsInstall_1 = require("./windowsInstall");
const world_1 = require("./world");
const win = path.win32;
/** node-pty's `argsToCommandLine(file, args)` on Windows. */
function ptyCommandLine(file, args) {
    if (typeof args === 'string')
        return args.length === 0 ? file : `${ptyCommandLine(file, [])} ${args}`;
    return [file, ...args]
        .map((arg) => {
        const enclosed = arg[0] === '"' && arg[arg.length - 1] === '"';
        const lopsided = (arg[0] !== '"') !== (arg[arg.length - 1] !== '"');
        const quote = arg === '' || ((arg.includes(' ') || arg.includes('\t')) && arg.length > 1 && (lopsided || !enclosed));
        let out = quote ? '"' : '';
        let backslashes = 0;
        for (const c of arg) {
            if (c === '\\')
                backslashes++;
            else if (c === '"') {
                out += '\\'.repeat(backslashes * 2 + 1) + '"';
                backslashes = 0;
            }
            else {
                out += '\\'.repeat(backslashes) + c;
                backslashes = 0;
            }
        }
        return out + (quote ? '\\'.repeat(backslashes * 2) + '"' : '\\'.repeat(backslashes));
    })
        .join(' ');
}
/** Starts `shellPath` with exactly node-pty's command line; resolves with the exit code. */
function startAsTerminal(shell, env, cwd) {
    const line = ptyCommandLine(shell.shellPath, shell.shellArgs);
    const head = ptyCommandLine(shell.shellPath, []);
    const rest = line.slice(head.length).replace(/^ /, '');
    return new Promise((resolve) => {
        const child = (0, node_child_process_1.spawn)(shell.shellPath, rest ? [rest] : [], { argv0: head, windowsVerbatimArguments: true, env, cwd, stdio: 'ignore' });
        child.on('exit', (code) => resolve(code));
        child.on('error', () => resolve(null));
    });
}
describe('Windows: the Log In terminal', function () {
    let install;
    before(function () {
        if (process.platform !== 'win32')
            this.skip();
        install = (0, windowsInstall_1.installFake)({ scenario: { auth: 'loggedOut' } });
    });
    after(() => install?.fake.cleanup());
    for (const [route, configured] of [
        ['cmd.exe /d /s /c and an npm-style .cmd in a folder with spaces', () => (0, windowsInstall_1.npmStyleShim)(install, win.join(install.localAppData, '..', 'Roaming', 'npm'))],
        ['the installed node.exe', () => install.cmdShim],
    ]) {
        it(`through ${route}: the command line arrives once-quoted and the CLI runs login`, async () => {
            const env = (0, windowsInstall_1.windowsEnv)({ LOCALAPPDATA: install.localAppData, Path: 'C:\\windows\\system32;C:\\windows' });
            const w = (0, world_1.makeWorld)(env, { configuredPath: configured() });
            const plan = await w.agent.resolveLaunch(['login']);
            w.dispose();
            const shell = (0, windowsLaunch_1.terminalShell)(plan, 'win32');
            const before = install.fake.invocations().length;
            const code = await startAsTerminal(shell, (0, env_1.buildChildEnv)(env, 'win32'), (0, windowsInstall_1.freshDir)('home'));
            const invs = install.fake.invocations();
            assert.equal(invs.length, before + 1, `the CLI did not start (exit ${code}); command line: ${ptyCommandLine(shell.shellPath, shell.shellArgs)}`);
            assert.deepEqual(invs[invs.length - 1].argv, ['login']);
            assert.equal(code, 0);
            if (route.startsWith('cmd')) {
                assert.equal(typeof shell.shellArgs, 'string', 'a cmd.exe line goes to the terminal as one string');
                assert.equal(ptyCommandLine(shell.shellPath, shell.shellArgs), `${shell.shellPath} ${plan.args.join(' ')}`);
            }
        });
    }
});
//# sourceMappingURL=terminal.test.js.map