/**
 * Parses `cursor-agent status --format json` into an auth state. Pure.
 *
 * The output is pretty-printed, multi-line JSON. Logged out still exits 0, so
 * `isAuthenticated` decides, never the exit code. A locked macOS keychain and
 * the IDE launcher without the IDE are their own states (stderr), not
 * "logged out". Only the email and the CLI's own message are kept: nothing
 * else from the output (tokens, ids) reaches the result.
 */
import * as z from 'zod/mini';
import { classifyStderr } from './errors';
import { cleanCliLine } from './models';

export type AuthState =
  | { state: 'loggedIn'; email?: string }
  | { state: 'loggedOut'; message?: string }
  | { state: 'keychainLocked' }
  | { state: 'ideLauncherOnly' }
  | { state: 'error'; detail: string };

const MAX_TEXT = 300;

const optionalText = () => z.catch(z.optional(z.string()), undefined);
const StatusSchema = z.looseObject({
  isAuthenticated: z.optional(z.boolean()),
  status: optionalText(),
  message: optionalText(),
  userInfo: z.catch(z.nullish(z.looseObject({ email: optionalText() })), undefined),
});

/**
 * @param exitCode only used to describe a failure when there is no JSON.
 * Never throws.
 */
export function parseStatusOutput(stdout: string, stderr: string, exitCode: number | null): AuthState {
  const stderrKind = classifyStderr(stderr);
  if (stderrKind === 'keychainLocked') return { state: 'keychainLocked' };
  if (stderrKind === 'ideLauncherOnly') return { state: 'ideLauncherOnly' };

  const parsed = StatusSchema.safeParse(extractJsonObject(stdout));
  if (parsed.success) {
    const s = parsed.data;
    const authenticated = s.isAuthenticated ?? (s.status === 'authenticated' ? true : s.status === 'unauthenticated' ? false : undefined);
    if (authenticated === true) {
      const email = s.userInfo?.email?.trim();
      return email ? { state: 'loggedIn', email: email.slice(0, MAX_TEXT) } : { state: 'loggedIn' };
    }
    if (authenticated === false) {
      const message = s.message?.trim();
      return message ? { state: 'loggedOut', message: message.slice(0, MAX_TEXT) } : { state: 'loggedOut' };
    }
  }

  // No usable JSON: the same wordings may have gone to stdout.
  const stdoutKind = classifyStderr(stdout);
  if (stdoutKind === 'keychainLocked') return { state: 'keychainLocked' };
  if (stdoutKind === 'ideLauncherOnly') return { state: 'ideLauncherOnly' };
  const firstErr = firstLine(stderr);
  if (stderrKind === 'loggedOut' || stdoutKind === 'loggedOut') {
    const message = firstErr ?? firstLine(stdout);
    return message ? { state: 'loggedOut', message } : { state: 'loggedOut' };
  }
  const why = parsed.success ? 'the status JSON has no isAuthenticated field' : 'no status JSON in the output';
  const detail = firstErr ?? (exitCode !== null && exitCode !== 0 ? `exit code ${exitCode}` : undefined);
  return { state: 'error', detail: detail ? `${why}: ${detail}` : why };
}

/** The JSON object between the first `{` and the last `}` (tolerates noise lines around it); undefined if none parses. */
export function extractJsonObject(text: string): unknown {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start) return undefined;
  try {
    return JSON.parse(text.slice(start, end + 1)) as unknown;
  } catch {
    return undefined;
  }
}

function firstLine(text: string): string | undefined {
  for (const raw of text.split(/\r?\n/)) {
    const line = cleanCliLine(raw);
    if (line) return line.slice(0, MAX_TEXT);
  }
  return undefined;
}
