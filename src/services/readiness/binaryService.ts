/**
 * Which `cursor-agent` binary runs: the user's `cursorAgent.path` setting
 * (validated with `--version`), else the resolution chain of the contract.
 * The answer is cached until the setting changes or `invalidate()` is called.
 */
import { resolveBinary, ResolveDeps, Resolution } from '../../cli/binaryResolution';
import type { Logger } from '../../cli/logger';
import { Emitter } from '../emitter';

export interface BinaryEnvironment {
  platform: string;
  homeDir: string;
  /** Windows `%LOCALAPPDATA%` (the installer's folder); defaults to `<home>\AppData\Local`. */
  localAppData?: string;
}

export class BinaryService {
  private cached: Promise<Resolution> | undefined;
  private readonly changed = new Emitter<void>();
  /** Fires when the binary may have changed (setting changed, re-resolve requested). */
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly deps: ResolveDeps,
    private readonly env: BinaryEnvironment,
    private readonly configuredPath: () => string | undefined,
    private readonly logger: Logger,
  ) {}

  /**
   * The winning binary and why every other candidate failed. Never rejects.
   * A binary found is remembered; "none found" is not (concurrent callers share
   * one look), so a CLI installed or restored later is found by the next call.
   */
  resolve(): Promise<Resolution> {
    if (!this.cached) {
      const configured = this.configuredPath()?.trim() || undefined;
      const pending: Promise<Resolution> = resolveBinary(this.deps, {
        configuredPath: configured,
        platform: this.env.platform,
        homeDir: this.env.homeDir,
        localAppData: this.env.localAppData,
      })
        .then((r) => {
          if (r.found) {
            this.logger.info(`[binary] using ${r.path} (${r.version}, from ${r.source})`);
          } else {
            this.logger.warn(`[binary] no usable cursor-agent (${r.kind})`);
            if (this.cached === pending) this.cached = undefined;
          }
          for (const rej of r.rejected) this.logger.debug(`[binary] skipped ${rej.candidate} (${rej.source}): ${rej.reason}`);
          return r;
        })
        .catch((err: unknown) => {
          this.logger.error(`[binary] resolution failed: ${err instanceof Error ? err.message : String(err)}`);
          if (this.cached === pending) this.cached = undefined;
          return { found: false as const, rejected: [], kind: 'notInstalled' as const };
        });
      this.cached = pending;
    }
    return this.cached;
  }

  /** Validates one explicit path with `--version` (for "Select Binary…" and setting changes). */
  validate(path: string): ReturnType<ResolveDeps['probeVersion']> {
    return this.deps.probeVersion(path);
  }

  /** Forget the cached answer (setting changed, binary deleted, …) and tell listeners. */
  invalidate(): void {
    this.cached = undefined;
    this.changed.fire();
  }

  dispose(): void {
    this.changed.dispose();
  }
}
