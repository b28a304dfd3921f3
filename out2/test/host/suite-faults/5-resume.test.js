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
// A follow-up resumes the CLI chat that holds the conversation. When the CLI no longer knows
// that chat, it may say so ("No previous chats found.") or silently start an empty chat under
// another id; either way the turn reruns as a fresh chat with the visible history, once.
const assert = __importStar(require("assert"));
const fs = __importStar(require("fs"));
const path = __importStar(require("path"));
const vscode = __importStar(require("vscode"));
const support_1 = require("./support");
const argValue = (argv, flag) => (argv.includes(flag) ? argv[argv.indexOf(flag) + 1] : undefined);
/** The fake forgets every chat it issued (as after a CLI reinstall or on another machine). */
function forgetChats() {
    fs.rmSync(path.join((0, support_1.fake)().dir, 'sessions'), { recursive: true, force: true });
}
const BEHAVIOURS = [
    ['says "No previous chats found."', { unknownResume: 'noPreviousChats' }],
    ['silently starts a new chat', { unknownResume: 'freshChat' }],
];
describe('resuming a chat the CLI has forgotten', function () {
    before(async function () {
        this.timeout(30_000);
        (0, support_1.setScenario)({});
        await (0, support_1.cursorModel)('auto', 25_000);
    });
    afterEach(() => (0, support_1.setScenario)({}));
    BEHAVIOURS.forEach(([what, scenario], i) => {
        it(`@cursor: when the CLI ${what}, the follow-up reruns as a fresh chat with the history`, async function () {
            this.timeout(30_000);
            (0, support_1.setScenario)(scenario);
            const q1 = `Where is hello defined? forgot-chat-${i}-one`;
            const q2 = `And what does it return? forgot-chat-${i}-two`;
            const first = await (0, support_1.chatRequest)(q1);
            assert.strictEqual(first.errorDetails, undefined, JSON.stringify(first));
            forgetChats();
            const before = (0, support_1.fake)().invocations().length;
            const second = await (0, support_1.chatRequest)(q2, false);
            assert.strictEqual(second.errorDetails, undefined, JSON.stringify(second));
            const turns = (0, support_1.turnsSince)(before);
            assert.strictEqual(turns.length, 2, 'one resume attempt, then one fresh run');
            assert.strictEqual(argValue(turns[0].argv, '--resume'), first.metadata?.cursorSessionId);
            assert.strictEqual(argValue(turns[1].argv, '--resume'), undefined);
            assert.ok(turns[1].stdin?.includes(q1) && turns[1].stdin.includes(q2), `the fresh chat lacks the history: ${JSON.stringify(turns[1].stdin)}`);
            assert.strictEqual(second.metadata?.answerText, (0, support_1.fakeAnswer)('auto', turns[1].stdin ?? ''));
            assert.notStrictEqual(second.metadata?.cursorSessionId, first.metadata?.cursorSessionId);
            await (0, support_1.assertAllGone)(what);
        });
        it(`vscode.lm: when the CLI ${what}, the follow-up reruns as a fresh chat with the history`, async function () {
            this.timeout(30_000);
            (0, support_1.setScenario)(scenario);
            const model = await (0, support_1.cursorModel)('auto');
            const q1 = `First question. forgot-lm-${i}-one`;
            const q2 = `Second question. forgot-lm-${i}-two`;
            const read = async (r) => {
                let t = '';
                for await (const p of r.text)
                    t += p;
                return t;
            };
            const a1 = await read(await model.sendRequest([vscode.LanguageModelChatMessage.User(q1)], {}, new vscode.CancellationTokenSource().token));
            forgetChats();
            const before = (0, support_1.fake)().invocations().length;
            const a2 = await read(await model.sendRequest([vscode.LanguageModelChatMessage.User(q1), vscode.LanguageModelChatMessage.Assistant(a1), vscode.LanguageModelChatMessage.User(q2)], {}, new vscode.CancellationTokenSource().token));
            const turns = (0, support_1.turnsSince)(before);
            assert.strictEqual(turns.length, 2, 'one resume attempt, then one fresh run');
            assert.ok(argValue(turns[0].argv, '--resume'));
            assert.strictEqual(argValue(turns[1].argv, '--resume'), undefined);
            assert.ok(turns[1].stdin?.includes(q1) && turns[1].stdin.includes(a1) && turns[1].stdin.includes(q2));
            // Only the fresh chat's answer reaches the caller (nothing from the abandoned run).
            assert.strictEqual(a2, (0, support_1.fakeAnswer)('auto', turns[1].stdin ?? ''));
            await (0, support_1.assertAllGone)(what);
        });
    });
});
//# sourceMappingURL=5-resume.test.js.map