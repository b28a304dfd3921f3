/** What a test hands the (fake) CLI when it runs it directly, without the extension's launch planning. */
import * as os from 'os';

/** A small, clean environment: PATH, HOME and a UTF-8 locale. */
export const ENV: Record<string, string> = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: os.homedir(), LANG: 'C.UTF-8' };

/** The argv of a read-only print-mode turn, as the extension passes it before `--workspace`/`--model`. */
export const TURN_ARGS = ['-p', '--output-format', 'stream-json', '--stream-partial-output', '--mode', 'plan', '--trust'];
