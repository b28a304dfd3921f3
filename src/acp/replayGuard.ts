/**
 * Keeps a `session/load`'s replayed history out of the next answer, whatever its timing. The CLI replays the
 * whole history before the load result and part of it just after, asynchronously: it can come after the
 * answers to our next requests, and before or during the next turn's first updates (no request is a fence).
 *
 * Decided by what the updates are first: a user message chunk, a `replay-…` tool call, or a text chunk equal to
 * a message the replay already sent (the CLI replays each message whole, in one chunk) is history, never the
 * answer. Where nothing else can tell (history text never seen before), time does, bounded: the first prompt
 * after a load waits until the replay has been quiet for {@link REPLAY_QUIET_MS} (longer when it trickles slowly:
 * twice its longest gap, at most {@link REPLAY_QUIET_MAX_MS}), counted from the mode fence's answer at the earliest
 * (the CLI may go on replaying after the fence), at most {@link REPLAY_SETTLE_MAX_MS} after the load.
 * Keep-alives (commands, titles, modes) are no replay. Pure: time through the injected {@link Clock}.
 */
import type { Clock } from '../cli/clock';

/** No replayed update of a loaded session for this long: its replay is over (ms). */
export const REPLAY_QUIET_MS = 300;
/** A replay trickling slowly is over after twice its longest gap, at most this long (ms). */
export const REPLAY_QUIET_MAX_MS = 1500;
/** The first prompt after a load waits for that quiet at most this long after the load (ms). */
export const REPLAY_SETTLE_MAX_MS = 15_000;
/** What a replay is made of: only these hold the first prompt back (never keep-alives, titles, or the mode our own requests set). */
const HISTORY: ReadonlySet<string> = new Set([
  'user_message_chunk',
  'agent_message_chunk',
  'agent_thought_chunk',
  'tool_call',
  'tool_call_update',
  'plan',
]);
/** Replayed text kept to recognise a late repeat (characters, all messages together). */
const MAX_KNOWN_CHARS = 256_000;

type Update = { sessionUpdate: string } & Record<string, unknown>;

/** The replay of one loaded session, from its load until its first turn ends. */
export class ReplayGuard {
  private readonly known = new Set<string>();
  private knownChars = 0;
  private lastAt: number;
  private readonly startedAt: number;
  /**
   * The last replayed update, or the load's or fence's answer, whichever is later; unset until the first of them (the
   * time the CLI takes to read a chat before its first replayed update, 1.5 s and more, is no gap of the replay).
   */
  private gapFrom: number | undefined;
  /** The longest gap between two replayed updates (or an answer and the next one) so far (ms). */
  private longestGap = 0;
  /** Updates of this session's first turn that were history (counted for the log). */
  dropped = 0;

  constructor(private readonly clock: Clock) {
    this.lastAt = this.startedAt = clock.now();
  }

  /** The load (or the fence after it) answered: the replay's quiet is counted from now at the earliest. */
  mark(): void {
    this.lastAt = Math.max(this.lastAt, this.clock.now());
    this.gapFrom = this.lastAt;
  }

  /** An update of the session while no turn runs in it: history (or keep-alives); its messages are remembered. */
  observe(update: Update): void {
    if (!HISTORY.has(update.sessionUpdate)) return;
    const now = this.clock.now();
    if (this.gapFrom !== undefined) this.longestGap = Math.max(this.longestGap, now - this.gapFrom);
    this.lastAt = this.gapFrom = now;
    const text = textOf(update);
    if (text === undefined || !TEXT_KINDS.has(update.sessionUpdate) || this.knownChars + text.length > MAX_KNOWN_CHARS) return;
    if (!this.known.has(text)) this.knownChars += text.length;
    this.known.add(text);
  }

  /** Whether an update that arrived during the session's first turn after the load is history (never shown). */
  isReplay(update: Update): boolean {
    const kind = update.sessionUpdate;
    const id = update.toolCallId;
    const text = textOf(update);
    const replay =
      kind === 'user_message_chunk' ||
      ((kind === 'tool_call' || kind === 'tool_call_update') && typeof id === 'string' && id.startsWith('replay-')) ||
      (TEXT_KINDS.has(kind) && text !== undefined && text.length > 0 && this.known.has(text));
    if (replay) this.dropped++;
    return replay;
  }

  /**
   * Resolves once the replay has been quiet (counted from its last update or the load's or fence's answer, whichever is
   * later: the late part may still be on its way), at most {@link REPLAY_SETTLE_MAX_MS} after the load.
   */
  settled(): Promise<void> {
    const latest = this.startedAt + REPLAY_SETTLE_MAX_MS;
    return new Promise((resolve) => {
      const check = (): void => {
        const now = this.clock.now();
        const quiet = Math.min(Math.max(REPLAY_QUIET_MS, 2 * this.longestGap), REPLAY_QUIET_MAX_MS);
        const quietAt = this.lastAt + quiet;
        if (now >= quietAt || now >= latest) return resolve();
        this.clock.setTimeout(check, Math.min(quietAt, latest) - now);
      };
      check();
    });
  }
}

/** Kinds whose text the CLI replays as whole messages. */
const TEXT_KINDS: ReadonlySet<string> = new Set(['agent_message_chunk', 'agent_thought_chunk']);

function textOf(update: Update): string | undefined {
  const c = update.content as { type?: unknown; text?: unknown } | undefined;
  return c?.type === 'text' && typeof c.text === 'string' ? c.text : undefined;
}

/** The guards of a client's loaded sessions, bounded; each from its load until its first turn ends. */
export class ReplayGuards {
  private readonly guards = new Map<string, ReplayGuard>();

  constructor(
    private readonly clock: Clock,
    private readonly max: number,
  ) {}

  /** A load of `sessionId` starts. */
  start(sessionId: string): ReplayGuard {
    const g = new ReplayGuard(this.clock);
    this.guards.delete(sessionId);
    this.guards.set(sessionId, g);
    while (this.guards.size > this.max) this.guards.delete(this.guards.keys().next().value as string);
    return g;
  }

  /** Whether an update of `sessionId` is history to drop (`turnRunning`), or notes it as history (no turn). */
  dropped(sessionId: string, update: Update, turnRunning: boolean): boolean {
    const g = this.guards.get(sessionId);
    if (!turnRunning) g?.observe(update);
    return turnRunning && g !== undefined && g.isReplay(update);
  }

  /** The load of `sessionId`, or its fence, answered. */
  mark(sessionId: string): void {
    this.guards.get(sessionId)?.mark();
  }

  async settled(sessionId: string): Promise<void> {
    await this.guards.get(sessionId)?.settled();
  }

  /** The session's first turn here ended (or it was forgotten): no more late replay is expected. */
  end(sessionId: string): void {
    this.guards.delete(sessionId);
  }
}
