/**
 * zod schemas for the ACP messages the extension reads from `cursor-agent acp`
 * (see test/fixtures/acp/samples/ for real captures). Unknown fields are stripped,
 * never rejected; unknown `sessionUpdate` kinds are counted by the caller.
 */
import * as z from 'zod/mini';

const text = z.object({ type: z.string(), text: z.optional(z.string()) });

export const initializeResultSchema = z.object({
  protocolVersion: z.number(),
  agentCapabilities: z.optional(
    z.object({
      loadSession: z.optional(z.boolean()),
      promptCapabilities: z.optional(z.object({ image: z.optional(z.boolean()) })),
      /** `list: {}` when the agent answers `session/list` (the real CLI does). */
      sessionCapabilities: z.optional(z.object({ list: z.optional(z.nullable(z.unknown())) })),
    }),
  ),
  authMethods: z.optional(z.array(z.object({ id: z.string() }))),
});
export type InitializeResult = z.infer<typeof initializeResultSchema>;

const modeSchema = z.object({ id: z.string(), name: z.optional(z.string()) });
const selectValue = z.object({ value: z.string(), name: z.optional(z.string()) });
/** A select option is a value, or a group of values (ACP allows both). */
const selectEntry = z.union([selectValue, z.object({ group: z.optional(z.string()), name: z.optional(z.string()), options: z.array(selectValue) })]);

export const configOptionSchema = z.object({
  id: z.string(),
  name: z.optional(z.string()),
  category: z.optional(z.nullable(z.string())),
  type: z.optional(z.string()),
  currentValue: z.optional(z.union([z.string(), z.boolean()])),
  options: z.optional(z.array(selectEntry)),
});
export type ConfigOption = z.infer<typeof configOptionSchema>;

/** `session/new` and `session/load` results (the load result has no sessionId). */
export const sessionSetupSchema = z.object({
  sessionId: z.optional(z.string()),
  modes: z.optional(z.nullable(z.object({ currentModeId: z.string(), availableModes: z.optional(z.array(modeSchema)) }))),
  models: z.optional(
    z.object({
      currentModelId: z.optional(z.string()),
      availableModels: z.optional(z.array(z.object({ modelId: z.string(), name: z.optional(z.string()) }))),
    }),
  ),
  configOptions: z.optional(z.nullable(z.array(configOptionSchema))),
});
export type SessionSetup = z.infer<typeof sessionSetupSchema>;

export const setConfigResultSchema = z.object({ configOptions: z.optional(z.array(configOptionSchema)) });

export const promptResultSchema = z.object({ stopReason: z.string() });

const location = z.object({ path: z.string(), line: z.optional(z.nullable(z.number())) });
const toolContent = z.object({
  type: z.string(),
  path: z.optional(z.string()),
  oldText: z.optional(z.nullable(z.string())),
  newText: z.optional(z.string()),
  content: z.optional(text),
});

/** Fields shared by `tool_call` and `tool_call_update`. */
const toolFields = {
  toolCallId: z.string(),
  title: z.optional(z.nullable(z.string())),
  kind: z.optional(z.nullable(z.string())),
  status: z.optional(z.nullable(z.string())),
  /** Any JSON per the protocol; only an object's fields are read (see `keepInput`). */
  rawInput: z.optional(z.unknown()),
  locations: z.optional(z.nullable(z.array(location))),
  content: z.optional(z.nullable(z.array(toolContent))),
  /** Per tool; `{rejected: true}` when the client rejected the call. */
  rawOutput: z.optional(z.unknown()),
};

export const todoStatus = z.enum(['pending', 'in_progress', 'completed', 'cancelled']);

/** The `update` of a `session/update` notification, one schema per known kind. */
export const UPDATE_SCHEMAS = {
  agent_message_chunk: z.object({ content: text }),
  agent_thought_chunk: z.object({ content: text }),
  user_message_chunk: z.object({ content: text }),
  tool_call: z.object(toolFields),
  tool_call_update: z.object(toolFields),
  plan: z.object({ entries: z.array(z.object({ content: z.string(), status: z.optional(z.string()), priority: z.optional(z.string()) })) }),
  current_mode_update: z.object({ currentModeId: z.string() }),
  session_info_update: z.object({ title: z.optional(z.nullable(z.string())) }),
  available_commands_update: z.object({}),
  config_option_update: z.object({ configOptions: z.optional(z.array(configOptionSchema)) }),
} as const;
export type UpdateKind = keyof typeof UPDATE_SCHEMAS;
export type UpdateOf<K extends UpdateKind> = z.infer<(typeof UPDATE_SCHEMAS)[K]>;

export const sessionUpdateParamsSchema = z.object({
  sessionId: z.string(),
  update: z.object({ sessionUpdate: z.string() }),
});

export const permissionRequestSchema = z.object({
  sessionId: z.optional(z.string()),
  toolCall: z.optional(
    z.object({ toolCallId: z.optional(z.string()), title: z.optional(z.nullable(z.string())), kind: z.optional(z.nullable(z.string())) }),
  ),
  options: z.array(z.object({ optionId: z.string(), kind: z.optional(z.string()), name: z.optional(z.string()) })),
});

export const createPlanSchema = z.object({
  toolCallId: z.optional(z.string()),
  name: z.optional(z.string()),
  overview: z.optional(z.string()),
  plan: z.optional(z.string()),
  /** Read a bounded number at a time by the caller, as {@link todoRowSchema}s. */
  todos: z.optional(z.array(z.unknown())),
});

/** A row of `cursor/update_todos`: with `merge: true` only the rows that moved, often `{id, status}` alone. */
const todoRow = z.object({ id: z.optional(z.string()), content: z.optional(z.string()), status: z.optional(z.string()) });

/** Its `todos` are read by the caller a bounded number at a time (never the whole array in one go). */
export const updateTodosSchema = z.object({
  toolCallId: z.optional(z.string()),
  merge: z.optional(z.boolean()),
  todos: z.optional(z.array(z.unknown())),
});
export const todoRowSchema = todoRow;
