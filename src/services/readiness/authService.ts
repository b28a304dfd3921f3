/**
 * Whether Cursor is ready: binary found and logged in. Probed in the
 * background (never blocking activation), throttled, with one probe in flight
 * at a time; listeners hear every state change.
 */
import type { Logger } from '../../cli/logger';
import type { CliErrorKind } from '../../cli/errors';
import { redactSecrets } from '../../cli/redact';
import { Emitter } from '../emitter';

export type ReadyState =
  | { state: 'checking' }
  | { state: 'notInstalled'; kind: CliErrorKind; message: string }
  | { state: 'loggedOut'; message?: string }
  | { state: 'keychainLocked' }
  | { state: 'ready'; email?: string; binary: string; version: string }
  | { state: 'error'; detail: string };

export interface AuthProbe {
  /** Runs the probe; never rejects. */
  probe(): Promise<ReadyState>;
}

const RECHECK_MIN_MS = 5_000;
const RECHECK_MAX_MS = 300_000;

export class AuthService {
  private current: ReadyState = { state: 'checking' };
  private inflight: Promise<ReadyState> | undefined;
  private lastProbeAt = 0;
  /** Back-off for background re-checks while not ready: 5 s, doubling to 5 min; reset on any state change. */
  private recheckDelayMs = RECHECK_MIN_MS;
  private readonly changed = new Emitter<ReadyState>();
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly probeImpl: AuthProbe,
    private readonly logger: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  get state(): ReadyState {
    return this.current;
  }

  /**
   * Probes now. Joins a probe already running, unless `force` is set (the user
   * asked, or something changed): then a new probe follows the running one, so
   * the answer reflects the change.
   */
  refresh(opts: { force?: boolean } = {}): Promise<ReadyState> {
    const force = opts.force === true;
    if (force) this.recheckDelayMs = RECHECK_MIN_MS;
    if (this.inflight) return force ? this.inflight.then(() => this.refresh()) : this.inflight;
    this.lastProbeAt = this.now();
    const p = this.probeImpl
      .probe()
      .catch((err: unknown): ReadyState => ({ state: 'error', detail: redactSecrets(err instanceof Error ? err.message : String(err)) }))
      .then((next) => {
        const changed = JSON.stringify(next) !== JSON.stringify(this.current);
        this.current = next;
        if (changed) {
          this.recheckDelayMs = RECHECK_MIN_MS;
          this.logger.info(`[status] ${redactSecrets(describeReadyState(next))}`);
          this.changed.fire(next);
        }
        return next;
      })
      .finally(() => {
        this.inflight = undefined;
      });
    this.inflight = p;
    return p;
  }

  /** Probes unless one ran within `minIntervalMs` (window focus and similar). */
  refreshThrottled(minIntervalMs: number): Promise<ReadyState> {
    if (this.inflight) return this.inflight;
    if (this.now() - this.lastProbeAt < minIntervalMs) return Promise.resolve(this.current);
    return this.refresh();
  }

  /**
   * A background re-check while not ready (every request for models lands here):
   * throttled with a growing interval, so a missing CLI costs at most one probe
   * per 5 s at first and per 5 min later, while a fixed CLI is noticed quickly.
   */
  recheckWhileNotReady(): Promise<ReadyState> {
    if (this.current.state === 'ready' || this.inflight) return this.inflight ?? Promise.resolve(this.current);
    if (this.now() - this.lastProbeAt < this.recheckDelayMs) return Promise.resolve(this.current);
    this.recheckDelayMs = Math.min(this.recheckDelayMs * 2, RECHECK_MAX_MS);
    return this.refresh();
  }

  dispose(): void {
    this.changed.dispose();
  }
}

export function describeReadyState(s: ReadyState): string {
  switch (s.state) {
    case 'checking':
      return 'checking';
    case 'notInstalled':
      return `not installed (${s.kind})`;
    case 'loggedOut':
      return 'logged out';
    case 'keychainLocked':
      return 'keychain locked';
    case 'ready':
      return `ready (${s.version})`;
    case 'error':
      return `error: ${s.detail}`;
  }
}
