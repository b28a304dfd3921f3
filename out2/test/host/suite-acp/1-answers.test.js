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
// @cursor and vscode.lm answer through `cursor-agent acp` (the default backend, auto, with a CLI
// that supports it): exact text for every capture, warm sessions, read-only, agent requests.
const assert = __importStar(require("assert"));
const agentRequests_1 = require("../../../src/acp/agentRequests");
const planMarkdown_1 = require("../../../src/services/planMarkdown");
const captures_1 = require("../../fixtures/acp/captures");
const support_1 = require("../suite-faults/support");
const helpers_1 = require("../helpers");
const support_2 = require("./support");
/** What the chat shows is the streamed text; a new paragraph may start after a tool call. */
const squash = (s) => s.replace(/\s+/g, ' ').trim();
/** What a vscode.lm caller gets for a capture: the streamed text, then the plan the agent proposed (if it did) as markdown. */
function lmTextOf(file) {
    const ask = (0, captures_1.readCapture)(file).find((l) => l.dir === 'in' && l.msg.method === 'cursor/create_plan');
    const plan = ask ? (0, agentRequests_1.decideAgentRequest)('cursor/create_plan', ask.msg.params).events.find((e) => e.type === 'plan') : undefined;
    return plan?.type === 'plan' ? `${(0, captures_1.answerTextOf)(file)}\n\n${(0, planMarkdown_1.planMarkdown)(plan)}\n\n` : (0, captures_1.answerTextOf)(file);
}
describe('answers through cursor-agent acp', function () {
    this.timeout(30_000);
    before(async function () {
        this.timeout(30_000);
        await (0, support_2.acpReady)();
    });
    for (const [name, file] of [['create-plan', captures_1.CAPTURES.createPlan], ['ask-question', captures_1.CAPTURES.askQuestion]]) {
        it(`vscode.lm answers the ${name} capture through ACP with exactly its streamed text (and the plan it proposed), no print-mode run`, async () => {
            await (0, support_2.freshAgents)({ turn: { kind: 'capture', file } });
            const since = (0, support_2.acpFake)().invocations().length;
            const prompt = `Replay ${name}. lm-${name}`;
            const o = await (0, support_1.lmRequest)(prompt);
            (0, support_1.assertLmAnswer)(o, lmTextOf(file));
            assert.strictEqual((0, support_2.printTurnsSince)(since), 0, 'a print-mode turn ran');
            assert.ok((0, support_2.promptsSent)().some((p) => p.endsWith(prompt)), 'the prompt was not sent over ACP');
            assert.deepStrictEqual((0, support_2.unansweredAgentRequests)(), []);
        });
        it(`@cursor answers the ${name} capture through ACP with its streamed text`, async () => {
            await (0, support_2.freshAgents)({ turn: { kind: 'capture', file } });
            const since = (0, support_2.acpFake)().invocations().length;
            const r = await (0, support_1.chatRequest)(`Replay ${name}. chat-${name}`);
            assert.strictEqual(r.metadata?.errorKind, undefined, JSON.stringify(r));
            assert.strictEqual(squash(await (0, helpers_1.renderedAnswer)()).startsWith(squash((0, captures_1.answerTextOf)(file))), true, await (0, helpers_1.renderedAnswer)());
            assert.strictEqual((0, support_2.printTurnsSince)(since), 0, 'a print-mode turn ran');
            assert.deepStrictEqual((0, support_2.unansweredAgentRequests)(), []);
        });
    }
    it('the edits capture in a read-only chat ends as a policy breach at the edit, reported as such', async () => {
        await (0, support_2.freshAgents)({ turn: { kind: 'capture', file: captures_1.CAPTURES.edits } });
        const since = (0, support_2.acpFake)().invocations().length;
        const r = await (0, support_1.chatRequest)('Replay edits. chat-edits');
        assert.strictEqual(r.metadata?.errorKind, 'policyBreach', JSON.stringify(r));
        assert.strictEqual((0, support_2.printTurnsSince)(since), 0, 'a policy breach must never be rerun in print mode');
    });
    it('a second turn in the same chat starts no process and sends only the new message', async () => {
        await (0, support_2.freshAgents)({ turn: { kind: 'answer', text: 'Warm answer.' } });
        const first = await (0, support_1.chatRequest)('First question. warm-1');
        assert.strictEqual(first.metadata?.errorKind, undefined, JSON.stringify(first));
        const processes = (0, support_2.acpProcesses)().length;
        const since = (0, support_2.acpFake)().invocations().length;
        const second = await (0, support_1.chatRequest)('Second question. warm-2', false);
        assert.strictEqual(second.metadata?.errorKind, undefined, JSON.stringify(second));
        assert.strictEqual(await (0, helpers_1.renderedAnswer)(), 'Warm answer.');
        assert.strictEqual((0, support_2.acpProcesses)().length, processes, 'the second turn started a cursor-agent acp process');
        assert.strictEqual((0, support_2.acpFake)().invocations().length, since, 'the second turn started a cursor-agent process');
        assert.strictEqual((0, support_2.promptsSent)().at(-1), 'Second question. warm-2');
    });
    it('a permission request is answered reject-once, and every agent request gets an answer', async () => {
        await (0, support_2.freshAgents)({ turns: [{ kind: 'permission', text: 'After the permission.' }, { kind: 'requests', text: 'After the requests.' }] });
        const r1 = await (0, support_1.lmRequest)('Ask for permission. perm');
        (0, support_1.assertLmAnswer)(r1, 'After the permission.');
        assert.deepStrictEqual((0, support_2.answerTo)('session/request_permission'), { outcome: { outcome: 'selected', optionId: 'reject-once' } });
        const r2 = await (0, support_1.chatRequest)('Send every request. reqs');
        assert.strictEqual(r2.metadata?.errorKind, undefined, JSON.stringify(r2));
        assert.deepStrictEqual((0, support_2.answerTo)('cursor/create_plan'), { accepted: true });
        assert.deepStrictEqual((0, support_2.unansweredAgentRequests)(), []);
    });
    it('backend acp: a session the agent does not confirm in plan mode is never prompted, and the failure is reported', async () => {
        await (0, support_2.setUserSetting)('backend', 'acp');
        try {
            await (0, support_2.freshAgents)({ confirmMode: false, turn: { kind: 'answer', text: 'Agent-mode answer.' } });
            const prompts = (0, support_2.promptsSent)().length;
            const since = (0, support_2.acpFake)().invocations().length;
            const o = await (0, support_1.lmRequest)('Are you read-only? mode');
            assert.ok(o.error !== undefined, `answered: ${o.text}`);
            assert.strictEqual((0, support_2.promptsSent)().length, prompts, 'a session not in plan mode received a prompt');
            assert.strictEqual((0, support_2.printTurnsSince)(since), 0, 'backend acp never falls back to print mode');
        }
        finally {
            await (0, support_2.setUserSetting)('backend', undefined);
        }
    });
    it('backend print: turns run in print mode and never start cursor-agent acp', async () => {
        await (0, support_2.setUserSetting)('backend', 'print');
        try {
            await (0, support_2.freshAgents)({ turn: { kind: 'answer', text: 'Should not be seen.' } });
            const processes = (0, support_2.acpProcesses)().length;
            const since = (0, support_2.acpFake)().invocations().length;
            const prompt = 'Print only. print-backend';
            (0, support_1.assertLmAnswer)(await (0, support_1.lmRequest)(prompt), (0, helpers_1.fakeAnswer)('auto', prompt));
            assert.strictEqual((0, support_2.printTurnsSince)(since), 1);
            assert.strictEqual((0, support_2.acpProcesses)().length, processes, 'backend print started cursor-agent acp');
            assert.ok(!(0, support_2.acpFake)().invocations().slice(since).some((i) => i.argv.includes('acp')), 'acp was invoked');
        }
        finally {
            await (0, support_2.setUserSetting)('backend', undefined);
        }
    });
    it('signed out: @cursor says so (Log In), and nothing falls back to print mode', async () => {
        await (0, support_2.freshAgents)({ auth: 'loggedOut' });
        const since = (0, support_2.acpFake)().invocations().length;
        const from = (0, support_1.logMark)();
        const r = await (0, support_1.chatRequest)('Hello? signed-out');
        assert.strictEqual(r.metadata?.errorKind, 'loggedOut', JSON.stringify(r));
        assert.strictEqual(r.errorDetails?.message, (0, support_1.userMessage)('loggedOut'));
        assert.strictEqual((0, support_2.printTurnsSince)(since), 0, 'a signed-out turn was rerun in print mode');
        assert.ok(!(0, support_2.acpFake)().acpLog().size || ![...(0, support_2.acpFake)().acpLog().values()].flat().some((l) => l.dir === 'in' && l.msg.method === 'authenticate'), 'authenticate was called');
        await (0, support_1.waitForLog)('[participant] turn failed: loggedOut', from);
    });
});
//# sourceMappingURL=1-answers.test.js.map