/**
 * What the ACP client needs from a running `cursor-agent acp`: lines in, lines
 * out, and the end. A Node process adapter implements it; tests use an
 * in-memory fake. Pure: no imports.
 */
export interface AcpExit {
  code: number | null;
  signal: string | null;
  /** The last of stderr, for the log (the CLI keeps stderr empty in ACP mode). */
  stderrTail?: string;
  /** Set when the process never started (`ENOENT`, `EACCES`, …). */
  spawnErrorCode?: string;
}

export interface AcpTransport {
  /** Writes one line (with its newline) to the agent's stdin; ignored after exit. */
  write(line: string): void;
  /** Every complete line the agent prints on stdout, in order. */
  onLine(listener: (line: string) => void): void;
  /** Called once when the process is gone (or never started). */
  onExit(listener: (exit: AcpExit) => void): void;
  /** Ends the process tree (SIGTERM, then SIGKILL after a grace period). Idempotent. */
  kill(): void;
  readonly exited: boolean;
  /** Bytes written that the process has not read yet (stdin's unflushed backlog); absent: not known. */
  readonly backlogBytes?: number;
}
