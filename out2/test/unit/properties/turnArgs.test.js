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
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
/**
 * Property: whatever reaches buildTurnArgs (a hand-edited setting, a stored
 * chat id, a model id with a flag in it), the agent is either not started or
 * started read-only: `--mode plan|ask`, never `--force`/`-f`/`--yolo`/
 * `--sandbox disabled`, `--trust` only for a trusted folder, and no prompt
 * text in argv.
 */
const assert = __importStar(require("node:assert/strict"));
const fast_check_1 = __importDefault(require("fast-check"));
const args_1 = require("../../../src/cli/args");
const support_1 = require("./support");
const NASTY = [
    '--force', '-f', '--yolo', '--sandbox disabled', '--sandbox=disabled', '--sandbox', 'disabled', '-pf', '--mode', 'agent', '--trust', '--auto-review', '--approve-mcps',
    '-', '--', ' ', '',
];
/** Strings that look like flags, contain spaces or newlines, or are anything at all. */
const hostile = fast_check_1.default.oneof(fast_check_1.default.constantFrom(...NASTY), fast_check_1.default.string(), fast_check_1.default.string({ unit: 'binary' }), fast_check_1.default.tuple(fast_check_1.default.constantFrom(...NASTY), fast_check_1.default.string(), fast_check_1.default.constantFrom(' ', '\n', '\r\n', '\t', '=', '')).map(([a, b, sep]) => `${b}${sep}${a}`), fast_check_1.default.tuple(fast_check_1.default.constantFrom(...NASTY), fast_check_1.default.string(), fast_check_1.default.constantFrom(' ', '\n', '=', '')).map(([a, b, sep]) => `${a}${sep}${b}`), fast_check_1.default.constantFrom('gpt-5', 'auto', 'claude-opus-4-8[context=1m,effort=high]', 'sonnet-4.5', '065d6699-0bd7-4d0c-86f5-3cfc5be0e336', 'a b', 'x\n--force', 'sonnet --force'));
const modeArb = fast_check_1.default.oneof({ weight: 6, arbitrary: fast_check_1.default.constantFrom('plan', 'ask') }, fast_check_1.default.constantFrom('plan', 'ask', '--force', 'yolo', 'agent', 'Plan', 'ASK', ' plan', 'plan ', 'plan\n', 'plan --force', ''), hostile, fast_check_1.default.constantFrom(undefined, null, 0, true, ['plan'], { toString: () => 'plan' }));
const absPath = fast_check_1.default.oneof(fast_check_1.default.string().map((s) => `/${s}`), fast_check_1.default.string().map((s) => `C:\\${s}`), fast_check_1.default.string().map((s) => `\\\\server\\share\\${s}`), fast_check_1.default.constantFrom('/home/u/proj', 'C:\\Users\\A User\\proj', '/tmp/--force', '/tmp/x --yolo', '/x\n--force', '/x\r', '/x\0y'));
const workspaceArb = fast_check_1.default.oneof({ weight: 6, arbitrary: absPath }, hostile, fast_check_1.default.constantFrom(undefined, null, 42));
const trustedArb = fast_check_1.default.oneof({ weight: 4, arbitrary: fast_check_1.default.boolean() }, fast_check_1.default.constantFrom('true', 1, undefined, null));
/** Inputs a correct caller passes: must always be accepted. */
const safeId = fast_check_1.default.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._:/[\]=,+-]{0,80}$/);
const goodOptsArb = fast_check_1.default.record({
    mode: fast_check_1.default.constantFrom('plan', 'ask'),
    workspace: fast_check_1.default.oneof(fast_check_1.default.constantFrom('/home/u/proj', 'C:\\Users\\A User\\proj', '\\\\server\\share\\proj', '/tmp/--force'), fast_check_1.default.string({ unit: 'grapheme' }).filter((s) => !/[\0\r\n]/.test(s)).map((s) => `/${s}`)),
    trusted: fast_check_1.default.boolean(),
    model: fast_check_1.default.option(safeId, { nil: undefined }),
    // Chat ids have the shape of the CLI's (issue 12: nothing path-like from chat history).
    resumeChatId: fast_check_1.default.option(fast_check_1.default.oneof(fast_check_1.default.uuid(), fast_check_1.default.stringMatching(/^[A-Za-z0-9][A-Za-z0-9-]{0,99}$/)), { nil: undefined }),
});
const idArb = fast_check_1.default.oneof({ weight: 4, arbitrary: fast_check_1.default.constant(undefined) }, { weight: 3, arbitrary: safeId }, hostile, fast_check_1.default.constantFrom(null, 7, ['gpt-5']));
const optsArb = fast_check_1.default.record({ mode: modeArb, workspace: workspaceArb, trusted: trustedArb, model: idArb, resumeChatId: idArb });
/** The read-only promise, checked on an argv independently of assertReadOnlyArgs. */
function checkReadOnly(argv, opts) {
    for (const [i, a] of argv.entries()) {
        assert.ok(!['--force', '-f', '--yolo', '--sandbox=disabled'].includes(a), `argv has ${a}`);
        assert.ok(!(a === '--sandbox' && argv[i + 1] === 'disabled'), 'argv has --sandbox disabled');
        assert.ok(!/[\r\n]/.test(a), `argv element ${JSON.stringify(a)} has a newline (prompt text belongs on stdin)`);
    }
    assert.doesNotThrow(() => (0, args_1.assertReadOnlyArgs)(argv));
    const modes = argv.flatMap((a, i) => (a === '--mode' ? [argv[i + 1]] : []));
    assert.equal(modes.length, 1, 'exactly one --mode');
    assert.ok(modes[0] === 'plan' || modes[0] === 'ask');
    assert.equal(modes[0], opts.mode);
    assert.equal(argv.includes('--trust'), opts.trusted === true, '--trust iff the folder is trusted');
    // The exact shape: every flag is ours, and every value sits right after its flag.
    assert.deepEqual(argv, [
        '-p', '--output-format', 'stream-json', '--stream-partial-output',
        '--mode', opts.mode,
        ...(opts.trusted === true ? ['--trust'] : []),
        '--workspace', opts.workspace,
        ...(opts.model !== undefined ? ['--model', opts.model] : []),
        ...(opts.resumeChatId !== undefined ? ['--resume', opts.resumeChatId] : []),
    ]);
    // A value can never be read as a flag by the CLI's option parser.
    for (const flag of ['--workspace', '--model', '--resume']) {
        const i = argv.indexOf(flag);
        if (i >= 0)
            assert.ok(!argv[i + 1].startsWith('-'), `${flag} value ${JSON.stringify(argv[i + 1])} looks like a flag`);
    }
}
describe('properties: every chat turn is started read-only', function () {
    this.timeout(30_000);
    it('for any mode, folder, trust, model and chat id, the turn is refused or its argv is read-only', () => {
        let accepted = 0;
        let refused = 0;
        fast_check_1.default.assert(fast_check_1.default.property(optsArb, (opts) => {
            let argv;
            try {
                argv = (0, args_1.buildTurnArgs)(opts);
            }
            catch (e) {
                assert.ok(e instanceof Error);
                assert.match(e.message, /^Refusing to run cursor-agent/);
                refused++;
                return;
            }
            checkReadOnly(argv, opts);
            accepted++;
        }), (0, support_1.params)(3000));
        // Both outcomes are exercised, not just the refusals.
        assert.ok(accepted >= (accepted + refused) / 20, `only ${accepted} of ${accepted + refused} runs built an argv`);
        assert.ok(refused >= (accepted + refused) / 20, `only ${refused} of ${accepted + refused} runs were refused`);
    });
    it('refuses any mode other than plan or ask, so a bad setting can never start a writing agent', () => {
        fast_check_1.default.assert(fast_check_1.default.property(modeArb.filter((m) => m !== 'plan' && m !== 'ask'), goodOptsArb, (mode, good) => {
            assert.throws(() => (0, args_1.buildTurnArgs)({ ...good, mode: mode }), /mode must be one of plan, ask/);
        }), (0, support_1.params)(500));
    });
    it('refuses a model or chat id that starts with "-" or holds whitespace, so it cannot smuggle a flag in', () => {
        const smuggled = fast_check_1.default.oneof(fast_check_1.default.constantFrom(...NASTY.filter((n) => n !== 'disabled' && n !== 'agent')), fast_check_1.default.tuple(fast_check_1.default.string(), fast_check_1.default.constantFrom(' ', '\t', '\n', '\r')).map(([s, w]) => `a${w}${s}`), fast_check_1.default.string().map((s) => `-${s}`));
        fast_check_1.default.assert(fast_check_1.default.property(goodOptsArb, smuggled, fast_check_1.default.boolean(), (good, bad, asModel) => {
            const opts = asModel ? { ...good, model: bad } : { ...good, resumeChatId: bad };
            assert.throws(() => (0, args_1.buildTurnArgs)(opts), /invalid (model|chat) id/);
        }), (0, support_1.params)(500));
    });
    it('accepts every well-formed request (plan/ask, absolute folder, safe ids) and builds the documented argv', () => {
        fast_check_1.default.assert(fast_check_1.default.property(goodOptsArb, (opts) => {
            checkReadOnly((0, args_1.buildTurnArgs)(opts), opts);
        }), (0, support_1.params)(1000));
    });
    it('the last guard refuses an argv with a writing flag slipped in anywhere', () => {
        const slipped = fast_check_1.default.constantFrom(['--force'], ['-f'], ['--yolo'], ['-pf'], ['-fp'], ['--sandbox', 'disabled'], ['--sandbox=disabled'], ['--sandbox'], ['--mode', 'agent'], ['--mode=agent'], ['--force=true'], ['--auto-review'], ['--approve-mcps']);
        fast_check_1.default.assert(fast_check_1.default.property(goodOptsArb, slipped, fast_check_1.default.nat(), (opts, extra, at) => {
            const argv = (0, args_1.buildTurnArgs)(opts);
            const i = at % (argv.length + 1);
            const bad = [...argv.slice(0, i), ...extra, ...argv.slice(i)];
            assert.throws(() => (0, args_1.assertReadOnlyArgs)(bad), /Refusing to run cursor-agent/);
        }), (0, support_1.params)(1000));
    });
});
//# sourceMappingURL=turnArgs.test.js.map