/**
 * zod schemas for every `--output-format stream-json` event of the contract.
 * Objects are loose: unknown fields are kept (and counted by the parser), never
 * rejected, because the CLI adds fields between releases.
 */
import * as z from 'zod/mini';

const sessionId = z.optional(z.string());

export const usageSchema = z.looseObject({
  inputTokens: z.optional(z.number()),
  outputTokens: z.optional(z.number()),
  cacheReadTokens: z.optional(z.number()),
  cacheWriteTokens: z.optional(z.number()),
});
export type Usage = z.infer<typeof usageSchema>;

export const systemInitSchema = z.looseObject({
  type: z.literal('system'),
  subtype: z.optional(z.string()),
  session_id: sessionId,
  cwd: z.optional(z.string()),
  model: z.optional(z.string()),
  apiKeySource: z.optional(z.string()),
  permissionMode: z.optional(z.string()),
});

export const userSchema = z.looseObject({ type: z.literal('user'), session_id: sessionId });

export const thinkingSchema = z.looseObject({
  type: z.literal('thinking'),
  subtype: z.optional(z.string()),
  text: z.optional(z.string()),
  session_id: sessionId,
  timestamp_ms: z.optional(z.number()),
});

const textPart = z.looseObject({ type: z.string(), text: z.optional(z.string()) });

export const assistantSchema = z.looseObject({
  type: z.literal('assistant'),
  message: z.looseObject({
    role: z.optional(z.string()),
    content: z.array(textPart),
  }),
  session_id: sessionId,
  timestamp_ms: z.optional(z.number()),
  model_call_id: z.optional(z.string()),
});

/** `{ <kind>ToolCall: { args?, result? } }`; exactly one kind key is expected. */
const toolBody = z.looseObject({
  args: z.optional(z.record(z.string(), z.unknown())),
  result: z.optional(z.unknown()),
});

export const toolCallSchema = z.looseObject({
  type: z.literal('tool_call'),
  subtype: z.optional(z.string()),
  call_id: z.optional(z.string()),
  tool_call: z.record(z.string(), z.unknown()),
  session_id: sessionId,
  timestamp_ms: z.optional(z.number()),
  model_call_id: z.optional(z.string()),
});
export { toolBody as toolBodySchema };

export const resultSchema = z.looseObject({
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

export const connectionSchema = z.looseObject({
  type: z.enum(['connection', 'retry']),
  subtype: z.optional(z.string()),
});

/** Just enough to dispatch on: every line must be an object with a string `type`. */
export const envelopeSchema = z.looseObject({ type: z.string(), subtype: z.optional(z.string()) });

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
