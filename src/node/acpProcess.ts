/**
 * `cursor-agent acp` as an {@link AcpTransport}: one long-lived process run by
 * the process runner like every `-p` turn (./processRun): an argument array and
 * no shell, its own process group (POSIX), the run marker in its environment,
 * the environment allowlist the caller built, and the same kill policy:
 * `kill()` ends the whole tree (SIGTERM, SIGKILL after the grace period, then
 * the sweep of what left the group), the runner's dispose SIGKILLs it at once,
 * and its watchdog ends it if the extension host dies first (the CLI does not
 * exit when stdin closes). Once the agent has exited, only its group is
 * signalled, and only while it has live members: never a pid that may have
 * been reused. Lines in and out as newline-delimited JSON; stdin stays open.
 */
import type { ChildProcess } from 'child_process';
import type { AcpExit, AcpTransport } from '../acp/transport';
import type { LaunchPlan, RunOutcome } from '../cli/process';
import { NodeProcessRunner } from './nodeProcessRunner';
import type { ProcessRun } from './processRun';
import { spawnChild } from './spawnChild';

export interface AcpProcessOptions {
  /** The planned launch of `cursor-agent acp` (binary, launcher prefix, Windows shim handling). */
  launch: LaunchPlan;
  cwd: string;
  env: Record<string, string>;
  /** SIGTERM → SIGKILL grace period (ms). */
  killGraceMs: number;
  platform?: NodeJS.Platform;
  /** Longest stdout line kept (bytes); longer lines are dropped. */
  maxLineBytes?: number;
}

const STDERR_TAIL_CHARS = 4000;

export class NodeAcpTransport implements AcpTransport {
  private child: ChildProcess | undefined;
  private readonly run: ProcessRun;
  private readonly lineListeners: Array<(line: string) => void> = [];
  private readonly exitListeners: Array<(e: AcpExit) => void> = [];
  private exitInfo: AcpExit | undefined;
  private stderrTail = '';
  pid: number | undefined;

  /** @param runner the extension's runner (its dispose ends this process too); a test may leave it out. */
  constructor(opts: AcpProcessOptions, runner: NodeProcessRunner = new NodeProcessRunner(undefined, { platform: opts.platform })) {
    const { run, outcome } = runner.open(
      {
        launch: opts.launch,
        cwd: opts.cwd,
        env: opts.env,
        killGraceMs: opts.killGraceMs,
        keepStdinOpen: true,
        sweepEscaped: true,
        ...(opts.maxLineBytes !== undefined ? { maxLineBytes: opts.maxLineBytes } : {}),
        onSpawn: (pid) => (this.pid = pid),
        onLine: (line) => {
          for (const l of this.lineListeners) l(line);
        },
      },
      (request, marker, platform, logger) => this.hold(spawnChild(request, marker, platform, logger)),
    );
    this.run = run;
    // A spawn error, or the hard stop when `close` never came: the run's outcome says it.
    void outcome.then((o: RunOutcome) =>
      this.finish({
        code: o.exitCode,
        signal: o.signal,
        ...this.tail(),
        ...(o.spawnErrorCode !== undefined ? { spawnErrorCode: o.spawnErrorCode } : {}),
      }),
    );
  }

  get exited(): boolean {
    return this.exitInfo !== undefined;
  }

  get backlogBytes(): number {
    return this.child?.stdin?.writableLength ?? 0;
  }

  write(line: string): void {
    const stdin = this.child?.stdin;
    if (this.exitInfo || !stdin || stdin.destroyed || !stdin.writable) return;
    stdin.write(line);
  }

  onLine(listener: (line: string) => void): void {
    this.lineListeners.push(listener);
  }

  onExit(listener: (e: AcpExit) => void): void {
    if (this.exitInfo) listener(this.exitInfo);
    else this.exitListeners.push(listener);
  }

  /** Ends the tree as a `-p` turn's ends (the runner decides what may still be signalled). */
  kill(): void {
    this.run.end('cancelled');
  }

  /** The child as spawned: its stderr tail and its `close` (the agent is gone; its tree may still be ending). */
  private hold(child: ChildProcess): ChildProcess {
    this.child = child;
    child.stderr?.on('data', (chunk: Buffer) => {
      this.stderrTail = (this.stderrTail + chunk.toString('utf8')).slice(-STDERR_TAIL_CHARS);
    });
    child.once('close', (code: number | null, signal: NodeJS.Signals | null) => this.finish({ code, signal, ...this.tail() }));
    return child;
  }

  private tail(): { stderrTail?: string } {
    return this.stderrTail ? { stderrTail: this.stderrTail } : {};
  }

  private finish(e: AcpExit): void {
    if (this.exitInfo) return;
    this.exitInfo = e;
    for (const l of this.exitListeners.splice(0)) l(e);
  }
}
