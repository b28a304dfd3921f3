/**
 * The Node implementation of {@link ProcessRunner}: spawns one process with no
 * shell, feeds stdin, reads stdout as NDJSON lines under deadlines, and always
 * ends the whole process tree (the CLI is a shell wrapper around node, which
 * starts tool processes; some versions never exit after their `result`).
 */
import { spawn, type ChildProcess } from 'child_process';
import { randomUUID } from 'crypto';
import { StringDecoder } from 'string_decoder';
import { DEFAULT_MAX_LINE_BYTES, NdjsonLineReader } from '../cli/ndjson';
import type { Logger, ProcessRunner, RunOutcome, RunOutcomeKind, RunRequest } from '../cli/process';
import { findByEnvironment, groupExists, GroupWatch, isSameProcess, killProcessTree, killTreesNow, signalGroup, signalPid, signalRef, type ProcRef, type TreeToKill } from './processTree';

export interface NodeProcessRunnerOptions {
  /** Defaults to `process.platform`; a parameter so Windows paths are testable. */
  platform?: NodeJS.Platform;
  /**
   * After `onLine` returned `'complete'`, how long the CLI may take to exit on
   * its own (to finish writing its chat state) before its tree is ended (ms).
   */
  completionLingerMs?: number;
}

const DEFAULT_KILL_GRACE_MS = 2000;
const DEFAULT_COMPLETION_LINGER_MS = 500;
const STDERR_TAIL_CHARS = 16 * 1024;
const STDOUT_MAX_BYTES = 1024 * 1024;
const SETTLE_POLL_MS = 25;
/** After `exit` without `close`, how long to wait before deciding the pipes are held by an escaped process. */
const EXIT_WITHOUT_CLOSE_MS = 500;
/** After SIGKILL, the longest we still wait for `close` before resolving anyway. */
const HARD_STOP_MS = 1500;
/**
 * Set in each child's environment to a value of its own run: descendants
 * inherit it, so those that left the process group (setsid) and outlived the
 * CLI can still be found and ended (Linux: /proc/<pid>/environ; only for
 * runs with `sweepEscaped`).
 */
export const RUN_MARKER_ENV = 'CURSOR_AGENT_VSCODE_RUN';

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

/** One process, from spawn to its single outcome. */
class ProcessRun {
  private child: ChildProcess | undefined;
  private pid: number | undefined;
  private kind: RunOutcomeKind | undefined;
  private timeoutStage: RunOutcome['timeoutStage'];
  private spawnErrorCode: string | undefined;
  private exitCode: number | null = null;
  private signal: string | null = null;
  private exitedAt: number | undefined;
  private closed = false;
  private killing = false;
  private escalated = false;
  /** Processes of the tree signalled so far, with their start times (checked again before any later signal). */
  private signalled: ProcRef[] = [];
  /** Set once the group was seen without any member: its id may be reused, so it is never signalled again. */
  private groupGone = false;
  private readonly marker = randomUUID();
  /** Whether the process group still runs; set once the child has a pid. */
  private group: GroupWatch | undefined;
  /** The search for escaped processes (request.sweepEscaped) has started. */
  private sweepStarted = false;
  /** Processes of this run that outlived the CLI outside its group (found once the group is gone). */
  private escaped: ProcRef[] | undefined;
  private lines = 0;
  private readonly stdoutChunks: Buffer[] = [];
  private stdoutBytes = 0;
  private stderrTail = '';
  private readonly stderrDecoder = new StringDecoder('utf8');
  private readonly reader: NdjsonLineReader;
  private readonly timers = new Set<NodeJS.Timeout>();
  private deadline: NodeJS.Timeout | undefined;
  private poller: NodeJS.Timeout | undefined;
  private cancelSubscription: { dispose(): void } | undefined;
  private readonly startedAt = Date.now();
  private settled = false;
  private resolve: (outcome: RunOutcome) => void = () => undefined;
  private readonly done = new Promise<RunOutcome>((r) => (this.resolve = r));

