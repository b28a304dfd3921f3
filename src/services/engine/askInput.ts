/**
 * Where the files an ask names are (`cursor_ask`, `ask_cursor`): inside the workspace folder or not.
 * The input itself is validated in src/turn/askInput.ts (re-exported here for the services that use
 * both). Pure: the file system is a port (`realPath`).
 */
import * as path from 'node:path';

export { ASK_INPUT_HINT, MAX_QUESTION_CHARS, MAX_TOOL_FILES, parseAskInput, type AskInput } from '../../turn/askInput';

export interface FolderFiles {
  /** Absolute paths inside the folder, in the order given, each once. */
  inside: string[];
  /** Files given that are not inside the folder (as given). */
  outside: string[];
}

/**
 * Where each file is: a relative path is taken from `folder`; symbolic links are resolved (`realPath`,
 * undefined for a file that does not exist), so a link inside the folder to a file outside it is outside.
 */
export function placeFiles(
  files: readonly string[],
  folder: string,
  host: { platform: string; realPath?: (p: string) => string | undefined },
): FolderFiles {
  const p = host.platform === 'win32' ? path.win32 : path.posix;
  const caseless = host.platform === 'win32' || host.platform === 'darwin';
  const real = (x: string) => host.realPath?.(x) ?? x;
  const key = (x: string) => (caseless ? x.toLowerCase() : x);
  const root = key(p.resolve(real(folder)));
  const given = key(p.resolve(folder));
  const out: FolderFiles = { inside: [], outside: [] };
  const seen = new Set<string>();
  for (const file of files) {
    const abs = p.resolve(folder, file);
    // A file that does not exist has no real path: it is placed by the folder's name as given (and reported missing later).
    const resolved = host.realPath?.(abs);
    const rel = resolved ? p.relative(root, key(p.resolve(resolved))) : p.relative(given, key(abs));
    if (rel.startsWith('..') || p.isAbsolute(rel)) {
      out.outside.push(file);
    } else if (!seen.has(key(abs))) {
      seen.add(key(abs));
      out.inside.push(abs);
    }
  }
  return out;
}
