/**
 * The closed set of things that can go wrong with a `cursor-agent` run, and the
 * one place that turns raw evidence (spawn error codes, exit codes, stderr
 * wording) into a kind with the message and action a user needs.
 */
import { redactSecrets } from './redact';

export type CliErrorKind =
  | 'notInstalled'
  | 'notExecutable'
  | 'ideLauncherOnly'
  | 'loggedOut'
  | 'keychainLocked'
  | 'invalidApiKey'
  | 'unknownModel'
  | 'usageLimit'
  | 'rateLimit'
  | 'network'
  | 'sessionInUse'
  | 'resumeFailed'
  | 'promptTooLarge'
  | 'timeout'
  | 'malformedStream'
  | 'policyBreach'
  | 'untrustedWorkspace'
  | 'unsafeWorkspace'
  | 'unknown';

/** What the UI offers next to the message; the VS Code edge maps each to a command. */
export type CliErrorAction =
  | 'installCli'
  | 'openPathSetting'
  | 'selectBinary'
  | 'login'
  | 'unlockKeychain'
  | 'switchModel'
  | 'showLogs'
  | 'retry'
  | 'manageTrust'
  | 'openFolder';

export interface CliErrorInfo {
  kind: CliErrorKind;
  /** One or two sentences: what happened, in the user's terms. */
  message: string;
  /** What to do about it, as an instruction. */
  fix: string;
  /** Buttons, best first. */
  actions: CliErrorAction[];
}

export class CliError extends Error {
  readonly kind: CliErrorKind;
  readonly fix: string;
  readonly actions: CliErrorAction[];
  /** The CLI's own stderr tail, for the log (never shown as the main message). */
  readonly stderrTail: string;
  readonly exitCode: number | null;
  /** The CLI chat the failed turn ran in, when the CLI said (set by the turn runner). */
  sessionId?: string;
  /** Whether the failed turn was a resumed chat. */
  resumed = false;
  /** Whether answer text had already been shown when it failed. */
  emittedText = false;

  /** Message, fix and stderr are redacted here: they may quote the CLI, and end up in the log, the chat and chat history. */
  constructor(info: CliErrorInfo, opts: { stderrTail?: string; exitCode?: number | null; cause?: unknown } = {}) {
    super(redactSecrets(info.message));
    this.name = 'CliError';
    this.kind = info.kind;
    this.fix = redactSecrets(info.fix);
    this.actions = info.actions;
    this.stderrTail = redactSecrets(opts.stderrTail ?? '');
    this.exitCode = opts.exitCode ?? null;
    if (opts.cause !== undefined) (this as { cause?: unknown }).cause = opts.cause;
  }

  /** Message and fix in one line, for chat error details and LanguageModelError. */
  get userMessage(): string {
    return `${this.message} ${this.fix}`.trim();
  }
}

export interface ErrorDetails {
  /** Model ids from the catalog, to list when a model is unknown. */
  knownModels?: readonly string[];
  model?: string;
  binary?: string;
  /** Seconds, for timeouts. */
  seconds?: number;
  stage?: 'first output' | 'inactivity' | 'command';
  limitBytes?: number;
  detail?: string;
  /** The OS the CLI runs on (`process.platform`): on macOS a locked keychain looks logged out. */
  platform?: string;
}

/** Why a Mac user who is logged in may still be told "not logged in" (the CLI cannot tell the two apart). */
export const MAC_KEYCHAIN_NOTE = 'On macOS a locked login keychain looks the same to the CLI.';

const INSTALL_HINT = 'Install it with `curl https://cursor.com/install -fsS | bash` (Windows: `irm \'https://cursor.com/install?win32=true\' | iex`), or point the `cursorAgent.path` setting at the binary.';

