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
exports.FAKE_MODELS = exports.VENDOR = exports.PARTICIPANT_ID = exports.EXTENSION_ID = void 0;
exports.vscodeMinor = vscodeMinor;
exports.lmForwardsCancellation = lmForwardsCancellation;
exports.env = env;
exports.workspacePath = workspacePath;
exports.userBinary = userBinary;
exports.binaryFoundOnPath = binaryFoundOnPath;
exports.fake = fake;
exports.activateApi = activateApi;
exports.sleep = sleep;
exports.waitFor = waitFor;
exports.invocationsSince = invocationsSince;
exports.isTurn = isTurn;
exports.argValue = argValue;
exports.fakeAnswer = fakeAnswer;
exports.fakeRendered = fakeRendered;
exports.fakeAnswerOnly = fakeAnswerOnly;
exports.fakeSessions = fakeSessions;
exports.cursorModels = cursorModels;
exports.cursorModel = cursorModel;
exports.collectText = collectText;
exports.chatRequest = chatRequest;
exports.renderedAnswer = renderedAnswer;
exports.newChat = newChat;
exports.extensionLogFile = extensionLogFile;
exports.extensionLog = extensionLog;
exports.extensionErrorsSince = extensionErrorsSince;
// Shared helpers for the extension-host tests (test/host/suite-*/*.test.ts).
// Everything here runs inside the real extension host started by test/host/run.ts.
const fs = __importStar(require("fs"));
const path = __importStar(require("path"));
const vscode = __importStar(require("vscode"));
const vscodeVersion_1 = require("../../src/services/vscodeVersion");
const fakeCli_1 = require("../fixtures/fakeCli");
exports.EXTENSION_ID = 'cursor-vscode-chat.cursor-agent-vscode';
exports.PARTICIPANT_ID = 'cursor-agent.cursor';
exports.VENDOR = 'cursor';
/** The default model list of test/fixtures/fake-cursor-agent.js (`[id, label]`). */
exports.FAKE_MODELS = [
    ['auto', 'Auto (default)'],
    ['composer-2.5-fast', 'Composer 2.5 Fast'],
    ['claude-4.5-sonnet', 'Sonnet 4.5'],
    ['gpt-5', 'GPT-5'],
];
/** The minor version of the VS Code the host runs in (1.X → X): the host tier runs on more than one. */
function vscodeMinor() {
    return Number(/^1\.(\d+)\./.exec(vscode.version)?.[1] ?? 0);
}
/**
 * VS Code 1.133 and newer pass a caller's cancellation of a `vscode.lm` request on to the
 * provider (1.110–1.117 do not; no code-server exists for the versions between).
 */
function lmForwardsCancellation() {
    return vscodeMinor() >= 133;
}
function env(name) {
    const v = process.env[name];
    if (!v)
        throw new Error(`${name} is not set (not run by test/host/run.ts?)`);
    return v;
}
function workspacePath() {
    return env('CURSOR_AGENT_TEST_WORKSPACE');
}
/**
 * The cursor-agent the extension should use when the user has set nothing special: the fake
 * found on PATH as ~/.local/bin/cursor-agent (most suites), or the Machine setting's value.
 */
