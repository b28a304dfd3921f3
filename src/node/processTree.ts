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
 * when cheaper checks can't tell (see `GroupWatch`, ./groupWatch).
 *
 * The pieces: ./signals (one process or group), ./procfs (reading /proc),
 * ./groupWatch (is a group still alive), this module (a whole tree).
 */
import { execFile, spawn, type ChildProcess } from 'child_process';
import { planKillTree } from '../cli/windowsLaunch';
import { GroupWatch } from './groupWatch';
import { descendantRefs, hasProcfs, refOf, walk, type ProcRef } from './procfs';
import { signalGroup, signalPid, signalRef, type KillSignal } from './signals';
import type { TreeWalk } from './treeWalk';

/** `ps` by its absolute path (macOS, BSD; Linux has it too): never looked up on PATH. */
export const PS_PATH = '/bin/ps';
/** How long the `ps` walk may take before the group is signalled anyway. */
const TREE_WALK_TIMEOUT_MS = 1000;

/**
 * Sends `signal` to `pid`, its process group and every descendant found.
 * Resolves with the processes signalled (known descendants included, with
 * their start times), so the caller can check them again after a grace
 * period. Never rejects. `pid` must be a child that has not been reaped (its
 * pid and group can't have been reused).
 *
 * POSIX: the group is stopped (SIGSTOP) at once, before any walk, so the first
 * signal is never delayed by one; the requested signal and SIGCONT follow the
 * walk (synchronously on Linux; elsewhere after `/bin/ps`, at most 1 s). With
 * `treeWalk` available (its `ps`/`pgrep` is a system one, ./treeWalk), tree-kill
 * walks and signals the tree first (at most 1 s): it reaches what left the
 * group; on Linux the /proc walk follows for the start times of what it finds.
 */
export function killProcessTree(
  pid: number,
  signal: KillSignal,
  platform: NodeJS.Platform = process.platform,
  treeWalk?: TreeWalk,
): Promise<ProcRef[]> {
  return new Promise((resolve) => {
    if (!Number.isInteger(pid) || pid <= 0) return resolve([]);
    if (platform === 'win32') {
      // taskkill /T /F: forceful whatever the signal; there is no graceful tree stop. Not tree-kill's: it runs
      // `exec('taskkill /pid N /T /F')`, i.e. through cmd.exe (a shell, looked up on PATH); ours is an argument array.
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
    // Our own walk, where tree-kill can't be used or can't tell what it found (pid identity).
    const walkOurselves = (signalledSoFar: 'group only' | 'tree-kill walked') => {
      if (platform === 'linux' && hasProcfs()) {
        // After tree-kill too: its walk gives no start times, and the later SIGKILL goes only to processes found with one.
        const descendants = descendantRefs([pid]);
        deliver(descendants);
        return resolve([leader, ...descendants]);
      }
      if (signalledSoFar === 'tree-kill walked') {
        deliver([]);
        return resolve([leader]);
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
    };
    if (treeWalk?.available !== true) return walkOurselves('group only');
    // tree-kill while the group is stopped: its leader can't exit meanwhile, so the pid tree-kill signals is still ours.
    void treeWalk.signalTree(pid, signal).then(() => walkOurselves('tree-kill walked'));
  });
}

/**
 * Descendants of `pid` from one `/bin/ps -A -o pid= -o ppid=` (for systems
 * without /proc), children before grandchildren; empty when `ps` fails.
 */
export function psDescendants(pid: number, psPath: string = PS_PATH): Promise<ProcRef[]> {
  return new Promise((resolve) => {
    try {
      const options = { shell: false, windowsHide: true, timeout: TREE_WALK_TIMEOUT_MS, maxBuffer: 8 * 1024 * 1024 };
      execFile(psPath, ['-A', '-o', 'pid=', '-o', 'ppid='], options, (err, stdout) => {
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
 * Hand-written, not tree-kill: its walk is asynchronous (a `ps` per process),
 * and after dispose no callback of the host may run.
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
  const groups = valid
    .filter((t) => t.running || (t.groupAlive !== false && (platform !== 'linux' || new GroupWatch(t.pid, platform).alive())))
    .map((t) => t.pid);
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