/** The user-facing text for each kind. */
export function describeError(kind: CliErrorKind, d: ErrorDetails = {}): CliErrorInfo {
  switch (kind) {
    case 'notInstalled':
      return { kind, message: `The Cursor CLI (\`cursor-agent\`) was not found${d.binary ? ` at \`${d.binary}\`` : ''}.`, fix: INSTALL_HINT, actions: ['installCli', 'selectBinary', 'openPathSetting'] };
    case 'notExecutable':
      return { kind, message: `\`${d.binary ?? 'cursor-agent'}\` exists but could not be started${d.detail ? ` (${d.detail})` : ''}.`, fix: 'Check that it is executable (`chmod +x`), or choose another binary with "Cursor: Select Binary…".', actions: ['selectBinary', 'openPathSetting', 'showLogs'] };
    case 'ideLauncherOnly':
      return { kind, message: 'The `cursor` command found is the Cursor IDE launcher, not the Cursor agent CLI.', fix: INSTALL_HINT, actions: ['installCli', 'selectBinary'] };
    case 'loggedOut':
      if (d.platform === 'darwin') {
        return { kind, message: `The Cursor CLI is not logged in. ${MAC_KEYCHAIN_NOTE}`, fix: 'Run `cursor-agent login` ("Log In"), or if you are logged in, unlock the keychain ("Unlock Keychain"); then ask again.', actions: ['login', 'unlockKeychain', 'showLogs'] };
      }
      return { kind, message: 'The Cursor CLI is not logged in.', fix: 'Run `cursor-agent login` (the "Log In" button opens a terminal for it), then ask again.', actions: ['login', 'showLogs'] };
    case 'keychainLocked':
      return { kind, message: 'Your macOS login keychain is locked, so the Cursor CLI cannot read its login.', fix: 'Run `security unlock-keychain` in a terminal (or unlock the keychain in Keychain Access), then ask again.', actions: ['unlockKeychain', 'showLogs'] };
    case 'invalidApiKey':
      return { kind, message: 'The Cursor CLI rejected its API key (`CURSOR_API_KEY`).', fix: 'Remove or correct `CURSOR_API_KEY` in your environment, or log in with `cursor-agent login`.', actions: ['login', 'showLogs'] };
    case 'unknownModel': {
      const list = d.knownModels && d.knownModels.length > 0 ? ` Available: ${d.knownModels.slice(0, 30).join(', ')}${d.knownModels.length > 30 ? ', …' : ''}.` : '';
      return { kind, message: `Cursor does not offer the model${d.model ? ` \`${d.model}\`` : ''} to this account.${list}`, fix: 'Pick another model with "Cursor: Switch Model" or in the model picker.', actions: ['switchModel'] };
    }
    case 'usageLimit':
      return { kind, message: "You've hit your Cursor usage limit.", fix: 'Check your plan at cursor.com/settings, or switch to a model your plan still covers.', actions: ['switchModel', 'showLogs'] };
    case 'rateLimit':
      return { kind, message: 'Cursor is rate-limiting requests right now.', fix: 'Wait a moment and ask again.', actions: ['retry', 'showLogs'] };
    case 'network':
      return { kind, message: 'The Cursor CLI could not reach Cursor (network error).', fix: 'Check your connection and proxy settings (`HTTPS_PROXY`; a `socks5://` proxy is not supported by the CLI), then ask again.', actions: ['retry', 'showLogs'] };
    case 'sessionInUse':
      return { kind, message: 'This Cursor chat is already in use by another `cursor-agent` process.', fix: 'Wait for the other run to finish, or start a new chat.', actions: ['retry'] };
    case 'resumeFailed':
      return { kind, message: 'The earlier Cursor chat could not be continued.', fix: 'Ask again in a new chat (the + button in the chat view).', actions: ['retry'] };
    case 'promptTooLarge': {
      const kb = d.limitBytes ? ` (limit ${Math.round(d.limitBytes / 1000)} KB)` : '';
      return { kind, message: `The prompt is too large for the Cursor CLI${kb}.`, fix: 'Attach fewer or smaller files, or start a new chat.', actions: [] };
    }
    case 'timeout':
      if (d.stage === 'command') {
        const what = d.detail ? `\`cursor-agent ${d.detail}\`` : 'A `cursor-agent` command';
        return { kind, message: `${what} did not finish within ${d.seconds ?? '?'} s.`, fix: 'Check your network and run `cursor-agent status` in a terminal; then use "Cursor: Refresh Status".', actions: ['retry', 'showLogs'] };
      }
      return { kind, message: d.stage === 'first output' ? `The Cursor CLI printed nothing for ${d.seconds ?? '?'} s after starting.` : `The Cursor CLI stopped responding (no output for ${d.seconds ?? '?'} s).`, fix: 'Check your network and `cursor-agent status`, then ask again. The timeouts are the `cursorAgent.firstOutputTimeoutSeconds` and `cursorAgent.inactivityTimeoutSeconds` settings.', actions: ['retry', 'showLogs'] };
    case 'malformedStream':
      return { kind, message: `The Cursor CLI's output could not be understood${d.detail ? ` (${d.detail})` : ''}.`, fix: 'Update the CLI (`cursor-agent update`) and try again; the log has the details.', actions: ['showLogs', 'retry'] };
    case 'policyBreach':
      return { kind, message: `The Cursor agent changed something in a read-only turn${d.detail ? ` (${d.detail})` : ''}, so the turn was stopped.`, fix: 'Review your workspace for changes (e.g. `git status`). Report this to Cursor; this extension only runs the agent in plan/ask mode.', actions: ['showLogs'] };
    case 'untrustedWorkspace':
      return { kind, message: 'This folder is not trusted, so the Cursor agent will not run in it.', fix: 'Trust the folder (Manage Workspace Trust) to use @cursor here.', actions: ['manageTrust'] };
    case 'unsafeWorkspace':
      return { kind, message: `Cursor does not run the agent in ${d.detail ? `\`${d.detail}\`, ` : ''}your home folder, a folder that holds it, or a filesystem root: the agent could read everything below it, \`~/.ssh\` and other credentials included.`, fix: 'Open the project folder you want to ask about (File > Open Folder…), then ask again.', actions: ['openFolder'] };
    case 'unknown':
    default:
      // The detail (often the CLI's first stderr line) may or may not end a sentence.
      return { kind: 'unknown', message: `The Cursor CLI failed${d.detail ? `: ${d.detail}${/[.!?]$/.test(d.detail) ? '' : '.'}` : '.'}`, fix: 'See the Cursor log for details.', actions: ['showLogs', 'retry'] };
  }
}

