/**
 * Folders the agent is never pointed at, trusted or not: the home folder, any
 * folder that holds it (`/home`, `C:\Users`) and a filesystem root. With
 * `--trust` the agent could read everything below them: `~/.ssh`, cloud
 * credentials, other projects. Pure.
 */
import * as path from 'node:path';

export type UnsafeWorkspace = 'home' | 'holdsHome' | 'root';

/**
 * Why `workspace` must not be the agent's workspace, or undefined when it may.
 * `realPath` resolves symbolic links (a link to the home folder is the home
 * folder); names compare case-insensitively on Windows and macOS.
 */
export function unsafeWorkspace(
  workspace: string,
  opts: { homeDir?: string; platform: string; realPath?: (p: string) => string | undefined },
): UnsafeWorkspace | undefined {
  const p = opts.platform === 'win32' ? path.win32 : path.posix;
  const caseless = opts.platform === 'win32' || opts.platform === 'darwin';
  const norm = (x: string) => {
    const resolved = p.resolve(opts.realPath?.(x) ?? x);
    const trimmed = resolved.length > p.parse(resolved).root.length ? resolved.replace(/[\\/]+$/, '') : resolved;
    return caseless ? trimmed.toLowerCase() : trimmed;
  };
  const ws = norm(workspace);
  if (p.parse(ws).root === ws) return 'root';
  if (!opts.homeDir) return undefined;
  const home = norm(opts.homeDir);
  if (ws === home) return 'home';
  const rel = p.relative(ws, home);
  if (rel !== '' && !rel.startsWith('..') && !p.isAbsolute(rel)) return 'holdsHome';
  return undefined;
}

/** Why a turn did not run at all: the window's folder is not trusted, or no folder is open (or chosen). */
export type TurnRefusal = 'untrustedWorkspace' | 'noFolder';

/** The first sentence of each refusal, shared by every surface (and `describeError('untrustedWorkspace')`). */
export const REFUSAL_REASONS: Readonly<Record<TurnRefusal, string>> = {
  untrustedWorkspace: 'This folder is not trusted, so the Cursor agent will not run in it.',
  noFolder: 'Open a folder first: the Cursor agent answers about the files of a workspace folder.',
};

/**
 * What the user reads when a turn is refused: `chat` is @cursor (a Manage Workspace Trust button
 * sits beside it), `languageModel` a caller of the language model API (no @cursor there).
 */
export function refusalMessage(reason: TurnRefusal, surface: 'chat' | 'languageModel'): string {
  if (reason === 'noFolder') return REFUSAL_REASONS.noFolder;
  return `${REFUSAL_REASONS.untrustedWorkspace} ${surface === 'chat' ? 'Trust the folder to use @cursor here.' : 'Trust the folder first.'}`;
}
