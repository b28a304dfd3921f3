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
exports.USER_ONLY_SETTINGS = exports.DEFAULT_SETTINGS = void 0;
exports.effectiveValue = effectiveValue;
exports.readSettings = readSettings;
/**
 * The extension's settings, validated. Raw values come from VS Code (which does
 * not enforce the manifest's schema); anything invalid falls back to its
 * default and is reported so the log can say so.
 */
const z = __importStar(require("zod/mini"));
exports.DEFAULT_SETTINGS = {
    path: '',
    model: '',
    mode: 'plan',
    resumeSessions: true,
    firstOutputTimeoutSeconds: 90,
    inactivityTimeoutSeconds: 180,
    showThinking: true,
    modelListCacheMinutes: 60,
    /** Model ids the chat's model picker shows (Manage Models…); empty: the default short list. */
    pickerModels: [],
    /** What runs a turn: ACP when the CLI supports it (auto), always ACP, or always print mode. */
    backend: 'auto',
    /** At most this many `cursor-agent acp` processes live at once (one per workspace folder in use). */
    'acp.maxProcesses': 2,
    /** An ACP process with no turn for this long ends (its chats are loaded again when needed). */
    'acp.idleMinutes': 10,
};
const fields = {
    path: z.string().check(z.maxLength(4096)),
    // Empty, or a model id that can't be read as a flag (no leading `-`).
    model: z.string().check(z.maxLength(200), z.regex(/^(?:[A-Za-z0-9][A-Za-z0-9._:\/\[\]=,+-]*)?$/, 'not a model id')),
    mode: z.enum(['plan', 'ask']),
    resumeSessions: z.boolean(),
    firstOutputTimeoutSeconds: z.number().check(z.gte(5), z.lte(3600)),
    inactivityTimeoutSeconds: z.number().check(z.gte(5), z.lte(3600)),
    showThinking: z.boolean(),
    modelListCacheMinutes: z.number().check(z.gte(0), z.lte(10080)),
    pickerModels: z.array(z.string().check(z.maxLength(200), z.regex(/^[A-Za-z0-9._:\/\[\]=,+-]+$/, 'not a model id'))).check(z.maxLength(500)),
    backend: z.enum(['auto', 'acp', 'print']),
    'acp.maxProcesses': z.number().check(z.int(), z.gte(1), z.lte(8)),
    'acp.idleMinutes': z.number().check(z.gte(1), z.lte(1440)),
};
/**
 * Settings only the user (or a remote machine) sets: values from workspace or
 * folder settings are ignored. `path` picks the binary; `model` and
 * `modelListCacheMinutes` would let a workspace choose the model or make every
 * model-list request start the CLI; `backend` and the `acp.*` bounds would let it keep
 * long-lived processes running. Matches the manifest's machine/application scopes.
 */
exports.USER_ONLY_SETTINGS = ['path', 'model', 'modelListCacheMinutes', 'backend', 'acp.maxProcesses', 'acp.idleMinutes'];
/** The value a setting takes: for {@link USER_ONLY_SETTINGS} the user's own, else the usual precedence. */
function effectiveValue(key, layers) {
    if (!layers)
        return undefined;
    if (exports.USER_ONLY_SETTINGS.includes(key))
        return layers.globalValue ?? layers.defaultValue;
    return layers.workspaceFolderValue ?? layers.workspaceValue ?? layers.globalValue ?? layers.defaultValue;
}
/** Validates raw values (`get(key)` returns whatever the user wrote, or undefined). */
function readSettings(get) {
    const settings = { ...exports.DEFAULT_SETTINGS };
    const problems = [];
    for (const key of Object.keys(fields)) {
        const raw = get(key);
        if (raw === undefined || raw === null)
            continue;
        const parsed = fields[key].safeParse(typeof raw === 'string' ? raw.trim() : raw);
        if (parsed.success) {
            settings[key] = parsed.data;
        }
        else {
            problems.push(`cursorAgent.${key}: ${JSON.stringify(raw).slice(0, 80)} is not valid (${parsed.error.issues[0]?.message ?? 'invalid'}); using ${JSON.stringify(exports.DEFAULT_SETTINGS[key])}`);
        }
    }
    return { settings, problems };
}
//# sourceMappingURL=settingsSchema.js.map