export interface FailureEvidence {
  /** Node spawn error code (`ENOENT`, `EACCES`, …). */
  spawnErrorCode?: string;
  exitCode?: number | null;
  signal?: string | null;
  stderr?: string;
  /** The text of an error `result` line (`is_error: true`), when the CLI sent one: read before stderr. */
  resultError?: string;
  /** True when the process ended cleanly with no output at all. */
  noOutput?: boolean;
}

/** Maps raw evidence of a failed run to an error kind. Pure; order matters. */
export function classifyFailure(ev: FailureEvidence, d: ErrorDetails = {}): CliError {
  // Only the end of each text is ever read (an error result line can be megabytes long).
  const stderr = ev.stderr ?? '';
  const resultError = ev.resultError;
  const tail = tailOf(resultError ? `${capTail(stderr)}\n${capTail(resultError)}` : stderr);
  const make = (kind: CliErrorKind, extra: ErrorDetails = {}) =>
    new CliError(describeError(kind, { ...d, ...extra }), { stderrTail: tail, exitCode: ev.exitCode ?? null });

  switch (ev.spawnErrorCode) {
    case 'ENOENT':
      return make('notInstalled');
    case 'EACCES':
    case 'EPERM':
      return make('notExecutable', { detail: 'permission denied' });
    case 'EINVAL':
      return make('notExecutable', { detail: 'Windows refused to start a .cmd shim without a shell' });
    case 'E2BIG':
      return make('promptTooLarge');
    case undefined:
      break;
    default:
      return make('notExecutable', { detail: ev.spawnErrorCode });
  }

  // The CLI's own error result first, then stderr.
  const found = (resultError ? classifyMessage(resultError) : undefined) ?? classifyMessage(stderr);
  if (found?.kind === 'unknownModel') {
    // Model ids contain dots (`claude-4.5-sonnet`): only a dot before the list or the line end ends the id.
    const line = found.line;
    const m = /Cannot use this model: ?(\S{1,200}?)\.?(?: Available models: ?(.{0,2000}))?$/i.exec(line) ?? /Invalid model value: ?(\S{1,200}?)\.?$/i.exec(line);
    const listed = m?.[2]?.split(/[, ]+/).map((s) => s.trim().replace(/\.$/, '')).filter(Boolean);
    return make('unknownModel', { model: m?.[1] ?? d.model, knownModels: listed && listed.length > 0 ? listed : d.knownModels });
  }
  if (found) return make(found.kind);
  if (ev.noOutput && (ev.exitCode === 0 || ev.exitCode == null) && !resultError) {
    return make('malformedStream', { detail: 'it exited without printing anything; very large prompts do this' });
  }
  const firstLine = (resultError ? detailLine(resultError) : undefined) ?? detailLine(stderr);
  const detail = firstLine
    ? firstLine.slice(0, 300)
    : ev.signal
      ? `it was killed by ${ev.signal}`
      : ev.exitCode != null
        ? `exit code ${ev.exitCode}`
        : undefined;
  return make('unknown', { detail });
}

