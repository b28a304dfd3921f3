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
exports.KNOWN_FIELDS = exports.connectionSchema = exports.resultSchema = exports.toolCallSchema = exports.assistantSchema = exports.thinkingSchema = exports.systemInitSchema = exports.usageSchema = void 0;
exports.envelopeOf = envelopeOf;
/**
 * zod schemas for every `--output-format stream-json` event of the contract.
 * Unknown fields are never rejected (the CLI adds fields between releases): the
 * schemas strip them, and the parser counts them against KNOWN_FIELDS (the
 * schemas' own fields).
 */
const z = __importStar(require("zod/mini"));
const sessionId = z.optional(z.string());
exports.usageSchema = z.object({
    inputTokens: z.optional(z.number()),
    outputTokens: z.optional(z.number()),
    cacheReadTokens: z.optional(z.number()),
    cacheWriteTokens: z.optional(z.number()),
});
exports.systemInitSchema = z.object({
    type: z.literal('system'),
    subtype: z.optional(z.string()),
    session_id: sessionId,
    cwd: z.optional(z.string()),
    model: z.optional(z.string()),
    apiKeySource: z.optional(z.string()),
    permissionMode: z.optional(z.string()),
});
/** Known fields only: a value the parser never reads, whatever its type. */
const unread = () => z.optional(z.unknown());
/** The prompt echoed back (never shown, so never parsed): its known fields. */
const userShape = { type: z.literal('user'), message: unread(), session_id: unread() };
exports.thinkingSchema = z.object({
    type: z.literal('thinking'),
    subtype: z.optional(z.string()),
    text: z.optional(z.string()),
    session_id: sessionId,
    timestamp_ms: z.optional(z.number()),
});
const textPart = z.object({ type: z.string(), text: z.optional(z.string()) });
exports.assistantSchema = z.object({
    type: z.literal('assistant'),
    message: z.object({
        role: z.optional(z.string()),
        content: z.array(textPart),
    }),
    session_id: sessionId,
    timestamp_ms: z.optional(z.number()),
    model_call_id: z.optional(z.string()),
});
exports.toolCallSchema = z.object({
    type: z.literal('tool_call'),
    subtype: z.optional(z.string()),
    call_id: z.optional(z.string()),
    tool_call: z.record(z.string(), z.unknown()),
    session_id: sessionId,
    timestamp_ms: z.optional(z.number()),
    model_call_id: z.optional(z.string()),
});
exports.resultSchema = z.object({
    type: z.literal('result'),
    subtype: z.optional(z.string()),
    result: z.optional(z.string()),
    session_id: sessionId,
    request_id: z.optional(z.string()),
    duration_ms: z.optional(z.number()),
    duration_api_ms: z.optional(z.number()),
    is_error: z.optional(z.boolean()),
    usage: z.optional(exports.usageSchema),
    error: z.optional(z.unknown()),
    thinking_blocks: unread(),
});
/** What a `retry` event carries; a `connection` event may also name the `url`. */
const retryShape = { subtype: z.optional(z.string()), session_id: unread(), timestamp_ms: unread(), attempt: unread(), message: unread() };
exports.connectionSchema = z.object({ type: z.enum(['connection', 'retry']), ...retryShape, url: unread() });
/** Just enough to dispatch on: a JSON object with a string `type` and, if any, a string `subtype` (checked by hand: it runs on every line). */
function envelopeOf(raw) {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
        return undefined;
    const { type, subtype } = raw;
    if (typeof type !== 'string' || (subtype !== undefined && typeof subtype !== 'string'))
        return undefined;
    return { type, fields: raw };
}
const fieldsOf = (shape) => new Set(Object.keys(shape));
/** Fields each known event type is documented to carry (for counting unknown fields): the schemas' own. */
exports.KNOWN_FIELDS = {
    system: fieldsOf(exports.systemInitSchema.shape),
    user: fieldsOf(userShape),
    thinking: fieldsOf(exports.thinkingSchema.shape),
    assistant: fieldsOf(exports.assistantSchema.shape),
    tool_call: fieldsOf(exports.toolCallSchema.shape),
    result: fieldsOf(exports.resultSchema.shape),
    connection: fieldsOf(exports.connectionSchema.shape),
    retry: fieldsOf({ type: true, ...retryShape }),
};
//# sourceMappingURL=streamSchema.js.map