/**
 * A cheap guard before `JSON.parse`: deeply nested brackets (`[[[[…`) cost
 * `JSON.parse` seconds per megabyte, while no event of the CLI nests more
 * than a few levels. The same rule guards print mode's lines and ACP's. Pure.
 */

/** Deeper than any CLI output nests (events, tool results, status JSON). */
export const MAX_JSON_DEPTH = 256;

/** Lines up to this size are parsed without the nesting check (a short line parses fast whatever its shape). */
export const DEPTH_CHECK_FROM_CHARS = 4096;

/** Budgets of {@link exceedsJsonDepth} besides depth: arrays/objects in all, and values (`,`-separated members and items) in all. */
export interface JsonBudget {
  maxContainers?: number;
  maxValues?: number;
}

/**
 * True when `text`, read as JSON, opens more than `maxDepth` arrays/objects
 * inside each other, or (with `maxContainers`) more than that many in all, or
 * (with `maxValues`) separates more than that many values with `,` (one object
 * of 700k keys costs `JSON.parse` seconds, and holds one container).
 * Strings are skipped (brackets in them don't count), with `indexOf`, so a
 * large string value costs little; only structure characters are visited one
 * by one. Linear in the length; stops at the first excess.
 */
export function exceedsJsonDepth(text: string, maxDepth: number = MAX_JSON_DEPTH, budget: JsonBudget = {}): boolean {
  const maxContainers = budget.maxContainers ?? Number.POSITIVE_INFINITY;
  const maxValues = budget.maxValues ?? Number.POSITIVE_INFINITY;
  let depth = 0;
  let containers = 0;
  let values = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      // Find the closing quote: one not preceded by an odd number of backslashes.
      let j = text.indexOf('"', i + 1);
      while (j !== -1) {
        let slashes = 0;
        for (let k = j - 1; k > i && text.charCodeAt(k) === 0x5c; k--) slashes++;
        if (slashes % 2 === 0) break;
        j = text.indexOf('"', j + 1);
      }
      if (j === -1) return false; // an unterminated string: JSON.parse fails fast on it
      i = j;
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > maxDepth || ++containers > maxContainers) return true;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      depth--;
    } else if (c === 0x2c /* , */ && ++values > maxValues) {
      return true;
    }
  }
  return false;
}

/**
 * The rule both readers apply to a line before `JSON.parse`: true when parsing
 * it could stall the extension host (too deep; with `maxContainers`, too many
 * arrays/objects, too many values), so it must be dropped unparsed. Short lines always parse.
 */
export function tooCostlyToParse(line: string, budget?: JsonBudget): boolean {
  return line.length > DEPTH_CHECK_FROM_CHARS && exceedsJsonDepth(line, MAX_JSON_DEPTH, budget);
}
