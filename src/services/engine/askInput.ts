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
 * Where each file is (the one rule of "inside the workspace folder": `cursor_ask`, the editor tools): a relative
 * path is taken from `folder`; a path outside it by name is outside with no file-system call; then symbolic links
 * are resolved (`realPath`, undefined for a file that does not exist), so a link inside the folder to a file
 * outside it is outside.
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
  const outside = (rel: string) => rel.startsWith('..') || p.isAbsolute(rel);
  for (const file of files) {
    const abs = p.resolve(folder, file);
    // By its name first, before any file-system call: a UNC, device or other-drive path, or one that climbs
    // out with `..`, is refused as given (on Windows a real path of `\\host\share` would connect to that host).
    const named = outside(p.relative(given, key(abs))) && outside(p.relative(root, key(abs)));
    // Then its real path (a link inside the folder to a file outside it is outside). A file that does not
    // exist has no real path: it is placed by the folder's name as given (and reported missing later).
    const resolved = named ? undefined : host.realPath?.(abs);
    const rel = resolved ? p.relative(root, key(p.resolve(resolved))) : p.relative(given, key(abs));
    if (named || outside(rel)) {
      out.outside.push(file);
    } else if (!seen.has(key(abs))) {
      seen.add(key(abs));
      out.inside.push(abs);
    }
  }
  return out;
}
