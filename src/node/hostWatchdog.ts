/**
 * The extension host's side of the watchdog (./hostWatchdogMain): processes
 * that never end by themselves (`cursor-agent acp` does not exit when its
 * stdin closes) are registered with a small process of their own, outside the
 * host's process group, whose stdin is a pipe from the host. When the host is
 * gone, however it went (SIGKILL, a crash, a normal exit), the pipe closes and
 * the watchdog ends every tree still registered, then exits.
 *
 * Why a process of our own: nothing inside the host runs once it is killed
 * (no `exit` handler, timer or `signal-exit`-style library sees SIGKILL), the
 * children are detached (their own process groups, so a signal to the host's
 * group misses them), and Linux's PR_SET_PDEATHSIG is not reachable from
 * Node without a native addon (and would not reach what left the group). Only
 * another process can notice the host's end: the closing pipe tells it, with
 * no polling. POSIX only: Windows has no process groups to miss (see
 * `startTaskkill`), and pids there can't be checked against reuse.
 *
 * The watchdog runs while something is registered: started with the first
 * registration, its stdin is closed (and it exits) when the last one is
 * forgotten, or when the runner is disposed (it then ends what is left,
 * escaped processes included).
 */
import { spawn, type ChildProcess } from 'child_process';
import * as path from 'path';
import type { Logger } from '../cli/logger';
import { refOf } from './procfs';

/** One line to the watchdog: a tree to end if the host goes, or one that ended normally. */
export type WatchdogMessage = { watch: { pid: number; start?: number; marker: string } } | { forget: number };

/** The watchdog's script beside this module (dist/ in the bundle, out/src/node/ in the tests). */
export const WATCHDOG_SCRIPT = path.join(__dirname, 'hostWatchdogMain.js');

export class HostWatchdog {
  private child: ChildProcess | undefined;
  private readonly watched = new Set<number>();

  constructor(
    private readonly logger: Logger | undefined,
    private readonly platform: NodeJS.Platform = process.platform,
    private readonly script: string = WATCHDOG_SCRIPT,
  ) {}

  /** The watchdog's pid while it runs (for the tests). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** `pid` (a process-group leader) and what carries `marker` in its environment end if the host goes. */
  watch(pid: number, marker: string): void {
    if (this.platform === 'win32' || !Number.isInteger(pid) || pid <= 0) return;
    const ref = refOf(pid, this.platform);
    this.watched.add(pid);
    this.send({ watch: { pid, ...(ref?.start !== undefined ? { start: ref.start } : {}), marker } });
  }

  /** `pid`'s tree ended normally: nothing to do for it any more. */
  forget(pid: number): void {
    if (!this.watched.delete(pid)) return;
    this.send({ forget: pid });
    if (this.watched.size === 0) this.close();
  }

  /** The host shuts down: the watchdog ends what is still registered (escaped processes too) and exits. */
  dispose(): void {
    this.watched.clear();
    // Closed now (the fd, not a queued end): the host may exit before its event loop runs again.
    const child = this.child;
    this.child = undefined;
    child?.stdin?.destroy();
  }

  private send(message: WatchdogMessage): void {
    const child = this.child ?? this.start();
    if (child?.stdin && !child.stdin.destroyed) child.stdin.write(JSON.stringify(message) + '\n');
  }

  private start(): ChildProcess | undefined {
    try {
      const child = spawn(process.execPath, [this.script], {
        shell: false,
        // Its own session and group: a signal to the host's group must not end it before it has done its job.
        detached: true,
        stdio: ['pipe', 'ignore', 'ignore'],
        // The extension host may be Electron: run it as plain Node. Nothing else of the host's environment.
        env: process.versions.electron ? { ELECTRON_RUN_AS_NODE: '1' } : {},
      });
      child.on('error', (e) => {
        this.logger?.warn(`[watchdog] could not run the process watchdog: ${e.message}`);
        if (this.child === child) this.child = undefined;
      });
      child.once('exit', () => this.child === child && (this.child = undefined));
      child.stdin?.on('error', () => undefined); // it went: the next registration starts another
      // Neither it nor its pipe keeps the host's event loop alive.
      child.unref();
      (child.stdin as unknown as { unref?: () => void } | null)?.unref?.();
      this.child = child;
      return child;
    } catch (e) {
      this.logger?.warn(`[watchdog] could not run the process watchdog: ${String(e)}`);
      return undefined;
    }
  }

  private close(): void {
    const child = this.child;
    this.child = undefined;
    child?.stdin?.end();
  }
}
