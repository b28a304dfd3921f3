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
exports.GONE_WITHIN_MS = exports.waitFor = exports.sleep = exports.renderedAnswer = exports.isTurn = exports.fakeRendered = exports.fakeAnswer = exports.fake = exports.EXTENSION_ID = exports.env = void 0;
exports.setScenario = setScenario;
exports.turnsSince = turnsSince;
exports.turnRunning = turnRunning;
exports.assertAllGone = assertAllGone;
exports.userMessage = userMessage;
exports.cursorModel = cursorModel;
exports.lmRequest = lmRequest;
exports.assertLmError = assertLmError;
exports.assertLmAnswer = assertLmAnswer;
exports.assertLmCancelled = assertLmCancelled;
exports.assertLmRecovered = assertLmRecovered;
exports.chatRequest = chatRequest;
exports.assertChatError = assertChatError;
exports.assertChatAnswer = assertChatAnswer;
exports.assertChatRecovered = assertChatRecovered;
exports.cursorLogFile = cursorLogFile;
exports.cursorLog = cursorLog;
exports.logMark = logMark;
exports.waitForLog = waitForLog;
exports.extHostLog = extHostLog;
// Helpers of the faults suite: the fake CLI, one request through each surface
// (the language model API and the @cursor participant), and the extension's logs.
// The basics (env, fake, waitFor, …) come from ../helpers, shared with the other suites.
const assert = __importStar(require("assert"));
const fs = __importStar(require("fs"));
const path = __importStar(require("path"));
const vscode = __importStar(require("vscode"));
const errors_1 = require("../../../src/cli/errors");
const helpers_1 = require("../helpers");
Object.defineProperty(exports, "env", { enumerable: true, get: function () { return helpers_1.env; } });
Object.defineProperty(exports, "EXTENSION_ID", { enumerable: true, get: function () { return helpers_1.EXTENSION_ID; } });
Object.defineProperty(exports, "fake", { enumerable: true, get: function () { return helpers_1.fake; } });
Object.defineProperty(exports, "fakeAnswer", { enumerable: true, get: function () { return helpers_1.fakeAnswer; } });
Object.defineProperty(exports, "fakeRendered", { enumerable: true, get: function () { return helpers_1.fakeRendered; } });
Object.defineProperty(exports, "isTurn", { enumerable: true, get: function () { return helpers_1.isTurn; } });
Object.defineProperty(exports, "renderedAnswer", { enumerable: true, get: function () { return helpers_1.renderedAnswer; } });
Object.defineProperty(exports, "sleep", { enumerable: true, get: function () { return helpers_1.sleep; } });
Object.defineProperty(exports, "waitFor", { enumerable: true, get: function () { return helpers_1.waitFor; } });
/** The extension's kill grace period (SIGTERM → SIGKILL) is 2 s: everything must be gone within this. */
exports.GONE_WITHIN_MS = 3000;
function setScenario(s) {
    (0, helpers_1.fake)().setScenario(s);
}
/** `-p` runs recorded after `since` (an earlier `fake().invocations().length`). */
function turnsSince(since, f = (0, helpers_1.fake)()) {
    return f.invocations().slice(since).filter(helpers_1.isTurn);
}
/** Waits until the turn's process has read its prompt (it is running, past stdin). */
function turnRunning(since, f = (0, helpers_1.fake)()) {
    return (0, helpers_1.waitFor)('the turn to start and read its prompt', () => turnsSince(since, f).find((i) => i.stdin !== null), 10_000);
}
/** Every process the fake(s) started (turns, probes, wrappers, grandchildren) is gone within the grace period. */
async function assertAllGone(label, fakes = [(0, helpers_1.fake)()]) {
    const t0 = Date.now();
    try {
        await (0, helpers_1.waitFor)(`every cursor-agent process to be gone (${label})`, () => fakes.every((f) => f.livePids().length === 0), exports.GONE_WITHIN_MS);
    }
    catch (err) {
        const left = fakes.flatMap((f) => f.pids().filter((p) => f.livePids().includes(p.pid)));
        throw new Error(`${err.message}; still alive: ${JSON.stringify(left)}`);
    }
    return Date.now() - t0;
}
/** What the user is told for `kind` (message and fix, as the LM error and the chat error show it). */
function userMessage(kind, details = {}) {
    return new errors_1.CliError((0, errors_1.describeError)(kind, details)).userMessage;
}
// ---------------------------------------------------------------- language model API
async function cursorModel(id = 'auto', timeoutMs = 15_000) {
    return (0, helpers_1.waitFor)(`the Cursor model ${id} in vscode.lm`, async () => (await vscode.lm.selectChatModels({ vendor: 'cursor' })).find((m) => m.id === id), timeoutMs, 100);
}
/** One request through vscode.lm: the streamed parts and whatever was thrown, never throws itself. */
async function lmRequest(prompt, opts = {}) {
    const model = await cursorModel(opts.model ?? 'auto');
    const parts = [];
    const t0 = Date.now();
    try {
        const response = await model.sendRequest([vscode.LanguageModelChatMessage.User(prompt)], {}, opts.token ?? new vscode.CancellationTokenSource().token);
        for await (const t of response.text) {
            parts.push(t);
            opts.onPart?.(t, parts);
        }
        return { parts, text: parts.join(''), ms: Date.now() - t0 };
    }
    catch (error) {
        return { parts, text: parts.join(''), error, ms: Date.now() - t0 };
    }
}
function describeThrown(e) {
    if (e instanceof Error)
        return `${e.constructor.name}(${e.code ?? ''}): ${e.message}`;
    return String(e);
}
/** The request failed with a vscode.LanguageModelError carrying exactly `message` (and `code`). */
function assertLmError(o, message, code) {
    assert.ok(o.error !== undefined, `expected a LanguageModelError, got an answer: ${JSON.stringify(o.text)}`);
    assert.ok(o.error instanceof vscode.LanguageModelError, `expected a LanguageModelError, got ${describeThrown(o.error)}`);
    assert.strictEqual(o.error.message, message);
    assert.strictEqual(o.error.code, code, `error code of: ${o.error.message}`);
}
function assertLmAnswer(o, answer) {
    assert.strictEqual(o.error, undefined, `the request failed: ${describeThrown(o.error)}`);
    assert.strictEqual(o.text, answer);
}
/** A cancelled request ends its stream (maybe with a cancellation error), never with another error. */
function assertLmCancelled(o) {
    if (o.error === undefined)
        return;
    const ok = o.error instanceof vscode.CancellationError || /cancel/i.test(String(o.error.message ?? o.error)) || o.error.name === 'Canceled';
    assert.ok(ok, `a cancelled request failed with ${describeThrown(o.error)}`);
}
/** A default turn through vscode.lm answers (the extension recovered). */
async function assertLmRecovered(tag) {
    setScenario({});
    const prompt = `Is everything fine again? ${tag}`;
    const o = await lmRequest(prompt);
    assertLmAnswer(o, (0, helpers_1.fakeAnswer)('auto', prompt));
    await assertAllGone(`after the recovery turn ${tag}`);
}
/** Sends `@cursor <prompt>` in a new chat, as a user would, and waits for the turn to end. */
async function chatRequest(prompt, newChat = true) {
    if (newChat)
        await vscode.commands.executeCommand('workbench.action.chat.newChat');
    const r = await vscode.commands.executeCommand('workbench.action.chat.open', { query: `@cursor ${prompt}`, blockOnResponse: true });
    return r ?? {};
}
/** The chat turn failed with `kind`, showed exactly `message`, and the extension logged the kind. */
async function assertChatError(r, kind, message, logFrom) {
    assert.strictEqual(r.metadata?.errorKind, kind, `chat result: ${JSON.stringify(r)}`);
    assert.strictEqual(r.errorDetails?.message, message);
    await waitForLog(`[participant] turn failed: ${kind}`, logFrom);
}
/**
 * The chat turn answered, the chat panel shows exactly `rendered` (once, nothing else; default
 * `answer`) and the history keeps `answer` (the CLI's result.result).
 */
