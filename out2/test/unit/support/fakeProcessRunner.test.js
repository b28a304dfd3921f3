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
 * The fake process runner (test/support/fakeProcessRunner.ts) keeps the real runner's protocol, so
 * tests of what sits above it (the agent service, the participant, the provider) can use it
 * instead of processes: lines reach `onLine` in order, `complete` ends the run, cancellation ends
 * a run that would go on, and what the code asked to run is recorded.
 */
const assert = __importStar(require("node:assert/strict"));
const binaryService_1 = require("../../../src/services/binaryService");
const cursorAgentService_1 = require("../../../src/services/cursorAgentService");
const cancellation_1 = require("../../support/cancellation");
const fakeProcessRunner_1 = require("../../support/fakeProcessRunner");
const logger_1 = require("../helpers/logger");
const BIN = '/opt/cursor/cursor-agent';
const launch = { command: BIN, args: ['-p'] };
/** The real agent service over the fake runner, with a binary that exists only in memory. */
function agentOver(runner) {
    const deps = {
        which: async () => undefined,
        listDir: async () => [],
        isFile: async (p) => p === BIN,
        probeVersion: async () => ({ ok: true, version: '2026.10.01-e373342' }),
    };
    const logger = new logger_1.MemoryLogger();
    const binary = new binaryService_1.BinaryService(deps, { platform: 'linux', homeDir: '/home/u' }, () => BIN, logger);
    const host = { platform: 'linux', env: { HOME: '/home/u', PATH: '/usr/bin' }, fileExists: () => false, readFile: () => undefined, listDir: () => undefined, homeDir: '/home/u' };
    const settings = { firstOutputTimeoutMs: 1000, inactivityTimeoutMs: 1000, killGraceMs: 10, shortCommandTimeoutMs: 1000 };
    return new cursorAgentService_1.CursorAgentService(binary, runner, host, () => settings, logger);
}
describe('fake process runner (tests without processes)', () => {
    it('feeds the stream-json lines to the caller in order and ends the run where the caller says the result came', async () => {
        const runner = new fakeProcessRunner_1.FakeProcessRunner().reply({ lines: [...(0, fakeProcessRunner_1.streamJsonTurn)('Hello.'), '{"type":"after-the-result"}'] });
        const seen = [];
        const outcome = await runner.run({ launch, cwd: '/w', env: {}, stdin: 'hi', onLine: (l) => (seen.push(JSON.parse(l).type), seen.length === 5 ? 'complete' : 'continue') });
        assert.equal(outcome.kind, 'completed');
        assert.deepEqual(seen, ['system', 'user', 'assistant', 'assistant', 'result']);
        assert.deepEqual(runner.stdins, ['hi']);
    });
    it('collects stdout and stderr for short commands, and replies in the order queued, then the fallback', async () => {
        const runner = new fakeProcessRunner_1.FakeProcessRunner({ outcome: { exitCode: 3 } }).reply({ lines: ['a', 'b'], stderr: 'warn' });
        const first = await runner.run({ launch, cwd: '/w', env: {} });
        assert.deepEqual([first.kind, first.exitCode, first.stdout, first.stderrTail, first.lines], ['exited', 0, 'a\nb\n', 'warn', 2]);
        assert.equal((await runner.run({ launch, cwd: '/w', env: {} })).exitCode, 3);
    });
    it('a run that hangs ends as cancelled when the user stops it, or when the runner is disposed', async () => {
        const runner = new fakeProcessRunner_1.FakeProcessRunner({ hang: true });
        const stop = (0, cancellation_1.cancellationSource)();
        const stopped = runner.run({ launch, cwd: '/w', env: {}, cancellation: stop.token });
        stop.cancel();
        assert.equal((await stopped).kind, 'cancelled');
        const left = runner.run({ launch, cwd: '/w', env: {} });
        runner.dispose();
        assert.equal((await left).kind, 'cancelled');
    });
    it('drives the real agent service: `models` prints what the CLI printed, and the CLI was asked for `models`', async () => {
        const runner = new fakeProcessRunner_1.FakeProcessRunner().reply({ lines: ['Available models', '', 'auto - Auto', 'gpt-5 - GPT-5'] });
        const text = await agentOver(runner).modelsText();
        assert.equal(text, 'Available models\n\nauto - Auto\ngpt-5 - GPT-5\n');
        assert.deepEqual(runner.requests.map((r) => [r.launch.command, ...r.launch.args]), [[BIN, 'models']]);
    });
});
//# sourceMappingURL=fakeProcessRunner.test.js.map