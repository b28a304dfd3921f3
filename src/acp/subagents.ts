/**
 * Subagents (Cursor 2026.10+): a turn's own `task` tool call announces one, whose updates then stream
 * under the subagent's own session id (never returned by `session/new`); `cursor/task` (or the task call
 * completing) says it is over. Updates under an unknown session id go to the one turn with a task open,
 * never to another chat (a session this client knows is never taken for a subagent), and only as bounded
 * progress lines, never as answer text. Pure.
 */
import type { TurnEvent } from '../turn/events';

/** Subagent sessions remembered per process. */
const MAX_BOUND = 64;
/** Progress lines one turn shows for its subagents; the rest are counted. */
export const MAX_SUBAGENT_LINES = 100;

type Update = { sessionUpdate: string } & Record<string, unknown>;

/** What a running turn takes (a part of the client's TurnSink). */
export interface SubagentSink {
  update(update: Update): void;
  subagent?(update: Update): void;
  subagentDone?(params: unknown): void;
}

/** A task tool call, as far as its updates tell (confidence: low; no public capture shows one). */
function isTask(u: Update): boolean {
  const raw = u.rawInput as Record<string, unknown> | undefined;
  const name = typeof raw === 'object' && raw !== null ? raw._toolName : undefined;
  return name === 'task' || (typeof u.title === 'string' && /^Task\b/.test(u.title));
}

/** One line of plain text, cut. */
function line(s: unknown, max = 100): string {
  const t = (typeof s === 'string' ? s.slice(0, max * 4) : '')
    .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}

/** Which running turn each subagent session belongs to (one per client). */
export class SubagentRoutes {
  /** Open task tool calls: their id → the session of the turn that announced them. */
  private readonly open = new Map<string, string>();
  private readonly bound = new Map<string, string>();

  /** A running turn's own update: a task call opens or closes. */
  observe(sessionId: string, u: Update): void {
    const id = typeof u.toolCallId === 'string' ? u.toolCallId : undefined;
    if (!id) return;
    if (u.sessionUpdate === 'tool_call' && isTask(u) && this.open.size < MAX_BOUND) this.open.set(id, sessionId);
    if (u.sessionUpdate === 'tool_call_update' && (u.status === 'completed' || u.status === 'failed')) this.open.delete(id);
  }

  /** `cursor/task`: the subagent of `toolCallId` is done (the turn says so). */
  taskDone(toolCallId: unknown, params: unknown, sink: SubagentSink | undefined): void {
    if (typeof toolCallId === 'string') this.open.delete(toolCallId);
    sink?.subagentDone?.(params);
  }

  /**
   * An update to its own turn, or as a subagent's to the turn running a task (only for a session this client
   * never opened: `known` false). False when nobody takes it.
   */
  deliver(sid: string, update: Update, sinks: ReadonlyMap<string, SubagentSink>, known: boolean): boolean {
    const own = sinks.get(sid);
    if (own) {
      this.observe(sid, update);
      own.update(update);
      return true;
    }
    const parent = known ? undefined : this.parentOf(sid);
    const sink = parent !== undefined ? sinks.get(parent) : undefined;
    if (!sink?.subagent) return false;
    sink.subagent(update);
    return true;
  }

  /** The turn an unknown session's update belongs to: the one turn with a task open (none when two turns have one). */
  parentOf(sessionId: string): string | undefined {
    const known = this.bound.get(sessionId);
    if (known) return known;
    const parents = new Set(this.open.values());
    if (parents.size !== 1) return undefined;
    const parent = [...parents][0]!;
    if (this.bound.size >= MAX_BOUND) this.bound.delete(this.bound.keys().next().value!);
    this.bound.set(sessionId, parent);
    return parent;
  }

  /** The turn of `sessionId` ended: its tasks and subagents go. */
  forget(sessionId: string): void {
    for (const [k, v] of this.open) if (v === sessionId) this.open.delete(k);
    for (const [k, v] of this.bound) if (v === sessionId) this.bound.delete(k);
  }
}

/** One turn's subagent updates as progress lines: a tool it runs, that it thinks; bounded, repeats dropped. */
export class SubagentProgress {
  private shown = 0;
  private last = '';
  dropped = 0;

  push(u: Update): TurnEvent[] {
    let text: string | undefined;
    if (u.sessionUpdate === 'tool_call' || (u.sessionUpdate === 'tool_call_update' && typeof u.title === 'string')) {
      const title = line(u.title);
      if (title) text = `Subagent: ${title}…`;
    } else if (u.sessionUpdate === 'agent_thought_chunk' || u.sessionUpdate === 'agent_message_chunk') text = 'Subagent: working…';
    return this.line(text);
  }

  /** `cursor/task`: the subagent is done. */
  done(description: unknown): TurnEvent[] {
    const d = line(description, 80);
    return this.line(d ? `Subagent done: ${d}` : 'Subagent done', true);
  }

  private line(text: string | undefined, always = false): TurnEvent[] {
    if (!text || text === this.last) return [];
    if (this.shown >= MAX_SUBAGENT_LINES && !always) {
      this.dropped++;
      return [];
    }
    this.shown++;
    this.last = text;
    return [{ type: 'subagent', text }];
  }
}
