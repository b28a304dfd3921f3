/**
 * Maps ACP `session/update`s of one turn to the {@link TurnEvent}s print mode
 * emits: message chunks are text deltas, thought chunks thinking, tool calls
 * the same progress lines (opened once the call says what it does, closed on
 * completion, or by {@link UpdateMapper.finish} when a cancelled turn left them
 * open), `plan` updates todos. In a read-only turn, a completed tool that
 * writes or runs ({@link breaksReadOnly}, print mode's rule) is a policy
 * breach. Failure text is held back ({@link ErrorTextGuard}). Unknown update kinds are counted, never thrown. Pure.
 */
import type { CliErrorKind } from '../cli/errors';
import { agentLine } from '../cli/agentText';
import { redactThenCut } from '../cli/redact';
import { breaksReadOnly, describeToolCall, ToolOutcome } from '../cli/toolActivity';
import type { TurnEvent } from '../turn/events';
import { todosOf } from './agentRequests';
import { TodoList } from './todoList';
import { UPDATE_SCHEMAS, UpdateKind, UpdateOf } from './schema';
import { ErrorTextGuard } from './textErrors';

export interface UpdateStats {
  updates: number;
  invalidUpdates: number;
  unknownKinds: Record<string, number>;
  /** Replayed history (`replay-…` tool ids) seen inside a turn and dropped. */
  replayed: number;
}

interface ToolState {
  acpKind?: string;
  title?: string;
  rawInput: Record<string, unknown>;
  path?: string;
  started: boolean;
  completed: boolean;
}

const MAX_UNKNOWN_KINDS = 32;
/** Tool calls remembered per turn; beyond it the oldest finished ones are forgotten (200k calls held 126 MB). */
export const MAX_TOOLS_PER_TURN = 1000;
/** Per tool call: at most this many input fields, each string cut to this length (only short strings name what a tool does). */
export const MAX_TOOL_INPUT_FIELDS = 16;
export const MAX_TOOL_INPUT_CHARS = 1024;
/** A progress line made of the agent's own tool title, at most. */
const MAX_SUMMARY_CHARS = 160;

/** ACP tool kinds → the print-mode tool kinds {@link describeToolCall} knows. */
function printKind(t: ToolState): string {
  switch (t.acpKind) {
    case 'read':
    case 'edit':
    case 'delete':
    case 'move':
      return t.acpKind;
    case 'execute':
      return 'shell';
    case 'fetch':
      return 'webFetch';
    case 'search':
      return /^find\b|^glob\b/i.test(t.title ?? '') ? 'glob' : 'grep';
    default: {
      const name = t.rawInput._toolName;
      return typeof name === 'string' && /^\w{1,60}$/.test(name) ? name : (t.acpKind ?? 'other');
    }
  }
}

export class UpdateMapper {
  readonly stats: UpdateStats = { updates: 0, invalidUpdates: 0, unknownKinds: Object.create(null) as Record<string, number>, replayed: 0 };
  private readonly tools = new Map<string, ToolState>();
  private readonly guard = new ErrorTextGuard();
  private readonly todoList = new TodoList();
  private thinking = false;
  private breached = false;
  private shown = '';

  constructor(private readonly opts: { readOnly: boolean } = { readOnly: true }) {}

  /** The answer text shown so far. */
  get text(): string {
    return this.shown;
  }

  push(update: { sessionUpdate: string } & Record<string, unknown>): TurnEvent[] {
    this.stats.updates++;
    const kind = update.sessionUpdate;
    if (!Object.hasOwn(UPDATE_SCHEMAS, kind)) {
      this.countUnknown(kind);
      return [];
    }
    const parsed = UPDATE_SCHEMAS[kind as UpdateKind].safeParse(update);
    if (!parsed.success) {
      this.stats.invalidUpdates++;
      return [];
    }
    switch (kind as UpdateKind) {
      case 'agent_message_chunk': {
        const c = (parsed.data as UpdateOf<'agent_message_chunk'>).content;
        if (c.type !== 'text' || !c.text) return [];
        return this.text$(this.guard.push(c.text), this.endThinking());
      }
      case 'agent_thought_chunk': {
        const c = (parsed.data as UpdateOf<'agent_thought_chunk'>).content;
        if (c.type !== 'text' || !c.text) return [];
        const out = this.releaseHeld([]);
        this.thinking = true;
        out.push({ type: 'thinking', text: c.text });
        return out;
      }
      case 'tool_call':
      case 'tool_call_update':
        return this.tool(parsed.data as UpdateOf<'tool_call'>);
      case 'plan': {
        const entries = (parsed.data as UpdateOf<'plan'>).entries;
        return [...this.flushHeld(), this.todoList.replace(todosOf(entries), 0)];
      }
      default:
        // user_message_chunk (the prompt, or replayed history), mode, title, commands: never shown.
        return [];
    }
  }

  /**
   * What the turn shows for agent requests' events: a to-do update merged into the list so far
   * (a merge carries only the rows that moved), everything else as it is.
   */
  agentEvents(events: readonly TurnEvent[]): TurnEvent[] {
    return events.map((e) => {
      if (e.type === 'todoUpdate') return this.todoList.update(e);
      if (e.type === 'plan') this.todoList.replace(e.todos, 0);
      return e;
    });
  }

  /**
   * The turn ended: closes tools left open, and says whether the held text was
   * a failure message (`error`, not shown) or the end of the answer (emitted).
   */
  finish(): { events: TurnEvent[]; error?: { kind: CliErrorKind; text: string } } {
    const events = this.endThinking();
    const held = this.guard.finish();
    let error: { kind: CliErrorKind; text: string } | undefined;
    if ('kind' in held) error = { kind: held.kind, text: held.text };
    else this.text$(held.rest, events);
    for (const [callId, t] of this.tools) {
      if (t.started && !t.completed) {
        t.completed = true;
        events.push(this.toolEvent(callId, t, 'completed', 'unknown'));
      }
    }
    return { events, ...(error ? { error } : {}) };
  }

