/**
 * Reading /proc (Linux): a process's state, parent, group and start time, the
 * descendants of a process, the members of a group, and the processes whose
 * environment holds an entry. Elsewhere (no /proc) these find nothing.
 *
 * Pids are reused. A pid found is remembered with its start time
 * (/proc/<pid>/stat field 22) so that it can be compared again right before
 * any later signal (see `signalRef` in ./signals).
 */
import * as fs from 'fs';

/**
 * A process as found: its pid and, on Linux, its start time (clock ticks since
 * boot, /proc/<pid>/stat field 22), which tells it from a later process that
 * got the same pid. Without /proc (macOS) `start` is undefined.
 */
export interface ProcRef {
  pid: number;
  start?: number;
}

export interface ProcStat {
  state: string;
  ppid: number;
  pgid: number;
  /** Field 22, starttime: clock ticks after boot. */
  start: number;
}

/** {@link findByEnvironment}: environments read at a time. */
const ENVIRON_READ_BATCH = 32;

export function readProcStat(pid: number): ProcStat | undefined {
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

/** Whether this system has /proc to walk (Linux). */
export function hasProcfs(): boolean {
  return fs.existsSync('/proc/self/stat');
}

/**
 * `pid` with its start time (Linux). Undefined on Linux when no such process
 * runs; elsewhere just the pid (nothing to compare later).
 */
export function refOf(pid: number, platform: NodeJS.Platform = process.platform): ProcRef | undefined {
  if (platform !== 'linux' || !hasProcfs()) return { pid };
  const stat = readProcStat(pid);
  return stat && stat.state !== 'Z' ? { pid, start: stat.start } : undefined;
}

/** The pids listed in /proc, or undefined without /proc. */
function procPids(): number[] | undefined {
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return undefined;
  }
  return entries.filter((name) => /^\d+$/.test(name)).map(Number);
}

/** Descendants of every root (roots excluded) with their start times, from one walk of /proc. */
export function descendantRefs(roots: number[]): ProcRef[] {
  const children = new Map<number, number[]>();
  const starts = new Map<number, number>();
  for (const pid of procPids() ?? []) {
    const stat = readProcStat(pid);
    if (!stat) continue;
    starts.set(pid, stat.start);
    const list = children.get(stat.ppid) ?? [];
    list.push(pid);
    children.set(stat.ppid, list);
  }
  return walk(roots, children).map((pid) => ({ pid, start: starts.get(pid) }));
}

/** Breadth-first descendants of `roots` in a parent → children map (roots excluded). */
export function walk(roots: number[], children: Map<number, number[]>): number[] {
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

/** `pid` runs (not a zombie) and is in group `pgid` (Linux, /proc/<pid>/stat). */
export function isLiveMember(pid: number, pgid: number): boolean {
  const stat = readProcStat(pid);
  return stat !== undefined && stat.state !== 'Z' && stat.pgid === pgid;
}

/** Running (non-zombie) members of group `pgid`, from a walk of /proc; undefined without /proc. */
export function liveGroupMembers(pgid: number): number[] | undefined {
  const pids = procPids();
  if (pids === undefined) return undefined;
  return pids.filter((pid) => {
    const stat = readProcStat(pid);
    return stat !== undefined && stat.pgid === pgid && stat.state !== 'Z';
  });
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
