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
// The binary itself changing under the extension: deleted between turns (then
// restored), and the cursorAgent.path setting changed while a turn runs.
const assert = __importStar(require("assert"));
const fs = __importStar(require("fs"));
const vscode = __importStar(require("vscode"));
const fakeCli_1 = require("../../fixtures/fakeCli");
const support_1 = require("./support");
describe('the binary changing between and during turns', function () {
    before(async function () {
        this.timeout(30_000);
        (0, support_1.setScenario)({});
        await (0, support_1.cursorModel)('auto', 25_000);
    });
    afterEach(() => (0, support_1.setScenario)({}));
    it('deleted between turns: "not installed" on both surfaces; restored: both answer again', async function () {
        this.timeout(30_000);
        const bin = (0, support_1.fake)().binPath;
        const saved = fs.readFileSync(bin);
        const mode = fs.statSync(bin).mode;
        // A turn first, so the extension has the binary resolved and cached.
        const warm = 'Warm up. deleted-warm';
        (0, support_1.assertLmAnswer)(await (0, support_1.lmRequest)(warm), (0, support_1.fakeAnswer)('auto', warm));
        const before = (0, support_1.fake)().invocations().length;
        fs.rmSync(bin);
        try {
            const lm = await (0, support_1.lmRequest)('Anyone there? deleted-lm');
            (0, support_1.assertLmError)(lm, (0, support_1.userMessage)('notInstalled'), 'NotFound');
            const from = (0, support_1.logMark)();
            const chat = await (0, support_1.chatRequest)('Anyone there? deleted-chat');
            await (0, support_1.assertChatError)(chat, 'notInstalled', (0, support_1.userMessage)('notInstalled'), from);
            assert.deepStrictEqual((0, support_1.turnsSince)(before), [], 'nothing ran while the binary was missing');
        }
        finally {
            fs.writeFileSync(bin, saved, { mode });
        }
        await (0, support_1.assertAllGone)('binary deleted');
        // The failed chat turn re-probed the CLI: "not installed". The models last listed stay in
        // the picker; asking vscode.lm for them re-checks the CLI (throttled), and the turn runs again.
        const t0 = Date.now();
        const q1 = 'Back again? restored-lm';
        (0, support_1.assertLmAnswer)(await (0, support_1.lmRequest)(q1), (0, support_1.fakeAnswer)('auto', q1));
        console.log(`      (answered ${Date.now() - t0} ms after the binary was restored)`);
        const q2 = 'Back again? restored-chat';
        await (0, support_1.assertChatAnswer)(await (0, support_1.chatRequest)(q2), (0, support_1.fakeAnswer)('auto', q2), (0, support_1.fakeRendered)('auto', q2));
        await (0, support_1.assertAllGone)('binary restored');
    });
    describe('cursorAgent.path changed while a turn runs', () => {
        let other;
        const config = () => vscode.workspace.getConfiguration('cursorAgent');
        let original;
        before(() => {
            original = config().inspect('path')?.globalValue;
        });
        afterEach(async function () {
            this.timeout(10_000);
            if (config().inspect('path')?.globalValue !== original)
                await config().update('path', original, vscode.ConfigurationTarget.Global);
            other?.cleanup();
            other = undefined;
        });
        it('the running turn ends cleanly, the next turn uses the new binary', async function () {
            this.timeout(30_000);
            other = (0, fakeCli_1.createFakeCli)({ scenario: { turn: { kind: 'default', answer: 'Answered by the second binary.' } } });
            (0, support_1.setScenario)({ turn: { kind: 'slowStream', intervalMs: 50, durationMs: 2500 } });
            const before = (0, support_1.fake)().invocations().length;
            const pending = (0, support_1.lmRequest)('A slow answer. path-change');
            const running = await (0, support_1.turnRunning)(before);
            const from = (0, support_1.logMark)();
            await config().update('path', other.binPath, vscode.ConfigurationTarget.Global);
            assert.strictEqual(config().inspect('path')?.globalValue, other.binPath);
            const first = await pending;
            // It ran to its end on the old binary (the setting does not cut a turn short): every delta, in order.
            const n = first.text.trim().split(' ').length;
            assert.ok(n >= 10, `the running turn's answer: ${JSON.stringify(first.text)}`);
            (0, support_1.assertLmAnswer)(first, Array.from({ length: n }, (_, i) => `s${i} `).join(''));
            await (0, support_1.assertAllGone)('path changed mid-turn', [(0, support_1.fake)(), other]);
            assert.ok(!(0, support_1.fake)().livePids().includes(running.pid));
            const second = await (0, support_1.lmRequest)('Which binary? path-change-next-lm');
            (0, support_1.assertLmAnswer)(second, fakeCli_1.FAKE_NARRATION + 'Answered by the second binary.');
            const chat = await (0, support_1.chatRequest)('Which binary? path-change-next-chat');
            await (0, support_1.assertChatAnswer)(chat, fakeCli_1.FAKE_NARRATION + 'Answered by the second binary.', `${fakeCli_1.FAKE_NARRATION}\n\nAnswered by the second binary.`);
            assert.strictEqual((0, support_1.turnsSince)(before).length, 1, 'the old binary ran only the first turn');
            assert.strictEqual((0, support_1.turnsSince)(0, other).length, 2, 'the new binary ran both later turns');
            await (0, support_1.waitForLog)(`[binary] using ${other.binPath}`, from);
            await (0, support_1.assertAllGone)('after the path change', [(0, support_1.fake)(), other]);
        });
    });
});
//# sourceMappingURL=3-binary.test.js.map