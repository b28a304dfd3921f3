/**
 * Which `cursor-agent` binary to run, and why every other candidate lost.
 * Pure: the file system, PATH lookup and the `--version` probe are injected.
 *
 * Order: the user's path setting (validated with `--version`) → `cursor-agent`
 * on PATH → `agent` on PATH → the newest installed version (POSIX:
 * `~/.local/share/cursor-agent/versions/<YYYY.MM.DD-hash>/cursor-agent`;
 * Windows: the `%LOCALAPPDATA%\cursor-agent` shims, then its newest
 * `versions\<ver>\index.js` beside a `node.exe`) → the `cursor` IDE
 * launcher, only if it answers `--version`.
 */
import * as path from 'node:path';
import type { CliErrorKind } from './errors';

export type BinarySource = 'setting' | 'path:cursor-agent' | 'path:agent' | 'install-dir' | 'path:cursor';

export type ProbeResult = { ok: true; version: string } | { ok: false; reason: string; kind: CliErrorKind };

export interface ResolveDeps {
  /** PATH lookup (with PATHEXT on Windows); undefined when not found. */
  which(name: string): Promise<string | undefined>;
  /** Entry names in a folder; empty when it does not exist. */
  listDir(dir: string): Promise<string[]>;
  isFile(p: string): Promise<boolean>;
  /**
   * Runs `<path> [...argsPrefix] --version` (bounded) and validates the answer. The `cursor`
   * launcher is probed as `cursor agent --version`: its own `--version` is the IDE's.
   */
  probeVersion(path: string, argsPrefix?: readonly string[]): Promise<ProbeResult>;
}

export interface ResolveOptions {
  /** The `cursorAgent.path` setting: absolute, `~/…`, or a bare command name. */
  configuredPath?: string;
  platform: string;
  homeDir: string;
  /** Windows `%LOCALAPPDATA%`; defaults to `<home>\AppData\Local`. */
  localAppData?: string;
}

export interface RejectedCandidate {
  /** The path, or the command name when it was not on PATH. */
  candidate: string;
  source: BinarySource;
  reason: string;
}

export type Resolution =
  | {
      found: true;
      path: string;
      version: string;
      source: BinarySource;
      /**
       * Arguments to put before the CLI's own: `['agent']` for the `cursor`
       * launcher (which runs the agent as `cursor agent …`), else empty.
       */
      argsPrefix: string[];
      /** The path setting was set but did not work (see `rejected`). */
      configuredPathFailed: boolean;
      rejected: RejectedCandidate[];
    }
  | { found: false; rejected: RejectedCandidate[]; kind: CliErrorKind };

/**
 * What the Cursor CLI's `--version` prints: a date and a commit
 * (`2026.10.01-e373342`). `agent` is a common name: a binary of that name is
 * accepted only when it answers like this.
 */
export const CURSOR_VERSION = /^\d{4}\.\d{1,2}\.\d{1,2}-[0-9A-Za-z]{4,40}$/;

/** Installed version folders: `2026.10.01-e373342`. */
const VERSION_DIR = /^(\d{4})\.(\d{1,2})\.(\d{1,2})-([A-Za-z0-9]+)$/;
/** How many installed versions to try, newest first. */
const MAX_INSTALLED_TRIES = 3;

