/**
 * One process, from spawn to its single outcome: spawns with no shell, feeds stdin, hands stdout lines to the caller
 * under deadlines, ends the whole process tree once the outcome is decided (or the CLI left processes behind),
 * and resolves once nothing of the run is left.
 */
import { type Clock, systemClock } from '../cli/clock';
import type { ChildProcess } from 'child_process';
import { randomUUID } from 'crypto';
import type { Logger, RunOutcome, RunOutcomeKind, RunRequest } from '../cli/process';
import { EscapedSweep, type SweepHost } from './escapedSweep';
import { DEFAULT_KILL_GRACE_MS, HARD_STOP_MS, KillEscalation, type KillTarget } from './killEscalation';
import type { TreeToKill } from './processTree';
import type { TreeWalk } from './treeWalk';
import { RunCapture } from './runCapture';
import { RunTimers } from './runTimers';
import { errorCode, feedStdin, spawnChild, type SpawnChild } from './spawnChild';

const SETTLE_POLL_MS = 25;
/** After `exit` without `close`, how long to wait before deciding the pipes are held by an escaped process. */
const EXIT_WITHOUT_CLOSE_MS = 500;

/**
 * Where a run is in ending its process tree; it only moves forward:
 * - running → terminating: the outcome was decided (cancellation, a deadline,
 *   the completion linger over) or the CLI exited leaving processes in its
 *   group: SIGTERM to the tree, the grace period starts.
 * - running | terminating → killing: the grace period is over, or the host
 *   shuts down (`endNow`): SIGKILL; the hard stop starts.
 * - any → settled: the child exited, its group is dead, its pipes closed (or
 *   were given up on) and no escaped process is left; or the hard stop came;
 *   or it never spawned. The outcome resolves, every timer is cleared.
 *
 * What the OS reported of the child is the other axis, {@link ChildStatus}.
 */
export type RunPhase = 'running' | 'terminating' | 'killing' | 'settled';

/** What the OS reported of the child: running → exited (`exit`) → closed (`close`: its pipes too); code and signal are the first report's. */
type ChildStatus = { is: 'running' } | { is: 'exited' | 'closed'; at: number; code: number | null; signal: string | null };

export class ProcessRun {
  private phase: RunPhase = 'running';
  private child: ChildProcess | undefined;
  private status: ChildStatus = { is: 'running' };
  private kind: RunOutcomeKind | undefined;
  private timeoutStage: RunOutcome['timeoutStage'];
  private spawnErrorCode: string | undefined;
  private readonly marker = randomUUID();
  /** Set once the child has a pid. */
  private spawned: { pid: number; kill: KillEscalation; sweep: EscapedSweep | undefined } | undefined;
  private readonly capture: RunCapture;
  private readonly timers: RunTimers;
  private cancelSubscription: { dispose(): void } | undefined;
  private readonly startedAt: number;
  private resolve: (outcome: RunOutcome) => void = () => undefined;
  private readonly done = new Promise<RunOutcome>((r) => (this.resolve = r));

  constructor(
    private readonly request: RunRequest,
    private readonly platform: NodeJS.Platform,
    private readonly completionLingerMs: number,
    private readonly logger: Logger | undefined,
    private readonly spawn: SpawnChild = spawnChild,
    private readonly treeWalk?: TreeWalk,
    private readonly clock: Clock = systemClock,
  ) {
    this.timers = new RunTimers(clock);
    this.startedAt = clock.now();
    this.capture = new RunCapture(request.maxLineBytes, request.onLine === undefined, (line) => this.handleLine(line), logger);
  }

  finishWithoutSpawn(kind: RunOutcomeKind): Promise<RunOutcome> {
    this.kind = kind;
    this.settle();
    return this.done;
  }

  start(): Promise<RunOutcome> {
    const { request } = this;
    if (request.cancellation?.isCancellationRequested) return this.finishWithoutSpawn('cancelled');
    let child: ChildProcess;
    try {
      child = this.spawn(request, this.marker, this.platform, this.logger);
    } catch (e) {
      return this.failSpawn(e); // e.g. EINVAL for a .cmd without a shell, thrown synchronously
    }
    this.child = child;
    child.on('error', (e) => {
      if (this.spawned === undefined) void this.failSpawn(e);
      else this.logger?.warn(`[runner] pid ${this.spawned.pid}: ${errorCode(e)} ${(e as Error).message}`);
    });
    if (child.pid === undefined) return this.done; // the 'error' event follows (ENOENT, EACCES, E2BIG…)
    this.onSpawned(child, child.pid);
    this.startDeadlines(child.pid);
    return this.done;
  }

