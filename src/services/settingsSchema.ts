/**
 * The extension's settings, declared once ({@link SETTINGS}) and validated.
 * Raw values come from VS Code (which does not enforce the manifest's schema);
 * anything invalid falls back to its default and is reported so the log can
 * say so. The validators, {@link DEFAULT_SETTINGS} and {@link USER_ONLY_SETTINGS}
 * are derived from the table; a unit test checks package.json's
 * `contributes.configuration` against it field by field.
 */
import * as z from 'zod/mini';
import { CHAT_MODES } from '../cli/args';
import { isModelId, MODEL_ID_SETTING_PATTERN } from '../cli/modelId';

/** `cursorAgent.backend`: ACP when the CLI supports it (auto), always ACP, or always print mode. */
export const BACKEND_SETTINGS = ['auto', 'acp', 'print'] as const;
export type BackendSetting = (typeof BACKEND_SETTINGS)[number];

/**
 * Where a setting may be set, as the manifest's `scope`: `window` (the manifest's default, not written
 * there) lets workspaces set it; `machine`/`application` are user-only (workspace values are ignored).
 */
export type SettingScope = 'window' | 'machine' | 'application';

/** One row of the table: what the manifest declares and the validator that enforces it. */
export interface SettingSpec<T> {
  /** The manifest's `type` (`items` for arrays: always strings here). */
  type: 'string' | 'number' | 'integer' | 'boolean' | 'array';
  default: T;
  minimum?: number;
  maximum?: number;
  enum?: readonly string[];
  /** The manifest's `pattern`, when it declares one. */
  pattern?: string;
  scope: SettingScope;
  validate: z.ZodMiniType<T>;
}

type Scoped = { scope?: SettingScope };
const text = (o: Scoped & { default: string; maxLength: number }): SettingSpec<string> => ({
  type: 'string',
  default: o.default,
  scope: o.scope ?? 'window',
  validate: z.string().check(z.maxLength(o.maxLength)),
});
const flag = (o: Scoped & { default: boolean }): SettingSpec<boolean> => ({
  type: 'boolean',
  default: o.default,
  scope: o.scope ?? 'window',
  validate: z.boolean(),
});
const count = (o: Scoped & { default: number; minimum: number; maximum: number; integer?: true }): SettingSpec<number> => ({
  type: o.integer ? 'integer' : 'number',
  default: o.default,
  minimum: o.minimum,
  maximum: o.maximum,
  scope: o.scope ?? 'window',
  validate: o.integer ? z.number().check(z.int(), z.gte(o.minimum), z.lte(o.maximum)) : z.number().check(z.gte(o.minimum), z.lte(o.maximum)),
});
const oneOf = <const E extends readonly [string, ...string[]]>(values: E, o: Scoped & { default: E[number] }): SettingSpec<E[number]> => ({
  type: 'string',
  default: o.default,
  enum: values,
  scope: o.scope ?? 'window',
  validate: z.enum(values),
});

