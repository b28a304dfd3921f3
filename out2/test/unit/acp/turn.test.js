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
/** An ACP turn: Stop, agent requests, failures as text, oddities on the wire. */
const assert = __importStar(require("assert"));
const settle_1 = require("../helpers/settle");
const support_1 = require("./support");
describe('ACP turn', () => {
    it('Stop sends session/cancel as a notification, keeps the partial answer, and the session answers again', async () => {
        const h = (0, support_1.harness)({ turns: [{ kind: 'never', text: 'Partial' }, { kind: 'answer', text: 'Next.' }] });
        const s = await (0, support_1.openSession)(h);
        const c = (0, support_1.manualCancel)();
        let seen = false;
        const running = (0, support_1.turn)(h, s, { cancellation: c.token, onEvent: (e) => void (seen ||= e.type === 'text') });
        await (0, settle_1.settle)(() => seen);
        c.cancel();
        const r = await running;
        assert.ok(r.outcome.ok && r.outcome.cancelled, JSON.stringify(r.outcome));
        assert.strictEqual(r.shown, 'Partial');
        const cancel = h.sent().find((m) => m.method === 'session/cancel');
        assert.ok(cancel && !('id' in cancel), 'a notification, never a request');
        const next = await (0, support_1.turn)(h, s);
        assert.strictEqual(next.shown, 'Next.');
        assert.ok(h.transport.exited === false, 'the process was not killed');
    });
    it('a turn that does not end within the grace period after Stop has its process killed', async () => {
        const h = (0, support_1.harness)({ turn: { kind: 'never', text: 'x' } });
        const s = await (0, support_1.openSession)(h);
        // The fake ends `never` turns on cancel; an agent that ignores it is one whose cancel never arrives.
        const c = (0, support_1.manualCancel)();
        const origWrite = h.transport.write.bind(h.transport);
        h.transport.write = (line) => (line.includes('session/cancel') ? undefined : origWrite(line));
        let seen = false;
        const running = (0, support_1.turn)(h, s, { cancellation: c.token, onEvent: (e) => void (seen ||= e.type === 'text') }, { cancelGraceMs: 50 });
        await (0, settle_1.settle)(() => seen);
        c.cancel();
        const r = await running;
        assert.ok(h.transport.exited);
        assert.ok(r.outcome.ok && r.outcome.cancelled);
        assert.strictEqual(r.shown, 'x');
    });
    it('a permission request is rejected once (never allowed, never allow-always) and shown as a line', async () => {
        const h = (0, support_1.harness)({ turn: { kind: 'permission', text: 'Done without running it.' } });
        const s = await (0, support_1.openSession)(h);
        const r = await (0, support_1.turn)(h, s);
        assert.ok(r.outcome.ok);
        assert.deepStrictEqual((0, support_1.answerTo)(h.agent.log, 'session/request_permission'), { outcome: { outcome: 'selected', optionId: 'reject-once' } });
        assert.strictEqual(r.notices.length, 1);
        assert.match(r.notices[0], /rejected/);
        assert.strictEqual(r.shown, 'Done without running it.');
        assert.ok(!r.events.some((e) => e.type === 'policyBreach'), 'a rejected command is no breach');
    });
    it('answers every agent request: todos and plan shown, task and image acknowledged, a question skipped with a note', async () => {
        const h = (0, support_1.harness)({ turn: { kind: 'requests', text: 'Plan ready.' } });
        const s = await (0, support_1.openSession)(h);
        const r = await (0, support_1.turn)(h, s);
        assert.ok(r.outcome.ok);
        assert.deepStrictEqual((0, support_1.unansweredAgentRequests)(h.agent.log), []);
        assert.deepStrictEqual((0, support_1.answerTo)(h.agent.log, 'cursor/update_todos'), {});
        assert.deepStrictEqual((0, support_1.answerTo)(h.agent.log, 'cursor/task'), {});
        assert.deepStrictEqual((0, support_1.answerTo)(h.agent.log, 'cursor/generate_image'), {});
        assert.deepStrictEqual((0, support_1.answerTo)(h.agent.log, 'cursor/ask_question').outcome.outcome, 'skipped');
        assert.deepStrictEqual((0, support_1.answerTo)(h.agent.log, 'cursor/create_plan'), { accepted: true });
        const todos = r.events.find((e) => e.type === 'todos');
        assert.ok(todos && todos.type === 'todos');
        assert.deepStrictEqual(todos.todos, [{ id: 'a', content: 'Read the code', status: 'completed' }, { id: 'b', content: 'Write the plan', status: 'in_progress' }]);
        const plan = r.events.find((e) => e.type === 'plan');
        assert.ok(plan && plan.type === 'plan' && plan.name === 'Fake Plan' && plan.markdown === '# Plan\n\n1. Read\n2. Write\n');
        assert.ok(r.notices.some((n) => /question/.test(n)));
        assert.strictEqual(r.shown, 'Plan ready.');
    });
    it('unknown update kinds, unknown agent methods and malformed lines are tolerated: the answer is whole, the method gets -32601', async () => {
        const h = (0, support_1.harness)({ turn: { kind: 'oddities', text: 'Hello, odd world.' } });
        const s = await (0, support_1.openSession)(h);
        const logged = [];
        const r = await (0, support_1.turn)(h, s, {}, { log: (m) => logged.push(m) });
        assert.ok(r.outcome.ok);
        assert.strictEqual(r.shown, 'Hello, odd world.');
        assert.ok(logged.some((l) => /"usage_update":1/.test(l) && /"agent_mood_update":1/.test(l)), logged.join('\n'));
        assert.deepStrictEqual((0, support_1.answerTo)(h.agent.log, 'cursor/brand_new_request'), { error: { code: -32601, message: 'Method not found: cursor/brand_new_request' } });
        assert.strictEqual(h.client.stats.invalidLines, 1);
    });
    it('a completed edit in a read-only turn ends it as a policy breach', async () => {
        const h = (0, support_1.harness)({ turn: { kind: 'edit', text: 'I changed it.' } });
        const s = await (0, support_1.openSession)(h);
        const r = await (0, support_1.turn)(h, s);
        assert.ok(!r.outcome.ok);
        assert.strictEqual(r.outcome.error.kind, 'policyBreach');
        assert.strictEqual(r.shown, '', 'nothing after the breach is shown');
    });
    const TEXT_FAILURES = [
        ['\n\nError: RetriableError: [unavailable] upstream connect error', 'network', 'The Cursor CLI could not reach Cursor (network error).'],
        ['\n\nError: [unauthenticated] Backend rejected authentication. Run agent login.', 'loggedOut', 'The Cursor CLI is not logged in.'],
        ['Upgrade your plan to continue', 'usageLimit', "You've hit your Cursor usage limit."],
        ['Add a payment method to continue', 'usageLimit', "You've hit your Cursor usage limit."],
        ['\n\nError: [resource_exhausted] Too many requests', 'rateLimit', 'Cursor is rate-limiting requests right now.'],
    ];
    for (const [text, kind, message] of TEXT_FAILURES) {
        it(`a failure sent as message text (${JSON.stringify(text.trim().slice(0, 40))}) is reported as ${kind}, not left in the answer`, async () => {
            const h = (0, support_1.harness)({ turn: { kind: 'errorText', error: text } });
            const s = await (0, support_1.openSession)(h);
            const r = await (0, support_1.turn)(h, s);
            assert.ok(!r.outcome.ok);
            assert.strictEqual(r.outcome.error.kind, kind);
            assert.strictEqual(r.outcome.error.message, message);
            assert.strictEqual(r.outcome.transport, undefined, 'the user’s business, never hidden by a fallback');
            assert.ok(!r.shown.includes(text.trim().slice(0, 12)), `shown: ${JSON.stringify(r.shown)}`);
        });
    }
    it('text after an answer that only looks like a failure is shown whole', async () => {
        const h = (0, support_1.harness)({ turn: { kind: 'errorText', before: 'The log says:\n', error: 'Error: the widget is blue, which is fine.' } });
        const s = await (0, support_1.openSession)(h);
        const r = await (0, support_1.turn)(h, s);
        assert.ok(r.outcome.ok);
        assert.strictEqual(r.shown, 'The log says:\nError: the widget is blue, which is fine.');
    });
    it('sends attached images with the text (print mode cannot)', async () => {
        const h = (0, support_1.harness)({ turn: { kind: 'answer', text: 'A cat.' } });
        const s = await (0, support_1.openSession)(h);
        await (0, support_1.turn)(h, s, { images: [{ mimeType: 'image/png', data: 'iVBORw0KGgo=' }] });
        const prompt = h.sent().find((m) => m.method === 'session/prompt')?.params;
        assert.deepStrictEqual(prompt.prompt, [{ type: 'text', text: 'Explain this repo' }, { type: 'image', mimeType: 'image/png', data: 'iVBORw0KGgo=' }]);
    });
});
//# sourceMappingURL=turn.test.js.map