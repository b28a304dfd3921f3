/**
 * Killing whole process trees. The real `cursor-agent` is a shell wrapper that
 * starts a bundled node, which starts tool processes: signalling only the pid
 * we spawned orphans the rest.
 *
 * POSIX: children are spawned as process-group leaders (`detached: true`), so
 * the group is signalled; descendants that left the group (`setsid`) are found
 * by walking the tree *before* the group is signalled, while their parents
 * still link them. Linux walks /proc itself: tree-kill runs `ps` without an
 * 'error' listener, so on a machine without procps (slim containers) it would
 * throw an uncaught exception in the extension host. Elsewhere tree-kill
 * (`pgrep` on macOS). Windows: `taskkill /PID <pid> /T /F` (tree-kill).
 */
import * as fs from 'fs';
import treeKill from 'tree-kill';

export type KillSignal = 'SIGTERM' | 'SIGKILL' | 'SIGINT' | 'SIGHUP';

/** How long tree-kill's `ps` walk may take before the group is signalled anyway. */
const TREE_WALK_TIMEOUT_MS = 1000;

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
 */
export function isGroupAlive(pgid: number, platform: NodeJS.Platform = process.platform): boolean {
  if (platform === 'win32' || !Number.isInteger(pgid) || pgid <= 0) return false;
  try {
    process.kill(-pgid, 0);
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
  if (platform !== 'linux') return true;
  // Linux: the group may hold only unreaped zombies; look for a live member.
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return true;
  }
  for (const name of entries) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readProcStat(Number(name));
    if (stat && stat.pgid === pgid && stat.state !== 'Z') return true;
  }
  return false;
}

/**
 * Sends `signal` to `pid`, its process group and every descendant found.
 * Resolves with the pids that were signalled (known descendants included), so
 * the caller can check them again after a grace period. Never rejects.
 */
export function killProcessTree(pid: number, signal: KillSignal, platform: NodeJS.Platform = process.platform): Promise<number[]> {
  return new Promise((resolve) => {
    if (!Number.isInteger(pid) || pid <= 0) return resolve([]);
    if (platform === 'win32') {
      // taskkill /T /F: forceful whatever the signal; there is no graceful tree stop.
      treeKill(pid, 'SIGKILL', () => resolve([pid]));
      return;
    }
    if (platform === 'linux' && fs.existsSync('/proc/self/stat')) {
      const descendants = listDescendants(pid, platform);
      signalGroup(pid, signal);
      signalPid(pid, signal);
      for (const d of descendants) signalPid(d, signal);
      return resolve([pid, ...descendants]);
    }
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      signalGroup(pid, signal);
      signalPid(pid, signal);
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

/** `process.kill(-pgid, signal)`, ignoring "no such group". */
export function signalGroup(pgid: number, signal: KillSignal): boolean {
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
  const queue = [pid];
  while (queue.length > 0) {
    const p = queue.shift() as number;
    for (const c of children.get(p) ?? []) {
      if (!out.includes(c)) {
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
 * Other users' processes are unreadable and skipped.
 */
export function findByEnvironment(name: string, value: string, platform: NodeJS.Platform = process.platform): number[] {
  if (platform !== 'linux') return [];
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return [];
  }
  // /proc/<pid>/environ: NUL-terminated `NAME=value` entries.
  const entry = Buffer.from(`${name}=${value}\0`);
  const inside = Buffer.concat([Buffer.from([0]), entry]);
  const out: number[] = [];
  for (const n of entries) {
    if (!/^\d+$/.test(n)) continue;
    let environ: Buffer;
    try {
      environ = fs.readFileSync(`/proc/${n}/environ`);
    } catch {
      continue;
    }
    if (environ.subarray(0, entry.length).equals(entry) || environ.includes(inside)) {
      if (isAlive(Number(n), platform)) out.push(Number(n));
    }
  }
  return out;
}

interface ProcStat {
  state: string;
  ppid: number;
  pgid: number;
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
