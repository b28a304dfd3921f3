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
exports.CHAT_ID_PATTERN = exports.SAFE_ID_PATTERN = exports.CHAT_MODES = void 0;
exports.isChatId = isChatId;
exports.isSafeId = isSafeId;
exports.buildTurnArgs = buildTurnArgs;
exports.versionArgs = versionArgs;
exports.statusArgs = statusArgs;
exports.modelsArgs = modelsArgs;
exports.assertReadOnlyArgs = assertReadOnlyArgs;
/**
 * The argv of every `cursor-agent` invocation. Pure.
 *
 * A turn is always read-only (`--mode plan|ask`): `-p` alone gives the agent
 * write and shell access, so nothing here can emit `--force`, `--yolo`, `-f`
 * or `--sandbox disabled`, and the prompt never goes in argv (it is written to
 * stdin: argv is size-capped and visible to other users in `ps`).
 */
const path = __importStar(require("node:path"));
/** The read-only modes the CLI offers (`--mode <plan|ask>`). */
exports.CHAT_MODES = ['plan', 'ask'];
/**
 * Model ids (`gpt-5`, `claude-opus-4-8[context=1m,effort=high]`) and chat ids
 * (uuids) must match this; they can never look like a flag.
 */
exports.SAFE_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:/[\]=,+-]*$/;
const MAX_ID_LENGTH = 256;
/**
 * The shape of a CLI chat id (`065d6699-0bd7-4d0c-86f5-3cfc5be0e336`): letters,
 * digits and `-`, not starting with `-`, at most 100 characters. Chat ids come
 * back from chat history (saved on disk), so nothing path-like (`/`, `.`, `:`)
 * is accepted for `--resume`.
 */
exports.CHAT_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9-]{0,99}$/;
function isChatId(value) {
    return typeof value === 'string' && exports.CHAT_ID_PATTERN.test(value);
}
/** True when `value` is usable as a model id in argv. */
function isSafeId(value) {
    return value.length > 0 && value.length <= MAX_ID_LENGTH && exports.SAFE_ID_PATTERN.test(value);
}
/**
 * The argv (after the binary) of one chat turn:
 * `-p --output-format stream-json --stream-partial-output --mode <m> [--trust]
 * --workspace <folder> [--model <id>] [--resume <chatId>]`.
 *
 * @throws Error when the mode is not `plan`/`ask`, the workspace is not a
 * non-empty absolute path, or a model/chat id is not a safe id.
 */
function buildTurnArgs(opts) {
    const mode = opts.mode;
    if (typeof mode !== 'string' || !exports.CHAT_MODES.includes(mode)) {
        throw new Error(`Refusing to run cursor-agent: mode must be one of ${exports.CHAT_MODES.join(', ')} (got ${JSON.stringify(mode)}).`);
    }
    const ws = opts.workspace;
    if (typeof ws !== 'string' || ws.trim() === '' || !isAbsoluteAnyPlatform(ws) || /[\0\r\n]/.test(ws)) {
        throw new Error(`Refusing to run cursor-agent: the workspace must be an absolute folder path (got ${JSON.stringify(ws)}).`);
    }
    const args = ['-p', '--output-format', 'stream-json', '--stream-partial-output', '--mode', mode];
    if (opts.trusted === true)
        args.push('--trust');
    args.push('--workspace', ws);
    if (opts.model !== undefined)
        args.push('--model', checkId('model id', opts.model));
    if (opts.resumeChatId !== undefined) {
        if (!isChatId(opts.resumeChatId))
            throw new Error(`Refusing to run cursor-agent: invalid chat id ${JSON.stringify(opts.resumeChatId)} (letters, digits and - only).`);
        args.push('--resume', opts.resumeChatId);
    }
    assertReadOnlyArgs(args);
    return args;
}
/** `cursor-agent --version`: the availability probe. */
function versionArgs() {
    return ['--version'];
}
/** `cursor-agent status --format json`: the auth probe (pretty-printed JSON). */
function statusArgs() {
    return ['status', '--format', 'json'];
}
/** `cursor-agent models`: plain text; the CLI has no JSON option for it. */
function modelsArgs() {
    return ['models'];
}
const FORBIDDEN_LONG_FLAGS = new Set(['--force', '--yolo', '--auto-review', '--approve-mcps']);
/**
 * Last guard before spawning: checks the `cursor-agent` argv (not a launch
 * plan's wrapper argv such as PowerShell's) and throws if it contains anything that lifts the
 * read-only promise (`-f`/`--force`/`--yolo`, `--sandbox disabled`, a short-flag
 * cluster containing `f`, `--mode` other than plan/ask, `--auto-review`,
 * `--approve-mcps`).
 *
 * @throws Error naming the offending argument.
 */
function assertReadOnlyArgs(argv) {
    for (let i = 0; i < argv.length; i++) {
        const arg = argv[i];
        const [name, inlineValue] = splitFlag(arg);
        const fail = (why) => {
            throw new Error(`Refusing to run cursor-agent with \`${arg}\`: ${why}. This extension only runs the agent read-only.`);
        };
        if (FORBIDDEN_LONG_FLAGS.has(name))
            fail('it lets the agent change files or run commands');
        // `-f` and clusters such as `-pf` (the CLI's option parser expands them).
        if (/^-[A-Za-z]{1,4}$/.test(name) && name.includes('f'))
            fail('it lets the agent change files or run commands');
        if (name === '--sandbox') {
            const value = inlineValue ?? argv[i + 1];
            if (value !== 'enabled')
                fail('the sandbox may only be enabled');
        }
        if (name === '--mode') {
            const value = inlineValue ?? argv[i + 1];
            if (value === undefined || !exports.CHAT_MODES.includes(value))
                fail('only plan and ask modes are read-only');
        }
    }
}
function splitFlag(arg) {
    if (!arg.startsWith('--'))
        return [arg, undefined];
    const eq = arg.indexOf('=');
    return eq < 0 ? [arg, undefined] : [arg.slice(0, eq), arg.slice(eq + 1)];
}
function checkId(what, value) {
    if (typeof value !== 'string' || !isSafeId(value)) {
        throw new Error(`Refusing to run cursor-agent: invalid ${what} ${JSON.stringify(value)} (letters, digits and . _ : / [ ] = , + - only, not starting with "-").`);
    }
    return value;
}
/** The workspace may be a POSIX or a Windows path, whatever platform runs the tests. */
function isAbsoluteAnyPlatform(p) {
    return path.posix.isAbsolute(p) || path.win32.isAbsolute(p);
}
//# sourceMappingURL=args.js.map