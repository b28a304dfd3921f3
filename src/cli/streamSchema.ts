/**
 * zod schemas for every `--output-format stream-json` event of the contract.
 * Unknown fields are never rejected (the CLI adds fields between releases): the
 * schemas strip them, and the parser counts them against KNOWN_FIELDS.
 */
import * as z from 'zod/mini';

const sessionId = z.optional(z.string());

export const usageSchema = z.object({
  inputTokens: z.optional(z.number()),
  outputTokens: z.optional(z.number()),
  cacheReadTokens: z.optional(z.number()),
  cacheWriteTokens: z.optional(z.number()),
});
export type Usage = z.infer<typeof usageSchema>;

export const systemInitSchema = z.object({
  type: z.literal('system'),
  subtype: z.optional(z.string()),
  session_id: sessionId,
  cwd: z.optional(z.string()),
  model: z.optional(z.string()),
  apiKeySource: z.optional(z.string()),
  permissionMode: z.optional(z.string()),
});

export const userSchema = z.object({ type: z.literal('user'), session_id: sessionId });

export const thinkingSchema = z.object({
  type: z.literal('thinking'),
  subtype: z.optional(z.string()),
  text: z.optional(z.string()),
  session_id: sessionId,
  timestamp_ms: z.optional(z.number()),
});

const textPart = z.object({ type: z.string(), text: z.optional(z.string()) });

export const assistantSchema = z.object({
  type: z.literal('assistant'),
  message: z.object({
    role: z.optional(z.string()),
    content: z.array(textPart),
  }),
  session_id: sessionId,
  timestamp_ms: z.optional(z.number()),
  model_call_id: z.optional(z.string()),
});

/** `{ <kind>ToolCall: { args?, result? } }`; exactly one kind key is expected. */
const toolBody = z.object({
  args: z.optional(z.record(z.string(), z.unknown())),
  result: z.optional(z.unknown()),
});

export const toolCallSchema = z.object({
  type: z.literal('tool_call'),
  subtype: z.optional(z.string()),
  call_id: z.optional(z.string()),
  tool_call: z.record(z.string(), z.unknown()),
  session_id: sessionId,
  timestamp_ms: z.optional(z.number()),
  model_call_id: z.optional(z.string()),
});
export { toolBody as toolBodySchema };

export const resultSchema = z.object({
  type: z.literal('result'),
  subtype: z.optional(z.string()),
  result: z.optional(z.string()),
  session_id: sessionId,
  request_id: z.optional(z.string()),
  duration_ms: z.optional(z.number()),
  duration_api_ms: z.optional(z.number()),
  is_error: z.optional(z.boolean()),
  usage: z.optional(usageSchema),
  error: z.optional(z.unknown()),
});

export const connectionSchema = z.object({
  type: z.enum(['connection', 'retry']),
  subtype: z.optional(z.string()),
});

/** Just enough to dispatch on: a JSON object with a string `type` and, if any, a string `subtype` (checked by hand: it runs on every line). */
export function envelopeOf(raw: unknown): { type: string; fields: Record<string, unknown> } | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  const { type, subtype } = raw as { type?: unknown; subtype?: unknown };
  if (typeof type !== 'string' || (subtype !== undefined && typeof subtype !== 'string')) return undefined;
  return { type, fields: raw as Record<string, unknown> };
}

/** Fields each known event type is documented to carry (for counting unknown fields). */
export const KNOWN_FIELDS: Record<string, ReadonlySet<string>> = {
  system: new Set(['type', 'subtype', 'session_id', 'cwd', 'model', 'apiKeySource', 'permissionMode']),
  user: new Set(['type', 'message', 'session_id']),
  thinking: new Set(['type', 'subtype', 'text', 'session_id', 'timestamp_ms']),
  assistant: new Set(['type', 'message', 'session_id', 'timestamp_ms', 'model_call_id']),
  tool_call: new Set(['type', 'subtype', 'call_id', 'tool_call', 'session_id', 'timestamp_ms', 'model_call_id']),
  result: new Set(['type', 'subtype', 'result', 'session_id', 'request_id', 'duration_ms', 'duration_api_ms', 'is_error', 'usage', 'error', 'thinking_blocks']),
  connection: new Set(['type', 'subtype', 'session_id', 'timestamp_ms', 'url', 'attempt', 'message']),
  retry: new Set(['type', 'subtype', 'session_id', 'timestamp_ms', 'attempt', 'message']),
};
