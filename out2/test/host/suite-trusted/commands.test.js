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
// The palette commands that hand the user a terminal (Log In, Log Out, Unlock Keychain)
// and `/ask`: what each one starts, as the CLI (the fake) and the terminal saw it.
const assert = __importStar(require("assert"));
const vscode = __importStar(require("vscode"));
const helpers_1 = require("../helpers");
/** Runs `command`; returns the terminal it opens, and a promise of that terminal's closing. */
async function terminalOpenedBy(command) {
    const listeners = [];
    const closedTerminals = new Set();
    const waiters = new Map();
    listeners.push(vscode.window.onDidCloseTerminal((t) => {
        closedTerminals.add(t);
        waiters.get(t)?.();
    }));
    const opened = new Promise((resolve) => listeners.push(vscode.window.onDidOpenTerminal(resolve)));
    try {
        await vscode.commands.executeCommand(command);
        const terminal = await Promise.race([
            opened,
            new Promise((_, reject) => setTimeout(() => reject(new Error(`${command} opened no terminal within 10 s`)), 10_000)),
        ]);
        const closed = new Promise((resolve) => (closedTerminals.has(terminal) ? resolve() : waiters.set(terminal, resolve)));
        void closed.finally(() => listeners.forEach((l) => l.dispose()));
        return { terminal, closed };
    }
    catch (err) {
        listeners.forEach((l) => l.dispose());
        throw err;
    }
}
/** Waits (up to 15 s) for `closed`, closing the terminal first if its command has ended but it stays open. */
async function untilClosed(terminal, closed) {
    await (0, helpers_1.waitFor)(`the command in "${terminal.name}" to end`, () => terminal.exitStatus, 15_000);
    const timeout = new Promise((_, reject) => setTimeout(() => reject(new Error(`"${terminal.name}" not closed within 15 s`)), 15_000));
    await Promise.race([Promise.race([closed, (0, helpers_1.sleep)(1000)]).then(() => terminal.dispose()), timeout]);
    await Promise.race([closed, timeout]);
}
/**
 * The command a terminal runs. On POSIX it is started through `/bin/sh -c <filter> <command> <args…>`:
 * the filter drops every variable outside the allowlist (remote windows ignore strictEnv), then execs it.
 */
