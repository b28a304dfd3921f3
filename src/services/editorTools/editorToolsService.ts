/**
 * When the editor-tools MCP server runs: started on first use (the first ACP session that asks for
 * it) in a trusted window with a folder open and `cursorAgent.editorTools` on; stopped when the
 * setting goes off, trust is lost, or the window closes. A server that cannot start leaves every
 * session as it was (no tools), never a failed turn. Pure: the server is started by `start`.
 */
import type { Logger } from '../../cli/logger';
import type { EditorToolsAccess, McpServerSpec, RunningEditorTools } from '../../turn/editorTools';

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
  private starting: Promise<RunningEditorTools | undefined> | undefined;
  private running: RunningEditorTools | undefined;
  private lastError: string | undefined;
  /** Counts stops: a server whose start began before the last stop is closed as soon as it is up. */
  private generation = 0;

  constructor(private readonly deps: EditorToolsDeps) {}

  async servers(): Promise<McpServerSpec[]> {
    if (!this.deps.enabled() || !this.deps.mayRun()) return [];
    const generation = this.generation;
    this.starting ??= this.deps.start().then(
      (s) => {
        if (generation !== this.generation) {
          void s.close();
          return undefined;
        }
        this.running = s;
        this.lastError = undefined;
        return s;
      },
      (err: unknown) => {
        this.lastError = err instanceof Error ? err.message : String(err);
        this.deps.logger.warn(`[editor tools] could not start the MCP server: ${this.lastError}; sessions go on without it`);
        this.starting = undefined;
        return undefined;
      },
    );
    const s = await this.starting;
    return s && this.running === s ? [s.spec()] : [];
  }

  serverName(): string | undefined {
    return this.deps.enabled() && this.deps.mayRun() ? this.running?.name : undefined;
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
    if (this.running) return `running for ACP sessions (MCP server \`${this.running.name}\` on ${new URL(this.running.url).host})`;
    return this.lastError ? `could not start (${this.lastError})` : 'starts with the first ACP session';
  }

  async stop(): Promise<void> {
    this.generation++;
    const s = this.running;
    this.running = undefined;
    this.starting = undefined;
    if (s) {
      this.deps.logger.info(`[editor tools] stopping MCP server ${s.name}`);
      await s.close();
    }
  }
}
