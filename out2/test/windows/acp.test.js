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
// The ACP backend (`cursor-agent acp`) on Windows Node.js: started as the
// extension starts it (createBackends with the Node transport, the launcher's
// Windows launch plan for an npm-style `cursor-agent.cmd`, i.e. through
// `cmd.exe /d /s /c`), stdin kept open for JSON-RPC both ways for two turns,
// and the whole tree (cmd.exe and the agent's node.exe) ended by taskkill /T
// on dispose. What the agent received is the fake's wire log.
//
// Wine's taskkill has no `/T`: a recording taskkill.exe of ours ends the tree
// the way Windows' `/T /F` does (taskkill.ts).
const assert = __importStar(require("node:assert/strict"));
const path = __importStar(require("node:path"));
const acpProcess_1 = require("../../src/node/acpProcess");
const backends_1 = require("../../src/services/backends");
const settingsSchema_1 = require("../../src/services/settingsSchema");
const taskkill_1 = require("./taskkill");
const windowsInstall_1 = require("./windowsInstall");
const world_1 = require("./world");
const win = path.win32;
const ANSWERS = ['First answer over ACP: "quotes", 100% & <angles>, ünïcödé ✓', 'Second answer, same process.'];
describe('Windows: the ACP backend (cursor-agent acp)', function () {
    let install;
    let shim;
    let workspace;
    let world;
    let acp;
    const transports = [];
    let taskkill;
    before(function () {
        if (process.platform !== 'win32')
            this.skip();
        taskkill = (0, taskkill_1.recordingTaskkill)('emulate');
        install = (0, windowsInstall_1.installFake)({ acp: { turns: ANSWERS.map((text) => ({ kind: 'answer', text })) } });
        shim = (0, windowsInstall_1.npmStyleShim)(install, win.join(install.localAppData, '..', 'Roaming', 'npm'));
        workspace = (0, windowsInstall_1.freshDir)('Users', 'A User', 'source', 'My Project');
    });
    afterEach(async () => {
        acp?.dispose();
        await (0, windowsInstall_1.waitFor)(() => transports.every((t) => t.exited), 10_000); // no taskkill of ours outlives the tests
        world?.dispose();
        acp = undefined;
        world = undefined;
    });
    after(() => {
        taskkill?.restore();
        install?.fake.cleanup();
    });
    /** The ACP backend as src/extension.ts builds it, with `cursorAgent.backend: acp` and `cursorAgent.path` = the `.cmd`. */
    async function startBackend() {
        const env = (0, windowsInstall_1.windowsEnv)({ Path: 'C:\\windows\\system32;C:\\windows', LOCALAPPDATA: install.localAppData, SystemRoot: taskkill.realSystemRoot, NODE_OPTIONS: undefined });
        world = (0, world_1.makeWorld)(env, { configuredPath: shim });
        const built = (0, backends_1.createBackends)({
            agent: world.agent,
            binary: world.binary,
            settings: () => ({ ...settingsSchema_1.DEFAULT_SETTINGS, backend: 'acp' }),
            runSettings: () => world_1.FAST,
            startTransport: (o) => {
                const t = new acpProcess_1.NodeAcpTransport(o);
                transports.push(t);
                return t;
            },
            logger: world.logger,
        });
        acp = built.acp;
        assert.equal(await built.selector.current(), built.acp, 'cursorAgent.backend: acp runs turns on ACP');
        return built.acp;
    }
    const turn = async (backend, prompt, resumeId) => {
        const events = [];
        const r = await backend.runTurn({ workspace, mode: 'plan', prompt, resumeId, onEvent: (e) => events.push(e) });
        assert.ok(r.ok, JSON.stringify(r));
        return { ...r, shown: (0, world_1.collectText)(events) };
    };
    /** Every `cursor-agent acp` process the fake served and what each received, oldest first (its wire log, whole lines only). */
    const acpLog = () => install.fake.acpLog();
    const acpPids = () => [...acpLog().keys()];
    const received = (pid) => (acpLog().get(pid) ?? []).filter((l) => l.dir === 'in').map((l) => l.msg);
    it('an ACP session over the cursor-agent.cmd shim answers two turns in one process', async () => {
        const backend = await startBackend();
        const prompts = ['Explain "this": 50% of a&b, C:\\path\\ and ünïcödé', 'And then?'];
        const first = await turn(backend, prompts[0]);
        assert.equal(first.shown, ANSWERS[0]);
        const second = await turn(backend, prompts[1], first.sessionId);
        assert.equal(second.shown, ANSWERS[1]);
        assert.equal(second.sessionId, first.sessionId, 'the second turn continues the same session');
        const plan = await world.agent.resolveLaunch(['acp']);
        assert.match(plan.command, /\\cmd\.exe$/i, 'an npm-style .cmd runs through cmd.exe /d /s /c');
        assert.match(plan.args.join(' '), /cursor-agent\.cmd" "acp"/i);
        const t = transports[transports.length - 1];
        assert.ok(t.pid !== undefined && (0, windowsInstall_1.running)(t.pid), 'cmd.exe still runs between turns');
        const pids = acpPids();
        assert.equal(pids.length, 1, `one cursor-agent acp process served both turns (${pids.join(', ')})`);
        assert.notEqual(pids[0], t.pid, 'cmd.exe stands between the extension and the agent');
        const sent = received(pids[0]);
        const methods = sent.map((m) => m.method).filter(Boolean);
        // (after the first turn a spare session is prepared: a second session/new, never a second initialize)
        assert.deepEqual(methods.filter((m) => m === 'initialize' || m === 'session/prompt'), ['initialize', 'session/prompt', 'session/prompt']);
        assert.equal(methods[1], 'session/new');
        const modes = sent.filter((m) => m.method === 'session/set_mode').map((m) => m.params.modeId);
        assert.ok(modes.length > 0 && modes.every((m) => m === 'plan'), `the session runs in plan mode (${modes.join(', ')})`);
        const promptTexts = sent
            .filter((m) => m.method === 'session/prompt')
            .map((m) => (m.params.prompt ?? []).map((b) => b.text ?? '').join(''));
        assert.equal(promptTexts.length, 2);
        promptTexts.forEach((p, i) => assert.ok(p.includes(prompts[i]), `prompt ${i + 1} arrived intact: ${JSON.stringify(p)}`));
    });
    it('disposing the ACP backend on Windows leaves no cursor-agent process (taskkill /T)', async () => {
        const before = new Set(acpPids());
        const backend = await startBackend();
        await turn(backend, 'Hello');
        const t = transports[transports.length - 1];
        const agentPids = acpPids().filter((p) => !before.has(p));
        assert.equal(agentPids.length, 1, 'one agent process started');
        assert.ok(t.pid !== undefined && (0, windowsInstall_1.running)(t.pid) && (0, windowsInstall_1.running)(agentPids[0]), 'cmd.exe and the agent run before dispose');
        backend.dispose();
        assert.ok(await (0, windowsInstall_1.waitFor)(() => taskkill.calls().some((c) => c[1] === String(t.pid)), 5000), 'taskkill was not run');
        assert.deepEqual(taskkill.calls().find((c) => c[1] === String(t.pid)), ['/PID', String(t.pid), '/T', '/F']);
        const gone = await (0, windowsInstall_1.waitFor)(() => !(0, windowsInstall_1.running)(t.pid) && !(0, windowsInstall_1.running)(agentPids[0]), 5000);
        assert.ok(gone, `after dispose: cmd.exe ${t.pid} ${(0, windowsInstall_1.running)(t.pid) ? 'still runs' : 'gone'}, agent node.exe ${agentPids[0]} ${(0, windowsInstall_1.running)(agentPids[0]) ? 'still runs' : 'gone'}`);
    });
});
//# sourceMappingURL=acp.test.js.map