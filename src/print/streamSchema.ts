/**
 * zod schemas for every `--output-format stream-json` event of the contract.
 * Unknown fields are never rejected (the CLI adds fields between releases): the
 * schemas strip them, and the parser counts them against KNOWN_FIELDS (the
 * schemas' own fields).
 */
import * as z from 'zod/mini';
import type { Usage } from '../turn/events';

const sessionId = z.optional(z.string());

export const usageSchema = z.object({
  inputTokens: z.optional(z.number()),
  outputTokens: z.optional(z.number()),
  cacheReadTokens: z.optional(z.number()),
  cacheWriteTokens: z.optional(z.number()),
});
/** The schema reads exactly the turn vocabulary's Usage: a compile error here if the two drift apart. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const USAGE_SCHEMA_IS_THE_VOCABULARY: Same<z.infer<typeof usageSchema>, Usage> = true;

export const systemInitSchema = z.object({
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

export const toolCallSchema = z.object({
  type: z.literal('tool_call'),
  subtype: z.optional(z.string()),
  call_id: z.optional(z.string()),
  tool_call: z.record(z.string(), z.unknown()),
  session_id: sessionId,
  timestamp_ms: z.optional(z.number()),
  model_call_id: z.optional(z.string()),
});

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
  thinking_blocks: unread(),
});

/** What a `retry` event carries; a `connection` event may also name the `url`. */
const retryShape = { subtype: z.optional(z.string()), session_id: unread(), timestamp_ms: unread(), attempt: unread(), message: unread() };

export const connectionSchema = z.object({ type: z.enum(['connection', 'retry']), ...retryShape, url: unread() });

/** Just enough to dispatch on: a JSON object with a string `type` and, if any, a string `subtype` (checked by hand: it runs on every line). */
export function envelopeOf(raw: unknown): { type: string; fields: Record<string, unknown> } | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  const { type, subtype } = raw as { type?: unknown; subtype?: unknown };
  if (typeof type !== 'string' || (subtype !== undefined && typeof subtype !== 'string')) return undefined;
  return { type, fields: raw as Record<string, unknown> };
}

const fieldsOf = (shape: object): ReadonlySet<string> => new Set(Object.keys(shape));

/** Fields each known event type is documented to carry (for counting unknown fields): the schemas' own. */
export const KNOWN_FIELDS: Record<string, ReadonlySet<string>> = {
  system: fieldsOf(systemInitSchema.shape),
  user: fieldsOf(userShape),
  thinking: fieldsOf(thinkingSchema.shape),
  assistant: fieldsOf(assistantSchema.shape),
  tool_call: fieldsOf(toolCallSchema.shape),
  result: fieldsOf(resultSchema.shape),
  connection: fieldsOf(connectionSchema.shape),
  retry: fieldsOf({ type: true, ...retryShape }),
};
