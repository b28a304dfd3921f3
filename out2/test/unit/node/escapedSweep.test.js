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
const nodeProcessRunner_1 = require("../../../src/node/nodeProcessRunner");
const signals_1 = require("../../../src/node/signals");
const runHarness_1 = require("./runHarness");
/** The escaped-process sweep (src/node/escapedSweep.ts): processes that left the group and outlived the CLI. */
describe('NodeProcessRunner (real processes, fake cursor-agent)', function () {
    this.timeout(10000);
    let runner;
    beforeEach(() => (runner = new nodeProcessRunner_1.NodeProcessRunner(new runHarness_1.RecordingLogger())));
    const { fake, turn } = (0, runHarness_1.fakeCliFixture)(() => runner);
    it('ends a grandchild that left the group (setsid) and outlived a CLI that exited normally', async function () {
        if (process.platform !== 'linux')
            this.skip(); // found through /proc/<pid>/environ
        const f = fake({ turn: { kind: 'grandchild', delayMs: 5, detached: true } });
        const lines = [];
        const outcome = await runner.run(turn(f, { sweepEscaped: true, onLine: (l) => void lines.push(l) }));
        assert.strictEqual(outcome.exitCode, 0);
        assert.ok((0, runHarness_1.isResult)(lines[lines.length - 1] ?? ''));
        const gc = f.pids().find((p) => p.role === 'grandchild');
        assert.ok(gc, 'the fake started a grandchild');
        assert.ok(!(0, signals_1.isAlive)(gc.pid), 'the escaped grandchild is gone when the outcome resolves');
        assert.ok(outcome.durationMs < 3000, `took ${outcome.durationMs} ms`);
    });
    it('reads no process environment at the end of a run that did not ask for the escaped-process sweep', async function () {
        if (process.platform !== 'linux')
            this.skip(); // the sweep reads /proc/<pid>/environ, which only Linux has
        const f = fake({ turn: { kind: 'grandchild', delayMs: 5 } });
        const { result, environSync, environAsync } = await (0, runHarness_1.countFsCalls)(async () => [
            await runner.run({ launch: { command: f.binPath, args: ['--version'] }, cwd: f.dir, env: runHarness_1.ENV, totalTimeoutMs: 5000 }),
            await runner.run(turn(f, { onLine: () => undefined })),
        ]);
        assert.deepStrictEqual(result.map((o) => o.kind), ['exited', 'exited']);
        assert.strictEqual(environSync + environAsync, 0, `read ${environSync} + ${environAsync} environments`);
    });
    it('sweeps escaped processes only asynchronously (fs.promises) when a run asks for it', async function () {
        if (process.platform !== 'linux')
            this.skip();
        const f = fake({ turn: { kind: 'grandchild', delayMs: 5, detached: true } });
        const { result: outcome, environSync, environAsync } = await (0, runHarness_1.countFsCalls)(() => runner.run(turn(f, { sweepEscaped: true, onLine: () => undefined })));
        assert.strictEqual(outcome.kind, 'exited');
        const gc = f.pids().find((p) => p.role === 'grandchild');
        assert.ok(gc, 'the fake started a grandchild');
        assert.ok(!(0, signals_1.isAlive)(gc.pid), 'the escaped grandchild is gone when the outcome resolves');
        assert.strictEqual(environSync, 0, 'no synchronous read of any environment');
        assert.ok(environAsync > 0, 'environments were read asynchronously');
    });
});
//# sourceMappingURL=escapedSweep.test.js.map