  constructor(
    private readonly request: RunRequest,
    private readonly platform: NodeJS.Platform,
    private readonly completionLingerMs: number,
    private readonly logger: Logger | undefined,
  ) {
    this.reader = new NdjsonLineReader(request.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES, (limit) =>
      this.logger?.warn(`[runner] dropped a stdout line over ${limit} bytes`),
    );
  }

  finishWithoutSpawn(kind: RunOutcomeKind): Promise<RunOutcome> {
    this.kind = kind;
    this.settle();
    return this.done;
  }

  start(): Promise<RunOutcome> {
    const { request } = this;
    if (request.cancellation?.isCancellationRequested) return this.finishWithoutSpawn('cancelled');
    const { command, args, windowsVerbatimArguments, description } = request.launch;
    // argv only: the prompt travels on stdin and is never logged.
    this.logger?.debug(`[runner] spawn ${JSON.stringify(command)} ${args.map((a) => JSON.stringify(a)).join(' ')}${description ? ` (${description})` : ''}`);
    let child: ChildProcess;
    try {
      child = spawn(command, args, {
        cwd: request.cwd,
        env: { ...request.env, [RUN_MARKER_ENV]: this.marker },
        shell: false,
        windowsHide: true,
        // POSIX: make the child a process-group leader so the whole group can be signalled.
        detached: this.platform !== 'win32',
        windowsVerbatimArguments: windowsVerbatimArguments === true,
        stdio: ['pipe', 'pipe', 'pipe'],
      });
    } catch (e) {
      return this.failSpawn(e); // e.g. EINVAL for a .cmd without a shell, thrown synchronously
    }
    this.child = child;
    child.on('error', (e) => {
      if (this.pid === undefined) void this.failSpawn(e);
      else this.logger?.warn(`[runner] pid ${this.pid}: ${errorCode(e)} ${(e as Error).message}`);
    });
    if (child.pid === undefined) return this.done; // the 'error' event follows (ENOENT, EACCES, E2BIG…)
    this.pid = child.pid;
    this.group = new GroupWatch(child.pid, this.platform);
    this.logger?.debug(`[runner] pid ${this.pid} started`);

    child.on('exit', (code, signal) => {
      this.exitCode = code;
      this.signal = signal;
      this.exitedAt = Date.now();
      this.logger?.debug(`[runner] pid ${this.pid} exited (code ${code}, signal ${signal})`);
      this.checkSettled();
    });
    child.on('close', (code, signal) => {
      this.closed = true;
      if (this.exitedAt === undefined) {
        this.exitCode = code;
        this.signal = signal;
        this.exitedAt = Date.now();
      }
      for (const line of this.reader.end()) this.handleLine(line);
      this.checkSettled();
    });
    child.stdout?.on('data', (chunk: Buffer) => this.onStdout(chunk));
    child.stderr?.on('data', (chunk: Buffer) => this.onStderr(chunk));
    child.stdout?.on('error', () => undefined);
    child.stderr?.on('error', () => undefined);
    // EPIPE/ECONNRESET: the CLI exited (or closed stdin) without reading everything.
    child.stdin?.on('error', (e) => this.logger?.debug(`[runner] pid ${this.pid} stdin: ${errorCode(e)}`));
    if (request.stdin !== undefined) child.stdin?.end(request.stdin, 'utf8');
    else child.stdin?.end();

    try {
      request.onSpawn?.(this.pid);
    } catch (e) {
      this.logger?.warn(`[runner] onSpawn threw: ${String(e)}`);
    }
    const firstDeadline = request.firstOutputTimeoutMs ?? request.inactivityTimeoutMs;
    if (firstDeadline !== undefined) this.armDeadline(firstDeadline, 'first output');
    if (request.totalTimeoutMs !== undefined) this.later(request.totalTimeoutMs, () => this.end('timeout', 'total'));
    try {
      this.cancelSubscription = request.cancellation?.onCancellationRequested(() => this.end('cancelled'));
    } catch (e) {
      this.logger?.warn(`[runner] cancellation subscription failed: ${String(e)}`);
    }
    // Cancelled meanwhile (e.g. from onSpawn): a late listener may never be called.
    if (request.cancellation?.isCancellationRequested) this.end('cancelled');
    return this.done;
  }

