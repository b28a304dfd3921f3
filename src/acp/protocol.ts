/**
 * The ACP protocol as its authors publish it (`@agentclientprotocol/sdk`, the
 * official TypeScript SDK), checked against this project's schemas at compile
 * time: every message the SDK's types call valid must be one {@link ./schema}
 * reads. A schema that rejects a field the protocol allows (a `null` where the
 * SDK says `T | null`) fails `npm run check-types` here, so the schemas follow
 * the protocol as the SDK grows. Types only: nothing of the SDK is bundled.
 *
 * Only one direction is checked. The schemas are deliberately wider than the
 * protocol (a `kind` or `status` is any string, unknown `sessionUpdate` kinds
 * are counted, not rejected), so our types are not assignable back to the SDK's.
 * `models` in a session setup and the `cursor/*` methods are Cursor's extensions,
 * not in the SDK: they have no check.
 *
 * Why the SDK's connection (`client()`, `ndJsonStream`) is not used, measured
 * (docs/architecture.md, "Libraries"): it rejects a `session/update` of a kind it
 * does not know before any handler sees it (we tolerate and count those), it
 * parses every line under 32 MB whole (an 8 MB line of nested `[` stalled the
 * host 3 s; our framing in ./wire.ts bounds depth and size), and it would grow
 * the production bundle by 57 %.
 */
// The package ships ES modules with an `exports` map only: node16 resolution reads the map, and this CommonJS
// file asks for its ES module side (`resolution-mode`), which is allowed for a type-only import (no code).
import type * as sdk from '@agentclientprotocol/sdk' with { 'resolution-mode': 'import' };
import type * as z from 'zod/mini';
import * as s from './schema';

/** Compiles only when every `Sdk` value is a valid input of the schema (`Sdk` assignable to it). */
export type Reads<Schema extends z.ZodMiniType, Sdk extends z.input<Schema>> = [Schema, Sdk];
type UpdateOfKind<K extends s.UpdateKind> = Extract<sdk.SessionUpdate, { sessionUpdate: K }>;

/** The compile-time checks; exported so the compiler keeps them (never used at run time). */
export type ProtocolChecks = [
  Reads<typeof s.initializeResultSchema, sdk.InitializeResponse>,
  Reads<typeof s.sessionSetupSchema, sdk.NewSessionResponse>,
  Reads<typeof s.sessionSetupSchema, sdk.LoadSessionResponse>,
  Reads<typeof s.setConfigResultSchema, sdk.SetSessionConfigOptionResponse>,
  Reads<typeof s.configOptionSchema, sdk.SessionConfigOption>,
  Reads<typeof s.promptResultSchema, sdk.PromptResponse>,
  Reads<typeof s.sessionUpdateParamsSchema, sdk.SessionNotification>,
  Reads<typeof s.permissionRequestSchema, sdk.RequestPermissionRequest>,
  Reads<(typeof s.UPDATE_SCHEMAS)['agent_message_chunk'], UpdateOfKind<'agent_message_chunk'>>,
  Reads<(typeof s.UPDATE_SCHEMAS)['agent_thought_chunk'], UpdateOfKind<'agent_thought_chunk'>>,
  Reads<(typeof s.UPDATE_SCHEMAS)['user_message_chunk'], UpdateOfKind<'user_message_chunk'>>,
  Reads<(typeof s.UPDATE_SCHEMAS)['tool_call'], UpdateOfKind<'tool_call'>>,
  Reads<(typeof s.UPDATE_SCHEMAS)['tool_call_update'], UpdateOfKind<'tool_call_update'>>,
  Reads<(typeof s.UPDATE_SCHEMAS)['plan'], UpdateOfKind<'plan'>>,
  Reads<(typeof s.UPDATE_SCHEMAS)['current_mode_update'], UpdateOfKind<'current_mode_update'>>,
  Reads<(typeof s.UPDATE_SCHEMAS)['session_info_update'], UpdateOfKind<'session_info_update'>>,
  // available_commands_update: no field is read (its schema is `{}`), nothing to check.
  Reads<(typeof s.UPDATE_SCHEMAS)['config_option_update'], UpdateOfKind<'config_option_update'>>,
];
