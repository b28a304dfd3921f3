/**
 * Killing whole process trees. The real `cursor-agent` is a shell wrapper that
 * starts a bundled node, which starts tool processes: signalling only the pid
 * we spawned orphans the rest.
 *
 * POSIX: children are spawned as process-group leaders (`detached: true`), so
 * the group is signalled. The group is frozen (SIGSTOP) before anything else,
 * so nothing in it runs, forks or exits while the tree is walked; descendants
 * that left the group (`setsid`) are then found while their parents still link
 * them, and the requested signal follows (with SIGCONT, so a stopped process
 * acts on it). Linux walks /proc itself: tree-kill runs `ps` without an
 * 'error' listener, so on a machine without procps (slim containers) it would
 * throw an uncaught exception in the extension host. Elsewhere tree-kill
 * (`pgrep` on macOS). Windows: `%SystemRoot%\System32\taskkill.exe /PID <pid>
 * /T /F`, by its absolute path and without a shell.
 *
 * Everything here that runs while the extension host works is cheap: a full
 * /proc walk happens once per kill, and while waiting for a group to end only
 * when cheaper checks can't tell (see {@link GroupWatch}).
 */
import { spawn, type ChildProcess } from 'child_process';
import * as fs from 'fs';
import treeKill from 'tree-kill';
import { planKillTree } from '../cli/windowsLaunch';

export type KillSignal = 'SIGTERM' | 'SIGKILL' | 'SIGINT' | 'SIGHUP';

/** How long tree-kill's `ps` walk may take before the group is signalled anyway. */
const TREE_WALK_TIMEOUT_MS = 1000;
/** {@link GroupWatch}: the least time between two full /proc walks of one group. */
const DEFAULT_GROUP_SCAN_INTERVAL_MS = 250;
/** {@link findByEnvironment}: environments read at a time. */
const ENVIRON_READ_BATCH = 32;

/**
 * True while `pid` is a running process. Zombies count as dead: an orphan that
 * exited may linger unreaped when PID 1 does not reap (containers), yet it
 * holds nothing and can't be killed.
 */
export function isAlive(pid: number, platform: NodeJS.Platform = process.platform): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (e) {
    // EPERM: it exists but belongs to someone else.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
  if (platform === 'linux') {
    const stat = readProcStat(pid);
    if (stat && stat.state === 'Z') return false;
  }
  return true;
}

/**
 * True while any live (non-zombie) process is in process group `pgid`.
 * Windows has no process groups: always false there.
 *
 * `kill(-pgid, 0)` first (no such group: dead). It also succeeds for a group
 * that holds only zombies, so on Linux a running leader (/proc/<pgid>/stat)
 * settles it; only when the leader is gone or a zombie are the group's other
 * members looked for (a walk of /proc). For repeated checks use {@link GroupWatch}.
 */
export function isGroupAlive(pgid: number, platform: NodeJS.Platform = process.platform): boolean {
  if (platform === 'win32' || !Number.isInteger(pgid) || pgid <= 0) return false;
  if (!groupExists(pgid)) return false;
  if (platform !== 'linux') return true;
  if (isLiveMember(pgid, pgid)) return true;
  const members = liveGroupMembers(pgid);
  return members === undefined || members.length > 0;
}

/**
 * Repeated "is this group still alive?" checks that stay cheap: `kill(-pgid,
 * 0)`, then (Linux) the leader's and the last seen members' /proc/<pid>/stat.
 * /proc is walked for the group's members only when the group exists but no
 * process known to be in it runs (it may hold nothing but unreaped zombies:
 * containers whose PID 1 reaps late or never): at once when every member the
 * last walk found has ended since, else at most once per `scanIntervalMs`
 * (meanwhile the last walk's "none running" stands).
 */
export class GroupWatch {
  private members: number[] = [];
  private lastScan = Number.NEGATIVE_INFINITY;

  constructor(
    readonly pgid: number,
    private readonly platform: NodeJS.Platform = process.platform,
    private readonly scanIntervalMs = DEFAULT_GROUP_SCAN_INTERVAL_MS,
  ) {}

  alive(): boolean {
    const { pgid } = this;
    if (this.platform === 'win32' || !Number.isInteger(pgid) || pgid <= 0) return false;
    if (!groupExists(pgid)) {
      this.members = [];
      return false;
    }
    if (this.platform !== 'linux') return true;
    if (isLiveMember(pgid, pgid)) return true;
    const seenBefore = this.members.length > 0;
    this.members = this.members.filter((p) => isLiveMember(p, pgid));
    if (this.members.length > 0) return true;
    const now = Date.now();
    if (!seenBefore && now - this.lastScan < this.scanIntervalMs) return false; // the last walk found none running
    this.lastScan = now;
    const found = liveGroupMembers(pgid);
    if (found === undefined) return true; // no /proc: trust kill(0)
    this.members = found;
    return found.length > 0;
  }
}

