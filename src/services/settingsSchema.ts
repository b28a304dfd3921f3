/**
 * The extension's settings, validated. Raw values come from VS Code (which does
 * not enforce the manifest's schema); anything invalid falls back to its
 * default and is reported so the log can say so.
 */
import * as z from 'zod/mini';

export const DEFAULT_SETTINGS = {
  path: '',
  model: '',
  mode: 'plan' as 'plan' | 'ask',
  resumeSessions: true,
  firstOutputTimeoutSeconds: 90,
  inactivityTimeoutSeconds: 180,
  showThinking: true,
  modelListCacheMinutes: 60,
};
export type Settings = typeof DEFAULT_SETTINGS;

const fields = {
  path: z.string().check(z.maxLength(4096)),
  model: z.string().check(z.maxLength(200), z.regex(/^[A-Za-z0-9._:\/\[\]=,+-]*$/, 'not a model id')),
  mode: z.enum(['plan', 'ask']),
  resumeSessions: z.boolean(),
  firstOutputTimeoutSeconds: z.number().check(z.gte(5), z.lte(3600)),
  inactivityTimeoutSeconds: z.number().check(z.gte(5), z.lte(3600)),
  showThinking: z.boolean(),
  modelListCacheMinutes: z.number().check(z.gte(0), z.lte(10080)),
} satisfies { [K in keyof Settings]: z.ZodMiniType<Settings[K]> };

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
