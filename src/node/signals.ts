/**
 * Signals to one process or one process group, and the `kill(…, 0)` probes
 * that tell whether they still run. A process found earlier is signalled only
 * while it is still that process (Linux: same start time, see ./procfs).
 */
import { readProcStat, type ProcRef } from './procfs';

export type KillSignal = 'SIGTERM' | 'SIGKILL' | 'SIGINT' | 'SIGHUP';

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