  /**
   * Decides the outcome (the first decision wins) and ends the process tree.
   * Before a pid there is nothing to end: a run that has not even a child settles now.
   */
  end(kind: RunOutcomeKind, stage?: RunOutcome['timeoutStage']): void {
    if (this.kind !== undefined || this.phase === 'settled') return;
    this.kind = kind;
    if (kind === 'timeout') this.timeoutStage = stage;
    this.timers.clearDeadline();
    if (this.spawned === undefined) {
      if (this.child === undefined) this.settle();
      return;
    }
    this.logger?.debug(`[runner] pid ${this.spawned.pid}: ending (${kind}${stage ? `, ${stage}` : ''})`);
    this.beginKill();
  }

  /**
   * The host is shutting down: decides `cancelled` (unless decided) and
   * returns what to SIGKILL right now (the runner kills every run's tree in
   * one go). A hard stop still resolves the outcome if the host lives on.
   */
  endNow(): TreeToKill | undefined {
    if (this.phase === 'settled') return undefined;
    if (this.kind === undefined) this.kind = 'cancelled';
    this.timers.clearDeadline();
    const { spawned } = this;
    if (spawned === undefined) {
      if (this.child === undefined) this.settle();
      return undefined;
    }
    this.logger?.debug(`[runner] pid ${spawned.pid}: shutting down; SIGKILL now`);
    this.phase = 'killing';
    this.armHardStop(spawned.pid);
    this.startPolling();
    return spawned.kill.treeToKillNow(spawned.sweep?.known() ?? []);
  }

  private onSpawned(child: ChildProcess, pid: number): void {
    const run: KillTarget & SweepHost = {
      pid,
      child,
      platform: this.platform,
      logger: this.logger,
      treeWalk: this.treeWalk,
      killGraceMs: this.request.killGraceMs ?? DEFAULT_KILL_GRACE_MS,
      hardStopMs: HARD_STOP_MS,
      later: (ms, fn) => this.timers.later(ms, fn),
      hasExited: () => this.status.is !== 'running',
      isSettled: () => this.phase === 'settled',
      recheck: () => this.checkSettled(),
    };
    const sweep = this.request.sweepEscaped === true && this.platform === 'linux' ? new EscapedSweep(this.marker, run) : undefined;
    this.spawned = { pid, kill: new KillEscalation(run), sweep };
    this.logger?.debug(`[runner] pid ${pid} started`);
    child.on('exit', (code, signal) => {
      this.onExit(code, signal, 'exited');
      this.logger?.debug(`[runner] pid ${pid} exited (code ${code}, signal ${signal})`);
      this.checkSettled();
    });
    child.on('close', (code, signal) => {
      this.onExit(code, signal, 'closed');
      this.capture.stdoutEnded();
      this.checkSettled();
    });
    child.stdout?.on('data', (chunk: Buffer) => this.capture.stdout(chunk));
    child.stderr?.on('data', (chunk: Buffer) => this.capture.stderr(chunk));
    feedStdin(child, this.request.keepStdinOpen === true ? null : this.request.stdin, pid, this.logger);
  }

  private onExit(code: number | null, signal: string | null, is: 'exited' | 'closed'): void {
    if (this.status.is === 'running') this.status = { is, at: this.clock.now(), code, signal };
    else if (is === 'closed') this.status = { ...this.status, is };
  }

  private startDeadlines(pid: number): void {
    const { request } = this;
    try {
      request.onSpawn?.(pid);
    } catch (e) {
      this.logger?.warn(`[runner] onSpawn threw: ${String(e)}`);
    }
    this.timers.startDeadlines(request, (stage) => this.end('timeout', stage));
    try {
      this.cancelSubscription = request.cancellation?.onCancellationRequested(() => this.end('cancelled'));
    } catch (e) {
      this.logger?.warn(`[runner] cancellation subscription failed: ${String(e)}`);
    }
    // Cancelled meanwhile (e.g. from onSpawn): a late listener may never be called.
    if (request.cancellation?.isCancellationRequested) this.end('cancelled');
  }

  private handleLine(line: string): void {
    if (this.kind !== undefined) return; // decided: nobody wants more lines
    this.timers.restartInactivity(this.request, (stage) => this.end('timeout', stage));
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
    this.timers.clearDeadline();
    if (this.status.is !== 'running') return this.checkSettled();
    this.timers.later(this.completionLingerMs, () => {
      if (this.phase === 'running') {
        this.logger?.debug(`[runner] pid ${this.spawned?.pid}: still running after its result; ending it`);
        this.beginKill();
      }
    });
  }