/** Every `cursorAgent.*` setting. Keep package.json's `contributes.configuration` in step (a test compares them). */
export const SETTINGS = {
  /** The binary; user-only: a workspace must not pick what runs. */
  path: text({ default: '', maxLength: 4096, scope: 'machine' }),
  /** Empty (the CLI's default) or a model id ({@link isModelId}); user-only: a workspace must not choose the model. */
  model: {
    type: 'string',
    default: '',
    pattern: MODEL_ID_SETTING_PATTERN,
    scope: 'application',
    validate: z.string().check(z.refine((v) => v === '' || isModelId(v), 'not a model id')),
  } satisfies SettingSpec<string>,
  mode: oneOf(CHAT_MODES, { default: 'plan' }),
  resumeSessions: flag({ default: true }),
  firstOutputTimeoutSeconds: count({ default: 90, minimum: 5, maximum: 3600 }),
  inactivityTimeoutSeconds: count({ default: 180, minimum: 5, maximum: 3600 }),
  showThinking: flag({ default: true }),
  /** VS Code's own question carousel and to-do list where the running VS Code lets @cursor drive them (services/chatUi/nativeChatTools.ts). */
  nativeChatUi: flag({ default: true }),
  /** User-only: a workspace could make every model-list request start the CLI. */
  modelListCacheMinutes: count({ default: 60, minimum: 0, maximum: 10080, scope: 'application' }),
  /** Model ids the chat's model picker shows (Manage Models…); empty: the default short list. */
  pickerModels: {
    type: 'array',
    default: [] as string[],
    scope: 'application',
    validate: z.array(z.string().check(z.refine(isModelId, 'not a model id'))).check(z.maxLength(500)),
  } satisfies SettingSpec<string[]>,
  /** What runs a turn; user-only (with the `acp.*` bounds): a workspace could keep long-lived processes running. */
  backend: oneOf(BACKEND_SETTINGS, { default: 'auto', scope: 'application' }),
  /** At most this many `cursor-agent acp` processes live at once (one per workspace folder in use). */
  'acp.maxProcesses': count({ default: 2, minimum: 1, maximum: 8, integer: true, scope: 'application' }),
  /** An ACP process with no turn for this long ends (its chats are loaded again when needed). */
  'acp.idleMinutes': count({ default: 10, minimum: 1, maximum: 1440, scope: 'application' }),
  /** A `cursor-agent acp` process started when a window opens, waiting for the first question; user-only. */
  'acp.warmStart': flag({ default: true, scope: 'application' }),
  /** VS Code's diagnostics, editors and language intelligence for the agent (an MCP server, ACP only); user-only. */
  editorTools: flag({ default: true, scope: 'application' }),
  /** The `ask_cursor` MCP server for VS Code's own agents (a loopback server of this window); user-only. */
  askServer: flag({ default: true, scope: 'application' }),
};

export type Settings = { -readonly [K in keyof typeof SETTINGS]: (typeof SETTINGS)[K]['default'] };
const KEYS = Object.keys(SETTINGS) as Array<keyof Settings>;
const specOf = (key: keyof Settings): SettingSpec<unknown> => SETTINGS[key] as SettingSpec<unknown>;

export const DEFAULT_SETTINGS: Settings = Object.fromEntries(KEYS.map((k) => [k, specOf(k).default])) as Settings;

/**
 * Settings only the user (or a remote machine) sets: values from workspace or
 * folder settings are ignored (the table's machine/application scopes).
 */
export const USER_ONLY_SETTINGS: ReadonlyArray<keyof Settings> = KEYS.filter((k) => specOf(k).scope !== 'window');

/** What `WorkspaceConfiguration.inspect()` returns, as far as it is read here. */
export interface SettingLayers {
  defaultValue?: unknown;
  globalValue?: unknown;
  workspaceValue?: unknown;
  workspaceFolderValue?: unknown;
}

/** The value a setting takes: for {@link USER_ONLY_SETTINGS} the user's own, else the usual precedence. */
export function effectiveValue(key: keyof Settings, layers: SettingLayers | undefined): unknown {
  if (!layers) return undefined;
  if (USER_ONLY_SETTINGS.includes(key)) return layers.globalValue ?? layers.defaultValue;
  return layers.workspaceFolderValue ?? layers.workspaceValue ?? layers.globalValue ?? layers.defaultValue;
}

export interface SettingsReadResult {
  settings: Settings;
  /** One line per setting that was invalid and fell back to its default. */
  problems: string[];
}

/** Validates raw values (`get(key)` returns whatever the user wrote, or undefined). */
export function readSettings(get: (key: keyof Settings) => unknown): SettingsReadResult {
  const settings = { ...DEFAULT_SETTINGS };
  const problems: string[] = [];
  for (const key of KEYS) {
    const raw = get(key);
    if (raw === undefined || raw === null) continue;
    const parsed = specOf(key).validate.safeParse(typeof raw === 'string' ? raw.trim() : raw);
    if (parsed.success) {
      (settings as Record<string, unknown>)[key] = parsed.data;
    } else {
      problems.push(
        `cursorAgent.${key}: ${JSON.stringify(raw).slice(0, 80)} is not valid (${parsed.error.issues[0]?.message ?? 'invalid'}); ` +
          `using ${JSON.stringify(DEFAULT_SETTINGS[key])}`,
      );
    }
  }
  return { settings, problems };
}