/** How much of the end of a text the classifier reads: the CLI's error is at the end, and no pattern ever sees more. */
export const CLASSIFY_MAX_CHARS = 4096;
/** Lines longer than this are cut (from the start) before matching. */
const MAX_LINE_CHARS = 1000;
/** How far back from the last line the CLI's final message may start. */
const FINAL_MESSAGE_LINES = 4;

/**
 * The CLI's known wordings, **most specific first**: when one message carries
 * two (a usage-limit message that mentions `agent login`), the earlier kind
 * wins. Every pattern is linear in its input: fixed words, bounded runs
 * (`\S{1,200}`, never `.*` between words) and single spaces (lines are
 * whitespace-collapsed before matching).
 */
export const ERROR_PATTERNS: ReadonlyArray<{ kind: CliErrorKind; re: RegExp }> = [
  { kind: 'keychainLocked', re: /keychain is locked|unlock-keychain/i },
  { kind: 'ideLauncherOnly', re: /No Cursor IDE installation found/i },
  { kind: 'sessionInUse', re: /Session ID \S{1,200} is already in use/i },
  { kind: 'resumeFailed', re: /No previous chats found|\b(?:chat|session)(?: id)? "?[0-9a-f][0-9a-f-]{7,100}"? (?:was )?not found/i },
  { kind: 'invalidApiKey', re: /API key is invalid|invalid API key/i },
  { kind: 'unknownModel', re: /Cannot use this model|Invalid model value/i },
  { kind: 'usageLimit', re: /usage limit|\[permission_denied\]/i },
  // `429` only as a word of its own: never a line number (`index.js:429:17`), a version or an id.
  { kind: 'rateLimit', re: /\[resource_exhausted\]|rate.?limit|too many requests|(?<![\w:.\/-])429(?![\w:.\/-])/i },
  { kind: 'promptTooLarge', re: /context (?:window|length)|prompt is too (?:long|large)|too many tokens/i },
  { kind: 'loggedOut', re: /Authentication required|Not logged in|\bunauthenticated\b|agent login/i },
  { kind: 'network', re: /Connection lost|reconnecting to|RetriableError|ECONNREFUSED|ENOTFOUND|ETIMEDOUT|ECONNRESET|EAI_AGAIN|getaddrinfo|network error|socket hang up/i },
];

