/**
 * Turns raw evidence of a failed `cursor-agent` run (spawn error codes, exit
 * codes, stderr and error-result wording) into a {@link CliError} of a known
 * kind. Pure.
 */
import { CliError, CliErrorKind, describeError, ErrorDetails } from './errors';
import { redactHead, redactTail } from './redact';

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
    const m =
      /Cannot use this model: ?(\S{1,200}?)\.?(?: Available models: ?(.{0,2000}))?$/i.exec(line) ??
      /Invalid model value: ?(\S{1,200}?)\.?$/i.exec(line);
    return make('unknownModel', { model: m?.[1] ?? d.model, knownModels: listedModels(m?.[2], d.knownModels) });
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
  {
    kind: 'network',
    // The same alternation as a literal would be, in two strings only to keep the line short (plain words: nothing to escape).
    re: new RegExp(
      'Connection lost|reconnecting to|RetriableError|ECONNREFUSED|ENOTFOUND|ETIMEDOUT|ECONNRESET|EAI_AGAIN|' +
        'getaddrinfo|network error|socket hang up',
      'i',
    ),
  },
];

/** A line of a stack trace (`    at f (file:///x/index.js:429:17)`) or a bare source location: never the CLI's message. */
const STACK_FRAME = /^at \S|^(?:file:\/\/)?\S{0,500}\.[cm]?js:\d{1,9}(?::\d{1,9})?$|^\^+$/;
/** The CLI says it is reconnecting: a notice it may recover from, not the failure itself (unless it is the last word). */
const TRANSIENT_NOTICE = /^(?:Connection lost|Reconnecting|Reconnected|Retrying)\b/i;
/** Where an error message starts: `Error: …`, `RetriableError: …`, `error: …`, `[code] …`. */
const MESSAGE_START = /^(?:[A-Z]\w{0,60})?Error\b|^error:|^\[\w{1,40}\]/;

/**
 * How far back from the window's start the start of a long final line is looked for. The CLI
 * can end with one line of several KB (`Cannot use this model: <id>. Available models: <200
 * ids>`): its wording is at the line's start, outside the 4 KB window.
 */
const LINE_START_SCAN_CHARS = 256 * 1024;
/** A line longer than {@link MAX_LINE_CHARS} keeps this much of its start and the rest of the budget from its end. */
const LINE_HEAD_CHARS = 700;
/** Where a long line was cut (ids and wordings never contain it). */
export const LINE_CUT = ' … ';

/** `line` cut to its head and its tail when longer than {@link MAX_LINE_CHARS}: a message's wording is at the start, the last word at the end. */
function boundLine(line: string): string {
  if (line.length <= MAX_LINE_CHARS) return line;
  return line.slice(0, LINE_HEAD_CHARS) + LINE_CUT + line.slice(line.length - (MAX_LINE_CHARS - LINE_HEAD_CHARS));
}

/**
 * The capped end of `text`, as trimmed, whitespace-collapsed lines without stack frames. The
 * window starts inside a line when the text is longer than it: that line's start is read too
 * (bounded), so a long line the CLI ended with keeps its wording instead of being dropped.
 */
function messageLines(text: string): string[] {
  const out: string[] = [];
  // Redacted before any cut (a credential crossing a cut would keep some of its characters):
  // the lines are quoted to the user and logged.
  const cutAt = Math.max(0, text.length - CLASSIFY_MAX_CHARS);
  let lines = redactTail(text, CLASSIFY_MAX_CHARS).split(/\r?\n|\r/);
  if (cutAt > 0) {
    const scanFrom = Math.max(0, cutAt - LINE_START_SCAN_CHARS);
    const before = text.slice(scanFrom, cutAt);
    const nl = Math.max(before.lastIndexOf('\n'), before.lastIndexOf('\r'));
    if (nl >= 0 || scanFrom === 0) {
      const start = scanFrom + nl + 1;
      if (cutAt - start <= LINE_HEAD_CHARS) {
        // The whole line fits: read from its start.
        lines = redactTail(text, text.length - start).split(/\r?\n|\r/);
      } else {
        // Its head, the cut, and the part inside the window.
        lines[0] = redactHead(text.slice(start), LINE_HEAD_CHARS) + LINE_CUT + lines[0];
      }
    } else {
      // A line longer than the scan: its start is out of reach, so the fragment is not a line the CLI printed.
      lines.shift();
    }
  }
  for (const raw of lines) {
    const line = boundLine(raw).replace(/\s+/g, ' ').trim();
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
    const line = lines[i];
    if (line !== undefined && MESSAGE_START.test(line)) {
      start = i;
      break;
    }
  }
  const final = lines.slice(start);
  const kind = kindOf(final.join(' '));
  if (kind) return { kind, line: final.find((l) => kindOf(l) === kind) ?? final.join(' ') };
  // The lines before the final message, the latest first.
  for (const line of lines.slice(0, start).reverse()) {
    if (TRANSIENT_NOTICE.test(line)) continue;
    const k = kindOf(line);
    if (k) return { kind: k, line };
  }
  return undefined;
}

/**
 * The ids of the CLI's `Available models: …` list. A list cut in the middle (a long line) keeps
 * the ids before the cut, less the one the cut went through; the catalog's list is used when
 * the CLI's was cut (it is the whole list, the CLI's is only its start).
 */
function listedModels(list: string | undefined, catalog: readonly string[] | undefined): readonly string[] | undefined {
  if (!list) return catalog;
  const cut = list.indexOf(LINE_CUT.trim());
  const ids = (cut >= 0 ? list.slice(0, cut) : list)
    .split(/[, ]+/)
    .map((s) => s.trim().replace(/\.$/, ''))
    .filter(Boolean);
  if (cut >= 0) {
    ids.pop();
    if (catalog && catalog.length > 0) return catalog;
  }
  return ids.length > 0 ? ids : catalog;
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

/** Last lines of stderr, bounded and redacted (before the cut), for logs. */
export function tailOf(text: string, maxChars = 2000): string {
  const t = redactTail(text, maxChars * 2).trimEnd();
  return t.length <= maxChars ? t : '…' + t.slice(t.length - maxChars);
}