/**
 * Sends `signal` to `pid`, its process group and every descendant found.
 * Resolves with the pids that were signalled (known descendants included), so
 * the caller can check them again after a grace period. Never rejects.
 *
 * POSIX: the group is stopped (SIGSTOP) at once, before any walk, so the first
 * signal is never delayed by one; the requested signal and SIGCONT follow the
 * walk (synchronously on Linux; on macOS after `pgrep`, at most 1 s).
 */
export function killProcessTree(pid: number, signal: KillSignal, platform: NodeJS.Platform = process.platform): Promise<number[]> {
  return new Promise((resolve) => {
    if (!Number.isInteger(pid) || pid <= 0) return resolve([]);
    if (platform === 'win32') {
      // taskkill /T /F: forceful whatever the signal; there is no graceful tree stop.
      const child = startTaskkill(pid);
      if (child === undefined) {
        signalPid(pid, 'SIGKILL'); // no safe taskkill.exe: at least the process itself
        return resolve([pid]);
      }
      child.once('exit', () => resolve([pid]));
      child.once('error', () => resolve([pid]));
      return;
    }
    const stopped = signalGroup(pid, 'SIGSTOP');
    const deliver = (descendants: number[]) => {
      signalGroup(pid, signal);
      signalPid(pid, signal);
      for (const d of descendants) signalPid(d, signal);
      if (stopped) signalGroup(pid, 'SIGCONT');
    };
    if (platform === 'linux' && fs.existsSync('/proc/self/stat')) {
      const descendants = listDescendants(pid, platform);
      deliver(descendants);
      return resolve([pid, ...descendants]);
    }
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      deliver([]);
      resolve([pid]);
    };
    const timer = setTimeout(finish, TREE_WALK_TIMEOUT_MS);
    try {
      treeKill(pid, signal, () => finish());
    } catch {
      finish();
    }
  });
}

/** One tree for {@link killTreesNow}. */
export interface TreeToKill {
  /** The pid spawned: the process-group leader on POSIX. */
  pid: number;
  /** False once it exited: its pid may be reused, so only its group is addressed. */
  running: boolean;
  /** Other pids known to belong to the tree (descendants found earlier, escaped processes). */
  known?: number[];
  /**
   * Windows: ends the running leader through its own process handle; called
   * when taskkill cannot start or reports a failure (instead of a kill by pid).
   */
  terminate?: () => void;
}

/**
 * Ends process trees now, with nothing left to a timer or a callback: for the
 * extension host shutting down, after which none would run. POSIX: every
 * group is stopped, /proc is walked once (Linux) for the descendants of the
 * leaders still running, then SIGKILL goes to every group, running leader,
 * known and found pid. Windows: a detached `taskkill /T /F` is started per
 * running leader (detached, so it outlives the host and its job object).
 */
export function killTreesNow(trees: TreeToKill[], platform: NodeJS.Platform = process.platform): void {
  const valid = trees.filter((t) => Number.isInteger(t.pid) && t.pid > 0);
  if (platform === 'win32') {
    for (const t of valid) {
      if (!t.running) continue;
      const fallback = t.terminate ?? (() => signalPid(t.pid, 'SIGKILL'));
      const taskkill = startTaskkill(t.pid, { detached: true });
      if (taskkill === undefined) fallback();
      else {
        taskkill.once('exit', (code) => code !== 0 && fallback());
        taskkill.once('error', () => fallback());
      }
    }
    return;
  }
  for (const t of valid) signalGroup(t.pid, 'SIGSTOP');
  const running = valid.filter((t) => t.running).map((t) => t.pid);
  const found = platform === 'linux' && running.length > 0 ? descendantsOf(running) : [];
  for (const t of valid) {
    signalGroup(t.pid, 'SIGKILL');
    if (t.running) signalPid(t.pid, 'SIGKILL');
    for (const p of t.known ?? []) if (p !== t.pid) signalPid(p, 'SIGKILL');
  }
  for (const p of found) signalPid(p, 'SIGKILL');
}

/**
 * Starts `%SystemRoot%\System32\taskkill.exe /PID <pid> /T /F` without a
 * shell. Undefined (nothing started) when %SystemRoot% is not an absolute
 * folder, or the spawn failed at once.
 */
