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
/** The fake ACP CLI as a real process, through the Node transport: what the extension will run. */
const assert = __importStar(require("assert"));
const child_process_1 = require("child_process");
const client_1 = require("../../../src/acp/client");
const failures_1 = require("../../../src/acp/failures");
const support_1 = require("../../../src/acp/support");
const turn_1 = require("../../../src/acp/turn");
const acpProcess_1 = require("../../../src/node/acpProcess");
const captures_1 = require("../../fixtures/acp/captures");
const fakeAcpCli_1 = require("../../fixtures/acp/fakeAcpCli");
const cwd = process.cwd();
async function waitFor(cond, ms = 3000) {
    const end = Date.now() + ms;
    while (!cond()) {
        if (Date.now() > end)
            throw new Error('condition not met in time');
        await new Promise((r) => setTimeout(r, 20));
    }
}
function start(cli, initializeTimeoutMs = 5000) {
    const transport = new acpProcess_1.NodeAcpTransport({ launch: { command: cli.binPath, args: ['acp'] }, cwd, env: { PATH: process.env.PATH ?? '' }, killGraceMs: 500 });
    return { transport, client: new client_1.AcpClient(transport, { initializeTimeoutMs, setupTimeoutMs: 5000, platform: process.platform }) };
}
describe('the fake ACP CLI as a process', function () {
    this.timeout(20000);
    let cli;
    afterEach(() => cli?.cleanup());
    it('answers `acp --help` with the ACP server line, and an old CLI without acp does not', () => {
        cli = (0, fakeAcpCli_1.createFakeAcpCli)();
        assert.match((0, child_process_1.spawnSync)(cli.binPath, ['acp', '--help'], { encoding: 'utf8' }).stdout, /Start the Cursor Agent as an ACP \(Agent Client Protocol\) server/);
        cli.setAcpScenario({ acp: 'absent' });
        const old = (0, child_process_1.spawnSync)(cli.binPath, ['acp', '--help'], { encoding: 'utf8' });
        assert.doesNotMatch(old.stdout, /ACP/);
        assert.strictEqual((0, child_process_1.spawnSync)(cli.binPath, ['--version'], { encoding: 'utf8' }).stdout.trim(), '2026.10.01-e373342', 'print-mode commands still work');
    });
    it('replays the create-plan capture through a real process: exact text, two turns in one process, none left after kill', async () => {
        cli = (0, fakeAcpCli_1.createFakeAcpCli)({ acp: { turns: [{ kind: 'capture', file: captures_1.CAPTURES.createPlan }, { kind: 'answer', text: 'Second.' }] } });
        const { client, transport } = start(cli);
        await client.initialize();
        const s = await client.newSession(cwd);
        const events = [];
        const r1 = await (0, turn_1.runAcpTurn)(client, s, { workspace: cwd, mode: 'plan', prompt: 'Plan it', onEvent: (e) => events.push(e) }, { cancelGraceMs: 1000 });
        assert.ok(r1.ok && r1.text === (0, captures_1.answerTextOf)(captures_1.CAPTURES.createPlan), JSON.stringify(r1));
        const r2 = await (0, turn_1.runAcpTurn)(client, s, { workspace: cwd, mode: 'plan', prompt: 'Again', onEvent: () => undefined }, { cancelGraceMs: 1000 });
        assert.ok(r2.ok && r2.text === 'Second.');
        assert.strictEqual(cli.livePids().length, 1, 'one process served both turns');
        const log = [...cli.acpLog().values()][0];
        assert.deepStrictEqual(log.filter((l) => l.dir === 'out' && l.msg.method === 'cursor/create_plan').length, 1);
        assert.ok(log.some((l) => l.dir === 'in' && l.msg.result?.accepted === true));
        transport.kill();
        await waitFor(() => transport.exited && cli.livePids().length === 0);
    });
    it('a CLI without acp fails the handshake as a transport failure (auto falls back to print mode)', async () => {
        cli = (0, fakeAcpCli_1.createFakeAcpCli)({ acp: { acp: 'absent' } });
        const { client } = start(cli);
        const err = await client.initialize().then(() => undefined, (e) => e);
        assert.ok(err instanceof failures_1.AcpFailure && err.transport, String(err));
    });
    it('a silent `acp` times out the handshake, and killing it leaves no process', async () => {
        cli = (0, fakeAcpCli_1.createFakeAcpCli)({ acp: { acp: 'silent' } });
        const { client, transport } = start(cli, 300);
        const err = await client.initialize().then(() => undefined, (e) => e);
        assert.ok(err instanceof failures_1.AcpFailure && err.transport && err.error.kind === 'timeout');
        transport.kill();
        await waitFor(() => transport.exited && cli.livePids().length === 0);
    });
});
describe('ACP support detection', () => {
    it('tells the ACP help text and initialize answer from an old CLI’s', () => {
        const cli = (0, fakeAcpCli_1.createFakeAcpCli)();
        try {
            assert.strictEqual((0, support_1.helpSaysAcp)((0, child_process_1.spawnSync)(cli.binPath, ['acp', '--help'], { encoding: 'utf8' }).stdout), true);
            cli.setAcpScenario({ acp: 'absent' });
            assert.strictEqual((0, support_1.helpSaysAcp)((0, child_process_1.spawnSync)(cli.binPath, ['acp', '--help'], { encoding: 'utf8' }).stdout), false);
        }
        finally {
            cli.cleanup();
        }
        assert.strictEqual((0, support_1.isAcpInitializeResult)((0, captures_1.initializeResultOf)(captures_1.CAPTURES.windowsInitialize)), true);
        assert.strictEqual((0, support_1.isAcpInitializeResult)({ type: 'system' }), false);
    });
});
//# sourceMappingURL=process.test.js.map