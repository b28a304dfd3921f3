/**
 * When the ask server runs (the `ask_cursor` MCP tool for VS Code's own agents): only in a trusted window
 * with a folder open and `cursorAgent.askServer` on; started the first time VS Code asks for this
 * window's MCP servers; stopped when the setting goes off, trust or the last folder goes, or the window
 * closes. Each of those changes is announced (`onDidChange`), so VS Code asks again. A server that
 * cannot start leaves VS Code without it, logged. Pure: the server is started by `start`.
 *
 * Never passed to the Cursor agent (ACP session/new gets only the editor tools): an agent that could ask
 * itself would recurse.
 */
import type { Logger } from '../../cli/logger';
import { StartedOnDemand } from './startedOnDemand';

/** A running ask server (src/node/askServer.ts). */
export interface RunningAskServer {
  readonly url: string;
  /** The headers a client must send (the bearer token). */
  headers(): Record<string, string>;
  close(): Promise<void>;
}

/** What VS Code gets for this window: a loopback URL and the headers to send. */
export interface AskServerDefinition {
  url: string;
  headers: Record<string, string>;
}

export interface AskServerDeps {
  /** `cursorAgent.askServer`. */
  enabled(): boolean;
  /** Trusted, with a folder open. */
  mayRun(): boolean;
  /** Starts the server (loads its code the first time). */
  start(): Promise<RunningAskServer>;
  logger: Logger;
}

export class AskServerService {
  private readonly server: StartedOnDemand<RunningAskServer>;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly deps: AskServerDeps) {
    this.server = new StartedOnDemand(deps.start, (why) => deps.logger.warn(`[ask server] could not start: ${why}`));
  }

  /** Fires when the definitions may have changed (trust, folders, the setting, a stop). */
  onDidChange(listener: () => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => void this.listeners.delete(listener) };
  }

  /** None when it may not run here or could not start; starts the server on first use. */
  async definitions(): Promise<AskServerDefinition[]> {
    if (!this.mayRun()) return [];
    const s = await this.server.get();
    // Checked again: trust may have gone while it started.
    return s && this.mayRun() ? [{ url: s.url, headers: s.headers() }] : [];
  }

  /** The setting, trust or folders changed: stop a server that may no longer run, and have VS Code ask again. */
  update(): void {
    if (!this.mayRun()) void this.stop();
    for (const l of [...this.listeners]) l();
  }

  async stop(): Promise<void> {
    if (this.server.current) this.deps.logger.info('[ask server] stopping');
    await this.server.stop();
  }

  dispose(): void {
    this.listeners.clear();
    void this.stop();
  }

  private mayRun(): boolean {
    return this.deps.enabled() && this.deps.mayRun();
  }
}