function userBinary() {
    return env('CURSOR_AGENT_TEST_USER_BINARY');
}
/** True when the suite leaves cursorAgent.path empty and the fake is found on PATH. */
function binaryFoundOnPath() {
    return userBinary() !== env('CURSOR_AGENT_TEST_FAKE_BIN');
}
let fakeCli;
/** The suite's fake cursor-agent (the one Machine settings point cursorAgent.path at). */
function fake() {
    if (!fakeCli) {
        fakeCli = (0, fakeCli_1.createFakeCli)({ dir: env('CURSOR_AGENT_TEST_FAKE_DIR') });
        if (fakeCli.binPath !== env('CURSOR_AGENT_TEST_FAKE_BIN'))
            throw new Error(`fake binPath ${fakeCli.binPath} is not ${env('CURSOR_AGENT_TEST_FAKE_BIN')}`);
    }
    return fakeCli;
}
async function activateApi() {
    const ext = vscode.extensions.getExtension(exports.EXTENSION_ID);
    if (!ext)
        throw new Error(`extension ${exports.EXTENSION_ID} not found`);
    return ext.activate();
}
function sleep(ms) {
    return new Promise((r) => setTimeout(r, ms));
}
/** Polls `fn` until it returns a truthy value; throws `what` with the last value after `timeoutMs`. */
async function waitFor(what, fn, timeoutMs = 10_000, everyMs = 50) {
    const until = Date.now() + timeoutMs;
    let last;
    for (;;) {
        last = await fn();
        if (last)
            return last;
        if (Date.now() > until)
            throw new Error(`timed out after ${timeoutMs} ms waiting for ${what} (last: ${JSON.stringify(last)})`);
        await sleep(everyMs);
    }
}
/** Invocations of the fake recorded after `since` (a count from an earlier `fake().invocations().length`). */
function invocationsSince(since) {
    return fake().invocations().slice(since);
}
function isTurn(inv) {
    return inv.argv.includes('-p') || inv.argv.includes('--print');
}
/** The value following `flag` in argv, or undefined. */
function argValue(argv, flag) {
    const i = argv.indexOf(flag);
    return i >= 0 ? argv[i + 1] : undefined;
}
/** The answer (result.result) of the fake's default turn: its narration stretch, then the answer (see runTurn in fake-cursor-agent.js). */
function fakeAnswer(model, prompt, resumed = false) {
    return fakeCli_1.FAKE_NARRATION + fakeAnswerOnly(model, prompt, resumed);
}
/**
 * What the chat panel shows for the fake's default turn: the narration, a paragraph break
 * (@cursor starts a new paragraph for text after a tool call), then the answer.
 */
function fakeRendered(model, prompt, resumed = false) {
    return `${fakeCli_1.FAKE_NARRATION}\n\n${fakeAnswerOnly(model, prompt, resumed)}`;
}
/** The answer stretch alone (after the tool call), without the narration before it. */
function fakeAnswerOnly(model, prompt, resumed = false) {
    const lines = prompt
        .split(/\r?\n/)
        .map((l) => l.trim())
        .filter((l) => l.length > 0);
    const last = Array.from(lines.length ? lines[lines.length - 1] : '')
        .slice(0, 80)
        .join('');
    return `Demo answer from ${model}: you asked "${last}".${resumed ? ' (resumed)' : ''}`;
}
/** Chat ids the fake has issued (its sessions/ folder). */
function fakeSessions() {
    const dir = path.join(fake().dir, 'sessions');
    return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}
/** Our models, once the workbench lists them (the first auth probe runs after activation). */
async function cursorModels(timeoutMs = 15_000) {
    return waitFor('the Cursor models in vscode.lm', async () => {
        const models = await vscode.lm.selectChatModels({ vendor: exports.VENDOR });
        return models.length > 0 ? models : undefined;
    }, timeoutMs, 200);
}
async function cursorModel(id) {
    const models = await cursorModels();
    const m = models.find((x) => x.id === id);
    if (!m)
        throw new Error(`no Cursor model ${id} among ${models.map((x) => x.id).join(', ')}`);
    return m;
}
/** Sends a request and collects the streamed text parts, in order. */
async function collectText(response) {
    const parts = [];
    for await (const t of response.text)
        parts.push(t);
    return parts;
}
/** Sends `query` to the chat panel as a user would (with `attachFiles` attached first), and waits for the turn to end. */
async function chatRequest(query, opts = {}) {
    return vscode.commands.executeCommand('workbench.action.chat.open', { query, blockOnResponse: true, ...opts });
}
/**
 * What the chat panel holds as the last answer: exactly what the participant sent to
 * `stream.markdown`, as VS Code's "Copy All" (the chat view's own text of the conversation,
 * `User: …` / `Cursor: …`) puts it on the clipboard, without the usage line that ends a
 * finished answer. Not the participant's own record of it.
 */
