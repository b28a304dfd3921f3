"use strict";
/**
 * A cheap guard before `JSON.parse`: deeply nested brackets (`[[[[…`) cost
 * `JSON.parse` seconds per megabyte, while no event of the CLI nests more
 * than a few levels. Pure.
 */
Object.defineProperty(exports, "__esModule", { value: true });
exports.MAX_JSON_DEPTH = void 0;
exports.exceedsJsonDepth = exceedsJsonDepth;
/** Deeper than any CLI output nests (events, tool results, status JSON). */
exports.MAX_JSON_DEPTH = 256;
/**
 * True when `text`, read as JSON, opens more than `maxDepth` arrays/objects
 * inside each other. Strings are skipped (brackets in them don't count), with
 * `indexOf`, so a large string value costs little; only structure characters
 * are visited one by one. Linear in the length; stops at the first excess.
 */
function exceedsJsonDepth(text, maxDepth = exports.MAX_JSON_DEPTH) {
    let depth = 0;
    const n = text.length;
    for (let i = 0; i < n; i++) {
        const c = text.charCodeAt(i);
        if (c === 0x22 /* " */) {
            // Find the closing quote: one not preceded by an odd number of backslashes.
            let j = text.indexOf('"', i + 1);
            while (j !== -1) {
                let slashes = 0;
                for (let k = j - 1; k > i && text.charCodeAt(k) === 0x5c; k--)
                    slashes++;
                if (slashes % 2 === 0)
                    break;
                j = text.indexOf('"', j + 1);
            }
            if (j === -1)
                return false; // an unterminated string: JSON.parse fails fast on it
            i = j;
        }
        else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
            if (++depth > maxDepth)
                return true;
        }
        else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
            depth--;
        }
    }
    return false;
}
//# sourceMappingURL=jsonDepth.js.map