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
const path = __importStar(require("path"));
const child_process_1 = require("child_process");
const nodeProcessRunner_1 = require("../../../src/node/nodeProcessRunner");
const runHarness_1 = require("./runHarness");
/** The runner (src/node/nodeProcessRunner.ts): live runs, and dispose() ending them all. */
describe('NodeProcessRunner (real processes, fake cursor-agent)', function () {
    this.timeout(10000);
    let runner;
    beforeEach(() => (runner = new nodeProcessRunner_1.NodeProcessRunner(new runHarness_1.RecordingLogger())));
    const { fake, turn } = (0, runHarness_1.fakeCliFixture)(() => runner);
    it('dispose() ends every live run, and later runs do not spawn', async () => {
        const f = fake({ turn: { kind: 'noFirstLine' } });
        const a = runner.run(turn(f, { onLine: () => undefined }));
        const b = runner.run(turn(f, { onLine: () => undefined }));
        assert.ok(await (0, runHarness_1.waitFor)(() => f.invocations().filter((i) => i.stdin != null).length === 2, 3000));
        assert.strictEqual(runner.liveRuns, 2);
        runner.dispose();
        const outcomes = await Promise.all([a, b]);
        assert.deepStrictEqual(outcomes.map((o) => o.kind), ['cancelled', 'cancelled']);
        assert.deepStrictEqual(f.livePids(), []);
        const after = await runner.run(turn(f));
        assert.strictEqual(after.kind, 'cancelled');
        assert.strictEqual(f.invocations().length, 2);
    });
    it('dispose() SIGKILLs every tree before it returns: nothing is left to a timer', async function () {
        if (process.platform === 'win32')
            this.skip(); // POSIX signals and process groups; Windows uses taskkill (planned in windowsLaunch tests)
        // The wrapper dies of SIGTERM; the node under it ignores SIGTERM. A grace period far longer than the wait below.
        const f = fake({ turn: { kind: 'ignoreSigterm', intervalMs: 50 } }, { wrapperStyle: 'child' });
        let lines = 0;
        const pending = runner.run(turn(f, { killGraceMs: 5000, onLine: () => void lines++ }));
        assert.ok(await (0, runHarness_1.waitFor)(() => lines > 0 && f.livePids().length === 2, 3000), 'wrapper and node running');
        runner.dispose();
        // No event-loop turn: only what dispose() itself did can have ended them.
        assert.ok((0, runHarness_1.waitSync)(() => f.livePids().length === 0, 1000), `still running after dispose(): ${f.livePids().join(', ')}`);
        const outcome = await pending;
        assert.strictEqual(outcome.kind, 'cancelled');
        assert.ok(outcome.durationMs < 3000, `took ${outcome.durationMs} ms`);
    });
    for (const platform of ['linux', 'darwin']) {
        it(`leaves no CLI process behind when the host exits right after dispose() (${platform} path)`, async function () {
            if (process.platform !== 'linux')
                this.skip(); // real processes with the other platform's path
            // linux: a node that ignores SIGTERM under a wrapper, and a grandchild in its own session while its parent lives.
            // darwin: no synchronous walk there; the group itself must be killed before dispose() returns.
            // The SIGTERM-ignoring node writes nothing after its first lines, so it can't die of EPIPE once the host is gone.
            const ignoring = () => fake({ turn: { kind: 'ignoreSigterm', intervalMs: 60000 } }, { wrapperStyle: 'child' });
            const fakes = platform === 'linux'
                ? [ignoring(), fake({ turn: { kind: 'grandchild', delayMs: 50, hang: true, detached: true } })]
                : [ignoring(), fake({ turn: { kind: 'grandchild', delayMs: 50, hang: true } }, { wrapperStyle: 'child' })];
            const host = path.join(fakes[0].dir, 'host.js');
            fs.writeFileSync(host, [
                "const { NodeProcessRunner } = require(process.argv[2]);",
                "const { platform, bins, args, env } = JSON.parse(process.argv[3]);",
                "const runner = new NodeProcessRunner(undefined, { platform });",
                "const seen = new Set();",
                "bins.forEach((bin, i) => void runner.run({ launch: { command: bin, args }, cwd: require('path').dirname(bin), env, stdin: 'x', killGraceMs: 5000,",
                "  onLine: () => { seen.add(i); if (seen.size === bins.length) { runner.dispose(); process.exit(0); } } }));",
                "setTimeout(() => process.exit(3), 5000);",
            ].join('\n'));
            const runnerModule = path.join(__dirname, '..', '..', '..', 'src', 'node', 'nodeProcessRunner.js');
            const res = (0, child_process_1.spawnSync)(process.execPath, [host, runnerModule, JSON.stringify({ platform, bins: fakes.map((x) => x.binPath), args: runHarness_1.TURN_ARGS, env: runHarness_1.ENV })], { timeout: 8000 });
            assert.strictEqual(res.status, 0, `host: ${String(res.stderr)}`);
            const expected = platform === 'linux' ? 2 + 2 : 2 + 3;
            assert.strictEqual(fakes.flatMap((x) => x.pids()).length, expected, 'every process had started');
            const left = () => fakes.flatMap((x) => x.livePids());
            assert.ok(await (0, runHarness_1.waitFor)(() => left().length === 0, 1000), `left running after the host exited: ${left().join(', ')}`);
        });
    }
});
//# sourceMappingURL=nodeProcessRunner.test.js.map