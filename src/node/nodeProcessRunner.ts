/**
 * The Node implementation of {@link ProcessRunner}: spawns one process with no
 * shell, feeds stdin, reads stdout as NDJSON lines under deadlines, and always
 * ends the whole process tree (the CLI is a shell wrapper around node, which
 * starts tool processes; some versions never exit after their `result`).
 *
 * This module keeps the live runs and ends them all on dispose; one run is a
 * {@link ProcessRun} (./processRun), which uses ./runCapture (bounded output),
 * ./runTimers (deadlines), ./killEscalation (SIGTERM → SIGKILL) and
 * ./escapedSweep (processes that left the group); ./processTree kills trees.
 */
import { type Clock, systemClock } from '../cli/clock';
import type { Logger, ProcessRunner, RunOutcome, RunRequest } from '../cli/process';
import { HostWatchdog } from './hostWatchdog';
import { ProcessRun } from './processRun';
import { killTreesNow, type TreeToKill } from './processTree';
import { spawnChild, type SpawnChild } from './spawnChild';
import { TreeWalk } from './treeWalk';

export interface NodeProcessRunnerOptions {
  /** Defaults to `process.platform`; a parameter so Windows paths are testable. */
  platform?: NodeJS.Platform;
  /**
   * After `onLine` returned `'complete'`, how long the CLI may take to exit on
   * its own (to finish writing its chat state) before its tree is ended (ms).
   */
  completionLingerMs?: number;
  /** tree-kill's walk on the Stop/deadline path; default: one for this runner (its PATH checked once, on first use). */
  treeWalk?: TreeWalk;
  /** The deadlines', grace periods' and linger's clock; default: the real one. */
  clock?: Clock;
}

const DEFAULT_COMPLETION_LINGER_MS = 500;

export class NodeProcessRunner implements ProcessRunner {
  private readonly live = new Set<ProcessRun>();
  private disposed = false;
  private readonly platform: NodeJS.Platform;
  private readonly completionLingerMs: number;
  private readonly treeWalk: TreeWalk;
  private readonly clock: Clock;
  /** Ends the trees of runs that must not outlive the host (`open`) if the host goes without disposing this. */
  readonly watchdog: HostWatchdog;

  constructor(
    private readonly logger?: Logger,
    options: NodeProcessRunnerOptions = {},
  ) {
    this.platform = options.platform ?? process.platform;
    this.completionLingerMs = options.completionLingerMs ?? DEFAULT_COMPLETION_LINGER_MS;
    this.treeWalk = options.treeWalk ?? new TreeWalk({ platform: this.platform });
    this.clock = options.clock ?? systemClock;
    this.watchdog = new HostWatchdog(logger, this.platform);
  }

  run(request: RunRequest): Promise<RunOutcome> {
    const run = new ProcessRun(request, this.platform, this.completionLingerMs, this.logger, spawnChild, this.treeWalk, this.clock);
    if (this.disposed) return run.finishWithoutSpawn('cancelled');
    this.live.add(run);
    return run.start().finally(() => this.live.delete(run));
  }

  /**
   * Starts a run that lives until it is ended (a server such as `cursor-agent acp`, stdin kept open
   * with `keepStdinOpen`), under the same kill policy, marker and sweep as every run, ended with the
   * others on dispose; the watchdog ends its tree if the host dies first. `spawn` is always
   * {@link spawnChild}, wrapped by the caller to hold the child's pipes.
   */
  open(request: RunRequest, spawn: SpawnChild = spawnChild): { run: ProcessRun; outcome: Promise<RunOutcome> } {
    let pid: number | undefined;
    const watched: SpawnChild = (req, marker, platform, logger) => {
      const child = spawn(req, marker, platform, logger);
      pid = child.pid;
      if (pid !== undefined) this.watchdog.watch(pid, marker);
      return child;
    };
    const run = new ProcessRun(request, this.platform, this.completionLingerMs, this.logger, watched, this.treeWalk, this.clock);
    if (this.disposed) return { run, outcome: run.finishWithoutSpawn('cancelled') };
    this.live.add(run);
    const outcome = run.start().finally(() => {
      this.live.delete(run);
      if (pid !== undefined) this.watchdog.forget(pid);
    });
    return { run, outcome };
  }

  /** Number of runs whose process (tree) has not been settled yet. */
  get liveRuns(): number {
    return this.live.size;
  }

  /**
   * Ends every live run at once: the extension host may exit right after
   * this returns, and then no timer, callback or child-process event would run
   * (the children are detached, so they don't get the host's signals either).
   * So nothing is left to them: SIGKILL to every group and known pid (and on
   * Linux the descendants found), or a detached `taskkill /T /F` on Windows,
   * all before returning. The runs still resolve (`cancelled`) if the host lives on.
   */
  dispose(): void {
    this.disposed = true;
    const trees: TreeToKill[] = [];
    for (const run of this.live) {
      const tree = run.endNow();
      if (tree !== undefined) trees.push(tree);
    }
    if (trees.length > 0) killTreesNow(trees, this.platform);
    // What left its group (setsid) is found by its marker only after a walk of every environment: the watchdog does it.
    this.watchdog.dispose();
  }
}
