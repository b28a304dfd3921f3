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
// Faults of a running turn, each driven from the fake CLI through both surfaces:
// the language model API (the error the caller gets, with the text that arrived)
// and the @cursor participant (the chat result and the kind the extension logs).
// After every fault: every process of the turn is gone and the next turn answers.
const assert = __importStar(require("assert"));
const path = __importStar(require("path"));
const vscode = __importStar(require("vscode"));
const support_1 = require("./support");
const ANSWER = 'The quick brown fox jumps over the lazy dog, twice.';
/** The fake streams 12 code points per delta; `afterEvents: 10` stops after init, user, 4 thinking, 2 tool and 2 deltas. */
const TWO_DELTAS = ANSWER.slice(0, 24);
/** The rows of issue 11's table: deltas that repeat the stretch so far, and the recap. */
const REPEATS = [
    { deltas: ['ha', 'ha', '!'], recap: 'haha!' },
    { deltas: ['=', '=', '= title'], recap: '=== title' },
    { deltas: ['\n', '\nHello'], recap: '\n\nHello' },
];
const assistantEvent = (text, extra = {}) => ({ type: 'assistant', message: { role: 'assistant', content: [{ type: 'text', text }] }, ...extra });
const resultEvent = (text) => ({
    type: 'result',
    subtype: 'success',
    is_error: false,
    result: text,
    duration_ms: 5,
    usage: { inputTokens: 10, outputTokens: 5, cacheReadTokens: 0, cacheWriteTokens: 0 },
});
const LM_CODE = {
    loggedOut: 'NoPermissions',
    keychainLocked: 'NoPermissions',
    invalidApiKey: 'NoPermissions',
    unknownModel: 'NotFound',
    notInstalled: 'NotFound',
    policyBreach: 'Blocked',
};
const CASES = [
    { name: 'no first line (silent from the start)', turn: { kind: 'noFirstLine' }, kind: 'timeout', details: { seconds: 5, stage: 'first output' }, text: '' },
    { name: 'silence mid-stream', turn: { kind: 'silenceMidStream', afterEvents: 10, answer: ANSWER }, kind: 'timeout', details: { seconds: 5, stage: 'inactivity' }, text: TWO_DELTAS },
    {
        name: 'crash mid-stream (SIGKILL)',
        turn: { kind: 'crashMidStream', afterEvents: 10, signal: true, answer: ANSWER },
        kind: 'unknown',
        message: 'The Cursor CLI failed: it was killed by SIGKILL. See the Cursor log for details.',
        text: TWO_DELTAS,
    },
    { name: 'crash mid-stream (exit 1, RetriableError on stderr)', turn: { kind: 'crashMidStream', afterEvents: 10, answer: ANSWER }, kind: 'network', text: TWO_DELTAS },
    {
        name: 'exit 1: logged out',
        turn: { kind: 'stderrExit', stderr: "Error: Authentication required. Please run 'agent login' first, or set CURSOR_API_KEY environment variable." },
        kind: 'loggedOut',
        text: '',
    },
    {
        name: 'exit 1: keychain locked',
        turn: { kind: 'stderrExit', stderr: 'Error: Your macOS login keychain is locked.\nRun security unlock-keychain and try again.' },
        kind: 'keychainLocked',
        text: '',
    },
    { name: 'exit 1: invalid API key', turn: { kind: 'stderrExit', stderr: 'The provided API key is invalid.' }, kind: 'invalidApiKey', text: '' },
    {
        name: 'exit 1: unknown model',
        turn: { kind: 'stderrExit', stderr: 'Cannot use this model: gpt-9. Available models: auto, composer-2.5-fast, gpt-5' },
        kind: 'unknownModel',
        details: { model: 'gpt-9', knownModels: ['auto', 'composer-2.5-fast', 'gpt-5'] },
        text: '',
    },
    { name: 'exit 1: usage limit', turn: { kind: 'stderrExit', stderr: "Error: You've hit your usage limit for this billing period." }, kind: 'usageLimit', text: '' },
    {
        name: 'exit 1: network (reconnecting, then RetriableError)',
        turn: { kind: 'stderrExit', stderr: 'Connection lost, reconnecting to https://api2.cursor.sh (attempt 1)...\nConnection lost, reconnecting to https://api2.cursor.sh (attempt 2)...\nRetriableError: [unavailable] Error' },
        kind: 'network',
        text: '',
    },
    { name: 'exit 1: session in use', turn: { kind: 'stderrExit', stderr: 'Error: Session ID "6c1f3a52-8f0e-4b8e-9a51-2d3c4b5a6f70" is already in use.' }, kind: 'sessionInUse', text: '' },
    { name: 'exit 0 with no output at all', turn: { kind: 'exitSilently' }, kind: 'malformedStream', details: { detail: 'it exited without printing anything; very large prompts do this' }, text: '' },
    {
        name: 'no result line (exit 0)',
        turn: { kind: 'noResult', answer: ANSWER },
        kind: 'malformedStream',
        details: { detail: 'it ended without finishing its answer; what arrived is shown above' },
        text: ANSWER,
    },
    { name: 'result, then never exiting', turn: { kind: 'resultThenHang', answer: ANSWER }, text: ANSWER, farDeadlines: true },
    { name: 'a grandchild that outlives its parent', turn: { kind: 'grandchild', delayMs: 5, answer: ANSWER }, text: ANSWER },
    { name: 'a grandchild in its own session (setsid) that outlives its parent', turn: { kind: 'grandchild', delayMs: 5, detached: true, answer: ANSWER }, text: ANSWER },
    { name: 'a 5 MB line (a big file read)', turn: { kind: 'hugeLine', bytes: 5 * 1024 * 1024, answer: ANSWER }, text: ANSWER },
    { name: 'a 50 MB line (over the line limit: dropped)', turn: { kind: 'hugeLine', bytes: 50 * 1024 * 1024, answer: ANSWER }, text: ANSWER, logs: '[runner] dropped a stdout line over' },
    { name: 'binary noise and invalid UTF-8 between events', turn: { kind: 'binaryNoise', answer: ANSWER }, text: ANSWER },
    { name: 'unknown event types and fields', turn: { kind: 'unknownEvents', answer: ANSWER }, text: ANSWER },
    {
        name: 'a write tool call completing in a read-only turn',
        turn: { kind: 'writeToolSuccess', tool: 'write', answer: ANSWER },
        kind: 'policyBreach',
        details: { detail: `Writing ${path.join((0, support_1.env)('CURSOR_AGENT_TEST_WORKSPACE'), 'fake-written.txt')}` },
        text: '',
    },
    {
        name: 'a shell tool call completing in a read-only turn',
        turn: { kind: 'writeToolSuccess', tool: 'shell', answer: ANSWER },
        kind: 'policyBreach',
        details: { detail: 'Running `touch fake-written.txt`' },
        text: '',
    },
    // Text that repeats itself (issue 11): deltas equal to the stretch so far, then the recap.
    ...REPEATS.map(({ deltas, recap }) => ({
        name: `deltas ${JSON.stringify(deltas)} and the end recap`,
        turn: { kind: 'script', events: [...deltas.map((d, i) => assistantEvent(d, { timestamp_ms: 1000 + i })), assistantEvent(recap), resultEvent(recap)] },
        text: recap,
    })),
    ...REPEATS.map(({ deltas, recap }) => ({
        name: `deltas ${JSON.stringify(deltas)}, a model_call_id recap, a tool call, the same again`,
        turn: {
            kind: 'script',
            events: [
                ...deltas.map((d, i) => assistantEvent(d, { timestamp_ms: 1000 + i })),
                assistantEvent(recap, { model_call_id: 'a1b2-0-xyz', timestamp_ms: 1100 }),
                { type: 'tool_call', subtype: 'started', call_id: 'tool_1', tool_call: { lsToolCall: { args: { path: '.' } } } },
                { type: 'tool_call', subtype: 'completed', call_id: 'tool_1', tool_call: { lsToolCall: { args: { path: '.' }, result: { success: {} } } } },
                ...deltas.map((d, i) => assistantEvent(d, { timestamp_ms: 1200 + i })),
                assistantEvent(recap),
                resultEvent(recap + recap),
            ],
        },
        text: recap + recap,
        // @cursor starts a new paragraph for text after a tool call, unless the text so far ends in white space.
        rendered: recap + (/\s$/.test(recap) ? '' : '\n\n') + recap,
    })),
    {
        name: 'network trouble the CLI recovers from (connection/reconnecting, retry/starting, reconnected)',
        turn: { kind: 'reconnect', answer: ANSWER, stallMs: 300 },
        text: ANSWER,
    },
    {
        name: 'network trouble the CLI gives up on (no result, RetriableError on stderr)',
        turn: { kind: 'reconnect', answer: ANSWER, giveUp: true },
        kind: 'network',
        text: ANSWER.slice(0, 12),
    },
    { name: 'an error result: usage limit', turn: { kind: 'errorResult', message: "Error: You've hit your usage limit" }, kind: 'usageLimit', text: '' },
    {
        name: 'an error result after some text, in words the extension does not know',
        turn: { kind: 'errorResult', message: 'The agent could not finish this request.', afterText: true, answer: ANSWER },
        kind: 'unknown',
        message: 'The Cursor CLI failed: The agent could not finish this request. See the Cursor log for details.',
        text: ANSWER.slice(0, 12),
    },
    {
        name: 'exit 1: a reconnect the CLI recovered from, then a session in use',
        turn: { kind: 'stderrExit', stderr: 'Connection lost, reconnecting to https://api2.cursor.sh (attempt 1)...\nError: Session ID "6c1f3a52-8f0e-4b8e-9a51-2d3c4b5a6f70" is already in use.' },
        kind: 'sessionInUse',
        text: '',
    },
    {
        name: 'exit 1: a network error whose stack frame holds line 429',
        turn: { kind: 'stderrExit', stderr: 'Error: read ECONNRESET\n    at TLSWrap.onStreamRead (node:internal/stream_base_commons:218:20)\n    at ConnectError.from (file:///agent/index.js:429:17)' },
        kind: 'network',
        text: '',
    },
    { name: 'exit 1: RetriableError [resource_exhausted]', turn: { kind: 'stderrExit', stderr: 'RetriableError: [resource_exhausted] Error\n    at ConnectError.from (file:///agent/index.js:1:1)' }, kind: 'rateLimit', text: '' },
];
/** Runs `fn` with the case's deadlines: the suite's 5 s, or 3600 s for `farDeadlines` cases. */
async function withDeadlines(c, fn) {
    if (!c.farDeadlines)
        return fn();
    const config = () => vscode.workspace.getConfiguration('cursorAgent');
    const keys = ['firstOutputTimeoutSeconds', 'inactivityTimeoutSeconds'];
    const before = keys.map((k) => config().inspect(k)?.globalValue);
    for (const k of keys)
        await config().update(k, 3600, vscode.ConfigurationTarget.Global);
    try {
        return await fn();
    }
    finally {
        for (const [i, k] of keys.entries())
            await config().update(k, before[i], vscode.ConfigurationTarget.Global);
    }
}
describe('faults of a turn, through vscode.lm and @cursor', function () {
    before(async function () {
        this.timeout(30_000);
        (0, support_1.setScenario)({});
        await (0, support_1.cursorModel)('auto', 25_000);
    });
    afterEach(() => (0, support_1.setScenario)({}));
    CASES.forEach((c, i) => {
        const tag = `fault-${i}`;
        const expected = c.message ?? (c.kind ? (0, support_1.userMessage)(c.kind, c.details) : undefined);
        it(`${c.name}: vscode.lm ${c.kind ? `→ ${c.kind}` : 'answers'}`, async function () {
            this.timeout(20_000);
            (0, support_1.setScenario)({ turn: c.turn });
            const before = (0, support_1.fake)().invocations().length;
            const from = (0, support_1.logMark)();
            const o = await withDeadlines(c, () => (0, support_1.lmRequest)(`A question for the fault "${c.name}". ${tag}-lm`));
            assert.strictEqual((0, support_1.turnsSince)(before).length, 1, 'exactly one turn ran (no silent retry)');
            if (expected) {
                (0, support_1.assertLmError)(o, expected, LM_CODE[c.kind] ?? '');
            }
            else {
                (0, support_1.assertLmAnswer)(o, c.text);
            }
            assert.strictEqual(o.text, c.text, 'the text that reached the caller');
            if (c.logs)
                await (0, support_1.waitForLog)(c.logs, from);
            const ms = await (0, support_1.assertAllGone)(c.name);
            console.log(`      (${o.ms} ms; processes gone ${ms} ms after)`);
            await (0, support_1.assertLmRecovered)(`${tag}-lm`);
        });
        it(`${c.name}: @cursor ${c.kind ? `→ ${c.kind}` : 'answers'}`, async function () {
            this.timeout(20_000);
            (0, support_1.setScenario)({ turn: c.turn });
            const before = (0, support_1.fake)().invocations().length;
            const from = (0, support_1.logMark)();
            const t0 = Date.now();
            const r = await withDeadlines(c, () => (0, support_1.chatRequest)(`A question for the fault "${c.name}". ${tag}-chat`));
            const ms = Date.now() - t0;
            assert.strictEqual((0, support_1.turnsSince)(before).length, 1, 'exactly one turn ran (no silent retry)');
            if (expected) {
                await (0, support_1.assertChatError)(r, c.kind, expected, from);
                assert.strictEqual(r.metadata?.answerText ?? '', c.text, 'the partial answer kept in the chat');
                if (c.text)
                    assert.strictEqual(await (0, support_1.renderedAnswer)(), c.text, 'the partial answer the chat panel shows');
            }
            else {
                await (0, support_1.assertChatAnswer)(r, c.text, c.rendered ?? c.text);
            }
            if (c.logs)
                await (0, support_1.waitForLog)(c.logs, from);
            const gone = await (0, support_1.assertAllGone)(c.name);
            console.log(`      (${ms} ms; processes gone ${gone} ms after)`);
            await (0, support_1.assertChatRecovered)(`${tag}-chat`);
        });
    });
});
//# sourceMappingURL=1-stream.test.js.map