/** Finds the binary to run. Never rejects unless a dep rejects. */
export async function resolveBinary(deps: ResolveDeps, opts: ResolveOptions): Promise<Resolution> {
  const windows = opts.platform === 'win32';
  const p = windows ? path.win32 : path.posix;
  const rejected: RejectedCandidate[] = [];
  const tried = new Set<string>();
  const key = (file: string) => (windows ? p.normalize(file).toLowerCase() : p.normalize(file));
  let configuredPathFailed = false;
  let configuredKind: CliErrorKind | undefined;
  let sawIdeLauncher = false;

  const attempt = async (file: string, source: BinarySource): Promise<Resolution | undefined> => {
    if (tried.has(key(file))) return undefined;
    tried.add(key(file));
    const argsPrefix = source === 'path:cursor' ? ['agent'] : [];
    const probe = await deps.probeVersion(file, argsPrefix);
    if (probe.ok && source === 'path:agent' && !CURSOR_VERSION.test(probe.version)) {
      // Another program named `agent` would receive the user's prompts.
      const printed = probe.version.slice(0, 60);
      const reason = `its \`--version\` printed \`${printed}\`, not a Cursor CLI version (such as 2026.10.01-e373342): another program named agent`;
      rejected.push({ candidate: file, source, reason });
      return undefined;
    }
    if (probe.ok) {
      return { found: true, path: file, version: probe.version, source, argsPrefix, configuredPathFailed, rejected };
    }
    if (probe.kind === 'ideLauncherOnly' || /No Cursor IDE installation found/i.test(probe.reason)) sawIdeLauncher = true;
    rejected.push({ candidate: file, source, reason: probe.reason });
    // A configured file that exists but fails is its own problem, whatever else is found.
    if (source === 'setting') configuredKind = sawIdeLauncher ? 'ideLauncherOnly' : 'notExecutable';
    return undefined;
  };
  const onPath = async (name: string, source: BinarySource): Promise<Resolution | undefined> => {
    const found = await deps.which(name);
    if (!found) {
      rejected.push({ candidate: name, source, reason: 'not found on PATH' });
      return undefined;
    }
    return attempt(found, source);
  };

  // 1. The user's setting.
  const configured = opts.configuredPath?.trim();
  if (configured) {
    const won = await tryConfigured(configured);
    if (won) return won;
    configuredPathFailed = true;
  }

  // 2-3. PATH.
  const fromPath = (await onPath('cursor-agent', 'path:cursor-agent')) ?? (await onPath('agent', 'path:agent'));
  if (fromPath) return fromPath;

  // 4. The install folder.
  for (const file of await installedCandidates(deps, opts, p)) {
    const won = await attempt(file, 'install-dir');
    if (won) return won;
  }

  // 5. The IDE launcher, last.
  const viaCursor = await onPath('cursor', 'path:cursor');
  if (viaCursor) return viaCursor;

  const kind: CliErrorKind = configuredKind ?? (sawIdeLauncher ? 'ideLauncherOnly' : 'notInstalled');
  return { found: false, rejected, kind };

  async function tryConfigured(value: string): Promise<Resolution | undefined> {
    // A bare command name (`cursor-agent`) is looked up on PATH.
    if (!/[\\/]/.test(value) && !value.startsWith('~')) {
      const found = await deps.which(value);
      if (!found) {
        rejected.push({ candidate: value, source: 'setting', reason: 'the path setting names a command that is not on PATH' });
        return undefined;
      }
      return attempt(found, 'setting');
    }
    const file = expandHome(value, opts.homeDir, opts.platform);
    if (!p.isAbsolute(file)) {
      rejected.push({ candidate: value, source: 'setting', reason: 'the path setting must be an absolute path' });
      return undefined;
    }
    if (!(await deps.isFile(file))) {
      rejected.push({ candidate: file, source: 'setting', reason: 'the path setting points to no file' });
      tried.add(key(file));
      return undefined;
    }
    return attempt(file, 'setting');
  }
}

/** `~` and `~/x` (or `~\x`) → the home folder; anything else unchanged. */
export function expandHome(value: string, homeDir: string, platform: string): string {
  if (value === '~') return homeDir;
  if (value.startsWith('~/') || (platform === 'win32' && value.startsWith('~\\'))) {
    return (platform === 'win32' ? path.win32 : path.posix).join(homeDir, value.slice(2));
  }
  return value;
}

/** Sorts version folder names newest first; names that are not versions are dropped. */
export function sortVersionDirs(names: readonly string[]): string[] {
  const parsed = names.flatMap((name) => {
    const [, year, month, day, build] = VERSION_DIR.exec(name) ?? [];
    if (year === undefined || month === undefined || day === undefined || build === undefined) return [];
    return [{ name, date: [Number(year), Number(month), Number(day)] as const, build }];
  });
  parsed.sort((a, b) => {
    const d = b.date[0] - a.date[0] || b.date[1] - a.date[1] || b.date[2] - a.date[2];
    if (d !== 0) return d;
    return b.build < a.build ? -1 : b.build > a.build ? 1 : 0;
  });
  return parsed.map((x) => x.name);
}

/** Existing installed-binary candidates, best first. */
async function installedCandidates(deps: ResolveDeps, opts: ResolveOptions, p: typeof path.posix): Promise<string[]> {
  const out: string[] = [];
  if (opts.platform === 'win32') {
    // The installer's shims; launchCommandFor turns them into `node.exe index.js`.
    const dir = p.join(opts.localAppData || p.join(opts.homeDir, 'AppData', 'Local'), 'cursor-agent');
    for (const name of ['cursor-agent.cmd', 'cursor-agent.ps1', 'agent.cmd', 'agent.ps1']) {
      const file = p.join(dir, name);
      if (await deps.isFile(file)) out.push(file);
    }
    // Without its launchers, the newest unpacked versions themselves (their node.exe runs index.js).
    let tries = 0;
    for (const name of sortVersionDirs(await deps.listDir(p.join(dir, 'versions')))) {
      const file = p.join(dir, 'versions', name, 'index.js');
      if ((await deps.isFile(file)) && (await deps.isFile(p.join(dir, 'versions', name, 'node.exe')))) out.push(file);
      if (++tries >= MAX_INSTALLED_TRIES) break;
    }
    return out;
  }
  const versions = p.join(opts.homeDir, '.local', 'share', 'cursor-agent', 'versions');
  for (const name of sortVersionDirs(await deps.listDir(versions))) {
    const file = p.join(versions, name, 'cursor-agent');
    if (await deps.isFile(file)) out.push(file);
    if (out.length >= MAX_INSTALLED_TRIES) break;
  }
  return out;
}