export function startTaskkill(pid: number, options: { detached?: boolean; systemRoot?: string | undefined } = {}): ChildProcess | undefined {
  const plan = planKillTree(pid, 'win32', 'systemRoot' in options ? options.systemRoot : process.env.SystemRoot);
  if (plan === undefined) return undefined;
  try {
    const child = spawn(plan.command, plan.args, { shell: false, windowsHide: true, stdio: 'ignore', detached: options.detached === true });
    child.on('error', () => undefined);
    if (options.detached) child.unref();
    return child;
  } catch {
    return undefined;
  }
}

/** `process.kill(-pgid, signal)`, ignoring "no such group". */
export function signalGroup(pgid: number, signal: KillSignal | 'SIGSTOP' | 'SIGCONT'): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false;
  }
}

/** `process.kill(pid, signal)`, ignoring "no such process". */
export function signalPid(pid: number, signal: KillSignal): boolean {
  try {
    process.kill(pid, signal);
    return true;
  } catch {
    return false;
  }
}

/**
 * Descendants of `pid` from /proc (Linux only; elsewhere empty), children
 * before grandchildren.
 */
export function listDescendants(pid: number, platform: NodeJS.Platform = process.platform): number[] {
  if (platform !== 'linux') return [];
  return descendantsOf([pid]);
}

/** Descendants of every root (roots excluded), from one walk of /proc. */
function descendantsOf(roots: number[]): number[] {
  const children = new Map<number, number[]>();
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return [];
  }
  for (const name of entries) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readProcStat(Number(name));
    if (!stat) continue;
    const list = children.get(stat.ppid) ?? [];
    list.push(Number(name));
    children.set(stat.ppid, list);
  }
  const out: number[] = [];
  const seen = new Set(roots);
  const queue = [...roots];
  while (queue.length > 0) {
    const p = queue.shift() as number;
    for (const c of children.get(p) ?? []) {
      if (!seen.has(c)) {
        seen.add(c);
        out.push(c);
        queue.push(c);
      }
    }
  }
  return out;
}

/**
 * Live processes whose environment holds the entry `name=value` (Linux only;
 * elsewhere empty). A descendant that left the process group (`setsid`) and
 * outlived its parent is reparented and can no longer be found by walking the
 * tree, but it keeps the environment it inherited: the runner marks each
 * child's environment with a value of its own and looks for it at the end.
 * Other users' processes are unreadable and skipped. Reads asynchronously
 * (fs.promises): it reads every process's environment and must never block
 * the extension host's thread.
 */
export async function findByEnvironment(name: string, value: string, platform: NodeJS.Platform = process.platform): Promise<number[]> {
  if (platform !== 'linux') return [];
  let entries: string[];
  try {
    entries = await fs.promises.readdir('/proc');
  } catch {
    return [];
  }
  // /proc/<pid>/environ: NUL-terminated `NAME=value` entries.
  const entry = Buffer.from(`${name}=${value}\0`);
  const inside = Buffer.concat([Buffer.from([0]), entry]);
  const pids = entries.filter((n) => /^\d+$/.test(n)).map(Number);
  const matches: number[] = [];
  for (let i = 0; i < pids.length; i += ENVIRON_READ_BATCH) {
    const batch = pids.slice(i, i + ENVIRON_READ_BATCH);
    const environs = await Promise.all(batch.map((p) => fs.promises.readFile(`/proc/${p}/environ`).catch(() => undefined)));
    batch.forEach((p, k) => {
      const environ = environs[k];
      if (environ && (environ.subarray(0, entry.length).equals(entry) || environ.includes(inside))) matches.push(p);
    });
  }
  return matches.filter((p) => isAlive(p, platform));
}

interface ProcStat {
  state: string;
  ppid: number;
  pgid: number;
}

/** `kill(-pgid, 0)`: the group has a member (zombies included); EPERM means it has. */
function groupExists(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** `pid` runs (not a zombie) and is in group `pgid` (Linux, /proc/<pid>/stat). */
function isLiveMember(pid: number, pgid: number): boolean {
  const stat = readProcStat(pid);
  return stat !== undefined && stat.state !== 'Z' && stat.pgid === pgid;
}

/** Running (non-zombie) members of group `pgid`, from a walk of /proc; undefined without /proc. */
function liveGroupMembers(pgid: number): number[] | undefined {
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return undefined;
  }
  const out: number[] = [];
  for (const name of entries) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readProcStat(Number(name));
    if (stat && stat.pgid === pgid && stat.state !== 'Z') out.push(Number(name));
  }
  return out;
}

function readProcStat(pid: number): ProcStat | undefined {
  let text: string;
  try {
    text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // "pid (comm) state ppid pgrp ...": comm may contain spaces and parentheses.
  const close = text.lastIndexOf(')');
  if (close < 0) return undefined;
  const fields = text.slice(close + 2).split(' ');
  return { state: fields[0] ?? '', ppid: Number(fields[1]), pgid: Number(fields[2]) };
}
