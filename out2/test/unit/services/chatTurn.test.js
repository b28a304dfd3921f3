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
const assert = __importStar(require("node:assert/strict"));
const errors_1 = require("../../../src/cli/errors");
const chatTurn_1 = require("../../../src/services/chatTurn");
const logger_1 = require("../helpers/logger");
/** A backend that answers by script and records what it was asked to run. */
class FakeBackend {
    id;
    script;
    calls = [];
    constructor(id, script) {
        this.id = id;
        this.script = script;
    }
    runTurn(req) {
        this.calls.push(req);
        const step = this.script[Math.min(this.calls.length - 1, this.script.length - 1)];
        return Promise.resolve(step(req));
    }
    dispose() { }
}
const answer = (text, sessionId = 'chat-new') => (req) => {
    req.onEvent({ type: 'text', text });
    return { ok: true, cancelled: false, sessionId, text, durationMs: 1, promptBytes: Buffer.byteLength(req.prompt) };
};
const fail = (kind, extra = {}) => () => ({
    ok: false,
    error: new errors_1.CliError((0, errors_1.describeError)(kind)),
    shownText: extra.shownText ?? false,
    ...(extra.transport ? { transport: true } : {}),
    ...(extra.sessionId ? { sessionId: extra.sessionId } : {}),
});
function selector(first, fallback) {
    const fellBack = [];
    return {
        fellBack,
        current: () => Promise.resolve(first),
        fallBack: (failed, reason) => {
            fellBack.push(`${failed.id}: ${reason}`);
            return fallback;
        },
    };
}
const HISTORY = [
    { role: 'user', text: 'What is X?' },
    { role: 'assistant', text: 'X is a thing.' },
];
function run(flow, conv = {}, extra = {}) {
    const notices = [];
    const shown = [];
    const result = flow.run({
        folder: () => '/work/project',
        conversation: () => ({ mode: 'plan', history: HISTORY, message: 'And Y?', references: [], ...conv }),
        onEvent: (e) => {
            if (e.type === 'text')
                shown.push(e.text);
        },
        onNotice: (m) => notices.push(m),
        ...extra,
    });
    return { result, notices, shown };
}
function makeFlow(sel, trusted = true) {
    const logger = new logger_1.MemoryLogger();
    return { logger, flow: new chatTurn_1.ChatTurnFlow({ selector: sel, logger, isTrusted: () => trusted, host: { platform: 'linux', homeDir: '/home/u' } }) };
}
describe('the chat-turn flow (fake backends, no processes)', () => {
    it('continues the previous answer\'s session with only the new message', async () => {
        const print = new FakeBackend('print', [answer('Y too.', 'chat-1')]);
        const { flow } = makeFlow(selector(print));
        const { result, notices } = run(flow, { previous: { backend: 'print', sessionId: 'chat-1' } });
        const r = await result;
        assert.equal(r.status, 'answered');
        assert.ok(r.status === 'answered' && r.resumed && r.sessionId === 'chat-1' && r.backend === 'print');
        assert.equal(print.calls.length, 1);
        assert.equal(print.calls[0].resumeId, 'chat-1');
        assert.equal(print.calls[0].prompt, 'And Y?');
        assert.deepEqual(notices, []);
    });
    it('starts fresh with the history folded in when there is no previous session', async () => {
        const print = new FakeBackend('print', [answer('Y.')]);
        const { flow } = makeFlow(selector(print));
        const r = await run(flow).result;
        assert.ok(r.status === 'answered' && !r.resumed);
        assert.equal(print.calls[0].resumeId, undefined);
        assert.match(print.calls[0].prompt, /<conversation_history>[\s\S]*X is a thing\.[\s\S]*<\/conversation_history>[\s\S]*And Y\?$/);
    });
    for (const kind of ['resumeFailed', 'sessionInUse']) {
        it(`reruns fresh with the history, and says so, when the resume fails with ${kind} before any text`, async () => {
            const print = new FakeBackend('print', [fail(kind, { sessionId: 'chat-1' }), answer('Fresh answer.', 'chat-2')]);
            const { flow, logger } = makeFlow(selector(print));
            const { result, notices, shown } = run(flow, { previous: { backend: 'print', sessionId: 'chat-1' } });
            const r = await result;
            assert.ok(r.status === 'answered' && !r.resumed && r.sessionId === 'chat-2', JSON.stringify(r));
            assert.equal(print.calls.length, 2);
            assert.equal(print.calls[1].resumeId, undefined);
            assert.match(print.calls[1].prompt, /X is a thing\.[\s\S]*And Y\?$/);
            assert.deepEqual(notices, [chatTurn_1.RESUME_FALLBACK_NOTICE]);
            assert.deepEqual(shown, ['Fresh answer.']);
            assert.ok(logger.lines.some((l) => l.includes('resume of chat-1 failed')));
        });
    }
    it('does not rerun a failed resume once answer text was shown (the user keeps the partial answer and the error)', async () => {
        const print = new FakeBackend('print', [fail('resumeFailed', { shownText: true, sessionId: 'chat-1' })]);
        const { flow } = makeFlow(selector(print));
        const r = await run(flow, { previous: { backend: 'print', sessionId: 'chat-1' } }).result;
        assert.ok(r.status === 'failed' && r.error.kind === 'resumeFailed' && r.shownText && r.resumed && r.sessionId === 'chat-1');
        assert.equal(print.calls.length, 1);
    });
    it('does not rerun other failures of a resumed turn', async () => {
        const print = new FakeBackend('print', [fail('rateLimit', { sessionId: 'chat-1' })]);
        const { flow } = makeFlow(selector(print));
        const r = await run(flow, { previous: { backend: 'print', sessionId: 'chat-1' } }).result;
        assert.ok(r.status === 'failed' && r.error.kind === 'rateLimit' && r.resumed);
        assert.equal(print.calls.length, 1);
    });
    it('starts fresh with the history, and says so, when the previous answer ran on another backend', async () => {
        const print = new FakeBackend('print', [answer('Y.')]);
        const { flow } = makeFlow(selector(print));
        const { result, notices } = run(flow, { previous: { backend: 'acp', sessionId: 'acp-session-1' } });
        const r = await result;
        assert.ok(r.status === 'answered' && !r.resumed);
        assert.equal(print.calls[0].resumeId, undefined);
        assert.match(print.calls[0].prompt, /X is a thing\./);
        assert.deepEqual(notices, [chatTurn_1.OTHER_BACKEND_NOTICE]);
    });
    it('reruns the turn on the fallback backend with the history when the transport fails before any text', async () => {
        const acp = new FakeBackend('acp', [fail('unknown', { transport: true })]);
        const print = new FakeBackend('print', [answer('From print.', 'chat-p')]);
        const sel = selector(acp, print);
        const { flow, logger } = makeFlow(sel);
        const { result, notices, shown } = run(flow, { previous: { backend: 'acp', sessionId: 'acp-session-1' } });
        const r = await result;
        assert.ok(r.status === 'answered' && r.backend === 'print' && !r.resumed && r.sessionId === 'chat-p', JSON.stringify(r));
        assert.equal(acp.calls[0].resumeId, 'acp-session-1');
        assert.equal(print.calls.length, 1);
        assert.equal(print.calls[0].resumeId, undefined);
        assert.match(print.calls[0].prompt, /X is a thing\.[\s\S]*And Y\?$/);
        assert.equal(sel.fellBack.length, 1);
        assert.deepEqual(notices, [chatTurn_1.TRANSPORT_FALLBACK_NOTICE]);
        assert.deepEqual(shown, ['From print.']);
        assert.equal(logger.lines.filter((l) => l.includes('rerunning on print')).length, 1);
    });
    it('keeps a transport failure as the error when text was already shown, or when no fallback applies', async () => {
        for (const [outcome, fallback] of [
            [fail('unknown', { transport: true, shownText: true }), new FakeBackend('print', [answer('x')])],
            [fail('unknown', { transport: true }), undefined],
        ]) {
            const acp = new FakeBackend('acp', [outcome]);
            const { flow } = makeFlow(selector(acp, fallback));
            const r = await run(flow).result;
            assert.ok(r.status === 'failed' && r.backend === 'acp');
            assert.equal(fallback?.calls.length ?? 0, 0);
        }
    });
    it('runs nothing in an untrusted workspace, and never asks for a folder there', async () => {
        const print = new FakeBackend('print', [answer('x')]);
        const { flow } = makeFlow(selector(print), false);
        let asked = false;
        const r = await run(flow, {}, { folder: () => ((asked = true), '/work/project') }).result;
        assert.deepEqual(r, { status: 'refused', reason: 'untrustedWorkspace' });
        assert.equal(asked, false);
        assert.equal(print.calls.length, 0);
    });
    it('runs nothing without a folder, or in the home folder', async () => {
        const print = new FakeBackend('print', [answer('x')]);
        const { flow } = makeFlow(selector(print));
        assert.deepEqual(await run(flow, {}, { folder: () => undefined }).result, { status: 'refused', reason: 'noFolder' });
        const home = await run(flow, {}, { folder: () => '/home/u' }).result;
        assert.ok(home.status === 'failed' && home.error.kind === 'unsafeWorkspace');
        assert.equal(print.calls.length, 0);
    });
    it('reports a prompt over the size limit as a failure, before any backend runs', async () => {
        const print = new FakeBackend('print', [answer('x')]);
        const { flow } = makeFlow(selector(print));
        const r = await run(flow, { history: [], message: 'x'.repeat(500_000) }).result;
        assert.ok(r.status === 'failed' && r.error.kind === 'promptTooLarge' && !r.shownText);
        assert.equal(print.calls.length, 0);
    });
});
//# sourceMappingURL=chatTurn.test.js.map