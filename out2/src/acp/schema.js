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
exports.updateTodosSchema = exports.createPlanSchema = exports.permissionRequestSchema = exports.sessionUpdateParamsSchema = exports.UPDATE_SCHEMAS = exports.todoStatus = exports.promptResultSchema = exports.setConfigResultSchema = exports.sessionSetupSchema = exports.configOptionSchema = exports.initializeResultSchema = void 0;
/**
 * zod schemas for the ACP messages the extension reads from `cursor-agent acp`
 * (see test/fixtures/acp/samples/ for real captures). Unknown fields are stripped,
 * never rejected; unknown `sessionUpdate` kinds are counted by the caller.
 */
const z = __importStar(require("zod/mini"));
const text = z.object({ type: z.string(), text: z.optional(z.string()) });
exports.initializeResultSchema = z.object({
    protocolVersion: z.number(),
    agentCapabilities: z.optional(z.object({
        loadSession: z.optional(z.boolean()),
        promptCapabilities: z.optional(z.object({ image: z.optional(z.boolean()) })),
    })),
    authMethods: z.optional(z.array(z.object({ id: z.string() }))),
});
const modeSchema = z.object({ id: z.string(), name: z.optional(z.string()) });
const selectValue = z.object({ value: z.string(), name: z.optional(z.string()) });
/** A select option is a value, or a group of values (ACP allows both). */
const selectEntry = z.union([selectValue, z.object({ group: z.optional(z.string()), name: z.optional(z.string()), options: z.array(selectValue) })]);
exports.configOptionSchema = z.object({
    id: z.string(),
    name: z.optional(z.string()),
    category: z.optional(z.string()),
    type: z.optional(z.string()),
    currentValue: z.optional(z.union([z.string(), z.boolean()])),
    options: z.optional(z.array(selectEntry)),
});
/** `session/new` and `session/load` results (the load result has no sessionId). */
exports.sessionSetupSchema = z.object({
    sessionId: z.optional(z.string()),
    modes: z.optional(z.object({ currentModeId: z.string(), availableModes: z.optional(z.array(modeSchema)) })),
    models: z.optional(z.object({
        currentModelId: z.optional(z.string()),
        availableModels: z.optional(z.array(z.object({ modelId: z.string(), name: z.optional(z.string()) }))),
    })),
    configOptions: z.optional(z.array(exports.configOptionSchema)),
});
exports.setConfigResultSchema = z.object({ configOptions: z.optional(z.array(exports.configOptionSchema)) });
exports.promptResultSchema = z.object({ stopReason: z.string() });
const location = z.object({ path: z.string(), line: z.optional(z.number()) });
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
    title: z.optional(z.string()),
    kind: z.optional(z.string()),
    status: z.optional(z.string()),
    rawInput: z.optional(z.record(z.string(), z.unknown())),
    locations: z.optional(z.array(location)),
    content: z.optional(z.array(toolContent)),
};
exports.todoStatus = z.enum(['pending', 'in_progress', 'completed', 'cancelled']);
/** The `update` of a `session/update` notification, one schema per known kind. */
exports.UPDATE_SCHEMAS = {
    agent_message_chunk: z.object({ content: text }),
    agent_thought_chunk: z.object({ content: text }),
    user_message_chunk: z.object({ content: text }),
    tool_call: z.object(toolFields),
    tool_call_update: z.object(toolFields),
    plan: z.object({ entries: z.array(z.object({ content: z.string(), status: z.optional(z.string()), priority: z.optional(z.string()) })) }),
    current_mode_update: z.object({ currentModeId: z.string() }),
    session_info_update: z.object({ title: z.optional(z.nullable(z.string())) }),
    available_commands_update: z.object({}),
    config_option_update: z.object({ configOptions: z.optional(z.array(exports.configOptionSchema)) }),
};
exports.sessionUpdateParamsSchema = z.object({
    sessionId: z.string(),
    update: z.object({ sessionUpdate: z.string() }),
});
exports.permissionRequestSchema = z.object({
    sessionId: z.optional(z.string()),
    toolCall: z.optional(z.object({ toolCallId: z.optional(z.string()), title: z.optional(z.string()), kind: z.optional(z.string()) })),
    options: z.array(z.object({ optionId: z.string(), kind: z.optional(z.string()), name: z.optional(z.string()) })),
});
const todoItem = z.object({ id: z.optional(z.string()), content: z.string(), status: z.optional(z.string()) });
exports.createPlanSchema = z.object({
    toolCallId: z.optional(z.string()),
    name: z.optional(z.string()),
    overview: z.optional(z.string()),
    plan: z.optional(z.string()),
    todos: z.optional(z.array(todoItem)),
});
exports.updateTodosSchema = z.object({ toolCallId: z.optional(z.string()), merge: z.optional(z.boolean()), todos: z.optional(z.array(todoItem)) });
//# sourceMappingURL=schema.js.map