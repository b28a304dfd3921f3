/**
 * The rules both backends keep while a turn's events reach the chat, written once: a handler that
 * throws never ends the turn (it is logged); text shown is remembered (a failure after it is never
 * rerun elsewhere); a read-only breach stops the turn, and nothing after it is shown. Pure.
 */
import type { TurnEvent } from './events';

/** What the backend does after {@link TurnEventSink.show}: go on, or end the run now (a breach). */
export type SinkVerdict = 'continue' | 'stop';

export class TurnEventSink {
  private breachSeen: { kind: string; summary: string } | undefined;
  private textShown = false;

  constructor(
    private readonly onEvent: (event: TurnEvent) => void,
    private readonly onHandlerError: (err: unknown) => void,
  ) {}

  /** Shows `event` (unless a breach already stopped the turn). `stop` when the turn must end here. */
  show(event: TurnEvent): SinkVerdict {
    if (this.breachSeen) return 'stop';
    if (event.type === 'policyBreach') this.breachSeen = { kind: event.kind, summary: event.summary };
    if (event.type === 'text') this.textShown = true;
    try {
      this.onEvent(event);
    } catch (err) {
      this.onHandlerError(err);
    }
    return this.breachSeen ? 'stop' : 'continue';
  }

  /** The breach that stopped the turn, if any (its summary is the user's message detail). */
  get breach(): { kind: string; summary: string } | undefined {
    return this.breachSeen;
  }

  /** Whether any answer text reached the chat. */
  get shownText(): boolean {
    return this.textShown;
  }
}
