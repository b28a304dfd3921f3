/**
 * `cursor-agent acp` as an {@link AcpTransport}: one long-lived process,
 * started with an argument array and no shell, in its own process group
 * (POSIX), with the environment allowlist the caller built. Lines in and out
 * as newline-delimited JSON; `kill()` ends the whole tree (SIGTERM, then
 * SIGKILL after a grace period), as for `-p` turns. The CLI does not exit when
 * stdin closes, so the client always ends it.
 */
import { ChildProcess, spawn } from 'child_process';
import type { AcpExit, AcpTransport } from '../acp/transport';
import { NdjsonLineReader } from '../cli/ndjson';
import type { LaunchPlan } from '../cli/process';
import { killProcessTree } from './processTree';

export interface AcpProcessOptions {
  /** The planned launch of `cursor-agent acp` (binary, launcher prefix, Windows shim handling). */
  launch: LaunchPlan;
  cwd: string;
  env: Record<string, string>;
  /** SIGTERM → SIGKILL grace period (ms). */
  killGraceMs: number;
  platform?: NodeJS.Platform;
  /** Longest stdout line kept (ms); longer lines are dropped. */
  maxLineBytes?: number;
}

const STDERR_TAIL_CHARS = 4000;

export class NodeAcpTransport implements AcpTransport {
  private readonly child: ChildProcess | undefined;
  private readonly lineListeners: Array<(line: string) => void> = [];
  private readonly exitListeners: Array<(e: AcpExit) => void> = [];
  private exitInfo: AcpExit | undefined;
  private stderrTail = '';
  private killTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly platform: NodeJS.Platform;
  readonly pid: number | undefined;

  constructor(private readonly opts: AcpProcessOptions) {
    this.platform = opts.platform ?? process.platform;
    let child: ChildProcess | undefined;
    try {
      child = spawn(opts.launch.command, opts.launch.args, {
        cwd: opts.cwd,
        env: opts.env,
        shell: false,
        windowsHide: true,
        detached: this.platform !== 'win32',
        windowsVerbatimArguments: opts.launch.windowsVerbatimArguments === true,
        stdio: ['pipe', 'pipe', 'pipe'],
      });
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code ?? 'EINVAL';
      queueMicrotask(() => this.finish({ code: null, signal: null, spawnErrorCode: code }));
    }
    this.child = child;
    this.pid = child?.pid;
    if (!child) return;
    const reader = new NdjsonLineReader(opts.maxLineBytes);
    child.stdout?.on('data', (chunk: Buffer) => {
      for (const line of reader.push(chunk)) for (const l of this.lineListeners) l(line);
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      this.stderrTail = (this.stderrTail + chunk.toString('utf8')).slice(-STDERR_TAIL_CHARS);
    });
    child.stdin?.on('error', () => undefined); // EPIPE after the process went: the exit says what happened
    child.once('error', (e: NodeJS.ErrnoException) => {
      if (this.pid === undefined) this.finish({ code: null, signal: null, spawnErrorCode: e.code ?? 'EINVAL' });
    });
    child.once('close', (code, signal) => this.finish({ code, signal, ...(this.stderrTail ? { stderrTail: this.stderrTail } : {}) }));
  }

  get exited(): boolean {
    return this.exitInfo !== undefined;
  }

  get backlogBytes(): number {
    return this.child?.stdin?.writableLength ?? 0;
  }

  write(line: string): void {
    if (this.exitInfo || !this.child?.stdin || this.child.stdin.destroyed) return;
    this.child.stdin.write(line);
  }

  onLine(listener: (line: string) => void): void {
    this.lineListeners.push(listener);
  }

  onExit(listener: (e: AcpExit) => void): void {
    if (this.exitInfo) listener(this.exitInfo);
    else this.exitListeners.push(listener);
  }

  kill(): void {
    if (this.exitInfo || this.pid === undefined || this.killTimer) return;
    const pid = this.pid;
    void killProcessTree(pid, 'SIGTERM', this.platform);
    this.killTimer = setTimeout(() => void killProcessTree(pid, 'SIGKILL', this.platform), this.opts.killGraceMs);
  }

  private finish(e: AcpExit): void {
    if (this.exitInfo) return;
    this.exitInfo = e;
    if (this.killTimer) clearTimeout(this.killTimer);
    // Anything the agent started in its group goes with it.
    if (this.pid !== undefined && this.platform !== 'win32') void killProcessTree(this.pid, 'SIGKILL', this.platform);
    for (const l of this.exitListeners.splice(0)) l(e);
  }
}
