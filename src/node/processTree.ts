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
 * acts on it). Linux walks /proc itself. Elsewhere (macOS, BSD) one
 * `/bin/ps -A -o pid= -o ppid=`, by its absolute path: a bare `ps` or `pgrep`
 * would be looked up on PATH, which may name a folder of the workspace.
 * Windows: `%SystemRoot%\System32\taskkill.exe /PID <pid> /T /F`, by its
 * absolute path and without a shell.
 *
 * Pids are reused. A pid found is remembered with its start time
 * (/proc/<pid>/stat field 22, Linux) and compared again right before every
 * later signal: a process that is not the one found is never signalled. A
 * process group is signalled only while the spawned leader runs (so the group
 * is its) or, after it exited, while the group still has live members and was
 * never seen gone.
 *
 * Everything here that runs while the extension host works is cheap: a full
 * /proc walk happens once per kill, and while waiting for a group to end only
 * when cheaper checks can't tell (see {@link GroupWatch}).
 */
import { execFile, spawn, type ChildProcess } from 'child_process';
import * as fs from 'fs';
import { planKillTree } from '../cli/windowsLaunch';

export type KillSignal = 'SIGTERM' | 'SIGKILL' | 'SIGINT' | 'SIGHUP';

/**
 * A process as found: its pid and, on Linux, its start time (clock ticks since
 * boot, /proc/<pid>/stat field 22), which tells it from a later process that
 * got the same pid. Without /proc (macOS) `start` is undefined.
 */
export interface ProcRef {
  pid: number;
  start?: number;
}

/** `ps` by its absolute path (macOS, BSD; Linux has it too): never looked up on PATH. */
export const PS_PATH = '/bin/ps';
/** How long the `ps` walk may take before the group is signalled anyway. */
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
 * Resolves with the processes signalled (known descendants included, with
 * their start times), so the caller can check them again after a grace
 * period. Never rejects. `pid` must be a child that has not been reaped (its
 * pid and group can't have been reused).
 *
 * POSIX: the group is stopped (SIGSTOP) at once, before any walk, so the first
 * signal is never delayed by one; the requested signal and SIGCONT follow the
 * walk (synchronously on Linux; elsewhere after `/bin/ps`, at most 1 s).
 */
export function killProcessTree(pid: number, signal: KillSignal, platform: NodeJS.Platform = process.platform): Promise<ProcRef[]> {
  return new Promise((resolve) => {
    if (!Number.isInteger(pid) || pid <= 0) return resolve([]);
    if (platform === 'win32') {
      // taskkill /T /F: forceful whatever the signal; there is no graceful tree stop.
      const child = startTaskkill(pid);
      if (child === undefined) {
        signalPid(pid, 'SIGKILL'); // no safe taskkill.exe: at least the process itself
        return resolve([{ pid }]);
      }
      child.once('exit', () => resolve([{ pid }]));
      child.once('error', () => resolve([{ pid }]));
      return;
    }
    const leader = refOf(pid, platform) ?? { pid };
    const stopped = signalGroup(pid, 'SIGSTOP');
    const deliver = (descendants: ProcRef[]) => {
      signalGroup(pid, signal);
      signalPid(pid, signal);
      for (const d of descendants) signalRef(d, signal);
      if (stopped) signalGroup(pid, 'SIGCONT');
    };
    if (platform === 'linux' && fs.existsSync('/proc/self/stat')) {
      const descendants = descendantRefs([pid]);
      deliver(descendants);
      return resolve([leader, ...descendants]);
    }
    let done = false;
    const finish = (descendants: ProcRef[]) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      deliver(descendants);
      // Without /proc a descendant can't be told from a later process with its pid: only the leader is returned.
      resolve([leader]);
    };
    const timer = setTimeout(() => finish([]), TREE_WALK_TIMEOUT_MS);
    psDescendants(pid).then(finish, () => finish([]));
  });
}

/**
 * Descendants of `pid` from one `/bin/ps -A -o pid= -o ppid=` (for systems
 * without /proc), children before grandchildren; empty when `ps` fails.
 */
export function psDescendants(pid: number, psPath: string = PS_PATH): Promise<ProcRef[]> {
  return new Promise((resolve) => {
    try {
      execFile(psPath, ['-A', '-o', 'pid=', '-o', 'ppid='], { shell: false, windowsHide: true, timeout: TREE_WALK_TIMEOUT_MS, maxBuffer: 8 * 1024 * 1024 }, (err, stdout) => {
        if (err) return resolve([]);
        const children = new Map<number, number[]>();
        for (const line of String(stdout).split('\n')) {
          const m = /^\s*(\d+)\s+(\d+)\s*$/.exec(line);
          if (!m) continue;
          const list = children.get(Number(m[2])) ?? [];
          list.push(Number(m[1]));
          children.set(Number(m[2]), list);
        }
        resolve(walk([pid], children).map((p) => ({ pid: p })));
      }).on('error', () => resolve([]));
    } catch {
      resolve([]);
    }
  });
}

