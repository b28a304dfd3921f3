/**
 * The limits a loopback server keeps under a local flood from a process without the token (guardedMcpServer.ts
 * applies them to both of this window's servers):
 * - at most `maxConnections` sockets at once: a new connection beyond it evicts the oldest socket with no
 *   request being served (an idle or half-sent one), so idle sockets cannot hold the host's descriptors and
 *   the agent's own connection, which sends its request at once, still gets in; when every socket is serving
 *   a request, the new one is closed at once;
 * - a socket with no request being served for `idleMs` is closed (a request being served, e.g. an ask
 *   waiting for the user, is never cut);
 * - refusals are logged quietly: the first one, then at most one summary line per `logEveryMs`, and the
 *   rest at close.
 */
import type * as http from 'node:http';
import type * as net from 'node:net';

export interface LoopbackLimits {
  maxConnections: number;
  idleMs: number;
  logEveryMs: number;
  /** The clock the refusal log reads (ms). */
  now(): number;
}

export const DEFAULT_LOOPBACK_LIMITS: LoopbackLimits = { maxConnections: 64, idleMs: 10_000, logEveryMs: 10_000, now: () => Date.now() };

export interface ConnectionStats {
  /** Sockets open now. */
  open: number;
  /** Sockets closed by the cap (evicted or refused at once). */
  dropped: number;
  /** Sockets closed for being idle. */
  idleClosed: number;
}

interface Tracked {
  busy: number;
  timer: NodeJS.Timeout | undefined;
}

/** Caps and times out `server`'s sockets; returns its live counters. */
export function limitConnections(server: http.Server, limits: LoopbackLimits): ConnectionStats {
  const stats: ConnectionStats = { open: 0, dropped: 0, idleClosed: 0 };
  const sockets = new Map<net.Socket, Tracked>(); // insertion order: oldest first
  const arm = (socket: net.Socket, t: Tracked) => {
    if (t.timer) clearTimeout(t.timer);
    t.timer = undefined;
    if (t.busy > 0 || socket.destroyed) return;
    t.timer = setTimeout(() => {
      stats.idleClosed++;
      socket.destroy();
    }, limits.idleMs);
    t.timer.unref();
  };
  server.on('connection', (socket: net.Socket) => {
    if (sockets.size >= limits.maxConnections) {
      const idle = [...sockets].find(([, t]) => t.busy === 0)?.[0];
      stats.dropped++;
      if (idle === undefined) return void socket.destroy();
      idle.destroy();
      sockets.delete(idle); // its 'close' comes later; the slot is free now
    }
    const t: Tracked = { busy: 0, timer: undefined };
    sockets.set(socket, t);
    stats.open = sockets.size;
    arm(socket, t);
    socket.once('close', () => {
      if (t.timer) clearTimeout(t.timer);
      sockets.delete(socket);
      stats.open = sockets.size;
    });
  });
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const t = sockets.get(req.socket);
    if (!t) return;
    t.busy++;
    arm(req.socket, t);
    res.once('close', () => {
      t.busy--;
      arm(req.socket, t);
    });
  });
  // Node's own slow-client timers: headers within idleMs, and the keep-alive wait no longer than it.
  server.headersTimeout = Math.min(server.headersTimeout, limits.idleMs);
  server.keepAliveTimeout = Math.min(server.keepAliveTimeout, limits.idleMs);
  return stats;
}

/** A refusal log that writes the first refusal, then one summary line per `logEveryMs` at most, and the rest at `flush`. */
export function quietRefusalLog(log: ((message: string) => void) | undefined, prefix: string, limits: LoopbackLimits) {
  let lastAt = -Infinity;
  const untold = new Map<string, number>();
  const tell = () => {
    if (untold.size === 0) return;
    const total = [...untold.values()].reduce((a, b) => a + b, 0);
    const why = [...untold].map(([w, n]) => `${n}× ${w}`).join(', ');
    log?.(`${prefix} refused ${total} more request(s): ${why}`);
    untold.clear();
  };
  return {
    refused(why: string) {
      const now = limits.now();
      if (lastAt === -Infinity) {
        lastAt = now;
        return log?.(`${prefix} refused a request: ${why} (further refusals are summed up, one line per ${Math.round(limits.logEveryMs / 1000)} s)`);
      }
      untold.set(why, (untold.get(why) ?? 0) + 1);
      if (now - lastAt < limits.logEveryMs) return;
      lastAt = now;
      tell();
    },
    flush: tell,
  };
}
