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
 * The terminals the extension opens (Log In, Log Out, Continue in Terminal), as VS Code is asked to
 * create them: the real commands (src/vscode/commands.ts, src/vscode/continuity.ts) on the `vscode`
 * stand-in, with the real launch planner and a fake CLI. The host tier cannot see `strictEnv`
 * (code-server is a remote window and ignores it); on desktop Windows nothing else keeps the
 * extension host's variables out of the terminal.
 */
const assert = __importStar(require("node:assert/strict"));
const fs = __importStar(require("node:fs"));
const os = __importStar(require("node:os"));
const path = __importStar(require("node:path"));
const vscodeShim_1 = require("../../support/vscodeShim");
const logger_1 = require("../helpers/logger");
const stack_1 = require("../helpers/stack");
/** What the extension host has and no terminal may inherit. */
const HOST_ONLY = { NODE_OPTIONS: '--max-old-space-size=4096', ELECTRON_RUN_AS_NODE: '1', VSCODE_IPC_HOOK: '/tmp/ipc.sock', SOME_TOKEN_OF_THE_HOST: 'secret' };
const CHAT_ID = '065d6699-0bd7-4d0c-86f5-3cfc5be0e336';
describe('terminals the extension opens get only the allowlisted environment (vscode stand-in)', function () {
    this.timeout(20_000);
    let s;
    let home;
    const logger = new logger_1.MemoryLogger();
    beforeEach(() => {
        (0, vscodeShim_1.installVscodeShim)();
        home = fs.mkdtempSync(path.join(fs.realpathSync(os.tmpdir()), 'home-'));
        // In the test process's own environment too: the extension host's is process.env.
        Object.assign(process.env, HOST_ONLY);
        s = (0, stack_1.createStack)({}, HOST_ONLY, home);
        vscodeShim_1.shimState.workspaceFolder = s.workspace;
        vscodeShim_1.shimState.moreFolders = [];
        vscodeShim_1.shimState.terminals = [];
        vscodeShim_1.shimState.messages = [];
        vscodeShim_1.vscodeShim.workspace.isTrusted = true;
    });
    afterEach(() => {
        for (const name of Object.keys(HOST_ONLY))
            delete process.env[name];
        vscodeShim_1.vscodeShim.workspace.isTrusted = true;
        vscodeShim_1.shimState.moreFolders = [];
        s.dispose();
        fs.rmSync(home, { recursive: true, force: true });
    });
    const opened = () => (vscodeShim_1.shimState.terminals ?? []);
    const cwdOf = (o) => (typeof o.cwd === 'string' ? o.cwd : o.cwd?.fsPath);
    /** The strict environment: VS Code adds nothing to it, and it holds none of the extension host's own variables. */
    function assertStrictEnv(o, what) {
        assert.equal(o.strictEnv, true, `${what}: the terminal inherits the extension host's environment (strictEnv not set)`);
        const env = o.env ?? {};
        for (const name of Object.keys(HOST_ONLY))
            assert.equal(env[name], undefined, `${what}: ${name} reaches the terminal`);
        assert.ok(env.PATH, `${what}: no PATH in the terminal`);
    }
    /** The command the terminal runs, after the POSIX environment filter (`/bin/sh -c <filter> <command> <args…>`). */
    const command = (o) => (o.shellArgs ?? []).slice(2);
    async function runCommand(id) {
        // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded after the shim is installed
        const { registerCommands } = require('../../../src/vscode/commands');
        const auth = { state: { state: 'ready' }, refresh: async () => ({ state: 'ready' }) };
        registerCommands({
            agent: s.agent, auth: auth, binary: s.binary, catalog: { invalidate() { } }, settings: () => ({}),
            logger, output: { show() { } }, statusBar: () => undefined, platform: 'linux', terminalListeners: new Set(),
        });
        await vscodeShim_1.shimState.commands?.get(id)?.();
    }
    for (const [id, sub] of [['cursorAgent.login', 'login'], ['cursorAgent.logout', 'logout']]) {
        it(`${id === 'cursorAgent.login' ? 'Log In' : 'Log Out'} opens cursor-agent ${sub} in the home folder with the strict, allowlisted environment`, async () => {
            await runCommand(id);
            assert.equal(opened().length, 1, JSON.stringify(vscodeShim_1.shimState.messages));
            const o = opened()[0];
            assertStrictEnv(o, sub);
            assert.equal(cwdOf(o), home);
            assert.deepEqual(command(o).slice(-1), [sub]);
        });
    }
    async function continueIn(arg, lastHandOff) {
        // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded after the shim is installed
        const { continueInTerminal, LastTurn } = require('../../../src/vscode/continuity');
        const lastTurn = new LastTurn(() => undefined);
        lastTurn.handOff = lastHandOff;
        await continueInTerminal({ agent: s.agent, logger, lastTurn }, arg);
        return opened()[0];
    }
    it("Continue in Terminal opens cursor-agent --resume <chat id> in the chat's folder, with the strict environment", async () => {
        const other = fs.mkdtempSync(path.join(fs.realpathSync(os.tmpdir()), 'ws2-'));
        try {
            vscodeShim_1.shimState.moreFolders = [other];
            const o = await continueIn({ chatId: CHAT_ID, workspace: other, backend: 'print' });
            assert.ok(o, `no terminal: ${JSON.stringify(vscodeShim_1.shimState.messages)}`);
            assertStrictEnv(o, 'Continue in Terminal');
            assert.equal(cwdOf(o), other, 'the terminal does not run in the folder of the chat');
            assert.deepEqual(command(o).slice(-2), ['--resume', CHAT_ID]);
            assert.ok(!command(o).some((a) => a === '--force' || a === '-f'), command(o).join(' '));
        }
        finally {
            fs.rmSync(other, { recursive: true, force: true });
        }
    });
    it('Continue in Terminal from the palette continues the last answered chat, in its folder', async () => {
        const o = await continueIn(undefined, { chatId: CHAT_ID, workspace: s.workspace, backend: 'print' });
        assert.ok(o, JSON.stringify(vscodeShim_1.shimState.messages));
        assert.equal(cwdOf(o), s.workspace);
        assert.deepEqual(command(o).slice(-2), ['--resume', CHAT_ID]);
    });
    it('Continue in Terminal refuses an ACP chat (the interactive CLI cannot open it), and says why', async () => {
        assert.equal(await continueIn({ chatId: CHAT_ID, workspace: s.workspace, backend: 'acp' }), undefined);
        assert.match(vscodeShim_1.shimState.messages?.[0]?.text ?? '', /ACP/);
    });
    for (const id of ['--force', '-f', 'a/../../x', 'x.y', 'models:1', 'a'.repeat(101), '']) {
        it(`Continue in Terminal never puts ${JSON.stringify(id.length > 20 ? `${id.slice(0, 8)}…` : id)} after --resume: not from the button, not from the last answer`, async () => {
            assert.equal(await continueIn({ chatId: id, workspace: s.workspace, backend: 'print' }, { chatId: CHAT_ID, workspace: s.workspace, backend: 'print' }), undefined, 'opened a terminal');
            assert.equal(await continueIn(undefined, { chatId: id, workspace: s.workspace, backend: 'print' }), undefined, 'opened a terminal for the raw session id');
            assert.ok((vscodeShim_1.shimState.messages ?? []).length >= 2, 'no message said why');
        });
    }
    it('an answer whose CLI session id is not a chat id shows no Continue in Terminal button', () => {
        // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded after the shim is installed
        const { renderAnswerFooter } = require('../../../src/vscode/continuity');
        const buttons = (chatId) => {
            const titles = [];
            const stream = { markdown: () => undefined, button: (b) => titles.push(b.title) };
            const catalog = { peek: () => ({ models: [] }) };
            renderAnswerFooter({ stream: stream, usage: undefined, modelName: undefined, modelId: undefined, catalog, handOff: { chatId, workspace: s.workspace, backend: 'print' } });
            return titles;
        };
        assert.deepEqual(buttons(CHAT_ID), ['Continue in Terminal']);
        assert.deepEqual(buttons('--force'), []);
    });
    it('Continue in Terminal in an untrusted window says the folder must be trusted and opens nothing', async () => {
        vscodeShim_1.vscodeShim.workspace.isTrusted = false;
        assert.equal(await continueIn({ chatId: CHAT_ID, workspace: s.workspace, backend: 'print' }), undefined);
        assert.match(vscodeShim_1.shimState.messages?.[0]?.text ?? '', /trust/i);
    });
});
//# sourceMappingURL=terminals.test.js.map