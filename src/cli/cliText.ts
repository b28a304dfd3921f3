/**
 * Text the CLI prints for people (`models`, `status`, `--version`): what is
 * left of it once terminal decoration is removed. Pure.
 */
import { inertText } from './agentText';

// CSI sequences (colours, cursor moves) and OSC sequences (hyperlinks, titles).
const ANSI = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]/g;
const ZERO_WIDTH = /[\u200B-\u200D\uFEFF\u2060]/g;

/**
 * Removes terminal escapes, zero-width and control characters, turns every run
 * of whitespace (tabs, NBSP, U+2003 and the other Unicode spaces) into one
 * space, trims, breaks markup ({@link inertText}). Linear: so are the patterns that read its result, which never
 * see two spaces in a row.
 */
export function cleanCliLine(line: string): string {
  // Inert last: a model's name is shown in quick picks and tooltips, where `$(…)` is a codicon.
  return inertText(
    line
      .replace(ANSI, '')
      .replace(ZERO_WIDTH, '')
      .replace(/[\x00-\x08\x0e-\x1f\x7f]/g, ''),
  );
}
