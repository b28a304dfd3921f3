"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.parseVersionOutput = parseVersionOutput;
/**
 * Parses `cursor-agent --version` (one line such as `2026.10.01-e373342`). Pure.
 */
const cliText_1 = require("./cliText");
const redact_1 = require("./redact");
const MAX_OUTPUT_CHARS = 200;
/** One token with a digit in it, e.g. `2026.10.01-e373342`, `v1.2.3`. */
const VERSION_TOKEN = /^[A-Za-z0-9][A-Za-z0-9._+-]*$/;
/**
 * The version string, or undefined when the output does not look like a
 * version (empty, longer than 200 characters, several words, no digit), as
 * when some other program answered `--version` with help text or an error.
 */
function parseVersionOutput(stdout) {
    const text = stdout.trim();
    if (text === '' || text.length > MAX_OUTPUT_CHARS)
        return undefined;
    const line = text
        .split(/\r?\n/)
        .map(cliText_1.cleanCliLine)
        .find((l) => l !== '');
    if (!line || !VERSION_TOKEN.test(line) || !/\d/.test(line))
        return undefined;
    // Logged and shown (/status, the tooltip): redacted like any other text from the CLI.
    return (0, redact_1.redactSecrets)(line);
}
//# sourceMappingURL=version.js.map