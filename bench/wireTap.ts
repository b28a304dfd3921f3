/**
 * Instrumentation for the backend benchmarks: a pass-through wrapper of
 * `child_process.spawn` that timestamps, in our process, every spawn, every
 * write to a child's stdin and every chunk read from its stdout. The real
 * spawn runs unchanged; listeners are added before the product's own (so the
 * stdout timestamp is taken before our code sees the chunk).
 */
import type { ChildProcess } from 'node:child_process';
import { nowMs } from './lib';

export interface TappedChild {
  spawnAt: number;
  command: string;
  args: string[];
  pid: number | undefined;
  writes: Array<{ at: number; text: string }>;
  reads: Array<{ at: number; text: string }>;
}

export class WireTap {
  readonly children: TappedChild[] = [];
  private restore: (() => void) | undefined;
  /** Off: children already tapped record nothing more. */
  recording = true;

  install(): void {
    if (this.restore) return;
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const cp = require('node:child_process') as { spawn: (...a: unknown[]) => ChildProcess };
    const realSpawn = cp.spawn;
    const children = this.children;
    const self = this;
    cp.spawn = function (this: unknown, ...a: unknown[]): ChildProcess {
      const spawnAt = nowMs();
      const child = realSpawn.apply(this, a);
      const rec: TappedChild = {
        spawnAt,
        command: String(a[0]),
        args: Array.isArray(a[1]) ? a[1].map(String) : [],
        pid: child.pid,
        writes: [],
        reads: [],
      };
      children.push(rec);
      child.stdout?.on('data', (chunk: Buffer) => {
        if (self.recording) rec.reads.push({ at: nowMs(), text: chunk.toString('utf8') });
      });
      const stdin = child.stdin;
      if (stdin) {
        const write = stdin.write.bind(stdin) as (...w: unknown[]) => boolean;
        stdin.write = ((...w: unknown[]) => {
          if (self.recording)
            rec.writes.push({ at: nowMs(), text: typeof w[0] === 'string' ? w[0] : Buffer.isBuffer(w[0]) ? w[0].toString('utf8') : '' });
          return write(...w);
        }) as typeof stdin.write;
        const end = stdin.end.bind(stdin) as (...w: unknown[]) => ChildProcess['stdin'];
        stdin.end = ((...w: unknown[]) => {
          if (self.recording && (typeof w[0] === 'string' || Buffer.isBuffer(w[0]))) rec.writes.push({ at: nowMs(), text: w[0].toString() });
          return end(...w);
        }) as typeof stdin.end;
      }
      return child;
    };
    this.restore = () => {
      cp.spawn = realSpawn;
    };
  }

  /** Restores the real spawn and stops recording (and forgets what was recorded). */
  uninstall(): void {
    this.recording = false;
    this.clear();
    this.restore?.();
    this.restore = undefined;
  }

  /** Children spawned at or after `since`. */
  spawnedSince(since: number): TappedChild[] {
    return this.children.filter((c) => c.spawnAt >= since);
  }

  /** The first write at or after `since` (to any child) whose text contains `needle`. */
  firstWrite(since: number, needle: string): { at: number; child: TappedChild } | undefined {
    return this.first(since, needle, 'writes');
  }

  /** The first stdout chunk at or after `since` (from any child) whose text contains `needle`. */
  firstRead(since: number, needle: string): { at: number; child: TappedChild } | undefined {
    return this.first(since, needle, 'reads');
  }

  /**
   * Of the time from `from` to `until` (a write of `child`), how much was ours: up to each write
   * since the previous write, or since the agent's last answer chunk before it; the rest was
   * spent waiting on the agent (a set_mode answer, say).
   */
  ownTime(child: TappedChild, from: number, until: number): number {
    let own = 0;
    let prev = from;
    for (const w of child.writes.filter((x) => x.at >= from && x.at <= until)) {
      const answered = child.reads.filter((r) => r.at > prev && r.at <= w.at).pop();
      own += w.at - (answered ? answered.at : prev);
      prev = w.at;
    }
    return own;
  }

  /** Forgets the chunks and writes recorded so far (they pile up over many turns). */
  clear(): void {
    for (const c of this.children) {
      c.writes.length = 0;
      c.reads.length = 0;
    }
  }

  private first(since: number, needle: string, which: 'writes' | 'reads'): { at: number; child: TappedChild } | undefined {
    let best: { at: number; child: TappedChild } | undefined;
    for (const child of this.children) {
      const hit = child[which].find((r) => r.at >= since && r.text.includes(needle));
      if (hit && (!best || hit.at < best.at)) best = { at: hit.at, child };
    }
    return best;
  }
}
