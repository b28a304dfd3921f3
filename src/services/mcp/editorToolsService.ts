/**
 * When the editor-tools MCP server runs: started on first use (the first ACP session that asks for
 * it) in a trusted window with a folder open and `cursorAgent.editorTools` on; stopped when the
 * setting goes off, trust is lost, or the window closes. A server that cannot start leaves every
 * session as it was (no tools), never a failed turn. Pure: the server is started by `start`.
 */
import type { Logger } from '../../cli/logger';
import type { EditorToolsAccess, McpServerSpec, RunningEditorTools } from '../../turn/editorTools';
import { StartedOnDemand } from './startedOnDemand';

export interface EditorToolsDeps {
  /** `cursorAgent.editorTools`. */
  enabled(): boolean;
  /** Trusted, with a folder open. */
  mayRun(): boolean;
  /** Starts the server (loads its code the first time). */
  start(): Promise<RunningEditorTools>;
  logger: Logger;
}

export class EditorToolsService implements EditorToolsAccess {
  private readonly server: StartedOnDemand<RunningEditorTools>;

  constructor(private readonly deps: EditorToolsDeps) {
    this.server = new StartedOnDemand(deps.start, (why) =>
      deps.logger.warn(`[editor tools] could not start the MCP server: ${why}; sessions go on without it`),
    );
  }

  async servers(): Promise<McpServerSpec[]> {
    if (!this.deps.enabled() || !this.deps.mayRun()) return [];
    const s = await this.server.get();
    return s ? [s.spec()] : [];
  }

  serverName(): string | undefined {
    return this.deps.enabled() && this.deps.mayRun() ? this.server.current?.name : undefined;
  }

  /** The setting or trust changed: stop a server that may no longer run. */
  update(): void {
    if (!this.deps.enabled() || !this.deps.mayRun()) void this.stop();
  }

  /** One line for /status. */
  status(usesAcp: boolean): string {
    if (!this.deps.enabled()) return 'off (`cursorAgent.editorTools`)';
    if (!this.deps.mayRun()) return 'not available here (an untrusted window, or no folder open)';
    if (!usesAcp) return 'not used: print mode reads MCP servers only from its own config files (the ACP backend gets them)';
    const running = this.server.current;
    if (running) return `running for ACP sessions (MCP server \`${running.name}\` on ${new URL(running.url).host})`;
    const failed = this.server.lastError;
    return failed ? `could not start (${failed})` : 'starts with the first ACP session';
  }

  async stop(): Promise<void> {
    const s = this.server.current;
    if (s) this.deps.logger.info(`[editor tools] stopping MCP server ${s.name}`);
    await this.server.stop();
  }
}
