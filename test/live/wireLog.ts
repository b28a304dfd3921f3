/**
 * The live verification kit's tap on `cursor-agent acp`: wraps the transport the
 * runtime starts (src/node/acpProcess.ts) and records every JSON-RPC line each
 * way, parsed, with the time and the process it belongs to. Nothing recorded
 * here reaches the report as it is: the facts (./facts.ts) read it and keep verdicts.
 */
import type { AcpExit, AcpTransport } from '../../src/acp/transport';

export interface WireRecord {
  at: number;
  /** `out`: client → agent; `in`: agent → client. */
  dir: 'out' | 'in';
  /** The process, in start order (0 = the first one started). */
  proc: number;
  msg: Record<string, unknown>;
}

export class WireLog {
  readonly records: WireRecord[] = [];
  /** When each process was started (index = proc). */
  readonly started: number[] = [];

  tap(inner: AcpTransport): AcpTransport {
    const proc = this.started.length;
    this.started.push(Date.now());
    const add = (dir: 'out' | 'in', line: string): void => {
      try {
        const msg = JSON.parse(line) as unknown;
        if (msg && typeof msg === 'object' && !Array.isArray(msg))
          this.records.push({ at: Date.now(), dir, proc, msg: msg as Record<string, unknown> });
      } catch {
        /* a line that is no JSON is the CLI's business; the client ignores it too */
      }
    };
    return {
      write: (line: string) => {
        add('out', line);
        inner.write(line);
      },
      onLine: (listener: (line: string) => void) =>
        inner.onLine((line) => {
          add('in', line);
          listener(line);
        }),
      onExit: (listener: (exit: AcpExit) => void) => inner.onExit(listener),
      kill: () => inner.kill(),
      get exited() {
        return inner.exited;
      },
      get backlogBytes() {
        return inner.backlogBytes;
      },
    };
  }

  /** Requests (client → agent, or agent → client with `dir: 'in'`) of `method`, from `since` on. */
  requests(method: string, dir: 'out' | 'in' = 'out', since = 0): WireRecord[] {
    return this.records.filter((r) => r.dir === dir && r.msg.method === method && r.at >= since);
  }

  /** The answer to a request record (the other direction, same id, same process). */
  answerTo(req: WireRecord): WireRecord | undefined {
    const dir = req.dir === 'out' ? 'in' : 'out';
    return this.records.find((r) => r.dir === dir && r.proc === req.proc && r.msg.id === req.msg.id && r.msg.method === undefined);
  }

  /** `session/update`s of this kind (`sessionUpdate`), from `since` on. */
  updates(kind: string, since = 0): Array<WireRecord & { update: Record<string, unknown> }> {
    return this.records.flatMap((r) => {
      if (r.dir !== 'in' || r.msg.method !== 'session/update' || r.at < since) return [];
      const update = (r.msg.params as { update?: Record<string, unknown> } | undefined)?.update;
      return update && update.sessionUpdate === kind ? [{ ...r, update }] : [];
    });
  }
}