function launchedCommand(opts) {
    const argv = [opts.shellPath ?? '', ...[opts.shellArgs ?? []].flat()];
    if (process.platform === 'win32')
        return argv;
    assert.deepStrictEqual(argv.slice(0, 2), ['/bin/sh', '-c'], 'the terminal does not start through the environment filter');
    return argv.slice(3);
}
/** The binary the extension runs (what Refresh Status found, wherever it was found). */
async function resolvedBinary() {
    const state = await vscode.commands.executeCommand('cursorAgent.refreshStatus');
    assert.ok(state?.binary, `no binary found: ${JSON.stringify(state)}`);
    return state.binary;
}
describe('Cursor: Log In / Log Out / Unlock Keychain open a terminal running the right command', () => {
    let api;
    before(async function () {
        this.timeout(30_000);
        api = await (0, helpers_1.activateApi)();
    });
    afterEach(async function () {
        this.timeout(20_000);
        (0, helpers_1.fake)().setScenario({});
        for (const t of vscode.window.terminals)
            t.dispose();
        await api.refresh();
    });
    it('Log In opens a "Cursor: Log In" terminal running `cursor-agent login`, and the status turns ready when it is closed', async function () {
        this.timeout(40_000);
        const binary = await resolvedBinary();
        (0, helpers_1.fake)().setScenario({ auth: 'loggedOut' });
        await api.refresh();
        await (0, helpers_1.waitFor)('the status bar to show logged out', () => api.statusBarText === '$(sign-in) Cursor', 5000);
        const before = (0, helpers_1.fake)().invocations().length;
        const { terminal, closed } = await terminalOpenedBy('cursorAgent.login');
        assert.strictEqual(terminal.name, 'Cursor: Log In');
        const opts = terminal.creationOptions;
        assert.deepStrictEqual(launchedCommand(opts), [binary, 'login']);
        // What ran in the terminal: the CLI itself, asked to log in (not a shell, nothing else).
        const login = await (0, helpers_1.waitFor)('the CLI to receive `login`', () => (0, helpers_1.invocationsSince)(before).find((i) => i.argv[0] === 'login'), 15_000);
        assert.deepStrictEqual(login.argv, ['login']);
        assert.strictEqual(login.stdin, null, 'login got a prompt on stdin');
        await untilClosed(terminal, closed);
        assert.strictEqual(terminal.exitStatus?.code, 0);
        // Closing the terminal re-checks the login: the CLI is asked for its status after `login`.
        await (0, helpers_1.waitFor)('a status probe after the login', () => (0, helpers_1.invocationsSince)(before).some((i) => i.argv.includes('status') && i.startedAt >= login.startedAt), 10_000);
        await (0, helpers_1.waitFor)('the status bar to show ready', () => /^\$\(check\) Cursor/.test(api.statusBarText), 10_000);
    });
    it('Log Out opens a "Cursor: Log Out" terminal running `cursor-agent logout`, and the status shows logged out when it is closed', async function () {
        this.timeout(40_000);
        const binary = await resolvedBinary();
        await (0, helpers_1.waitFor)('the status bar to show ready', () => /^\$\(check\) Cursor/.test(api.statusBarText), 5000);
        const before = (0, helpers_1.fake)().invocations().length;
        const { terminal, closed } = await terminalOpenedBy('cursorAgent.logout');
        assert.strictEqual(terminal.name, 'Cursor: Log Out');
        const opts = terminal.creationOptions;
        assert.deepStrictEqual(launchedCommand(opts), [binary, 'logout']);
        const logout = await (0, helpers_1.waitFor)('the CLI to receive `logout`', () => (0, helpers_1.invocationsSince)(before).find((i) => i.argv[0] === 'logout'), 15_000);
        assert.deepStrictEqual(logout.argv, ['logout']);
        await untilClosed(terminal, closed);
        assert.strictEqual(terminal.exitStatus?.code, 0);
        await (0, helpers_1.waitFor)('the status bar to show logged out', () => api.statusBarText === '$(sign-in) Cursor', 10_000);
    });
    it('Unlock Keychain opens a "Cursor: Unlock Keychain" terminal running `security unlock-keychain`', async function () {
        this.timeout(20_000);
        // macOS only in the palette (`enablement: isMac`); the command itself runs anywhere, so
        // what it starts can be checked here. /usr/bin/security does not exist on Linux: the
        // terminal reports a launch failure, which is fine for this check.
        const { terminal } = await terminalOpenedBy('cursorAgent.unlockKeychain');
        assert.strictEqual(terminal.name, 'Cursor: Unlock Keychain');
        const opts = terminal.creationOptions;
        assert.deepStrictEqual(launchedCommand(opts), ['/usr/bin/security', 'unlock-keychain']);
    });
});
describe('/ask in the chat panel', () => {
    before(async function () {
        this.timeout(30_000);
        await (0, helpers_1.activateApi)();
        (0, helpers_1.fake)().setScenario({});
        await (0, helpers_1.cursorModels)();
    });
    it('@cursor /ask runs the agent in ask mode (read-only Q&A) with the question, without "/ask", on stdin', async function () {
        this.timeout(30_000);
        await (0, helpers_1.newChat)();
        const before = (0, helpers_1.fake)().invocations().length;
        const question = 'What does hello return? slash-ask';
        const result = await (0, helpers_1.chatRequest)(`@cursor /ask ${question}`);
        assert.strictEqual(result?.errorDetails, undefined, JSON.stringify(result?.errorDetails));
        const turns = (0, helpers_1.invocationsSince)(before).filter(helpers_1.isTurn);
        assert.strictEqual(turns.length, 1);
        assert.strictEqual((0, helpers_1.argValue)(turns[0].argv, '--mode'), 'ask');
        const stdin = turns[0].stdin ?? '';
        assert.ok(stdin.trimEnd().endsWith(question), `the question is not the prompt's end: ${JSON.stringify(stdin.slice(-200))}`);
        assert.ok(!stdin.includes('/ask'), `"/ask" reached the prompt: ${JSON.stringify(stdin.slice(-200))}`);
        assert.strictEqual(await (0, helpers_1.renderedAnswer)(), (0, helpers_1.fakeRendered)((0, helpers_1.argValue)(turns[0].argv, '--model') ?? 'auto', question), 'the answer the chat panel shows');
    });
});
describe('@cursor when the CLI is logged out', () => {
    let api;
    before(async function () {
        this.timeout(30_000);
        api = await (0, helpers_1.activateApi)();
        (0, helpers_1.fake)().setScenario({});
        await (0, helpers_1.cursorModels)();
    });
    after(async function () {
        this.timeout(20_000);
        (0, helpers_1.fake)().setScenario({});
        await api.refresh();
    });
    it('@cursor still answers, with "not logged in" (not "Language model unavailable"), and /status still reports', async function () {
        this.timeout(40_000);
        (0, helpers_1.fake)().setScenario({ auth: 'loggedOut' });
        await api.refresh();
        await (0, helpers_1.waitFor)('the status bar to show logged out', () => api.statusBarText === '$(sign-in) Cursor', 5000);
        await (0, helpers_1.newChat)();
        const asked = await (0, helpers_1.chatRequest)('@cursor What is in src? logged-out-ask');
        assert.match(asked?.errorDetails?.message ?? '', /The Cursor CLI is not logged in/, `the chat said: ${JSON.stringify(asked)}`);
        const status = await (0, helpers_1.chatRequest)('@cursor /status');
        assert.strictEqual(status?.errorDetails, undefined, `/status failed: ${JSON.stringify(status?.errorDetails)}`);
        assert.match(await (0, helpers_1.renderedAnswer)(), /Login: not logged in/, 'what /status shows in the chat panel');
        // The models the CLI listed while logged in are still offered to other extensions too.
        const models = await vscode.lm.selectChatModels({ vendor: 'cursor' });
        assert.ok(models.length > 0, 'no Cursor model left to select');
    });
});
//# sourceMappingURL=commands.test.js.map