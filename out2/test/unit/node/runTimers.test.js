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
const runHarness_1 = require("./runHarness");
/** A run's deadlines (src/node/runTimers.ts): first output, inactivity. */
describe('NodeProcessRunner (real processes, fake cursor-agent)', function () {
    this.timeout(10000);
    let runner;
    beforeEach(() => (runner = new nodeProcessRunner_1.NodeProcessRunner(new runHarness_1.RecordingLogger())));
    const { fake, turn } = (0, runHarness_1.fakeCliFixture)(() => runner);
    it('times out when the first line never comes', async () => {
        const f = fake({ turn: { kind: 'noFirstLine' } });
        const outcome = await runner.run(turn(f, { firstOutputTimeoutMs: 300, inactivityTimeoutMs: 5000, onLine: () => undefined }));
        assert.strictEqual(outcome.kind, 'timeout');
        assert.strictEqual(outcome.timeoutStage, 'first output');
        assert.strictEqual(outcome.lines, 0);
        assert.ok(outcome.durationMs >= 280 && outcome.durationMs < 3000, `duration ${outcome.durationMs}`);
    });
    it('times out on silence mid-stream', async () => {
        const f = fake({ turn: { kind: 'silenceMidStream', afterEvents: 3 } });
        const outcome = await runner.run(turn(f, { firstOutputTimeoutMs: 5000, inactivityTimeoutMs: 300, onLine: () => undefined }));
        assert.strictEqual(outcome.kind, 'timeout');
        assert.strictEqual(outcome.timeoutStage, 'inactivity');
        assert.strictEqual(outcome.lines, 3);
    });
    it('never cuts a long stream whose lines come more often than the inactivity deadline', async () => {
        const f = fake({ turn: { kind: 'slowStream', intervalMs: 60, durationMs: 1200 } });
        const lines = [];
        const outcome = await runner.run(turn(f, { firstOutputTimeoutMs: 2000, inactivityTimeoutMs: 300, onLine: (l) => void lines.push(l) }));
        assert.strictEqual(outcome.kind, 'exited');
        assert.strictEqual(outcome.exitCode, 0);
        assert.ok(outcome.durationMs > 1100, `ran ${outcome.durationMs} ms`);
        assert.ok(lines.length > 10);
        assert.ok((0, runHarness_1.isResult)(lines[lines.length - 1] ?? ''));
    });
});
//# sourceMappingURL=runTimers.test.js.map