/** One tree for {@link killTreesNow}. */
export interface TreeToKill {
  /** The pid spawned: the process-group leader on POSIX. */
  pid: number;
  /** False once it exited: its pid may be reused, so only its group is addressed. */
  running: boolean;
  /**
   * Whether its process group may still be signalled: true while the leader
   * runs; after it exited, only while the group still had live members when
   * last checked (a group seen gone may since have been reused). Default true.
   */
  groupAlive?: boolean;
  /** Other processes known to belong to the tree (descendants found earlier, escaped processes), with their start times. */
  known?: ProcRef[];
  /**
   * Windows: ends the running leader through its own process handle; called
   * when taskkill cannot start or reports a failure (instead of a kill by pid).
   */
  terminate?: () => void;
}

/**
 * Ends process trees now, with nothing left to a timer or a callback: for the
 * extension host shutting down, after which none would run. POSIX: every
 * group still ours is stopped, /proc is walked once (Linux) for the
 * descendants of the leaders still running, then SIGKILL goes to every such
 * group, running leader, and known or found process that is still the one
 * found (same start time). Windows: a detached `taskkill /T /F` is started
 * per running leader (detached, so it outlives the host and its job object).
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
  // A running (unreaped) leader keeps its pid and group; an exited one's group is addressed only while still alive.
  const groups = valid.filter((t) => t.running || (t.groupAlive !== false && (platform !== 'linux' || isGroupAlive(t.pid, platform)))).map((t) => t.pid);
  for (const g of groups) signalGroup(g, 'SIGSTOP');
  const running = valid.filter((t) => t.running).map((t) => t.pid);
  const found = platform === 'linux' && running.length > 0 ? descendantRefs(running) : [];
  for (const g of groups) signalGroup(g, 'SIGKILL');
  for (const t of valid) {
    if (t.running) signalPid(t.pid, 'SIGKILL');
    for (const ref of t.known ?? []) if (ref.pid !== t.pid) signalRef(ref, 'SIGKILL', platform);
  }
  for (const ref of found) signalRef(ref, 'SIGKILL', platform);
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
 * Signals `ref` only if it is still the process that was found: on Linux its
 * start time must match (a pid reused by another process of the user is left
 * alone; a gone or zombie process is skipped). Without /proc, or without a
 * recorded start time, it is signalled by pid. True when a signal was sent.
 */
export function signalRef(ref: ProcRef, signal: KillSignal, platform: NodeJS.Platform = process.platform): boolean {
  if (!Number.isInteger(ref.pid) || ref.pid <= 0) return false;
  if (platform === 'linux' && ref.start !== undefined) {
    const now = readProcStat(ref.pid);
    if (now === undefined || now.start !== ref.start || now.state === 'Z') return false;
  }
  return signalPid(ref.pid, signal);
}

/**
 * `pid` with its start time (Linux). Undefined on Linux when no such process
 * runs; elsewhere just the pid (nothing to compare later).
 */
export function refOf(pid: number, platform: NodeJS.Platform = process.platform): ProcRef | undefined {
  if (platform !== 'linux' || !fs.existsSync('/proc/self/stat')) return { pid };
  const stat = readProcStat(pid);
  return stat && stat.state !== 'Z' ? { pid, start: stat.start } : undefined;
}

/**
 * Descendants of `pid` from /proc (Linux only; elsewhere empty), children
 * before grandchildren.
 */
export function listDescendants(pid: number, platform: NodeJS.Platform = process.platform): number[] {
  if (platform !== 'linux') return [];
  return descendantRefs([pid]).map((r) => r.pid);
}

/** Descendants of every root (roots excluded) with their start times, from one walk of /proc. */
function descendantRefs(roots: number[]): ProcRef[] {
  const children = new Map<number, number[]>();
  const starts = new Map<number, number>();
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
    starts.set(Number(name), stat.start);
    const list = children.get(stat.ppid) ?? [];
    list.push(Number(name));
    children.set(stat.ppid, list);
  }
  return walk(roots, children).map((pid) => ({ pid, start: starts.get(pid) }));
}

/** Breadth-first descendants of `roots` in a parent → children map (roots excluded). */
function walk(roots: number[], children: Map<number, number[]>): number[] {
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
export async function findByEnvironment(name: string, value: string, platform: NodeJS.Platform = process.platform): Promise<ProcRef[]> {
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
  // The start time is read after the match: compared before every signal, it stops a reused pid from being hit.
  return matches.flatMap((p) => refOf(p, platform) ?? []);
}

interface ProcStat {
  state: string;
  ppid: number;
  pgid: number;
  /** Field 22, starttime: clock ticks after boot. */
  start: number;
}

/** True while `ref` runs and is still the process found (Linux: same start time). */
export function isSameProcess(ref: ProcRef, platform: NodeJS.Platform = process.platform): boolean {
  if (!isAlive(ref.pid, platform)) return false;
  if (platform !== 'linux' || ref.start === undefined) return true;
  return readProcStat(ref.pid)?.start === ref.start;
}

/** `kill(-pgid, 0)`: the group has a member (zombies included); EPERM means it has. */
export function groupExists(pgid: number): boolean {
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
  // fields[0] is field 3 (state): field 22 (starttime) is fields[19].
  return { state: fields[0] ?? '', ppid: Number(fields[1]), pgid: Number(fields[2]), start: Number(fields[19]) };
}
