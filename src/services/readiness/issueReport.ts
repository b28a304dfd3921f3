/**
 * The text "Cursor: Report Issue…" prefills: what a maintainer needs to reproduce a problem (versions, OS,
 * remote kind, backend and why, binary kind and CLI version, readiness, the last error kinds, the log's
 * tail), all redacted and the home folder shown as `~`. Never a prompt or an answer: the input has no
 * field for them, and the log holds none at info (argv and errors only, redacted when written). Pure.
 */
import type { Resolution } from '../../cli/binaryResolution';
import { redactSecrets } from '../../cli/redact';

/** At most this many of the log's last lines. */
export const LOG_TAIL_LINES = 200;
/** Each log line is cut to this many characters (after redaction). */
export const LOG_LINE_MAX_CHARS = 400;
/** The whole log section is at most this long: a form or an untitled document, never megabytes. */
export const LOG_TAIL_MAX_CHARS = 40_000;
/** How much of the log's end is read: room for every kept line before it is cut (and redaction's margin). */
export const LOG_READ_WINDOW = LOG_TAIL_LINES * (LOG_LINE_MAX_CHARS + 8192);
/** How many error kinds {@link RecentErrorKinds} keeps. */
export const RECENT_ERROR_KINDS = 10;

export interface IssueReportInput {
  extensionVersion: string;
  vscodeVersion: string;
  /** `process.platform`, `process.arch` and the OS release, of the extension host. */
  os: { platform: string; arch: string; release?: string };
  /** `vscode.env.remoteName` (undefined: a local window). */
  remoteName?: string;
  /** `desktop` or `web` (`vscode.env.uiKind`), and `vscode.env.appHost`. */
  uiKind: string;
  appHost?: string;
  /** Which backend runs turns and why (the runtime's `backendStatus()`). */
  backend: string;
  resolution: Resolution;
  /** The home folder, shown as `~` wherever it appears. */
  homeDir: string;
  /** The readiness state's name (`ready`, `loggedOut`, …). */
  readiness: string;
  /** The kinds of the last failed turns, oldest first. */
  errorKinds: readonly string[];
  /** The Cursor log's text, or why it could not be read. */
  log: { text: string } | { unreadable: string };
}

/** The report as Markdown. */
export function composeIssueReport(input: IssueReportInput): string {
  const home = (s: string) => redactHome(s, input.homeDir, input.os.platform);
  const clean = (s: string) => home(redactSecrets(s));
  const res = input.resolution;
  const binary = res.found
    ? `${binaryKind(res.source)}${res.source === 'setting' ? ` (\`${clean(res.path)}\`)` : ''}, CLI version \`${clean(res.version)}\``
    : `not found (${clean(res.kind)})`;
  const lines = [
    '## Environment',
    '',
    `- Extension: ${clean(input.extensionVersion)}`,
    `- VS Code: ${clean(input.vscodeVersion)} (${clean(input.uiKind)}${input.appHost ? `, ${clean(input.appHost)}` : ''})`,
    `- OS: ${clean(input.os.platform)} ${clean(input.os.arch)}${input.os.release ? ` ${clean(input.os.release)}` : ''}`,
    `- Remote: ${input.remoteName ? clean(input.remoteName) : 'none (local window)'}`,
    `- Backend: ${clean(input.backend)}`,
    `- Binary: ${binary}`,
    `- Readiness: ${clean(input.readiness)}`,
    `- Last error kinds: ${input.errorKinds.length ? input.errorKinds.map(clean).join(', ') : 'none'}`,
    '',
    `## Cursor log (last ${LOG_TAIL_LINES} lines, redacted)`,
    '',
  ];
  if ('unreadable' in input.log) {
    lines.push(`_The log could not be read (${clean(input.log.unreadable)}): run **Cursor: Show Logs** and copy what matters._`);
  } else {
    lines.push('```', logTail(input.log.text, home), '```');
  }
  return lines.join('\n') + '\n';
}

/**
 * The last {@link LOG_TAIL_LINES} lines of `text`, each redacted, then cut, and at most
 * {@link LOG_TAIL_MAX_CHARS} in all. Reads only the end of a huge log; a line cut at the start of
 * that window is dropped, so no credential is seen half.
 */
export function logTail(text: string, home: (s: string) => string = (s) => s): string {
  const cutAtStart = text.length > LOG_READ_WINDOW;
  let raw = (cutAtStart ? text.slice(text.length - LOG_READ_WINDOW) : text).split(/\r?\n/);
  if (cutAtStart) raw = raw.slice(1);
  if (raw.length > 0 && raw[raw.length - 1] === '') raw.pop();
  const out = raw.slice(-LOG_TAIL_LINES).map((l) => {
    const r = home(redactSecrets(l)).replace(/```/g, "'''");
    return r.length <= LOG_LINE_MAX_CHARS ? r : `${r.slice(0, LOG_LINE_MAX_CHARS - 1)}…`;
  });
  let joined = out.join('\n');
  while (joined.length > LOG_TAIL_MAX_CHARS) {
    out.shift();
    joined = out.join('\n');
  }
  return joined;
}

/** `text` with the home folder shown as `~` (on Windows in any case and with either slash). */
export function redactHome(text: string, homeDir: string, platform: string): string {
  const h = homeDir.replace(/[\\/]+$/, '');
  if (h.length < 2) return text;
  const win = platform === 'win32';
  const pattern = h.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const re = new RegExp(win ? pattern.replace(/\\\\|\//g, '[\\\\/]') : pattern, win ? 'gi' : 'g');
  return text.replace(re, '~');
}

function binaryKind(source: string): string {
  if (source === 'setting') return 'from the `cursorAgent.path` setting';
  if (source === 'install-dir') return 'from the Cursor install folder';
  return `on PATH as \`${source.replace(/^path:/, '')}\``;
}

/** The kinds of the last {@link RECENT_ERROR_KINDS} failed turns (kinds only: never a message or a prompt). */
export class RecentErrorKinds {
  private readonly kinds: string[] = [];

  push(kind: string): void {
    this.kinds.push(kind);
    if (this.kinds.length > RECENT_ERROR_KINDS) this.kinds.splice(0, this.kinds.length - RECENT_ERROR_KINDS);
  }

  list(): readonly string[] {
    return [...this.kinds];
  }
}
