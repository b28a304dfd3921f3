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
import type { Logger, ProcessRunner, RunOutcome, RunRequest } from '../cli/process';
import { ProcessRun } from './processRun';
import { killTreesNow, type TreeToKill } from './processTree';

export interface NodeProcessRunnerOptions {
  /** Defaults to `process.platform`; a parameter so Windows paths are testable. */
  platform?: NodeJS.Platform;
  /**
   * After `onLine` returned `'complete'`, how long the CLI may take to exit on
   * its own (to finish writing its chat state) before its tree is ended (ms).
   */
  completionLingerMs?: number;
}

const DEFAULT_COMPLETION_LINGER_MS = 500;

export class NodeProcessRunner implements ProcessRunner {
  private readonly live = new Set<ProcessRun>();
  private disposed = false;
  private readonly platform: NodeJS.Platform;
  private readonly completionLingerMs: number;

  constructor(
    private readonly logger?: Logger,
    options: NodeProcessRunnerOptions = {},
  ) {
    this.platform = options.platform ?? process.platform;
    this.completionLingerMs = options.completionLingerMs ?? DEFAULT_COMPLETION_LINGER_MS;
  }

  run(request: RunRequest): Promise<RunOutcome> {
    const run = new ProcessRun(request, this.platform, this.completionLingerMs, this.logger);
    if (this.disposed) return run.finishWithoutSpawn('cancelled');
    this.live.add(run);
    return run.start().finally(() => this.live.delete(run));
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
  }
}
