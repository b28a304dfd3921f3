/**
 * The signal steps that end one run's process tree: SIGTERM to the tree, then
 * (after the grace period, which the run times) SIGKILL to the tree, and on
 * shutdown what to SIGKILL at once. Each step addresses only what is still
 * the run's: the leader while it runs (its pid can't be reused before it is
 * reaped), its group only while the group may still be its own, and the
 * descendants found only while they are the processes found (same start time).
 */
import type { ChildProcess } from 'child_process';
import type { Logger } from '../cli/process';
import { GroupWatch } from './groupWatch';
import type { ProcRef } from './procfs';
import { killProcessTree, type TreeToKill } from './processTree';
import { groupExists, signalGroup, signalPid, signalRef } from './signals';
import type { TreeWalk } from './treeWalk';

export const DEFAULT_KILL_GRACE_MS = 2000;
/** After SIGKILL, the longest we still wait for `close` before resolving anyway. */
export const HARD_STOP_MS = 1500;

/** What the kill steps need of their run. */
export interface KillTarget {
  readonly pid: number;
  readonly child: ChildProcess;
  readonly platform: NodeJS.Platform;
  readonly logger: Logger | undefined;
  /** tree-kill's walk, where its helper is a system one (./treeWalk); absent: our walk alone. */
  readonly treeWalk?: TreeWalk;
  /** The child has exited: its pid may be reused, so only its group is addressed (POSIX). */
  hasExited(): boolean;
  isSettled(): boolean;
}

export class KillEscalation {
  /** Processes of the tree signalled so far, with their start times (checked again before any later signal). */
  private signalled: ProcRef[] = [];
  /** Set once the group was seen without any member: its id may be reused, so it is never signalled again. */
  private groupGone = false;
  /** Whether the process group still runs. */
  private readonly group: GroupWatch;

  constructor(private readonly run: KillTarget) {
    this.group = new GroupWatch(run.pid, run.platform);
  }

  /** The first step: SIGTERM to the whole tree (Windows: `taskkill /T /F`), or only to the group once the leader is gone. */
  terminate(): void {
    const { pid, platform } = this.run;
    if (!this.run.hasExited()) {
      void killProcessTree(pid, 'SIGTERM', platform, this.run.treeWalk).then((pids) => {
        this.signalled = pids;
        this.terminateIfRunning();
      });
    } else if (platform !== 'win32') {
      // The leader is gone (its pid may be reused): only its group is addressed, and only while it lives.
      this.signalGroupWhileAlive('SIGTERM');
    }
  }

  /** After the grace period: SIGKILL to the leader, its group and the descendants found by the first step. */
  kill(): void {
    const { pid, platform } = this.run;
    if (platform === 'win32') {
      if (!this.run.hasExited()) void killProcessTree(pid, 'SIGKILL', platform).then(() => this.terminateIfRunning());
      return;
    }
    if (!this.run.hasExited()) {
      signalGroup(pid, 'SIGKILL'); // the leader runs: the group is its own
      signalPid(pid, 'SIGKILL');
    } else {
      this.signalGroupWhileAlive('SIGKILL');
    }
    // Only those still the processes found (same start time): a reused pid is someone else's.
    for (const ref of this.signalled) if (ref.pid !== pid) signalRef(ref, 'SIGKILL', platform);
  }

  /** The host shuts down: the tree to SIGKILL right now, with the escaped processes found so far. */
  treeToKillNow(escaped: ProcRef[]): TreeToKill {
    const { pid } = this.run;
    const running = !this.run.hasExited();
    return {
      pid,
      running,
      groupAlive: running || this.groupMaySignal(),
      known: [...this.signalled, ...escaped].filter((p) => p.pid !== pid),
      terminate: () => this.terminateIfRunning(),
    };
  }

  /** Whether a live process is left in the group (noting when the group is gone for good). */
  groupAlive(): boolean {
    const alive = this.group.alive();
    if (!alive && this.run.platform !== 'win32' && !groupExists(this.run.pid)) this.groupGone = true;
    return alive;
  }

  /**
   * Windows, once `taskkill /T /F` has finished: if the CLI still runs (taskkill
   * failed: access denied, blocked by policy, a `taskkill` without `/T` as
   * Wine's), end it through its process handle, which cannot reach another
   * process even if the pid has been reused. Its descendants stay for the next
   * taskkill; nothing is signalled once the child has exited.
   */
  private terminateIfRunning(): void {
    const { run } = this;
    if (run.platform !== 'win32' || run.hasExited() || run.isSettled()) return;
    run.logger?.debug(`[runner] pid ${run.pid}: still running after taskkill; terminating it through its handle`);
    try {
      run.child.kill('SIGKILL');
    } catch {
      /* exited meanwhile */
    }
  }

  /**
   * After the leader exited: whether its group may still be signalled. Once
   * the group is seen without members (`kill(-pgid, 0)` fails) its id is free
   * for reuse, and it is never signalled again.
   */
  private groupMaySignal(): boolean {
    const { pid, platform } = this.run;
    if (this.groupGone || platform === 'win32') return false;
    if (!groupExists(pid)) {
      this.groupGone = true;
      return false;
    }
    return this.group.alive();
  }

  private signalGroupWhileAlive(signal: 'SIGTERM' | 'SIGKILL'): void {
    if (this.groupMaySignal()) signalGroup(this.run.pid, signal);
  }
}
