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
// Every real capture in test/fixtures/samples/*.jsonl, replayed by the fake CLI line for line
// and answered through vscode.lm and @cursor in the extension host: the exact text for the
// answers, and the read-only breach for the one recorded with --force.
const assert = __importStar(require("assert"));
const fs = __importStar(require("fs"));
const path = __importStar(require("path"));
const fakeCli_1 = require("../../fixtures/fakeCli");
const support_1 = require("./support");
const SAMPLES = path.join((0, fakeCli_1.findRepoRoot)(), 'test', 'fixtures', 'samples');
/** The result.result of a sample (its answer). */
function resultOf(name) {
    for (const raw of fs.readFileSync(path.join(SAMPLES, name), 'utf8').split('\n')) {
        const line = raw.replace(/^\d+(?:\.\d+)? (?=\{)/, '');
        if (!line.trim())
            continue;
        const o = JSON.parse(line);
        if (o.type === 'result' && typeof o.result === 'string')
            return o.result;
    }
    throw new Error(`${name} has no result`);
}
const EXPECTED = {
    'dsh-stream-json-nopartial.jsonl': { text: 'alpha' },
    'fusion-cursor-mcp-server-failure.jsonl': { text: 'No MCP servers were available.' },
    'fusion-cursor-mcp-tool-call.jsonl': { text: 'ECHO:hello' },
    'senpi-stream-partial-thinking-success.jsonl': { text: 'STREAMTEST OK\n\nI enjoy a freshly brewed cup of coffee every morning before starting my work day.' },
    // Recorded with --force: the shell command ran, which a read-only turn must not allow.
    'senpi-stream-shell-success-force.jsonl': { text: '명령을 실행해 stdout을 확인합니다.\n', kind: 'policyBreach', details: { detail: 'Running `echo tooltest-force-77`' }, lmCode: 'Blocked' },
};
describe('every real sample, replayed through vscode.lm and @cursor', function () {
    before(async function () {
        this.timeout(30_000);
        (0, support_1.setScenario)({});
        await (0, support_1.cursorModel)('auto', 25_000);
    });
    afterEach(() => (0, support_1.setScenario)({}));
    const names = fs.readdirSync(SAMPLES).filter((n) => n.endsWith('.jsonl')).sort();
    it('knows what each sample must show (a new sample needs an expectation here)', () => {
        assert.deepStrictEqual(names, Object.keys(EXPECTED).sort());
        for (const [name, c] of Object.entries(EXPECTED))
            if (!c.kind)
                assert.strictEqual(c.text, resultOf(name), name);
    });
    for (const name of names) {
        const c = EXPECTED[name];
        if (!c)
            continue;
        const expected = c.kind ? (0, support_1.userMessage)(c.kind, c.details) : undefined;
        it(`${name}: vscode.lm ${c.kind ? `→ ${c.kind}` : 'shows the answer exactly once'}`, async function () {
            this.timeout(20_000);
            (0, support_1.setScenario)({ turn: { kind: 'replay', sample: name, timing: 'none' } });
            const before = (0, support_1.fake)().invocations().length;
            const o = await (0, support_1.lmRequest)(`Replay ${name} (lm)`);
            assert.strictEqual((0, support_1.turnsSince)(before).length, 1);
            if (expected) {
                (0, support_1.assertLmError)(o, expected, c.lmCode ?? '');
                assert.ok(c.text.startsWith(o.text), `not a prefix of what was shown: ${JSON.stringify(o.text)}`);
            }
            else {
                (0, support_1.assertLmAnswer)(o, c.text);
            }
            await (0, support_1.assertAllGone)(name);
        });
        it(`${name}: @cursor ${c.kind ? `→ ${c.kind}` : 'shows the answer exactly once'}`, async function () {
            this.timeout(20_000);
            (0, support_1.setScenario)({ turn: { kind: 'replay', sample: name, timing: 'none' } });
            const before = (0, support_1.fake)().invocations().length;
            const from = (0, support_1.logMark)();
            const r = await (0, support_1.chatRequest)(`Replay ${name} (chat)`);
            assert.strictEqual((0, support_1.turnsSince)(before).length, 1);
            if (expected) {
                await (0, support_1.assertChatError)(r, c.kind, expected, from);
                assert.strictEqual(r.metadata?.answerText ?? '', c.text, 'the partial answer kept in the chat');
            }
            else {
                await (0, support_1.assertChatAnswer)(r, c.text);
            }
            await (0, support_1.assertAllGone)(name);
        });
    }
});
//# sourceMappingURL=4-samples.test.js.map