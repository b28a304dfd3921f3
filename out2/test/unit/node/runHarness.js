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
exports.STDOUT_HOLDER_SCRIPT = exports.sleep = exports.RecordingLogger = exports.TestToken = exports.TURN_ARGS = exports.ENV = void 0;
exports.isResult = isResult;
exports.waitFor = waitFor;
exports.waitForAsync = waitForAsync;
exports.waitSync = waitSync;
exports.procState = procState;
exports.countFsCalls = countFsCalls;
exports.fakeCliFixture = fakeCliFixture;
/**
 * What the tests of src/node share: a cancellation token and a logger to
 * drive runs, waits, /proc peeks, a counter of fs calls, and the fake-CLI
 * fixture that fails a test which leaves a process behind.
 */
const assert = __importStar(require("assert"));
const fs = __importStar(require("fs"));
const os = __importStar(require("os"));
const fakeCli_1 = require("../../fixtures/fakeCli");
exports.ENV = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: os.homedir(), LANG: 'C.UTF-8' };
exports.TURN_ARGS = ['-p', '--output-format', 'stream-json', '--stream-partial-output', '--mode', 'plan', '--trust'];
class TestToken {
    isCancellationRequested = false;
    listeners = new Set();
    onCancellationRequested(listener) {
        this.listeners.add(listener);
        return { dispose: () => this.listeners.delete(listener) };
    }
    cancel() {
        this.isCancellationRequested = true;
        for (const l of [...this.listeners])
            l();
    }
}
exports.TestToken = TestToken;
class RecordingLogger {
    messages = [];
    add = (level) => (m, ...args) => this.messages.push(`${level} ${String(m)} ${args.map(String).join(' ')}`);
    trace = this.add('trace');
    debug = this.add('debug');
    info = this.add('info');
    warn = this.add('warn');
    error = this.add('error');
}
exports.RecordingLogger = RecordingLogger;
function isResult(line) {
    try {
        return JSON.parse(line).type === 'result';
    }
    catch {
        return false;
    }
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
exports.sleep = sleep;
async function waitFor(cond, ms) {
    const end = Date.now() + ms;
    while (Date.now() < end) {
        if (cond())
            return true;
        await (0, exports.sleep)(20);
    }
    return cond();
}
async function waitForAsync(cond, ms) {
    const end = Date.now() + ms;
    while (Date.now() < end) {
        if (await cond())
            return true;
        await (0, exports.sleep)(20);
    }
    return cond();
}
/** Waits without ever yielding to the event loop: no timer, callback or child-process event of ours runs meanwhile. */
function waitSync(cond, ms) {
    const end = Date.now() + ms;
    while (Date.now() < end) {
        if (cond())
            return true;
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
    }
    return cond();
}
/** The state letter of /proc/<pid>/stat (R, S, T, Z…), undefined once it is gone. */
function procState(pid) {
    try {
        const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        return text.slice(text.lastIndexOf(')') + 2).split(' ')[0];
    }
    catch {
        return undefined;
    }
}
/** A node that starts a process in its own session holding its stdout, prints `{"pid":<holder>}` and exits. */
exports.STDOUT_HOLDER_SCRIPT = "const c=require('child_process').spawn(process.execPath,['-e','setTimeout(()=>{},8000)'],{detached:true,stdio:['ignore','inherit','ignore']});" +
    'c.unref();console.log(JSON.stringify({pid:c.pid}))';
/** The real fs module (the source reads it through getters, so a patch here is seen there). */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the CommonJS module object itself (its properties are patched in place), not the import's frozen namespace
const realFs = require('fs');
/** Counts calls of fs functions while `body` runs; restores them afterwards. */
async function countFsCalls(body) {
    const counts = { environSync: 0, environAsync: 0, procWalks: 0 };
    const isEnviron = (p) => /^\/proc\/\d+\/environ$/.test(String(p));
    const { readFileSync, readdirSync } = realFs;
    const readFile = realFs.promises.readFile;
    realFs.readFileSync = function (...args) {
        if (isEnviron(args[0]))
            counts.environSync++;
        return readFileSync.apply(this, args);
    };
    realFs.readdirSync = function (...args) {
        if (String(args[0]) === '/proc')
            counts.procWalks++;
        return readdirSync.apply(this, args);
    };
    realFs.promises.readFile = function (...args) {
        if (isEnviron(args[0]))
            counts.environAsync++;
        return readFile.apply(this, args);
    };
    try {
        const result = await body();
        return { result, ...counts };
    }
    finally {
        realFs.readFileSync = readFileSync;
        realFs.readdirSync = readdirSync;
        realFs.promises.readFile = readFile;
    }
}
/**
 * Fake CLIs for the tests of one `describe` (call it there): after each test
 * the runner is disposed, the fakes removed, and the test fails if any of
 * their processes still runs.
 */
function fakeCliFixture(runner) {
    let fakes = [];
    afterEach(function () {
        runner().dispose();
        const leaks = fakes.flatMap((f) => f.livePids());
        for (const f of fakes)
            f.cleanup();
        fakes = [];
        assert.deepStrictEqual(leaks, [], `processes left behind by "${this.currentTest?.title}"`);
    });
    return {
        fake(scenario = {}, opts = {}) {
            const f = (0, fakeCli_1.createFakeCli)({ ...opts, scenario });
            fakes.push(f);
            return f;
        },
        turn(f, over = {}) {
            return { launch: { command: f.binPath, args: exports.TURN_ARGS }, cwd: f.dir, env: exports.ENV, stdin: 'Hello\nWhat is in this folder?', ...over };
        },
    };
}
//# sourceMappingURL=runHarness.js.map