/**
 * Turns stream-json lines into an ordered stream of typed {@link TurnEvent}s a
 * UI can render. Tolerant: unknown event types and fields are counted, lines
 * that are not JSON are kept in a bounded diagnostic ring, and nothing here
 * throws on bad input.
 */
import { tooCostlyToParse } from '../cli/jsonDepth';
import { redactHead } from '../cli/redact';
import { AssistantTextDedupe } from './textDedupe';
import { breaksReadOnly, describeToolCall } from '../cli/toolActivity';
import {
  assistantSchema,
  connectionSchema,
  envelopeOf,
  KNOWN_FIELDS,
  resultSchema,
  systemInitSchema,
  thinkingSchema,
  toolCallSchema,
} from './streamSchema';

import type { TurnEvent } from '../turn/events';

export interface ParserStats {
  lines: number;
  events: number;
  /** Lines that were not JSON objects with a string `type`. */
  nonJsonLines: number;
  /** Lines of a known type whose shape did not match its schema. */
  invalidEvents: number;
  unknownTypes: Record<string, number>;
  unknownFields: number;
}

const NOISE_RING = 20;
const NOISE_CHARS = 200;
/** Distinct unknown event types counted one by one; later ones are counted under {@link OTHER_TYPES}. */
const MAX_UNKNOWN_TYPES = 32;
/** Longer type names are cut (they are logged). */
const MAX_TYPE_CHARS = 64;
export const OTHER_TYPES = '(other)';

export class TurnParser {
  // unknownTypes has no prototype: a line's `type` is any string, `__proto__` and `constructor` included.
  readonly stats: ParserStats = {
    lines: 0,
    events: 0,
    nonJsonLines: 0,
    invalidEvents: 0,
    unknownTypes: Object.create(null) as Record<string, number>,
    unknownFields: 0,
  };
  /** The last few non-JSON lines (truncated), for the log. */
  readonly noise: string[] = [];
  /** Each unknown type seen (its start) and the name it is counted under; at most {@link MAX_UNKNOWN_TYPES}. */
  private readonly typeNames = new Map<string, string>();
  private readonly dedupe = new AssistantTextDedupe();
  private sessionIdValue: string | undefined;
  private resultText: string | undefined;
  private finished = false;
  private breached = false;
  private syntheticIds = 0;
  private readonly startedTools = new Map<string, string>();

  constructor(private readonly opts: { readOnly: boolean } = { readOnly: true }) {}

  get sessionId(): string | undefined {
    return this.sessionIdValue;
  }
  /** True once a `result` line arrived (the turn is complete). */
  get done(): boolean {
    return this.finished;
  }
  /** Assistant text shown so far (deduplicated). */
  get text(): string {
    return this.dedupe.text;
  }
  /**
   * The answer as the CLI states it: `result.result` once a successful
   * `result` arrived (the authority, even where the shown text differs), else
   * the text shown so far.
   */
  get answer(): string {
    return this.resultText ?? this.dedupe.text;
  }
  /** Recaps that neither equalled nor extended what their stretch showed (kept as shown; worth a log line). */
  get recapMismatches(): number {
    return this.dedupe.recapMismatches;
  }

  /** Parses one line; returns the events it produced, in order. */
  push(line: string): TurnEvent[] {
    this.stats.lines++;
    // Nested brackets cost JSON.parse seconds per megabyte; no event nests deeply.
    if (tooCostlyToParse(line)) return this.noiseLine(line);
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch {
      return this.noiseLine(line);
    }
    const env = envelopeOf(raw);
    if (!env) return this.noiseLine(line);
    // Own keys only: `constructor`, `toString`, `__proto__`… are unknown types, not Object.prototype members.
    const known = Object.hasOwn(KNOWN_FIELDS, env.type) ? KNOWN_FIELDS[env.type] : undefined;
    if (!known) {
      this.countUnknownType(env.type);
      return [];
    }
    for (const k in env.fields) if (!known.has(k)) this.stats.unknownFields++;
    const out = this.dispatch(env.type, raw);
    this.stats.events += out.length;
    return out;
  }

