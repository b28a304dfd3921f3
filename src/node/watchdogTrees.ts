/**
 * What the process watchdog (./hostWatchdogMain) signals for one registered leader at host shutdown.
 * Pids are reused: a leader whose pid now runs another process (another start time, /proc/<pid>/stat
 * field 22) is gone, and so is its group (Linux allocates no pid still in use as a process-group id):
 * the group of that pid is someone else's and is never signalled. Where start times cannot be read
 * (no /proc), the leader is taken as registered.
 */
import type { TreeToKill } from './processTree';
import { readProcStat, type ProcRef } from './procfs';
import { isAlive, isSameProcess } from './signals';

/** Whether `leader`'s pid now belongs to a later process (Linux, a start time known). */
export function pidReused(leader: ProcRef, platform: NodeJS.Platform = process.platform): boolean {
  if (platform !== 'linux' || leader.start === undefined || !isAlive(leader.pid, platform)) return false;
  const now = readProcStat(leader.pid)?.start;
  return now !== undefined && now !== leader.start;
}

/** The tree to end for a registered leader, with the processes found carrying its marker. */
export function leaderTree(leader: ProcRef, known: ProcRef[], platform: NodeJS.Platform = process.platform): TreeToKill {
  const reused = pidReused(leader, platform);
  return { pid: leader.pid, running: !reused && isSameProcess(leader, platform), ...(reused ? { groupAlive: false } : {}), known };
}
