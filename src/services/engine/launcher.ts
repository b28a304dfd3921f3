/**
 * How every `cursor-agent` run starts: the resolved binary → its launch plan
 * (launcher prefix, Windows shims) → the allowlisted environment → the folder
 * it runs in. Used for the status probe and short commands (in the home
 * folder), chat turns (in the workspace), and the Log In / Continue in
 * Terminal terminals.
 */
import { buildChildEnv, buildTerminalEnv, envValue } from '../../cli/env';
import { CliError, describeError } from '../../cli/errors';
import type { CliLaunch, HostEnvironment, LaunchPlan } from '../../cli/process';
import { launchCommandFor } from '../../cli/windowsLaunch';
import type { BinaryService } from '../readiness/binaryService';

export class Launcher implements CliLaunch {
  constructor(
    private readonly binary: BinaryService,
    readonly host: HostEnvironment,
  ) {}

  get platform(): string {
    return this.host.platform;
  }

  /**
   * How to start the CLI with `args` (the resolved binary, its launcher prefix,
   * Windows shim handling).
   * @throws CliError when no usable binary exists.
   */
  async resolveLaunch(args: string[]): Promise<LaunchPlan> {
    const r = await this.binary.resolve();
    if (!r.found) throw new CliError(describeError(r.kind));
    const planned = launchCommandFor(r.path, [...r.argsPrefix, ...args], {
      platform: this.host.platform,
      comSpec: envValue(this.host.env, 'ComSpec', this.host.platform),
      systemRoot: envValue(this.host.env, 'SystemRoot', this.host.platform),
      fileExists: (p) => this.host.fileExists(p),
      readFile: (p) => this.host.readFile(p),
      listDir: (p) => this.host.listDir(p),
    });
    if (!planned.ok) throw new CliError(describeError('notExecutable', { binary: r.path, detail: planned.reason }));
    return planned.plan;
  }

  /** The child's environment: the allowlist (see cli/env.ts). */
  childEnv(): Record<string, string> {
    return buildChildEnv(this.host.env, this.host.platform);
  }

  /** A terminal's environment: the same allowlist plus what a browser needs. */
  terminalEnv(): Record<string, string> {
    return buildTerminalEnv(this.host.env, this.host.platform);
  }

  /** The user's home folder: where short commands and the login terminal run (never a workspace). */
  homeFolder(): string {
    return this.host.homeDir;
  }

  /** The binary may be gone (a spawn failed): resolve it again next time. */
  binaryFailed(): void {
    this.binary.invalidate();
  }
}