  /** Decides the outcome (the first decision wins) and ends the process tree. */
  end(kind: RunOutcomeKind, stage?: RunOutcome['timeoutStage']): void {
    if (this.kind !== undefined || this.settled) return;
    this.kind = kind;
    if (kind === 'timeout') this.timeoutStage = stage;
    this.clearDeadline();
    if (this.pid === undefined) {
      if (this.child === undefined) this.settle();
      return;
    }
    this.logger?.debug(`[runner] pid ${this.pid}: ending (${kind}${stage ? `, ${stage}` : ''})`);
    this.beginKill();
  }

  /**
   * The host is shutting down: decides `cancelled` (unless decided) and
   * returns what to SIGKILL right now (the runner kills every run's tree in
   * one go). A hard stop still resolves the outcome if the host lives on.
   */
  endNow(): TreeToKill | undefined {
    if (this.settled) return undefined;
    if (this.kind === undefined) this.kind = 'cancelled';
    this.clearDeadline();
    const pid = this.pid;
    if (pid === undefined) {
      if (this.child === undefined) this.settle();
      return undefined;
    }
    this.logger?.debug(`[runner] pid ${pid}: shutting down; SIGKILL now`);
    this.killing = true;
    this.escalated = true;
    this.later(HARD_STOP_MS, () => {
      if (this.settled) return;
      this.logger?.warn(`[runner] pid ${pid}: no 'close' ${HARD_STOP_MS} ms after SIGKILL; giving up waiting`);
      this.destroyStreams();
      this.settle();
    });
    this.startPolling();
    const running = this.exitedAt === undefined;
    return {
      pid,
      running,
      groupAlive: running || this.groupMaySignal(),
      known: [...this.signalled, ...(this.escaped ?? [])].filter((p) => p.pid !== pid),
      terminate: () => this.terminateIfRunning(),
    };
  }

  private onStdout(chunk: Buffer): void {
    if (this.request.onLine === undefined && this.stdoutBytes < STDOUT_MAX_BYTES) {
      const room = STDOUT_MAX_BYTES - this.stdoutBytes;
      const piece = chunk.length <= room ? chunk : chunk.subarray(0, room);
      this.stdoutChunks.push(piece);
      this.stdoutBytes += piece.length;
    }
    for (const line of this.reader.push(chunk)) this.handleLine(line);
  }

  private onStderr(chunk: Buffer): void {
    this.stderrTail += this.stderrDecoder.write(chunk);
    if (this.stderrTail.length > STDERR_TAIL_CHARS * 2) this.stderrTail = this.stderrTail.slice(-STDERR_TAIL_CHARS);
  }

  private handleLine(line: string): void {
    this.lines++;
    if (this.kind !== undefined) return; // decided: nobody wants more lines
    this.clearDeadline();
    if (this.request.inactivityTimeoutMs !== undefined) this.armDeadline(this.request.inactivityTimeoutMs, 'inactivity');
    let verdict: 'continue' | 'complete' | void = undefined;
    try {
      verdict = this.request.onLine?.(line);
    } catch (e) {
      this.logger?.warn(`[runner] onLine threw: ${String(e)}`);
    }
    if (verdict === 'complete') this.complete();
  }

  /** The caller saw the end of the turn: let the CLI exit by itself briefly, then end it. */
  private complete(): void {
    this.kind = 'completed';
    this.clearDeadline();
    if (this.exitedAt !== undefined) return this.checkSettled();
    this.later(this.completionLingerMs, () => {
      if (!this.settled && !this.killing) {
        this.logger?.debug(`[runner] pid ${this.pid}: still running after its result; ending it`);
        this.beginKill();
      }
    });
  }

  private beginKill(): void {
    const pid = this.pid;
    if (this.killing || pid === undefined) return;
    this.killing = true;
    if (this.exitedAt === undefined) {
      void killProcessTree(pid, 'SIGTERM', this.platform).then((pids) => {
        this.signalled = pids;
        this.terminateIfRunning();
      });
    } else if (this.platform !== 'win32') {
      // The leader is gone (its pid may be reused): only its group is addressed, and only while it lives.
      this.signalGroupWhileAlive('SIGTERM');
    }
    this.later(this.request.killGraceMs ?? DEFAULT_KILL_GRACE_MS, () => this.escalate());
    this.startPolling();
  }

