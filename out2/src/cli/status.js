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
exports.parseStatusOutput = parseStatusOutput;
exports.extractJsonObject = extractJsonObject;
/**
 * Parses `cursor-agent status --format json` into an auth state. Pure.
 *
 * The output is pretty-printed, multi-line JSON. Logged out still exits 0, so
 * `isAuthenticated` decides, never the exit code. A locked macOS keychain and
 * the IDE launcher without the IDE are their own states (stderr), not
 * "logged out". Only the email and the CLI's own message are kept: nothing
 * else from the output (tokens, ids) reaches the result.
 */
const z = __importStar(require("zod/mini"));
const failureClassifier_1 = require("./failureClassifier");
const jsonDepth_1 = require("./jsonDepth");
const cliText_1 = require("./cliText");
const redact_1 = require("./redact");
const MAX_TEXT = 300;
/** What the classifier reads of each stream: its end (the CLI's last words), a few KB. */
const CLASSIFY_CHARS = 4096;
/** Real status JSON is under 1 KB; more is not status output. */
const MAX_JSON_CHARS = 64 * 1024;
const optionalText = () => z.catch(z.optional(z.string()), undefined);
const StatusSchema = z.looseObject({
    isAuthenticated: z.optional(z.boolean()),
    status: optionalText(),
    message: optionalText(),
    userInfo: z.catch(z.nullish(z.looseObject({ email: optionalText() })), undefined),
});
/**
 * @param exitCode only used to describe a failure when there is no JSON.
 * Never throws.
 */
function parseStatusOutput(stdout, stderr, exitCode) {
    const stderrKind = (0, failureClassifier_1.classifyStderr)(tail(stderr));
    if (stderrKind === 'keychainLocked')
        return { state: 'keychainLocked' };
    if (stderrKind === 'ideLauncherOnly')
        return { state: 'ideLauncherOnly' };
    const parsed = StatusSchema.safeParse(extractJsonObject(stdout));
    if (parsed.success) {
        const s = parsed.data;
        const authenticated = s.isAuthenticated ?? (s.status === 'authenticated' ? true : s.status === 'unauthenticated' ? false : undefined);
        if (authenticated === true) {
            const email = s.userInfo?.email?.trim();
            return email ? { state: 'loggedIn', email: (0, redact_1.redactSecrets)(email.slice(0, MAX_TEXT)) } : { state: 'loggedIn' };
        }
        if (authenticated === false) {
            const message = s.message?.trim();
            return message ? { state: 'loggedOut', message: (0, redact_1.redactSecrets)(message.slice(0, MAX_TEXT)) } : { state: 'loggedOut' };
        }
    }
    // No usable JSON: the same wordings may have gone to stdout.
    const stdoutKind = (0, failureClassifier_1.classifyStderr)(tail(stdout));
    if (stdoutKind === 'keychainLocked')
        return { state: 'keychainLocked' };
    if (stdoutKind === 'ideLauncherOnly')
        return { state: 'ideLauncherOnly' };
    const firstErr = firstLine(stderr);
    if (stderrKind === 'loggedOut' || stdoutKind === 'loggedOut') {
        const message = firstErr ?? firstLine(stdout);
        return message ? { state: 'loggedOut', message } : { state: 'loggedOut' };
    }
    const why = parsed.success ? 'the status JSON has no isAuthenticated field' : 'no status JSON in the output';
    const detail = firstErr ?? (exitCode !== null && exitCode !== 0 ? `exit code ${exitCode}` : undefined);
    return { state: 'error', detail: detail ? `${why}: ${detail}` : why };
}
/**
 * The JSON object between the first `{` and the last `}` (tolerates noise
 * lines around it); undefined if none parses, or it is larger or more deeply
 * nested than status output ever is.
 */
function extractJsonObject(text) {
    const start = text.indexOf('{');
    const end = text.lastIndexOf('}');
    if (start < 0 || end <= start || end - start >= MAX_JSON_CHARS)
        return undefined;
    const json = text.slice(start, end + 1);
    if ((0, jsonDepth_1.exceedsJsonDepth)(json))
        return undefined;
    try {
        return JSON.parse(json);
    }
    catch {
        return undefined;
    }
}
/** The first non-blank line, cut to 300 characters and redacted: it is logged and shown. */
function firstLine(text) {
    let from = 0;
    while (from < text.length) {
        const nl = text.indexOf('\n', from);
        const end = nl === -1 ? text.length : nl;
        // Cut before cleaning: a megabyte-long line costs no more than a short one.
        const line = (0, cliText_1.cleanCliLine)(text.slice(from, Math.min(end, from + 4 * MAX_TEXT)));
        if (line)
            return (0, redact_1.redactSecrets)(line.slice(0, MAX_TEXT));
        from = end + 1;
    }
    return undefined;
}
function tail(text) {
    return text.length <= CLASSIFY_CHARS ? text : text.slice(text.length - CLASSIFY_CHARS);
}
//# sourceMappingURL=status.js.map