  /** running → terminating: SIGTERM now, SIGKILL after the grace period. */
  private beginKill(): void {
    if (this.phase !== 'running' || this.spawned === undefined) return;
    this.phase = 'terminating';
    this.spawned.kill.terminate();
    this.timers.later(this.request.killGraceMs ?? DEFAULT_KILL_GRACE_MS, () => this.escalate());
    this.startPolling();
  }

  /** → killing (also again after `endNow`): SIGKILL, and the hard stop. */
  private escalate(): void {
    if (this.phase === 'settled' || this.spawned === undefined) return;
    this.phase = 'killing';
    this.logger?.debug(`[runner] pid ${this.spawned.pid}: grace period over; SIGKILL`);
    this.spawned.kill.kill();
    this.armHardStop(this.spawned.pid);
  }

  /** After SIGKILL: if `close` still has not come after {@link HARD_STOP_MS}, the run settles anyway. */
  private armHardStop(pid: number): void {
    this.timers.later(HARD_STOP_MS, () => {
      if (this.phase === 'settled') return;
      this.logger?.warn(`[runner] pid ${pid}: no 'close' ${HARD_STOP_MS} ms after SIGKILL; giving up waiting`);
      this.destroyStreams();
      this.settle();
    });
  }

  private startPolling(): void {
    if (this.phase !== 'settled') this.timers.poll(SETTLE_POLL_MS, () => this.checkSettled());
  }

  /** Resolves once the child is gone and its group is dead; ends leftovers of a natural exit. */
  private checkSettled(): void {
    const { spawned, status } = this;
    if (this.phase === 'settled' || spawned === undefined || status.is === 'running') return;
    if (spawned.kill.groupAlive()) {
      if (this.phase === 'running') {
        this.logger?.debug(`[runner] pid ${spawned.pid} exited but left processes in its group; ending them`);
        this.beginKill();
      }
      this.startPolling();
      return;
    }
    // Exited, group dead, but stdout still open: a process outside the group may hold the pipe.
    if (status.is !== 'closed' && this.clock.now() - status.at < EXIT_WITHOUT_CLOSE_MS && this.phase !== 'killing') return this.startPolling();
    // Nothing of the run may outlive it, not even what left its group.
    if (spawned.sweep?.pending() === true) return this.startPolling();
    if (status.is !== 'closed') {
      this.logger?.debug(`[runner] pid ${spawned.pid}: exited but its pipes stay open; closing them`);
      this.destroyStreams();
    }
    this.settle();
  }

  private failSpawn(e: unknown): Promise<RunOutcome> {
    this.spawnErrorCode = errorCode(e);
    this.logger?.debug(`[runner] spawn failed: ${this.spawnErrorCode}`);
    return this.finishWithoutSpawn('spawnError');
  }

  /** → settled: clears every timer and resolves the one outcome. */
  private settle(): void {
    if (this.phase === 'settled') return;
    this.phase = 'settled';
    this.timers.clearAll();
    try {
      this.cancelSubscription?.dispose();
    } catch {
      /* the token's problem, not the run's */
    }
    const { code, signal } = this.status.is === 'running' ? { code: null, signal: null } : this.status;
    const durationMs = this.clock.now() - this.startedAt;
    const outcome: RunOutcome = { kind: this.kind ?? 'exited', exitCode: code, signal, ...this.capture.result(), durationMs };
    if (outcome.kind === 'timeout') outcome.timeoutStage = this.timeoutStage;
    if (this.spawnErrorCode !== undefined) outcome.spawnErrorCode = this.spawnErrorCode;
    if (this.spawned !== undefined) {
      outcome.pid = this.spawned.pid;
      const stage = outcome.timeoutStage ? ` (${outcome.timeoutStage})` : '';
      const how = `exit code ${outcome.exitCode}, signal ${outcome.signal}, ${outcome.lines} lines, ${outcome.durationMs} ms`;
      this.logger?.debug(`[runner] pid ${this.spawned.pid}: ${outcome.kind}${stage}, ${how}`);
    }
    this.resolve(outcome);
  }

  private destroyStreams(): void {
    this.child?.stdout?.destroy();
    this.child?.stderr?.destroy();
    this.child?.stdin?.destroy();
  }
}