async function assertChatAnswer(r, answer, rendered = answer) {
    assert.strictEqual(r.errorDetails, undefined, `chat result: ${JSON.stringify(r)}`);
    assert.strictEqual(r.metadata?.errorKind, undefined, `chat result: ${JSON.stringify(r)}`);
    assert.strictEqual(await (0, helpers_1.renderedAnswer)(), rendered, 'the answer the chat panel shows');
    assert.strictEqual(r.metadata?.answerText, answer, 'the answer kept for the chat history');
}
/** A default turn through @cursor answers (the extension recovered). */
async function assertChatRecovered(tag) {
    setScenario({});
    const prompt = `Is everything fine again? ${tag}`;
    await assertChatAnswer(await chatRequest(prompt), (0, helpers_1.fakeAnswer)('auto', prompt), (0, helpers_1.fakeRendered)('auto', prompt));
    await assertAllGone(`after the recovery chat turn ${tag}`);
}
// ---------------------------------------------------------------- logs
/** The server-side logs folder of this session (`<user-data-dir>/logs/<session>/exthost<N>/`). */
function extHostLogDirs() {
    const logs = path.join((0, helpers_1.env)('CURSOR_AGENT_TEST_USER_DATA_DIR'), 'logs');
    if (!fs.existsSync(logs))
        return [];
    const out = [];
    for (const session of fs.readdirSync(logs)) {
        const dir = path.join(logs, session);
        if (!fs.statSync(dir).isDirectory())
            continue;
        for (const host of fs.readdirSync(dir).filter((n) => n.startsWith('exthost')))
            out.push(path.join(dir, host));
    }
    return out;
}
/** The "Cursor" LogOutputChannel's file. */
function cursorLogFile() {
    return extHostLogDirs()
        .map((d) => path.join(d, helpers_1.EXTENSION_ID, 'Cursor.log'))
        .filter((f) => fs.existsSync(f))
        .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)[0];
}
function cursorLog() {
    const f = cursorLogFile();
    return f ? fs.readFileSync(f, 'utf8') : '';
}
/** The current length of the extension log (to read only what a test adds). */
function logMark() {
    return cursorLog().length;
}
/** Waits until the extension log, after `from`, contains `text`. */
async function waitForLog(text, from, timeoutMs = 5000) {
    try {
        return await (0, helpers_1.waitFor)(`"${text}" in the Cursor log`, () => {
            const added = cursorLog().slice(from);
            return added.includes(text) ? added : undefined;
        }, timeoutMs, 50);
    }
    catch (err) {
        throw new Error(`${err.message}\n--- log since the test began ---\n${cursorLog().slice(from).slice(-3000)}`);
    }
}
/** The extension host's own log (`remoteexthost.log` under code-server, `exthost.log` on desktop). */
function extHostLog() {
    return extHostLogDirs()
        .flatMap((d) => fs.readdirSync(d).filter((n) => /exthost\.log$/i.test(n)).map((n) => path.join(d, n)))
        .map((f) => fs.readFileSync(f, 'utf8'))
        .join('\n');
}
//# sourceMappingURL=support.js.map