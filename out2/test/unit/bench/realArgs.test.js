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
const realArgs_1 = require("../../../bench/realArgs");
describe('npm run bench -- --real: arguments and report', () => {
    it('plain `npm run bench` and named benchmarks still run the fakes', () => {
        assert.deepEqual((0, realArgs_1.parseBenchArgs)([]), { mode: 'fakes', names: [] });
        assert.deepEqual((0, realArgs_1.parseBenchArgs)(['firstText', 'backends']), { mode: 'fakes', names: ['firstText', 'backends'] });
    });
    it('--real takes --turns and --prompt, in both spellings, with defaults', () => {
        assert.deepEqual((0, realArgs_1.parseBenchArgs)(['--real']), { mode: 'real', turns: realArgs_1.DEFAULT_REAL_TURNS, prompt: realArgs_1.DEFAULT_REAL_PROMPT });
        assert.deepEqual((0, realArgs_1.parseBenchArgs)(['--real', '--turns', '3', '--prompt', 'Say hi']), { mode: 'real', turns: 3, prompt: 'Say hi' });
        assert.deepEqual((0, realArgs_1.parseBenchArgs)(['--turns=8', '--real']), { mode: 'real', turns: 8, prompt: realArgs_1.DEFAULT_REAL_PROMPT });
    });
    it('a bad turn count, a missing value or an unknown option is refused with the usage, not run', () => {
        for (const argv of [['--real', '--turns', '0'], ['--real', '--turns', 'many'], ['--real', '--turns', '2.5'], ['--real', '--turns'], ['--real', '--fast'], ['--turns', '3']]) {
            const r = (0, realArgs_1.parseBenchArgs)(argv);
            assert.equal(r.mode, 'error', argv.join(' '));
        }
        const r = (0, realArgs_1.parseBenchArgs)(['--real', 'firstText']);
        assert.ok(r.mode === 'error' && /not named benchmarks/.test(r.message));
    });
    it('never runs in CI', () => {
        assert.match((0, realArgs_1.refuseReal)({ CI: 'true' }) ?? '', /never runs in CI/);
        assert.match((0, realArgs_1.refuseReal)({ CI: '1' }) ?? '', /never runs in CI/);
        assert.equal((0, realArgs_1.refuseReal)({}), undefined);
        assert.equal((0, realArgs_1.refuseReal)({ CI: '' }), undefined);
    });
    it('the report shows both backends per turn, the later turns’ medians, failures and the prepared session', () => {
        const run = {
            cli: '/usr/local/bin/cursor-agent',
            version: '2026.10.01-e373342',
            workspace: '/tmp/x',
            prompt: 'Say hi',
            acpPrepareMs: 2650,
            print: [
                { firstTextMs: 6100, totalMs: 7300, processes: 1 },
                { firstTextMs: 5900, totalMs: 7000, processes: 1 },
                { firstTextMs: 6300, totalMs: 7400, processes: 1 },
            ],
            acp: [
                { firstTextMs: 3100, totalMs: 4200, processes: 0 },
                { firstTextMs: 2900, totalMs: 4000, processes: 0 },
                { totalMs: 30, processes: 0, error: 'usageLimit: You have reached your usage limit' },
            ],
            acpRssMb: 210.4,
        };
        const text = (0, realArgs_1.formatRealReport)(run);
        const lines = text.split('\n');
        assert.match(text, /2026\.10\.01-e373342/);
        assert.match(text, /session\/new before turn 1 .*: 2\.65 s/);
        const row = (label) => lines.find((l) => l.startsWith(label))?.trim().split(/\s{2,}/);
        assert.deepEqual(row('1 '), ['1', '6.10 s', '7.30 s', '1', '3.10 s', '4.20 s', '0']);
        assert.deepEqual(row('3 '), ['3', '6.30 s', '7.40 s', '1', '-', '30 ms', '0']);
        // Turns 2–3: print 5.9 and 6.3 → 6.1; the failed ACP turn is left out of the median.
        assert.deepEqual(row('median 2–3'), ['median 2–3', '6.10 s', '7.20 s', '1', '2.90 s', '4.00 s', '0']);
        assert.deepEqual(row('all 3'), ['all 3', '21.70 s', '3', '8.23 s', '0']);
        assert.match(text, /acp turn 3 failed: usageLimit: You have reached your usage limit/);
        assert.match(text, /acp process RSS after the last turn: 210 MB/);
    });
});
//# sourceMappingURL=realArgs.test.js.map