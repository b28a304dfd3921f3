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
const args_1 = require("../../../src/cli/args");
const FORBIDDEN = ['-f', '--force', '--yolo'];
describe('buildTurnArgs', () => {
    it('builds the documented read-only turn command line', () => {
        assert.deepEqual((0, args_1.buildTurnArgs)({ mode: 'plan', workspace: '/home/u/proj', trusted: true, model: 'gpt-5', resumeChatId: '8c3a2f1e-0b7d-4c6e-9f1a-2b3c4d5e6f70' }), [
            '-p', '--output-format', 'stream-json', '--stream-partial-output', '--mode', 'plan', '--trust',
            '--workspace', '/home/u/proj', '--model', 'gpt-5', '--resume', '8c3a2f1e-0b7d-4c6e-9f1a-2b3c4d5e6f70',
        ]);
    });
    it('leaves out --trust for a folder VS Code does not trust, and model/resume when not given', () => {
        assert.deepEqual((0, args_1.buildTurnArgs)({ mode: 'ask', workspace: 'C:\\Users\\A User\\proj', trusted: false }), [
            '-p', '--output-format', 'stream-json', '--stream-partial-output', '--mode', 'ask', '--workspace', 'C:\\Users\\A User\\proj',
        ]);
    });
    it('accepts parameterised model ids with brackets', () => {
        const args = (0, args_1.buildTurnArgs)({ mode: 'plan', workspace: '/w', trusted: true, model: 'claude-opus-4-8[context=1m,effort=high,fast=false]' });
        assert.equal(args[args.indexOf('--model') + 1], 'claude-opus-4-8[context=1m,effort=high,fast=false]');
    });
    it('refuses any mode other than plan or ask, so the agent can never write files', () => {
        for (const mode of ['agent', 'force', '', 'PLAN', undefined, 1]) {
            assert.throws(() => (0, args_1.buildTurnArgs)({ mode: mode, workspace: '/w', trusted: true }), /mode must be one of plan, ask/);
        }
    });
    it('refuses model and chat ids that could be read as flags or are unsafe', () => {
        for (const bad of ['--force', '-f', '', ' gpt', 'gpt 5', 'a;rm -rf', 'x\ny', 'a"b', '$(id)', 'x'.repeat(300)]) {
            assert.throws(() => (0, args_1.buildTurnArgs)({ mode: 'plan', workspace: '/w', trusted: true, model: bad }), /invalid model id/);
            assert.throws(() => (0, args_1.buildTurnArgs)({ mode: 'plan', workspace: '/w', trusted: true, resumeChatId: bad }), /invalid chat id/);
        }
    });
    it('resumes only ids shaped like a real chat id, never a path from edited chat history', () => {
        for (const bad of ['a/../../../x', '../x', 'a.b', 'c:d', 'chat/1', 'a'.repeat(101), '-abc']) {
            assert.throws(() => (0, args_1.buildTurnArgs)({ mode: 'plan', workspace: '/w', trusted: true, resumeChatId: bad }), /invalid chat id/);
        }
        assert.deepEqual((0, args_1.buildTurnArgs)({ mode: 'plan', workspace: '/w', trusted: true, resumeChatId: 'B2c3-0bd7' }).slice(-2), ['--resume', 'B2c3-0bd7']);
    });
    it('refuses a relative, empty or multi-line workspace', () => {
        for (const ws of ['', '   ', 'proj', './proj', '-f', '/w\n--force']) {
            assert.throws(() => (0, args_1.buildTurnArgs)({ mode: 'plan', workspace: ws, trusted: true }), /absolute folder path/);
        }
    });
    it('never produces a write-enabling flag, whatever it is given', () => {
        const inputs = ['--force', '-f', '--yolo', '--sandbox', 'disabled', 'plan --force', 'auto'];
        for (const model of [undefined, ...inputs]) {
            for (const chat of [undefined, ...inputs]) {
                let args;
                try {
                    args = (0, args_1.buildTurnArgs)({ mode: 'plan', workspace: '/w', trusted: true, model, resumeChatId: chat });
                }
                catch {
                    continue;
                }
                for (const f of FORBIDDEN)
                    assert.ok(!args.includes(f), `${f} in ${args.join(' ')}`);
                assert.ok(!args.includes('--sandbox'));
                (0, args_1.assertReadOnlyArgs)(args);
            }
        }
    });
});
describe('probe args', () => {
    it('runs the version, status and models commands exactly as documented', () => {
        assert.deepEqual((0, args_1.versionArgs)(), ['--version']);
        assert.deepEqual((0, args_1.statusArgs)(), ['status', '--format', 'json']);
        assert.deepEqual((0, args_1.modelsArgs)(), ['models']);
    });
});
describe('assertReadOnlyArgs', () => {
    it('stops a launch that would let the agent write or run commands', () => {
        const forbidden = [
            ['-p', '-f'], ['-p', '--force'], ['--yolo'], ['-pf'], ['--force=true'], ['--sandbox', 'disabled'], ['--sandbox=disabled'],
            ['--mode', 'agent'], ['--mode=agent'], ['--mode'], ['--auto-review'], ['--approve-mcps'],
        ];
        for (const argv of forbidden) {
            assert.throws(() => (0, args_1.assertReadOnlyArgs)(argv), /Refusing to run cursor-agent/, argv.join(' '));
        }
    });
    it('lets read-only turns and probes through', () => {
        (0, args_1.assertReadOnlyArgs)((0, args_1.buildTurnArgs)({ mode: 'plan', workspace: '/w', trusted: true, model: 'auto' }));
        (0, args_1.assertReadOnlyArgs)(['--mode=ask', '--sandbox', 'enabled']);
        (0, args_1.assertReadOnlyArgs)((0, args_1.statusArgs)());
        (0, args_1.assertReadOnlyArgs)((0, args_1.modelsArgs)());
        (0, args_1.assertReadOnlyArgs)((0, args_1.versionArgs)());
    });
});
describe('isSafeId', () => {
    it('accepts real model ids and session uuids', () => {
        for (const id of ['auto', 'gpt-5', 'sonnet-4-thinking', 'composer-2.5-fast', 'models/x:1', 'a+b=c', '8c3a2f1e-0b7d-4c6e-9f1a-2b3c4d5e6f70'])
            assert.ok((0, args_1.isSafeId)(id), id);
    });
});
//# sourceMappingURL=args.test.js.map