  private escalate(): void {
    const pid = this.pid;
    if (this.settled || pid === undefined) return;
    this.escalated = true;
    this.logger?.debug(`[runner] pid ${pid}: grace period over; SIGKILL`);
    if (this.platform === 'win32') {
      if (this.exitedAt === undefined) void killProcessTree(pid, 'SIGKILL', this.platform).then(() => this.terminateIfRunning());
    } else {
      if (this.exitedAt === undefined) {
        signalGroup(pid, 'SIGKILL'); // the leader runs: the group is its own
        signalPid(pid, 'SIGKILL');
      } else {
        this.signalGroupWhileAlive('SIGKILL');
      }
      // Only those still the processes found (same start time): a reused pid is someone else's.
      for (const ref of this.signalled) if (ref.pid !== pid) signalRef(ref, 'SIGKILL', this.platform);
    }
    this.later(HARD_STOP_MS, () => {
      if (this.settled) return;
      this.logger?.warn(`[runner] pid ${pid}: no 'close' ${HARD_STOP_MS} ms after SIGKILL; giving up waiting`);
      this.destroyStreams();
      this.settle();
    });
  }

  /**
   * Windows, once `taskkill /T /F` has finished: if the CLI still runs (taskkill
   * failed: access denied, blocked by policy, a `taskkill` without `/T` as
   * Wine's), end it through its process handle, which cannot reach another
   * process even if the pid has been reused. Its descendants stay for the next
   * taskkill; nothing is signalled once the child has exited.
   */
  private terminateIfRunning(): void {
    if (this.platform !== 'win32' || this.exitedAt !== undefined || this.settled || this.child === undefined) return;
    this.logger?.debug(`[runner] pid ${this.pid}: still running after taskkill; terminating it through its handle`);
    try {
      this.child.kill('SIGKILL');
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
    const pid = this.pid;
    if (this.groupGone || pid === undefined || this.platform === 'win32') return false;
    if (!groupExists(pid)) {
      this.groupGone = true;
      return false;
    }
    return this.group?.alive() !== false;
  }

  private signalGroupWhileAlive(signal: 'SIGTERM' | 'SIGKILL'): void {
    if (this.pid !== undefined && this.groupMaySignal()) signalGroup(this.pid, signal);
  }

  private startPolling(): void {
    if (this.poller === undefined && !this.settled) {
      this.poller = setInterval(() => this.checkSettled(), SETTLE_POLL_MS);
    }
  }

  /** Resolves once the child is gone and its group is dead; ends leftovers of a natural exit. */
  private checkSettled(): void {
    if (this.settled || this.pid === undefined || this.exitedAt === undefined) return;
    const groupAlive = this.group?.alive() === true;
    if (!groupAlive && this.pid !== undefined && this.platform !== 'win32' && !groupExists(this.pid)) this.groupGone = true;
    if (groupAlive) {
      if (!this.killing) {
        this.logger?.debug(`[runner] pid ${this.pid} exited but left processes in its group; ending them`);
        this.beginKill();
      }
      this.startPolling();
      return;
    }
    // Exited, group dead, but stdout still open: a process outside the group may hold the pipe.
    if (!this.closed && Date.now() - this.exitedAt < EXIT_WITHOUT_CLOSE_MS && !this.escalated) return this.startPolling();
    // Nothing of the run may outlive it, not even what left its group.
    if (this.endEscaped()) return this.startPolling();
    if (!this.closed) {
      this.logger?.debug(`[runner] pid ${this.pid}: exited but its pipes stay open; closing them`);
      this.destroyStreams();
    }
    this.settle();
  }

  /**
   * Only for `request.sweepEscaped` (Linux): ends the processes of this run
   * that left its process group (setsid) and are still running after the CLI
   * and its group are gone: SIGTERM, SIGKILL after the grace period. They are
   * looked for asynchronously (every process's environment is read). True
   * while they are being looked for or any of them is left.
   */
  private endEscaped(): boolean {
    if (this.request.sweepEscaped !== true || this.platform !== 'linux') return false;
    if (!this.sweepStarted) {
      this.sweepStarted = true;
      findByEnvironment(RUN_MARKER_ENV, this.marker, this.platform).then(
        (pids) => this.onEscapedFound(pids),
        () => this.onEscapedFound([]),
      );
    }
    if (this.escaped === undefined) return true;
    this.escaped = this.escaped.filter((ref) => isSameProcess(ref, this.platform));
    return this.escaped.length > 0;
  }

  private onEscapedFound(refs: ProcRef[]): void {
    const found = refs.filter((r) => r.pid !== this.pid);
    if (this.settled) {
      // Resolved meanwhile (hard stop): no timer may follow, so no grace either.
      for (const r of found) signalRef(r, 'SIGKILL', this.platform);
      return;
    }
    this.escaped = found;
    if (found.length > 0) {
      this.logger?.debug(`[runner] pid ${this.pid}: ending ${found.length} process(es) that left its group: ${found.map((r) => r.pid).join(', ')}`);
      for (const r of found) signalRef(r, 'SIGTERM', this.platform);
      const grace = this.request.killGraceMs ?? DEFAULT_KILL_GRACE_MS;
      this.later(grace, () => {
        for (const r of this.escaped ?? []) signalRef(r, 'SIGKILL', this.platform);
      });
      this.later(grace + HARD_STOP_MS, () => {
        if (this.settled) return;
        this.logger?.warn(`[runner] pid ${this.pid}: processes ${(this.escaped ?? []).map((r) => r.pid).join(', ')} survived SIGKILL; giving up waiting`);
        this.escaped = [];
        this.checkSettled();
      });
    }
    this.checkSettled();
  }

  private failSpawn(e: unknown): Promise<RunOutcome> {
    this.spawnErrorCode = errorCode(e);
    this.kind = 'spawnError';
    this.logger?.debug(`[runner] spawn failed: ${this.spawnErrorCode}`);
    this.settle();
    return this.done;
  }

  private settle(): void {
    if (this.settled) return;
    this.settled = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.clearDeadline();
    if (this.poller !== undefined) clearInterval(this.poller);
    try {
      this.cancelSubscription?.dispose();
    } catch {
      /* the token's problem, not the run's */
    }
    this.stderrTail = (this.stderrTail + this.stderrDecoder.end()).slice(-STDERR_TAIL_CHARS);
    const outcome: RunOutcome = {
      kind: this.kind ?? 'exited',
      exitCode: this.exitCode,
      signal: this.signal,
      stdout: Buffer.concat(this.stdoutChunks).toString('utf8'),
      stderrTail: this.stderrTail,
      lines: this.lines,
      oversizedLines: this.reader.oversizedLines,
      durationMs: Date.now() - this.startedAt,
    };
    if (outcome.kind === 'timeout') outcome.timeoutStage = this.timeoutStage;
    if (this.spawnErrorCode !== undefined) outcome.spawnErrorCode = this.spawnErrorCode;
    if (this.pid !== undefined) outcome.pid = this.pid;
    if (this.pid !== undefined) {
      this.logger?.debug(`[runner] pid ${this.pid}: ${outcome.kind}${outcome.timeoutStage ? ` (${outcome.timeoutStage})` : ''}, exit code ${outcome.exitCode}, signal ${outcome.signal}, ${outcome.lines} lines, ${outcome.durationMs} ms`);
    }
    this.resolve(outcome);
  }

  private armDeadline(ms: number, stage: 'first output' | 'inactivity'): void {
    this.clearDeadline();
    this.deadline = setTimeout(() => this.end('timeout', stage), ms);
  }

  private clearDeadline(): void {
    if (this.deadline !== undefined) clearTimeout(this.deadline);
    this.deadline = undefined;
  }

  private later(ms: number, fn: () => void): void {
    const t = setTimeout(() => {
      this.timers.delete(t);
      fn();
    }, ms);
    this.timers.add(t);
  }

  private destroyStreams(): void {
    this.child?.stdout?.destroy();
    this.child?.stderr?.destroy();
    this.child?.stdin?.destroy();
  }
}

function errorCode(e: unknown): string {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === 'string' ? code : 'UNKNOWN';
}