async function renderedAnswer() {
    const sentinel = `nothing-copied-${Date.now()}`;
    await vscode.env.clipboard.writeText(sentinel);
    await vscode.commands.executeCommand('workbench.action.chat.copyAll');
    const all = await vscode.env.clipboard.readText();
    if (all === sentinel)
        throw new Error('"Copy All" copied nothing (no conversation in the chat panel?)');
    const marker = 'Cursor: ';
    const at = all.startsWith(marker) ? 0 : all.lastIndexOf(`\n${marker}`) + 1;
    if (at <= 0 && !all.startsWith(marker))
        throw new Error(`no Cursor answer in the chat panel: ${JSON.stringify(all)}`);
    // "Copy All" also copies the labels of the buttons under an answer (Show Logs, Log In,
    // Continue in Terminal, …; seen on 1.110 and 1.139): they are buttons, not what the participant
    // sent to stream.markdown. Under them: the context warning (near the limit), then the usage line.
    const answer = all
        .slice(at + marker.length)
        .replace(/\s+$/, '')
        .replace(BUTTON_LINES, '')
        .replace(/\n\n[^\n]*% full: start a new chat[^\n]*$/, '')
        // The usage line ("*Model · N input · M output tokens · K cached · Nk of Mk context*").
        .replace(/\n\n\*[^\n]* output tokens?[^\n]*\*$/, '');
    // Where VS Code hides a participant's references (1.110), @cursor lists the files read in a
    // "Read: …" line instead, before the usage line: like the references list on newer VS Code,
    // it is not part of the answer.
    return (0, vscodeVersion_1.hidesParticipantReferences)(vscode.version) ? answer.replace(/\n\nRead: [^\n]*$/, '') : answer;
}
/** Trailing lines that are exactly the titles of the buttons @cursor puts under an answer (src/vscode/errorActions.ts). */
const BUTTON_LINES = /(?:\n+(?:How to Install|Open Settings|Select Binary…|Log In|Unlock Keychain|Switch Model|Show Logs|Manage Workspace Trust|Continue in Terminal|New Chat))+$/;
/** Starts a new, empty chat in the panel (so the next request has no history). */
async function newChat() {
    await vscode.commands.executeCommand('workbench.action.chat.newChat');
}
/** The extension's own log (the "Cursor" output channel's file in the server's logs folder). */
function extensionLogFile() {
    const logs = path.join(env('CURSOR_AGENT_TEST_USER_DATA_DIR'), 'logs');
    if (!fs.existsSync(logs))
        return undefined;
    const found = [];
    for (const session of fs.readdirSync(logs)) {
        const sessionDir = path.join(logs, session);
        if (!fs.statSync(sessionDir).isDirectory())
            continue;
        for (const host of fs.readdirSync(sessionDir).filter((n) => n.startsWith('exthost'))) {
            const file = path.join(sessionDir, host, exports.EXTENSION_ID, 'Cursor.log');
            if (fs.existsSync(file))
                found.push({ file, mtime: fs.statSync(file).mtimeMs });
        }
    }
    found.sort((a, b) => b.mtime - a.mtime);
    return found[0]?.file;
}
/** The extension log's text (empty when not written yet). */
function extensionLog() {
    const file = extensionLogFile();
    return file ? fs.readFileSync(file, 'utf8') : '';
}
/** `[error]` lines the extension logged after `fromOffset` (a length of an earlier extensionLog()). */
function extensionErrorsSince(fromOffset) {
    return extensionLog()
        .slice(fromOffset)
        .split('\n')
        .filter((l) => /\[error\]/.test(l));
}
//# sourceMappingURL=helpers.js.map