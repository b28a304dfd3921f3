/**
 * The extension's settings, validated. Raw values come from VS Code (which does
 * not enforce the manifest's schema); anything invalid falls back to its
 * default and is reported so the log can say so.
 */
import * as z from 'zod/mini';
import { isModelId } from '../cli/modelId';

export const DEFAULT_SETTINGS = {
  path: '',
  model: '',
  mode: 'plan' as 'plan' | 'ask',
  resumeSessions: true,
  firstOutputTimeoutSeconds: 90,
  inactivityTimeoutSeconds: 180,
  showThinking: true,
  modelListCacheMinutes: 60,
  /** Model ids the chat's model picker shows (Manage Models…); empty: the default short list. */
  pickerModels: [] as string[],
  /** What runs a turn: ACP when the CLI supports it (auto), always ACP, or always print mode. */
  backend: 'auto' as 'auto' | 'acp' | 'print',
  /** At most this many `cursor-agent acp` processes live at once (one per workspace folder in use). */
  'acp.maxProcesses': 2,
  /** An ACP process with no turn for this long ends (its chats are loaded again when needed). */
  'acp.idleMinutes': 10,
};
export type Settings = typeof DEFAULT_SETTINGS;

const fields = {
  path: z.string().check(z.maxLength(4096)),
  // Empty, or a model id that can't be read as a flag (no leading `-`).
  model: z.string().check(z.refine((v) => v === '' || isModelId(v), 'not a model id')),
  mode: z.enum(['plan', 'ask']),
  resumeSessions: z.boolean(),
  firstOutputTimeoutSeconds: z.number().check(z.gte(5), z.lte(3600)),
  inactivityTimeoutSeconds: z.number().check(z.gte(5), z.lte(3600)),
  showThinking: z.boolean(),
  modelListCacheMinutes: z.number().check(z.gte(0), z.lte(10080)),
  pickerModels: z.array(z.string().check(z.refine(isModelId, 'not a model id'))).check(z.maxLength(500)),
  backend: z.enum(['auto', 'acp', 'print']),
  'acp.maxProcesses': z.number().check(z.int(), z.gte(1), z.lte(8)),
  'acp.idleMinutes': z.number().check(z.gte(1), z.lte(1440)),
} satisfies { [K in keyof Settings]: z.ZodMiniType<Settings[K]> };

/**
 * Settings only the user (or a remote machine) sets: values from workspace or
 * folder settings are ignored. `path` picks the binary; `model` and
 * `modelListCacheMinutes` would let a workspace choose the model or make every
 * model-list request start the CLI; `backend` and the `acp.*` bounds would let it keep
 * long-lived processes running. Matches the manifest's machine/application scopes.
 */
export const USER_ONLY_SETTINGS: ReadonlyArray<keyof Settings> = ['path', 'model', 'modelListCacheMinutes', 'backend', 'acp.maxProcesses', 'acp.idleMinutes'];

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
  const settings = { ...DEFAULT_SETTINGS } as Settings;
  const problems: string[] = [];
  for (const key of Object.keys(fields) as Array<keyof Settings>) {
    const raw = get(key);
    if (raw === undefined || raw === null) continue;
    const parsed = (fields[key] as z.ZodMiniType).safeParse(typeof raw === 'string' ? raw.trim() : raw);
    if (parsed.success) {
      (settings as Record<string, unknown>)[key] = parsed.data;
    } else {
      problems.push(`cursorAgent.${key}: ${JSON.stringify(raw).slice(0, 80)} is not valid (${parsed.error.issues[0]?.message ?? 'invalid'}); using ${JSON.stringify(DEFAULT_SETTINGS[key])}`);
    }
  }
  return { settings, problems };
}
