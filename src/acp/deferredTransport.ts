/**
 * An {@link AcpTransport} whose process starts once its launch plan is known:
 * a process asked for while the plan of a new binary is still being resolved
 * (`cursorAgent.path` just changed) runs the new binary, never the old one,
 * and asking never throws. Lines written before the start are sent when it
 * starts; a kill before the start means it never starts. Pure.
 */
import type { AcpExit, AcpTransport } from './transport';
import type { LaunchPlan } from '../cli/process';

export class DeferredTransport implements AcpTransport {
  private inner: AcpTransport | undefined;
  private queued: string[] = [];
  private killed = false;
  private exit: AcpExit | undefined;
  private readonly lineListeners: Array<(line: string) => void> = [];
  private readonly exitListeners: Array<(e: AcpExit) => void> = [];

  constructor(plan: Promise<LaunchPlan>, start: (plan: LaunchPlan) => AcpTransport) {
    plan.then(
      (p) => {
        if (this.killed) return;
        const t = start(p);
        this.inner = t;
        t.onLine((line) => this.lineListeners.forEach((l) => l(line)));
        t.onExit((e) => this.finish(e));
        for (const line of this.queued.splice(0)) t.write(line);
      },
      // No usable binary any more: as if it could not be spawned.
      () => this.finish({ code: null, signal: null, spawnErrorCode: 'ENOENT' }),
    );
  }

  get exited(): boolean {
    return this.exit !== undefined;
  }

  write(line: string): void {
    if (this.exit) return;
    if (this.inner) this.inner.write(line);
    else this.queued.push(line);
  }

  onLine(listener: (line: string) => void): void {
    this.lineListeners.push(listener);
  }

  onExit(listener: (e: AcpExit) => void): void {
    if (this.exit) listener(this.exit);
    else this.exitListeners.push(listener);
  }

  kill(): void {
    if (this.inner) return this.inner.kill();
    this.killed = true;
    this.queued = [];
    this.finish({ code: null, signal: 'SIGTERM' });
  }

  private finish(e: AcpExit): void {
    if (this.exit) return;
    this.exit = e;
    for (const l of this.exitListeners.splice(0)) l(e);
  }
}
