/**
 * The POSIX tree walk by `tree-kill` (the library the design card names; vscode-go's `killProcessTree`
 * wraps it too): it lists a process's children with `ps -o pid --no-headers --ppid <pid>` (Linux) or
 * `pgrep -P <pid>` (macOS), level by level, and signals every process found, including those that left
 * the process group (`setsid`), which a group signal misses. Used on the asynchronous kill path (Stop,
 * a deadline) beside our group kill, see `killProcessTree` (./processTree).
 *
 * Only where it can't crash the host or run a stranger's program. tree-kill spawns that helper by its
 * bare name, with no 'error' listener: a missing `ps` (slim containers have no procps) would be an
 * uncaught exception in the extension host, and a `ps` found first on PATH in a workspace folder would
 * run that folder's program. So the helper is looked up on PATH once per runner, as spawn would find
 * it, and tree-kill is used only when the first hit is in a system folder. Otherwise the hand-written
 * walk in ./processTree does the job (/proc on Linux, `/bin/ps` by absolute path elsewhere).
 *
 * What it can't do, so stays hand-written: Windows (it runs `taskkill` through `exec`, i.e. cmd.exe, a
 * shell; ours is an argument array, ./processTree `startTaskkill`), pid identity (it signals the pids
 * its walk printed; ours compare start times before any later signal), the escaped-process sweep by run
 * marker (./escapedSweep), and the synchronous kill on dispose (it is asynchronous; `killTreesNow`).
 */
import * as fs from 'fs';
import * as path from 'path';
import treeKill from 'tree-kill';
import type { KillSignal } from './signals';

/** Folders a system `ps`/`pgrep` lives in; a first hit anywhere else (a workspace, a user's bin) is not run. */
export const SYSTEM_BIN_DIRS: readonly string[] = ['/bin', '/usr/bin', '/sbin', '/usr/sbin'];
/** How long tree-kill's walk may take before the caller goes on without it. */
const WALK_TIMEOUT_MS = 1000;

type TreeKillFn = (pid: number, signal: string, callback: (error?: Error) => void) => void;

export interface TreeWalkOptions {
  platform?: NodeJS.Platform;
  /** The PATH tree-kill's spawn will search: the host's own (it passes no `env`). */
  searchPath?: string | undefined;
  /** tree-kill itself; a test may wrap it to see it called. */
  treeKill?: TreeKillFn;
}

/** The helper tree-kill spawns on `platform`, or undefined where tree-kill is not used. */
export function walkHelper(platform: NodeJS.Platform): string | undefined {
  return platform === 'linux' ? 'ps' : platform === 'darwin' ? 'pgrep' : undefined;
}

/**
 * Where spawn would find `name` on `searchPath` (the first executable file), when that is in a system
 * folder; undefined when it is not found, is found elsewhere first, or an entry before it is relative
 * (spawn would search the current folder there).
 */
export function systemHelperOnPath(name: string, searchPath: string | undefined): string | undefined {
  for (const dir of (searchPath ?? '').split(path.delimiter)) {
    if (!path.isAbsolute(dir)) return undefined;
    const file = path.join(dir, name);
    try {
      if (!fs.statSync(file).isFile()) continue;
      fs.accessSync(file, fs.constants.X_OK);
    } catch {
      continue;
    }
    return SYSTEM_BIN_DIRS.includes(path.normalize(dir).replace(/\/+$/, '')) ? file : undefined;
  }
  return undefined;
}

/** tree-kill where its helper is a system one; one per runner (the PATH is checked once, on first use). */
export class TreeWalk {
  private found: boolean | undefined;
  private readonly platform: NodeJS.Platform;
  private readonly searchPath: string | undefined;
  private readonly treeKill: TreeKillFn;

  constructor(options: TreeWalkOptions = {}) {
    this.platform = options.platform ?? process.platform;
    this.searchPath = 'searchPath' in options ? options.searchPath : process.env.PATH;
    this.treeKill = options.treeKill ?? treeKill;
  }

  /** Whether tree-kill may run here (checked once). */
  get available(): boolean {
    if (this.found === undefined) {
      // tree-kill picks its helper by the host's platform; a runner planning for another one never uses it.
      const helper = this.platform === process.platform ? walkHelper(this.platform) : undefined;
      this.found = helper !== undefined && systemHelperOnPath(helper, this.searchPath) !== undefined;
    }
    return this.found;
  }

  /**
   * Walks `pid`'s tree and sends `signal` to every process found (`pid` included). Resolves when done,
   * after at most 1 s, or at once when tree-kill is not available here; never rejects.
   */
  signalTree(pid: number, signal: KillSignal): Promise<void> {
    if (!this.available) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, WALK_TIMEOUT_MS);
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      try {
        // Its callback's error (a process it may not signal) changes nothing: the group kill follows.
        this.treeKill(pid, signal, done);
      } catch {
        done();
      }
    });
  }
}
