/**
 * Text the agent or the CLI wrote, made safe to show: bounded before anything else looks at it (a
 * description of 8 MB costs what its first few hundred characters cost), one line, no control,
 * zero-width or direction-changing characters, and nothing any of our surfaces reads as markup: no
 * markdown link (`[x](command:…)`, `[x](https://…)`), no codicon (`$(…)`), no `command:` URI. The one
 * rule for every agent string the extension shows (titles, command descriptions, to-do rows, progress
 * lines, quoted errors); see docs/security.md. Pure.
 */

/**
 * C0/C1 controls, zero-width characters, line/paragraph separators, and every bidirectional control
 * (embeddings, overrides, isolates U+2066–U+2069, the marks U+200E/U+200F and U+061C): removed as spaces.
 */
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g;
/** Characters looked at per character kept: room for runs of spaces and removed characters, never the whole string. */
const WINDOW_PER_CHAR = 4;
const WINDOW_EXTRA = 256;

/**
 * `s` as one line of at most `max` characters (code points): cut to a window first, then cleaned
 * ({@link inertText}), then cut to `max`, ending with "…" when anything was left out. Linear in `max`,
 * whatever the length of `s`.
 */
export function agentLine(s: string, max: number): string {
  const window = max * WINDOW_PER_CHAR + WINDOW_EXTRA;
  const cutAtWindow = s.length > window;
  const line = inertText(cutAtWindow ? s.slice(0, window) : s);
  let end = 0;
  let count = 0;
  while (end < line.length && count < max) {
    const c = line.codePointAt(end) as number;
    end += c > 0xffff ? 2 : 1;
    count++;
  }
  if (end >= line.length && !cutAtWindow) return line;
  // One character fewer, for the "…" (a word cut short is better than a line too long).
  const kept = Array.from(line.slice(0, end))
    .slice(0, max - 1)
    .join('')
    .trimEnd();
  return kept ? `${kept}…` : '';
}

/**
 * `s` as plain text whatever the surface reads it as: invisible and direction-changing characters
 * removed, whitespace runs one space, trimmed, and markup broken so it shows as written: `](` becomes
 * `] (` (no markdown or notification link), `$(` becomes `$ (` (no codicon), `command:` becomes
 * `command :` (no command URI, in any syntax). Bound `s` first (see {@link agentLine}): this reads all of it.
 */
export function inertText(s: string): string {
  return s
    .replace(INVISIBLE, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\]\(/g, '] (')
    .replace(/\$\(/g, '$ (')
    .replace(/\b(command):/gi, '$1 :');
}
