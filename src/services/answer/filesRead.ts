/**
 * The files a turn's agent read, from its tool events: a read, a listing or a search with a path that
 * completed (not failed or rejected). Shared by `@cursor` (references under the answer) and the
 * `cursor_ask` tool (a line in its result). Pure.
 */
import * as path from 'node:path';
import type { TurnEvent } from '../../turn/events';

const READ_KINDS = new Set(['read', 'ls', 'grep', 'glob']);

/** The path this event shows the agent read (as the agent named it: absolute, or relative to the folder), if any. */
export function pathRead(e: TurnEvent): string | undefined {
  if (e.type !== 'tool' || e.phase !== 'completed' || !e.path || !READ_KINDS.has(e.kind)) return undefined;
  return e.outcome === 'error' || e.outcome === 'rejected' ? undefined : e.path;
}

/** The files read, each once, in the order first read; at most `max` kept (`more` counts the rest). */
export class FilesRead {
  readonly paths: string[] = [];
  more = 0;
  private readonly seen = new Set<string>();

  constructor(
    private readonly folder: string,
    private readonly max = 100,
  ) {}

  /** The absolute path the event read, when it is one not seen before. */
  push(e: TurnEvent): string | undefined {
    const read = pathRead(e);
    if (!read) return undefined;
    const abs = path.isAbsolute(read) ? read : path.join(this.folder, read);
    if (this.seen.has(abs)) return undefined;
    this.seen.add(abs);
    if (this.paths.length < this.max) this.paths.push(abs);
    else this.more++;
    return abs;
  }

  /** The paths relative to the folder (outside it: absolute), for a line of text. */
  relative(): string[] {
    return this.paths.map((p) => {
      const rel = path.relative(this.folder, p);
      return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel.split(path.sep).join('/') : p;
    });
  }
}
