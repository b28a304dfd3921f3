/**
 * zod schemas for every `--output-format stream-json` event of the contract.
 * Objects are loose: unknown fields are kept (and counted by the parser), never
 * rejected, because the CLI adds fields between releases.
 */
import { z } from 'zod';

const sessionId = z.string().optional();

export const usageSchema = z.looseObject({
  inputTokens: z.number().optional(),
  outputTokens: z.number().optional(),
  cacheReadTokens: z.number().optional(),
  cacheWriteTokens: z.number().optional(),
});
export type Usage = z.infer<typeof usageSchema>;

export const systemInitSchema = z.looseObject({
  type: z.literal('system'),
  subtype: z.string().optional(),
  session_id: sessionId,
  cwd: z.string().optional(),
  model: z.string().optional(),
  apiKeySource: z.string().optional(),
  permissionMode: z.string().optional(),
});

export const userSchema = z.looseObject({ type: z.literal('user'), session_id: sessionId });

export const thinkingSchema = z.looseObject({
  type: z.literal('thinking'),
  subtype: z.string().optional(),
  text: z.string().optional(),
  session_id: sessionId,
  timestamp_ms: z.number().optional(),
});

const textPart = z.looseObject({ type: z.string(), text: z.string().optional() });

export const assistantSchema = z.looseObject({
  type: z.literal('assistant'),
  message: z.looseObject({
    role: z.string().optional(),
    content: z.array(textPart),
  }),
  session_id: sessionId,
  timestamp_ms: z.number().optional(),
  model_call_id: z.string().optional(),
});

/** `{ <kind>ToolCall: { args?, result? } }`; exactly one kind key is expected. */
const toolBody = z.looseObject({
  args: z.record(z.string(), z.unknown()).optional(),
  result: z.unknown().optional(),
});

export const toolCallSchema = z.looseObject({
  type: z.literal('tool_call'),
  subtype: z.string().optional(),
  call_id: z.string().optional(),
  tool_call: z.record(z.string(), z.unknown()),
  session_id: sessionId,
  timestamp_ms: z.number().optional(),
  model_call_id: z.string().optional(),
});
export { toolBody as toolBodySchema };

export const resultSchema = z.looseObject({
  type: z.literal('result'),
  subtype: z.string().optional(),
  result: z.string().optional(),
  session_id: sessionId,
  request_id: z.string().optional(),
  duration_ms: z.number().optional(),
  duration_api_ms: z.number().optional(),
  is_error: z.boolean().optional(),
  usage: usageSchema.optional(),
  error: z.unknown().optional(),
});

export const connectionSchema = z.looseObject({
  type: z.enum(['connection', 'retry']),
  subtype: z.string().optional(),
});

/** Just enough to dispatch on: every line must be an object with a string `type`. */
export const envelopeSchema = z.looseObject({ type: z.string(), subtype: z.string().optional() });

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