/** A line of a stack trace (`    at f (file:///x/index.js:429:17)`) or a bare source location: never the CLI's message. */
const STACK_FRAME = /^at \S|^(?:file:\/\/)?\S{0,500}\.[cm]?js:\d{1,9}(?::\d{1,9})?$|^\^+$/;
/** The CLI says it is reconnecting: a notice it may recover from, not the failure itself (unless it is the last word). */
const TRANSIENT_NOTICE = /^(?:Connection lost|Reconnecting|Reconnected|Retrying)\b/i;
/** Where an error message starts: `Error: …`, `RetriableError: …`, `error: …`, `[code] …`. */
const MESSAGE_START = /^(?:[A-Z]\w{0,60})?Error\b|^error:|^\[\w{1,40}\]/;

/** The capped end of `text`, as trimmed, whitespace-collapsed lines without stack frames. */
function messageLines(text: string): string[] {
  const out: string[] = [];
  const lines = capTail(text).split(/\r?\n|\r/);
  // A cut text starts inside a line: that fragment is not a line the CLI printed.
  if (text.length > CLASSIFY_MAX_CHARS && lines.length > 1) lines.shift();
  for (const raw of lines) {
    const line = (raw.length > MAX_LINE_CHARS ? raw.slice(raw.length - MAX_LINE_CHARS) : raw).replace(/\s+/g, ' ').trim();
    if (line !== '' && !STACK_FRAME.test(line)) out.push(line);
  }
  return out;
}

function kindOf(text: string): CliErrorKind | undefined {
  for (const p of ERROR_PATTERNS) if (p.re.test(text)) return p.kind;
  return undefined;
}

/**
 * Classifies the CLI's last message: the lines it ended with (back to where
 * that message starts, at most a few), read as one text so the most specific
 * wording wins; then, newest first, the earlier lines, skipping reconnect
 * notices the CLI went on from. Stack frames never count.
 */
function classifyMessage(text: string): { kind: CliErrorKind; line: string } | undefined {
  const lines = messageLines(text);
  if (lines.length === 0) return undefined;
  let start = lines.length - 1;
  for (let i = lines.length - 1; i >= Math.max(0, lines.length - FINAL_MESSAGE_LINES); i--) {
    if (MESSAGE_START.test(lines[i])) {
      start = i;
      break;
    }
  }
  const final = lines.slice(start);
  const kind = kindOf(final.join(' '));
  if (kind) return { kind, line: final.find((l) => kindOf(l) === kind) ?? final.join(' ') };
  for (let i = start - 1; i >= 0; i--) {
    if (TRANSIENT_NOTICE.test(lines[i])) continue;
    const k = kindOf(lines[i]);
    if (k) return { kind: k, line: lines[i] };
  }
  return undefined;
}

/** Recognises the CLI's known wordings in the end of `text` (stderr, an error result, non-JSON status output). */
export function classifyStderr(text: string): CliErrorKind | undefined {
  return classifyMessage(text)?.kind;
}

/** The line to quote for an unknown failure: the first one that is neither a stack frame nor a reconnect notice. */
function detailLine(text: string): string | undefined {
  const lines = messageLines(text);
  return lines.find((l) => !TRANSIENT_NOTICE.test(l)) ?? lines[0];
}

/** The last `max` characters of `text` (the classifier never reads more). */
function capTail(text: string, max = CLASSIFY_MAX_CHARS): string {
  return text.length <= max ? text : text.slice(text.length - max);
}

/** Last lines of stderr, bounded, for logs. */
export function tailOf(text: string, maxChars = 2000): string {
  const t = capTail(text, maxChars * 2).trimEnd();
  return t.length <= maxChars ? t : '…' + t.slice(t.length - maxChars);
}
