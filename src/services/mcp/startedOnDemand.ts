/**
 * A local server started the first time it is needed and stopped on demand (the editor-tools and ask
 * MCP servers): one start at a time, a failed start retried on the next use, and a server whose start
 * began before a stop closed as soon as it is up (never left running after the user turned it off).
 * Pure: the server is started by `start`.
 */
export interface Closable {
  close(): Promise<void>;
}

export class StartedOnDemand<S extends Closable> {
  private starting: Promise<S | undefined> | undefined;
  private running: S | undefined;
  /** Counts stops: a start that began before the last stop does not count. */
  private generation = 0;
  /** Why the last start failed (cleared by a start that works). */
  lastError: string | undefined;

  constructor(
    private readonly start: () => Promise<S>,
    private readonly onStartFailed: (why: string) => void,
  ) {}

  /** The running server, started if need be; undefined when it could not start or was stopped meanwhile. */
  async get(): Promise<S | undefined> {
    const generation = this.generation;
    this.starting ??= this.start().then(
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
        this.onStartFailed(this.lastError);
        this.starting = undefined;
        return undefined;
      },
    );
    const s = await this.starting;
    return s && this.running === s ? s : undefined;
  }

  /** The server now running, if any (never starts one). */
  get current(): S | undefined {
    return this.running;
  }

  /** Stops the running server (and any start under way); returns the one it closed. */
  async stop(): Promise<S | undefined> {
    this.generation++;
    const s = this.running;
    this.running = undefined;
    this.starting = undefined;
    if (s) await s.close();
    return s;
  }
}
