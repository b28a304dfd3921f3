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
// Whole chat turns and the short commands (`--version`, `status --format json`,
// `models`) on Windows Node.js, through both launch routes: the installed
// node.exe run directly, and `cmd.exe /d /s /c` for a launcher the planner
// cannot see through. What the CLI received is what the fake recorded.
const assert = __importStar(require("node:assert/strict"));
const node_child_process_1 = require("node:child_process");
const fs = __importStar(require("node:fs"));
const path = __importStar(require("node:path"));
const args_1 = require("../../src/cli/args");
const errors_1 = require("../../src/cli/errors");
const models_1 = require("../../src/cli/models");
const windowsLaunch_1 = require("../../src/cli/windowsLaunch");
const fakeCli_1 = require("../fixtures/fakeCli");
const nodeHost_1 = require("../../src/node/nodeHost");
const nodeProcessRunner_1 = require("../../src/node/nodeProcessRunner");
const windowsInstall_1 = require("./windowsInstall");
const world_1 = require("./world");
const printTurn_1 = require("../support/printTurn");
const win = path.win32;
const ANSWER = 'Hello from Windows: "quotes", 100% & <angles>, ünïcödé ✓\nsecond line';
describe('Windows: turns and short commands', function () {
    let install;
    let npmShim;
    let workspace;
    const worlds = [];
    before(function () {
        if (process.platform !== 'win32')
            this.skip();
        install = (0, windowsInstall_1.installFake)({ scenario: { turn: { kind: 'default', answer: ANSWER }, email: 'a.user@example.com' } });
        npmShim = (0, windowsInstall_1.npmStyleShim)(install, win.join(install.localAppData, '..', 'Roaming', 'npm'));
        workspace = (0, windowsInstall_1.freshDir)('Users', 'A User', 'source', 'My Project');
    });
    after(() => {
        for (const w of worlds)
            w.dispose();
        install?.fake.cleanup();
    });
    const routes = {
        'the installed node.exe, directly': () => ({ Path: `${install.installDir};C:\\windows\\system32;C:\\windows` }),
        'cmd.exe /d /s /c and an npm-style .cmd': () => ({ Path: 'C:\\windows\\system32;C:\\windows', configuredPath: npmShim }),
    };
    const worldFor = (route) => {
        const { Path, configuredPath } = routes[route]();
        const w = (0, world_1.makeWorld)((0, windowsInstall_1.windowsEnv)({ Path, LOCALAPPDATA: install.localAppData }), { configuredPath });
        worlds.push(w);
        return w;
    };
    const lastInvocation = () => {
        const all = install.fake.invocations();
        return all[all.length - 1];
    };
    for (const route of Object.keys(routes)) {
        describe(`through ${route}`, () => {
            it('runs a whole turn: the prompt arrives on stdin, the exact answer streams back, the run ends', async () => {
                const w = worldFor(route);
                const events = [];
                const prompt = 'Explain "this" folder: 50% of it, a&b, C:\\path\\ and ünïcödé\n(second line)';
                const result = await (0, printTurn_1.printTurn)(w.agent, { workspace, mode: 'plan', prompt, onEvent: (e) => events.push(e) });
                assert.equal((0, world_1.collectText)(events), fakeCli_1.FAKE_NARRATION + ANSWER); // the default turn: a first stretch, a tool call, then the answer
                assert.equal(result.text, fakeCli_1.FAKE_NARRATION + ANSWER);
                assert.equal(result.cancelled, false);
                assert.ok(result.sessionId);
                const inv = lastInvocation();
                assert.equal(inv.stdin, prompt);
                assert.deepEqual(inv.argv, (0, args_1.buildTurnArgs)({ mode: 'plan', workspace, trusted: true }));
                assert.equal(inv.cwd.toLowerCase(), workspace.toLowerCase());
                assert.ok(!(0, windowsInstall_1.running)(inv.pid), 'the CLI has exited');
                const plan = w.launches[w.launches.length - 1];
                if (route.startsWith('cmd')) {
                    assert.match(plan.command, /\\cmd\.exe$/i);
                    assert.notEqual(inv.ppid, process.pid, 'cmd.exe stands between');
                }
                else {
                    assert.equal(plan.command, install.nodeExe);
                    assert.equal(inv.ppid, process.pid, 'node.exe is our own child: nothing in between');
                }
            });
            it('answers --version, status --format json and models', async () => {
                const w = worldFor(route);
                const r = await w.binary.resolve();
                assert.ok(r.found && r.version === windowsInstall_1.VERSION, JSON.stringify(r));
                assert.deepEqual(await w.agent.status(), { state: 'loggedIn', email: 'a.user@example.com' });
                assert.deepEqual(lastInvocation().argv, ['status', '--format', 'json']);
                const models = (0, models_1.parseModelsOutput)(await w.agent.modelsText());
                assert.deepEqual(models.models.map((m) => m.id), ['auto', 'composer-2.5-fast', 'claude-4.5-sonnet', 'gpt-5']);
                assert.deepEqual(lastInvocation().argv, ['models']);
            });
        });
    }
    it('hands cmd.exe arguments that need quoting so the CLI gets each one exactly', async () => {
        const host = (0, nodeHost_1.nodeHostEnvironment)((0, windowsInstall_1.windowsEnv)({ LOCALAPPDATA: install.localAppData }), 'win32');
        const args = ['--workspace', 'C:\\Users\\A User\\My Project', 'C:\\trailing\\', 'C:\\two trailing\\\\', '', 'ünïcödé ✓', '--x=a,b;c', "it's", '=', '-'];
        const planned = (0, windowsLaunch_1.launchCommandFor)(npmShim, args, { ...host, comSpec: process.env.ComSpec, systemRoot: process.env.SystemRoot });
        assert.ok(planned.ok && planned.plan.windowsVerbatimArguments, JSON.stringify(planned));
        const env = { LOCALAPPDATA: install.localAppData, SystemRoot: process.env.SystemRoot ?? '' };
        const out = await new nodeProcessRunner_1.NodeProcessRunner().run({ launch: planned.plan, cwd: workspace, env, totalTimeoutMs: 30_000 });
        assert.equal(out.kind, 'exited', out.stderrTail);
        assert.deepEqual(lastInvocation().argv, args);
    });
    it('refuses to pass cmd.exe what it would interpret, says which character, and starts nothing', async () => {
        const w = worldFor('cmd.exe /d /s /c and an npm-style .cmd');
        await w.binary.resolve();
        const before = install.fake.invocations().length;
        for (const [folder, char] of [['R&D', '&'], ['100%', '%'], ['Hi!', '!'], ['a^b', '^'], ['(old)', '(']]) {
            const ws = (0, windowsInstall_1.freshDir)('Users', 'A User', folder);
            await assert.rejects((0, printTurn_1.printTurn)(w.agent, { workspace: ws, mode: 'plan', prompt: 'hi', onEvent: () => undefined }), (e) => e instanceof errors_1.CliError && e.kind === 'notExecutable' && e.message.includes(`the character ${char}`), folder);
        }
        assert.equal(install.fake.invocations().length, before, 'nothing ran');
    });
    it('never spawns a .cmd without a shell; Node would refuse with EINVAL', async () => {
        const spawned = world_1.allLaunches.map((l) => l.command);
        assert.ok(spawned.length > 0);
        assert.deepEqual(spawned.filter((c) => /\.(cmd|bat)$/i.test(c)), []);
        // What would happen: Node's own Windows check (CVE-2024-27980), from spawn and from the runner.
        assert.throws(() => (0, node_child_process_1.spawn)(install.cmdShim, ['--version']), (e) => e.code === 'EINVAL');
        const out = await new nodeProcessRunner_1.NodeProcessRunner().run({ launch: { command: install.cmdShim, args: ['--version'] }, cwd: workspace, env: {}, totalTimeoutMs: 10_000 });
        assert.equal(out.kind, 'spawnError');
        assert.equal(out.spawnErrorCode, 'EINVAL');
    });
    it('keeps the prompt off the command line on both routes', () => {
        for (const l of world_1.allLaunches)
            assert.ok(!l.args.some((a) => a.includes('Explain')), JSON.stringify(l));
        assert.ok(fs.existsSync(install.indexJs));
    });
});
//# sourceMappingURL=turns.test.js.map