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
 * The real captures replayed by the fake ACP agent, through the client and the
 * turn: what the user sees for each.
 */
const assert = __importStar(require("assert"));
const captures_1 = require("../../fixtures/acp/captures");
const support_1 = require("./support");
describe('ACP captures replayed through the client', () => {
    it('the create-plan capture answers with exactly its streamed text, the plan and its todos', async () => {
        const h = (0, support_1.harness)({ turn: { kind: 'capture', file: captures_1.CAPTURES.createPlan } });
        const s = await (0, support_1.openSession)(h);
        const r = await (0, support_1.turn)(h, s);
        assert.ok(r.outcome.ok, JSON.stringify(r.outcome));
        assert.strictEqual(r.shown, (0, captures_1.answerTextOf)(captures_1.CAPTURES.createPlan));
        assert.strictEqual(r.outcome.ok && r.outcome.text, (0, captures_1.answerTextOf)(captures_1.CAPTURES.createPlan));
        assert.strictEqual(r.shown, 'Exploring the repo structure to place a hello-world function appropriately.\n' +
            'Repo is the Syntaur TypeScript CLI; utilities live in `src/utils/` with Vitest tests in `src/__tests__/`. Creating a brief 3-step plan.\n');
        const plan = r.events.find((e) => e.type === 'plan');
        assert.ok(plan && plan.type === 'plan');
        assert.strictEqual(plan.name, 'Hello World Function');
        assert.match(plan.markdown, /^# Add Hello-World Function/);
        assert.deepStrictEqual(plan.todos.map((t) => t.id), ['add-util', 'add-test', 'validate']);
        const todos = r.events.find((e) => e.type === 'todos');
        assert.ok(todos && todos.type === 'todos' && todos.todos.length === 3);
        assert.deepStrictEqual((0, support_1.answerTo)(h.agent.log, 'cursor/create_plan'), { accepted: true });
        assert.deepStrictEqual((0, support_1.unansweredAgentRequests)(h.agent.log), []);
    });
    it('the ask-question capture answers with exactly its streamed text and its searches and reads as progress', async () => {
        const h = (0, support_1.harness)({ turn: { kind: 'capture', file: captures_1.CAPTURES.askQuestion } });
        const s = await (0, support_1.openSession)(h);
        const r = await (0, support_1.turn)(h, s);
        assert.ok(r.outcome.ok);
        assert.strictEqual(r.shown, (0, captures_1.answerTextOf)(captures_1.CAPTURES.askQuestion));
        assert.match(r.shown, /Which option do you prefer\?\n\n- \*\*A\*\*\n- \*\*B\*\*/);
        const started = r.events.filter((e) => e.type === 'tool' && e.phase === 'started');
        const completed = r.events.filter((e) => e.type === 'tool' && e.phase === 'completed');
        assert.strictEqual(started.length, 7);
        assert.strictEqual(completed.length, 7);
        const target = '/Users/brennen/syntaur/.worktrees/feat/assignment-chat-cursor-harness/scripts/spike/acp/out/target-cursor';
        assert.ok(started.some((e) => e.type === 'tool' && e.summary === `Searching for \`option [AB]|Option [AB]\` in ${target}`));
        assert.ok(started.some((e) => e.type === 'tool' && /^Reading \/Users\/.*cursor-probe-scratch\.txt$/.test(e.summary)));
        assert.ok(r.events.some((e) => e.type === 'thinking'));
    });
    it('the edits capture, replayed into a read-only chat, stops at the edit as a policy breach and keeps the text shown before it', async () => {
        const h = (0, support_1.harness)({ turn: { kind: 'capture', file: captures_1.CAPTURES.edits } });
        const s = await (0, support_1.openSession)(h);
        const r = await (0, support_1.turn)(h, s);
        assert.ok(!r.outcome.ok);
        assert.strictEqual(r.outcome.error.kind, 'policyBreach');
        assert.ok(!r.outcome.transport, 'a breach is never rerun elsewhere');
        assert.strictEqual(r.shown, 'Reading the file, then inserting "after" as the second line.\n');
        assert.ok(r.events.some((e) => e.type === 'policyBreach'));
        // Stopped: the turn was cancelled on the wire, not left running.
        assert.ok(h.sent().some((m) => m.method === 'session/cancel' && m.id === undefined));
    });
    it('the session is switched to plan mode, and confirmed, before the prompt is sent', async () => {
        const h = (0, support_1.harness)({ turn: { kind: 'capture', file: captures_1.CAPTURES.createPlan } });
        const s = await (0, support_1.openSession)(h);
        assert.strictEqual(s.mode, 'agent', 'a new session starts in agent mode');
        await (0, support_1.turn)(h, s);
        const methods = h.sent().map((m) => m.method);
        assert.ok(methods.indexOf('session/set_mode') < methods.indexOf('session/prompt'));
        assert.strictEqual(s.mode, 'plan');
    });
});
//# sourceMappingURL=captures.test.js.map