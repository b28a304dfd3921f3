/**
 * The one answer to "may the Cursor agent run here, and in this folder?", for every caller: the chat-turn flow,
 * the agent's own features (/resume, /commands), the ACP model list, warm sessions, the editor tools and the ask
 * server. Two rules: an untrusted window runs nothing (and needs a folder open), and, trusted or not, the agent
 * is never pointed at the home folder, a folder that holds it, or a filesystem root (`cli/workspaceGuard.ts`).
 * Pure: VS Code's trust and folders come through a port.
 */
import { CliError, describeError } from '../../cli/errors';
import type { HostEnvironment } from '../../cli/process';
import { type TurnRefusal, unsafeWorkspace } from '../../cli/workspaceGuard';

/** What VS Code says about the window (VS Code's `workspace`, or a test's plain object). */
export interface WorkspacePort {
  /** Whether the user trusts the workspace: a restricted window runs nothing but the status probe. */
  isTrusted(): boolean;
  /** The workspace folders' paths, in order (empty: no folder open). */
  folders(): string[];
}

export type GateHost = Pick<HostEnvironment, 'homeDir' | 'platform' | 'realPath'>;

export class WorkspaceGate implements WorkspacePort {
  constructor(
    private readonly port: WorkspacePort,
    private readonly host: GateHost,
  ) {}

  isTrusted(): boolean {
    return this.port.isTrusted();
  }

  folders(): string[] {
    return this.port.folders();
  }

  /** Why nothing runs in this window (untrusted first, then no folder open), or undefined when something may. */
  refusal(): TurnRefusal | undefined {
    if (!this.isTrusted()) return 'untrustedWorkspace';
    return this.folders().length === 0 ? 'noFolder' : undefined;
  }

  /** Whether the window's own servers (the editor tools, the ask server) may listen: trusted, with a folder open. */
  mayRun(): boolean {
    return this.refusal() === undefined;
  }

  /** Whether the agent may be pointed at `folder` (trusted or not: never home, what holds it, or a root). */
  isSafe(folder: string): boolean {
    return unsafeWorkspace(folder, { homeDir: this.host.homeDir, platform: this.host.platform, realPath: this.host.realPath }) === undefined;
  }

  /** The error a turn or a feature reports for `folder` when it is not safe, or undefined when it is. */
  unsafeError(folder: string): CliError | undefined {
    return this.isSafe(folder) ? undefined : new CliError(describeError('unsafeWorkspace', { detail: folder }));
  }

  /** The window's first folder, when the window is trusted and that folder safe (where ACP lists its models). */
  firstSafeFolder(): string | undefined {
    const folder = this.isTrusted() ? this.folders()[0] : undefined;
    return folder && this.isSafe(folder) ? folder : undefined;
  }

  /** The only folder of a trusted window (where a session may be warmed before any turn asks which folder). */
  onlyFolder(): string | undefined {
    const folders = this.folders();
    return this.isTrusted() && folders.length === 1 ? folders[0] : undefined;
  }
}
