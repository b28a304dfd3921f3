/**
 * Where VS Code (desktop or code-server) writes the extension's logs under a user-data folder, for
 * the host tier (plain fs: the caller says which folder and which extension).
 */
import * as fs from 'fs';
import * as path from 'path';

/** The extension-host log folders of every session: `<userDataDir>/logs/<session>/exthost<N>/`. */
export function extHostLogDirs(userDataDir: string): string[] {
  const logs = path.join(userDataDir, 'logs');
  if (!fs.existsSync(logs)) return [];
  const out: string[] = [];
  for (const session of fs.readdirSync(logs)) {
    const dir = path.join(logs, session);
    if (!fs.statSync(dir).isDirectory()) continue;
    for (const host of fs.readdirSync(dir).filter((n) => n.startsWith('exthost'))) out.push(path.join(dir, host));
  }
  return out;
}

/** The newest file of the extension's "Cursor" LogOutputChannel (`exthost<N>/<extensionId>/Cursor.log`); undefined before it is written. */
export function cursorLogFile(where: { userDataDir: string; extensionId: string }): string | undefined {
  return extHostLogDirs(where.userDataDir)
    .map((d) => path.join(d, where.extensionId, 'Cursor.log'))
    .filter((f) => fs.existsSync(f))
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)[0];
}

/** Every file below `dir`, at any depth (none when it does not exist). */
export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((d) => (d.isDirectory() ? filesUnder(path.join(dir, d.name)) : [path.join(dir, d.name)]));
}
