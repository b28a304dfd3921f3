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
// Ending the CLI on Windows Node.js: cancellation, the first-line and
// inactivity deadlines, and `taskkill`. Wine's taskkill has no `/T` (it fails
// with "invalid command line option"), so a tree kill cannot be shown here:
// these tests show the planned command line as taskkill receives it, that the
// CLI itself is gone after every ending, and that taskkill never runs for a
// CLI that has already exited.
const assert = __importStar(require("node:assert/strict"));
const fs = __importStar(require("node:fs"));
const path = __importStar(require("node:path"));
const env_1 = require("../../src/cli/env");
const windowsLaunch_1 = require("../../src/cli/windowsLaunch");
const nodeProcessRunner_1 = require("../../src/node/nodeProcessRunner");
const cancellation_1 = require("../support/cancellation");
const taskkill_1 = require("./taskkill");
const logger_1 = require("../unit/helpers/logger");
const windowsInstall_1 = require("./windowsInstall");
const win = path.win32;
describe('Windows: ending the CLI', function () {
    let install;
    let workspace;
    const runners = [];
    before(function () {
        if (process.platform !== 'win32')
            this.skip();
        install = (0, windowsInstall_1.installFake)();
        workspace = (0, windowsInstall_1.freshDir)('Users', 'A User', 'proj');
    });
    after(() => {
        for (const r of runners)
            r.dispose();
        install?.fake.cleanup();
    });
    /** Runs the installed CLI (its node.exe directly) as a turn with `extra` request fields; resolves with the outcome and the pid. */
    async function runTurn(extra, onPid) {
        const runner = new nodeProcessRunner_1.NodeProcessRunner();
        runners.push(runner);
        return runner.run({
            launch: { command: install.nodeExe, args: [install.indexJs, '-p', '--output-format', 'stream-json', '--mode', 'plan', '--trust'] },
            cwd: workspace,
            env: (0, env_1.buildChildEnv)((0, windowsInstall_1.windowsEnv)({}), 'win32'),
            stdin: 'hello',
            killGraceMs: 1000,
            onSpawn: onPid,
            ...extra,
        });
    }
    it('plans taskkill /PID <pid> /T /F from %SystemRoot%\\System32, where Windows has it', () => {
        const plan = (0, windowsLaunch_1.planKillTree)(4242, 'win32', process.env.SystemRoot);
        assert.deepEqual(plan, { command: win.join(process.env.SystemRoot ?? '', 'System32', 'taskkill.exe'), args: ['/PID', '4242', '/T', '/F'] });
        assert.ok(fs.existsSync(plan.command), plan.command);
    });
    it('a cancelled turn ends with the CLI gone, even when taskkill cannot end it', async () => {
        // (A CLI that stops writing: one that writes would also end itself on the broken pipe.)
        install.fake.setScenario({ turn: { kind: 'silenceMidStream', afterEvents: 3 } });
        const { token, cancel } = (0, cancellation_1.cancellationSource)();
        let pid;
        let lines = 0;
        const outcome = await runTurn({
            cancellation: token,
            onLine: () => {
                if (++lines === 3)
                    cancel();
            },
        }, (p) => (pid = p));
        assert.equal(outcome.kind, 'cancelled');
        assert.ok(await (0, windowsInstall_1.waitFor)(() => !(0, windowsInstall_1.running)(pid), 3000), `the CLI (pid ${pid}) still runs after the cancel`);
    });
    it('the first-line deadline fires when the CLI prints nothing, and the CLI is gone', async () => {
        install.fake.setScenario({ turn: { kind: 'noFirstLine' } });
        let pid;
        const outcome = await runTurn({ firstOutputTimeoutMs: 1500, inactivityTimeoutMs: 30_000 }, (p) => (pid = p));
        assert.equal(outcome.kind, 'timeout');
        assert.equal(outcome.timeoutStage, 'first output');
        assert.equal(outcome.lines, 0);
        assert.ok(await (0, windowsInstall_1.waitFor)(() => !(0, windowsInstall_1.running)(pid), 3000), `pid ${pid} still runs`);
    });
    it('the inactivity deadline fires when the CLI falls silent mid-answer, and the CLI is gone', async () => {
        install.fake.setScenario({ turn: { kind: 'silenceMidStream', afterEvents: 3 } });
        let pid;
        const outcome = await runTurn({ firstOutputTimeoutMs: 30_000, inactivityTimeoutMs: 1500, onLine: () => 'continue' }, (p) => (pid = p));
        assert.equal(outcome.kind, 'timeout');
        assert.equal(outcome.timeoutStage, 'inactivity');
        assert.equal(outcome.lines, 3);
        assert.ok(await (0, windowsInstall_1.waitFor)(() => !(0, windowsInstall_1.running)(pid), 3000), `pid ${pid} still runs`);
    });
    it('a CLI that lingers after its result is ended', async () => {
        install.fake.setScenario({ turn: { kind: 'resultThenHang' } });
        let pid;
        const outcome = await runTurn({ onLine: (l) => (l.includes('"type":"result"') ? 'complete' : 'continue') }, (p) => (pid = p));
        assert.equal(outcome.kind, 'completed');
        assert.ok(await (0, windowsInstall_1.waitFor)(() => !(0, windowsInstall_1.running)(pid), 3000), `pid ${pid} still runs`);
    });
    describe('with a taskkill.exe that records what it receives', () => {
        // %SystemRoot%\System32\taskkill.exe in a folder of ours: the Windows node.exe
        // with a preloaded script (NODE_OPTIONS, which taskkill inherits from this
        // process) that writes its arguments down and then runs Wine's taskkill
        // without /T (which Wine's lacks).
        let taskkill;
        before(() => {
            taskkill = (0, taskkill_1.recordingTaskkill)('drop');
        });
        after(() => taskkill.restore());
        const calls = () => taskkill.calls();
        it('a cancel sends taskkill /PID <the CLI’s pid> /T /F, and the CLI is gone', async () => {
            taskkill.clear();
            install.fake.setScenario({ turn: { kind: 'slowStream', intervalMs: 50, durationMs: 60_000 } });
            const { token, cancel } = (0, cancellation_1.cancellationSource)();
            let pid;
            let lines = 0;
            const outcome = await runTurn({ cancellation: token, onLine: () => void (++lines === 3 && cancel()) }, (p) => (pid = p));
            assert.equal(outcome.kind, 'cancelled');
            assert.ok(await (0, windowsInstall_1.waitFor)(() => calls().length > 0, 3000), 'taskkill was not run');
            assert.deepEqual(calls()[0], ['/PID', String(pid), '/T', '/F']);
            assert.ok(await (0, windowsInstall_1.waitFor)(() => !(0, windowsInstall_1.running)(pid), 3000), `pid ${pid} still runs`);
        });
        it('never runs taskkill for a CLI that has already exited (its pid may belong to another process by then)', async () => {
            taskkill.clear();
            // The CLI exits while a process it started keeps its output pipe open: the run
            // is not over yet when the cancel comes, but the CLI is.
            install.fake.setScenario({ turn: { kind: 'exitHoldingPipes', holdMs: 4000 } });
            const { token, cancel } = (0, cancellation_1.cancellationSource)();
            let pid;
            // The cancel comes as soon as the runner has seen the CLI exit (its debug log says so).
            const logger = new logger_1.MemoryLogger();
            let exitSeen = false;
            const debug = logger.debug.bind(logger);
            logger.debug = (m, ...a) => {
                debug(m, ...a);
                if (!exitSeen && / exited \(code /.test(m)) {
                    exitSeen = true;
                    setImmediate(() => {
                        cancel();
                        runner.dispose();
                    });
                }
            };
            const runner = new nodeProcessRunner_1.NodeProcessRunner(logger);
            runners.push(runner);
            const done = runner.run({
                launch: { command: install.nodeExe, args: [install.indexJs, '-p', '--output-format', 'stream-json', '--trust'] },
                cwd: workspace,
                env: (0, env_1.buildChildEnv)((0, windowsInstall_1.windowsEnv)({}), 'win32'),
                stdin: 'hello',
                cancellation: token,
                onLine: () => 'continue',
                onSpawn: (p) => (pid = p),
            });
            const outcome = await done;
            assert.ok(exitSeen && pid !== undefined && !(0, windowsInstall_1.running)(pid), 'the CLI exited');
            assert.equal(outcome.kind, 'cancelled');
            await new Promise((r) => setTimeout(r, 1500)); // a taskkill started now would have written its record by then
            // (Only calls for this CLI: a taskkill of the test before may still be writing its record.)
            assert.deepEqual(calls().filter((c) => c.includes(String(pid))), [], `CLI pid ${pid}; runner log:\n${logger.text}`);
        });
    });
});
//# sourceMappingURL=runner.test.js.map