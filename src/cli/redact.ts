/**
 * Removes credential-like strings from text derived from CLI output before it
 * is logged or shown (the CLI's stderr and error results can echo tokens,
 * cookies, URLs with passwords, or headers). Pure.
 *
 * Every pattern runs in time linear in its input: none can scan far and then
 * fail from many start positions. Patterns that need something after a long
 * run (`:`, `@`, a word's end) start only where a run of their characters
 * starts (a lookbehind) and bound the run; the others succeed on whatever run
 * they find. A 1 MB worst case of each is tested.
 */

/** A `name = value` pair's value is hidden when the name contains one of these. */
const SECRET_NAME = /key|token|secret|passw(?:or)?d|pwd|credential|session|cookie|authori[sz]ation|^auth$|signature/i;

type Replacer = string | ((...m: string[]) => string);

const BEFORE_PAIRS: Array<[RegExp, Replacer]> = [
  // Cookie headers: the whole value (`Cookie: WorkosCursorSessionToken=user_…%3A%3AeyJ…`).
  [/\b((?:Set-)?Cookie)(\s*:\s*)[^\r\n]*/gi, '$1$2***'],
  // `--api-key <value>`, `CURSOR_API_KEY is <value>`, `CURSOR_API_KEY=<value>` (values with a digit: not prose).
  [/(?<![\w-])(--api-key)(\s*=\s*|\s+)(["']?)(?=[^\s"',;]*\d)[^\s"',;]{8,}/gi, '$1$2$3***'],
  [/(?<![\w-])(CURSOR_API_KEY)(\s+is\s+|\s*[=:]\s*)(["']?)(?=[^\s"',;]*\d)[^\s"',;]{8,}/gi, '$1$2$3***'],
  // Authorization schemes.
  [/\b(Bearer|Basic)(\s+)[A-Za-z0-9._~+/=-]{8,}/gi, '$1$2***'],
];

const AFTER_PAIRS: Array<[RegExp, Replacer]> = [
  // JWTs anywhere, even glued to other text (`bearer_eyJ…`, `%3A%3AeyJ…`): from
  // the header (base64 of `{"`) to the end of the run, and up to two `.`-segments.
  [/eyJ[A-Za-z0-9_-]{8,}(?:\.[A-Za-z0-9_-]*){0,2}/g, '<jwt>'],
  // Token prefixes of well-known providers.
  [/(?<![A-Za-z0-9])(sk|pk|rk)([-_])(?:(live|test)_)?[A-Za-z0-9_-]{12,}/g, (_a, p, sep, env) => `${p}${sep}${env ? `${env}_` : ''}***`],
  [/(?<![A-Za-z0-9])(ghp|gho|ghu|ghs|ghr|github_pat)_[A-Za-z0-9_]{12,}/g, '$1_***'],
  [/(?<![A-Za-z0-9])glpat-[A-Za-z0-9_-]{12,}/g, 'glpat-***'],
  [/(?<![A-Za-z0-9])npm_[A-Za-z0-9]{20,}/g, 'npm_***'],
  [/(?<![A-Za-z0-9])AIza[0-9A-Za-z_-]{30,}/g, 'AIza***'],
  [/(?<![A-Za-z0-9])(xox[abprs])-[A-Za-z0-9-]{10,}/g, '$1-***'],
  [/(?<![A-Za-z0-9])AKIA[0-9A-Z]{16}/g, 'AKIA***'],
  // Cursor API keys: `key_` and 64 hex digits.
  [/(?<![A-Za-z0-9])key_[A-Fa-f0-9]{16,}/g, 'key_***'],
  // URL credentials: scheme://user:password@host.
  [/(?<![A-Za-z0-9+.-])([A-Za-z][A-Za-z0-9+.-]{0,30}:\/\/)[^\s:/@]{1,256}:[^\s@/]{1,256}@/g, '$1***:***@'],
  // Long hex strings (raw keys, signatures), also right after `_`.
  [/(?<![A-Za-z0-9])[A-Fa-f0-9]{40,}(?![A-Za-z0-9])/g, '<hex>'],
];

/** `name` + separator, when a value of 6+ characters follows; the name starts where a run of name characters starts. */
const PAIR = /(?<![\w.-])([\w.-]{1,100})(["']?\s{0,20}[=:]\s{0,20}["']?)(?=[^\s"',;]{6})/g;
const VALUE = /[^\s"',;]*/y;

/**
 * Hides the value of every `name = value` / `"name": "value"` pair whose name says it is secret
 * (aws_secret_access_key, refresh_token, password, …).
 */
function redactPairs(text: string): string {
  let out = '';
  let copied = 0;
  PAIR.lastIndex = 0;
  for (let m = PAIR.exec(text); m !== null; m = PAIR.exec(text)) {
    const valueStart = m.index + m[0].length;
    // A name that is not secret: its value may itself hold a pair (`x=password=…`), so go on from the value.
    const name = m[1];
    if (name === undefined || !SECRET_NAME.test(name)) continue;
    VALUE.lastIndex = valueStart;
    VALUE.exec(text);
    out += text.slice(copied, valueStart) + '***';
    copied = VALUE.lastIndex;
    PAIR.lastIndex = copied;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

function applyAll(text: string, patterns: Array<[RegExp, Replacer]>): string {
  let out = text;
  for (const [re, rep] of patterns) out = out.replace(re, rep as string);
  return out;
}

/** `text` with every credential-like string replaced (`***`, `<jwt>`, `<hex>`). */
export function redactSecrets(text: string): string {
  return applyAll(redactPairs(applyAll(text, BEFORE_PAIRS)), AFTER_PAIRS);
}

/**
 * How far past a cut the text is redacted before cutting: a credential that crosses the cut is
 * then seen whole and hidden, never left as its first (or last) characters. Longer than any
 * credential the patterns know (a JWT of a few KB included).
 */
const CUT_MARGIN = 4096;

/** The first `max` characters of `text` redacted (redact first, then cut). Reads at most `max` + a margin. */
export function redactHead(text: string, max: number): string {
  const r = redactSecrets(text.length <= max + CUT_MARGIN ? text : text.slice(0, max + CUT_MARGIN));
  return r.length <= max ? r : r.slice(0, max);
}

/** The last `max` characters of `text` redacted (redact first, then cut). Reads at most `max` + a margin. */
export function redactTail(text: string, max: number): string {
  const r = redactSecrets(text.length <= max + CUT_MARGIN ? text : text.slice(text.length - max - CUT_MARGIN));
  return r.length <= max ? r : r.slice(r.length - max);
}

/**
 * `text` redacted, then cut to `maxChars` (with `…` when cut): never the other way round, where a key
 * crossing the cut would keep its first characters. Bounded work: {@link redactHead}'s window.
 */
export function redactThenCut(text: string, maxChars: number): string {
  // One rule for every cut (redactHead's margin); one character more tells whether anything was cut.
  const head = redactHead(text, maxChars + 1);
  return head.length <= maxChars ? head : `${head.slice(0, Math.max(0, maxChars - 1))}…`;
}