  private dispatch(type: string, raw: unknown): TurnEvent[] {
    switch (type) {
      case 'system': {
        const p = systemInitSchema.safeParse(raw);
        if (!p.success) return this.invalid();
        const sid = p.data.session_id;
        if (!sid) return [];
        this.sessionIdValue = sid;
        return [{ type: 'session', sessionId: sid, ...(p.data.model ? { model: p.data.model } : {}), ...(p.data.cwd ? { cwd: p.data.cwd } : {}) }];
      }
      case 'user':
        return []; // the prompt echoed back: never shown
      case 'thinking': {
        const p = thinkingSchema.safeParse(raw);
        if (!p.success) return this.invalid();
        if (p.data.subtype === 'completed') return [{ type: 'thinkingDone' }];
        return p.data.text ? [{ type: 'thinking', text: p.data.text }] : [];
      }
      case 'assistant': {
        const p = assistantSchema.safeParse(raw);
        if (!p.success) return this.invalid();
        let fragment = '';
        for (const part of p.data.message.content) if (part.type === 'text' && part.text) fragment += part.text;
        const fresh = this.dedupe.push(fragment, { timestampMs: p.data.timestamp_ms, modelCallId: p.data.model_call_id });
        return fresh ? [{ type: 'text', text: fresh }] : [];
      }
      case 'tool_call':
        return this.toolCall(raw);
      case 'result': {
        const p = resultSchema.safeParse(raw);
        if (!p.success) return this.invalid();
        this.finished = true;
        const out: TurnEvent[] = [];
        const isError = p.data.is_error === true || p.data.subtype === 'error';
        let mismatch = false;
        if (!isError && typeof p.data.result === 'string') {
          this.resultText = p.data.result;
          const r = this.dedupe.reconcile(p.data.result);
          if (r.rest) out.push({ type: 'text', text: r.rest });
          mismatch = r.mismatch;
        }
        if (p.data.session_id) this.sessionIdValue = p.data.session_id;
        if (p.data.usage) out.push({ type: 'usage', usage: p.data.usage });
        out.push({
          type: 'result',
          text: isError ? (p.data.result ?? '') : this.dedupe.text,
          isError,
          mismatch,
          ...(this.sessionIdValue ? { sessionId: this.sessionIdValue } : {}),
          ...(p.data.duration_ms !== undefined ? { durationMs: p.data.duration_ms } : {}),
          ...(p.data.usage ? { usage: p.data.usage } : {}),
        });
        return out;
      }
      case 'connection':
      case 'retry': {
        const p = connectionSchema.safeParse(raw);
        if (!p.success) return this.invalid();
        return [{ type: 'connection', state: `${p.data.type}${p.data.subtype ? `/${p.data.subtype}` : ''}` }];
      }
      default:
        return [];
    }
  }

  private toolCall(raw: unknown): TurnEvent[] {
    const p = toolCallSchema.safeParse(raw);
    if (!p.success) return this.invalid();
    const d = describeToolCall(p.data.tool_call);
    const phase = p.data.subtype === 'completed' ? 'completed' : 'started';
    let callId = p.data.call_id;
    if (!callId) {
      // Abridged captures drop call_id: pair a completion with the last start of its kind.
      callId = phase === 'completed' ? (this.startedTools.get(d.kind) ?? `call-${++this.syntheticIds}`) : `call-${++this.syntheticIds}`;
    }
    if (phase === 'started') {
      this.dedupe.resetStretch();
      this.startedTools.set(d.kind, callId);
    }
    const out: TurnEvent[] = [
      {
        type: 'tool',
        callId,
        phase,
        kind: d.kind,
        summary: d.summary,
        mutating: d.mutating,
        ...(d.path ? { path: d.path } : {}),
        ...(d.outcome ? { outcome: d.outcome } : {}),
      },
    ];
    if (this.opts.readOnly && phase === 'completed' && breaksReadOnly(d) && !this.breached) {
      this.breached = true;
      out.push({ type: 'policyBreach', kind: d.kind, summary: d.summary });
    }
    return out;
  }

  /** Bounded: at most {@link MAX_UNKNOWN_TYPES} names of at most {@link MAX_TYPE_CHARS} characters, the rest as `(other)`. */
  private countUnknownType(type: string): void {
    const types = this.stats.unknownTypes;
    // The name as counted: redacted, then cut (a long type is cut; redaction is done once per kept name).
    const key = type.length > 4 * MAX_TYPE_CHARS ? type.slice(0, 4 * MAX_TYPE_CHARS) : type;
    let name = this.typeNames.get(key);
    if (name === undefined) {
      if (this.typeNames.size >= MAX_UNKNOWN_TYPES) name = OTHER_TYPES;
      else {
        name = type.length > MAX_TYPE_CHARS ? redactHead(type, MAX_TYPE_CHARS) + '…' : type;
        this.typeNames.set(key, name);
      }
    }
    types[name] = (types[name] ?? 0) + 1;
  }

  private invalid(): TurnEvent[] {
    this.stats.invalidEvents++;
    return [];
  }

  private noiseLine(line: string): TurnEvent[] {
    this.stats.nonJsonLines++;
    this.noise.push(line.length > NOISE_CHARS ? redactHead(line, NOISE_CHARS) + '…' : line);
    if (this.noise.length > NOISE_RING) this.noise.shift();
    return [];
  }
}