  private text$(text: string, out: TurnEvent[]): TurnEvent[] {
    if (text) {
      this.shown += text;
      out.push({ type: 'text', text });
    }
    return out;
  }

  private endThinking(): TurnEvent[] {
    if (!this.thinking) return [];
    this.thinking = false;
    return [{ type: 'thinkingDone' }];
  }

  /** Text held as a possible failure message turned out not to end the turn: show it. */
  private flushHeld(): TurnEvent[] {
    return this.releaseHeld(this.endThinking());
  }

  private releaseHeld(out: TurnEvent[]): TurnEvent[] {
    const held = this.guard.finish();
    // Whatever it looked like, more followed, so it is part of the answer.
    return this.text$('kind' in held ? held.raw : held.rest, out);
  }

  private tool(u: UpdateOf<'tool_call'>): TurnEvent[] {
    if (u.toolCallId.startsWith('replay-')) {
      this.stats.replayed++;
      return [];
    }
    let t = this.tools.get(u.toolCallId);
    if (!t) {
      t = { rawInput: {}, started: false, completed: false };
      this.forgetOldTools();
      this.tools.set(u.toolCallId, t);
    }
    if (u.kind) t.acpKind = u.kind.slice(0, 64);
    if (u.title) t.title = bounded(u.title);
    // The protocol allows any JSON here; only an object names what a tool does.
    if (isRecord(u.rawInput)) keepInput(t.rawInput, u.rawInput);
    const loc = u.locations?.[0]?.path;
    if (loc) t.path = bounded(loc);
    const out = this.flushHeld();
    if (t.completed) return out;
    const done = u.status === 'completed' || u.status === 'failed';
    // Opened once the call says what it does (the first `tool_call` is generic), or when it runs.
    const informative = Object.keys(t.rawInput).some((k) => k !== '_toolName') || u.status === 'in_progress' || done;
    if (!t.started && informative) {
      t.started = true;
      out.push(this.toolEvent(u.toolCallId, t, 'started'));
    }
    if (done) {
      t.completed = true;
      const rejected = isRecord(u.rawOutput) && u.rawOutput.rejected === true;
      const ev = this.toolEvent(u.toolCallId, t, 'completed', u.status === 'failed' ? 'error' : rejected ? 'rejected' : 'success');
      out.push(ev);
      // Print mode's rule (one place for both backends): a writing or running tool that completed.
      if (this.opts.readOnly && ev.type === 'tool' && breaksReadOnly({ mutating: ev.mutating, outcome: ev.outcome }) && !this.breached) {
        this.breached = true;
        out.push({ type: 'policyBreach', kind: ev.kind, summary: ev.summary });
      }
      t.rawInput = {};
    }
    return out;
  }

  /** Keeps at most {@link MAX_TOOLS_PER_TURN} calls: the oldest one is forgotten (a call that old is long finished, or never will be). */
  private forgetOldTools(): void {
    if (this.tools.size < MAX_TOOLS_PER_TURN) return;
    const oldest = this.tools.keys().next();
    if (!oldest.done) this.tools.delete(oldest.value);
  }

  private toolEvent(callId: string, t: ToolState, phase: 'started' | 'completed', outcome?: ToolOutcome): TurnEvent {
    const kind = printKind(t);
    const args = { ...t.rawInput, ...(t.path && typeof t.rawInput.path !== 'string' && kind !== 'glob' && kind !== 'grep' ? { path: t.path } : {}) };
    const d = describeToolCall({ [`${kind}ToolCall`]: { args } });
    // Kinds print mode does not know get the agent's own title rather than "Using the … tool".
    const summary = d.summary.startsWith('Using ') && t.title ? agentLine(t.title, MAX_SUMMARY_CHARS) : d.summary;
    const path = d.path ?? t.path;
    return {
      type: 'tool',
      callId,
      phase,
      kind: d.kind,
      summary,
      mutating: d.mutating || t.acpKind === 'execute',
      ...(path ? { path } : {}),
      ...(outcome ? { outcome } : {}),
    };
  }

  private countUnknown(kind: string): void {
    const k = this.stats.unknownKinds;
    // Logged: redacted, then cut (an agent's made-up kind can carry anything).
    let name = redactThenCut(kind, 64);
    if (!Object.hasOwn(k, name) && Object.keys(k).length >= MAX_UNKNOWN_KINDS) name = '(other)';
    k[name] = (k[name] ?? 0) + 1;
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Merges a tool call's new input into what is kept of it: bounded fields, strings cut, other values only noted. */
function keepInput(kept: Record<string, unknown>, input: Record<string, unknown>): void {
  let fields = Object.keys(kept).length;
  for (const k in input) {
    if (!Object.hasOwn(input, k) || k === '__proto__') continue;
    if (!Object.hasOwn(kept, k) && fields >= MAX_TOOL_INPUT_FIELDS) continue;
    if (!Object.hasOwn(kept, k)) fields++;
    const v = input[k];
    kept[k] = typeof v === 'string' ? bounded(v) : typeof v === 'number' || typeof v === 'boolean' ? v : true;
  }
}

/**
 * At most {@link MAX_TOOL_INPUT_CHARS} characters, as a string of its own: a V8 slice of a long
 * string keeps the whole original alive, so a cut one is copied.
 */
function bounded(s: string): string {
  if (s.length <= MAX_TOOL_INPUT_CHARS) return s;
  return [...s.slice(0, MAX_TOOL_INPUT_CHARS)].join('');
}
