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
import { classifyStderr } from './failureClassifier';
import { exceedsJsonDepth } from './jsonDepth';
import { cleanCliLine } from './cliText';
import { redactHead } from './redact';

export type AuthState =
  | { state: 'loggedIn'; email?: string }
  | { state: 'loggedOut'; message?: string }
  | { state: 'keychainLocked' }
  | { state: 'ideLauncherOnly' }
  | { state: 'error'; detail: string };

const MAX_TEXT = 300;
/** Real status JSON is under 1 KB; more is not status output. */
const MAX_JSON_CHARS = 64 * 1024;

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
      return email ? { state: 'loggedIn', email: redactHead(email, MAX_TEXT) } : { state: 'loggedIn' };
    }
    if (authenticated === false) {
      const message = s.message?.trim();
      return message ? { state: 'loggedOut', message: redactHead(message, MAX_TEXT) } : { state: 'loggedOut' };
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

/**
 * The JSON object between the first `{` and the last `}` (tolerates noise
 * lines around it); undefined if none parses, or it is larger or more deeply
 * nested than status output ever is.
 */
export function extractJsonObject(text: string): unknown {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start || end - start >= MAX_JSON_CHARS) return undefined;
  const json = text.slice(start, end + 1);
  if (exceedsJsonDepth(json)) return undefined;
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return undefined;
  }
}

/** The first non-blank line, cut to 300 characters and redacted: it is logged and shown. */
function firstLine(text: string): string | undefined {
  let from = 0;
  while (from < text.length) {
    const nl = text.indexOf('\n', from);
    const end = nl === -1 ? text.length : nl;
    // Cut before cleaning: a megabyte-long line costs no more than a short one.
    const line = cleanCliLine(text.slice(from, Math.min(end, from + 4 * MAX_TEXT + 4096)));
    if (line) return redactHead(line, MAX_TEXT);
    from = end + 1;
  }
  return undefined;
}
