/**
 * The escaped-process sweep (runs with `sweepEscaped`, Linux only): processes
 * of a run that left its process group (setsid) and still run after the CLI
 * and its group are gone are found by the marker in their environment and
 * ended: SIGTERM, SIGKILL after the grace period.
 */
import type { Logger } from '../cli/process';
import { findByEnvironment, type ProcRef } from './procfs';
import { isSameProcess, signalRef } from './signals';

/**
 * Set in each child's environment to a value of its own run: descendants
 * inherit it, so those that left the process group (setsid) and outlived the
 * CLI can still be found and ended (Linux: /proc/<pid>/environ; only for
 * runs with `sweepEscaped`).
 */
export const RUN_MARKER_ENV = 'CURSOR_AGENT_VSCODE_RUN';

/** What the sweep needs of its run. */
export interface SweepHost {
  readonly pid: number;
  readonly platform: NodeJS.Platform;
  readonly logger: Logger | undefined;
  /** The grace period between SIGTERM and SIGKILL (ms). */
  readonly killGraceMs: number;
  /** After SIGKILL, the longest to wait for the processes to go (ms). */
  readonly hardStopMs: number;
  later(ms: number, fn: () => void): void;
  isSettled(): boolean;
  /** Something changed: the run checks again whether it can settle. */
  recheck(): void;
}

export class EscapedSweep {
  /** idle → searching (every process's environment is read) → found (those still running are kept). */
  private state: { is: 'idle' } | { is: 'searching' } | { is: 'found'; escaped: ProcRef[] } = { is: 'idle' };

  constructor(
    private readonly marker: string,
    private readonly host: SweepHost,
  ) {}

  /**
   * Called once the CLI and its group are gone: starts looking (asynchronously)
   * on the first call. True while they are being looked for or any of them is left.
   */
  pending(): boolean {
    const { state, host } = this;
    if (state.is === 'idle') {
      this.state = { is: 'searching' };
      findByEnvironment(RUN_MARKER_ENV, this.marker, host.platform).then(
        (refs) => this.onFound(refs),
        () => this.onFound([]),
      );
      return true;
    }
    if (state.is === 'searching') return true;
    state.escaped = state.escaped.filter((ref) => isSameProcess(ref, host.platform));
    return state.escaped.length > 0;
  }

  /** The escaped processes found and not yet seen gone. */
  known(): ProcRef[] {
    return this.state.is === 'found' ? this.state.escaped : [];
  }

  private onFound(refs: ProcRef[]): void {
    const { host } = this;
    const found = refs.filter((r) => r.pid !== host.pid);
    if (host.isSettled()) {
      // Resolved meanwhile (hard stop): no timer may follow, so no grace either.
      for (const r of found) signalRef(r, 'SIGKILL', host.platform);
      return;
    }
    this.state = { is: 'found', escaped: found };
    if (found.length > 0) {
      host.logger?.debug(`[runner] pid ${host.pid}: ending ${found.length} process(es) that left its group: ${found.map((r) => r.pid).join(', ')}`);
      for (const r of found) signalRef(r, 'SIGTERM', host.platform);
      host.later(host.killGraceMs, () => {
        for (const r of this.known()) signalRef(r, 'SIGKILL', host.platform);
      });
      host.later(host.killGraceMs + host.hardStopMs, () => {
        if (host.isSettled()) return;
        host.logger?.warn(
          `[runner] pid ${host.pid}: processes ${this.known()
            .map((r) => r.pid)
            .join(', ')} survived SIGKILL; giving up waiting`,
        );
        this.state = { is: 'found', escaped: [] };
        host.recheck();
      });
    }
    host.recheck();
  }
}
