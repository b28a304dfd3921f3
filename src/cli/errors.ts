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
}

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
  /** True when the process ended cleanly with no output at all. */
  noOutput?: boolean;
}

/** Maps raw evidence of a failed run to an error kind. Pure; order matters. */
export function classifyFailure(ev: FailureEvidence, d: ErrorDetails = {}): CliError {
  const stderr = ev.stderr ?? '';
  const tail = tailOf(stderr);
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

  const kind = classifyStderr(stderr);
  if (kind === 'unknownModel') {
    // Model ids contain dots (`claude-4.5-sonnet`): only a dot before the list or the line end ends the id.
    const m = /Cannot use this model:\s*(\S+?)\.?(?:\s+Available models:\s*([^\r\n]*))?\s*$/im.exec(stderr) ?? /Invalid model value:\s*(\S+?)\.?\s*$/im.exec(stderr);
    const listed = m?.[2]?.split(/[,\s]+/).map((s) => s.trim().replace(/\.$/, '')).filter(Boolean);
    return make('unknownModel', { model: m?.[1] ?? d.model, knownModels: listed && listed.length > 0 ? listed : d.knownModels });
  }
  if (kind) return make(kind);
  if (ev.noOutput && (ev.exitCode === 0 || ev.exitCode == null)) {
    return make('malformedStream', { detail: 'it exited without printing anything; very large prompts do this' });
  }
  const firstLine = stderr.split(/\r?\n/).map((l) => l.trim()).find((l) => l.length > 0);
  const detail = firstLine
    ? firstLine.slice(0, 300)
    : ev.signal
      ? `it was killed by ${ev.signal}`
      : ev.exitCode != null
        ? `exit code ${ev.exitCode}`
        : undefined;
  return make('unknown', { detail });
}

/** Recognises the CLI's known stderr wordings (verbatim from the contract, matched loosely). */
export function classifyStderr(stderr: string): CliErrorKind | undefined {
  const s = stderr;
  if (/keychain is locked|unlock-keychain/i.test(s)) return 'keychainLocked';
  if (/No Cursor IDE installation found/i.test(s)) return 'ideLauncherOnly';
  if (/API key is invalid|invalid api key/i.test(s)) return 'invalidApiKey';
  if (/Authentication required|Not logged in|agent login|cursor-agent login|unauthenticated/i.test(s)) return 'loggedOut';
  if (/Cannot use this model|Invalid model value/i.test(s)) return 'unknownModel';
  if (/usage limit/i.test(s)) return 'usageLimit';
  if (/\b429\b|rate.?limit|too many requests/i.test(s)) return 'rateLimit';
  if (/Session ID .* is already in use/i.test(s)) return 'sessionInUse';
  if (/No previous chats found|\b(?:chat|session)(?: id)? "?[0-9a-f][0-9a-f-]{7,}"? (?:was )?not found/i.test(s)) return 'resumeFailed';
  if (/context (window|length)|prompt is too (long|large)|too many tokens/i.test(s)) return 'promptTooLarge';
  if (/Connection lost|reconnecting to|RetriableError|ECONNREFUSED|ENOTFOUND|ETIMEDOUT|ECONNRESET|EAI_AGAIN|getaddrinfo|network error|socket hang up/i.test(s)) return 'network';
  return undefined;
}

/** Last lines of stderr, bounded, for logs. */
export function tailOf(text: string, maxChars = 2000): string {
  const t = text.trimEnd();
  return t.length <= maxChars ? t : '…' + t.slice(t.length - maxChars);
}
