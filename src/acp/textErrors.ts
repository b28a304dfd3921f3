/**
 * In ACP mode failures inside a turn are not JSON-RPC errors: the CLI's prompt
 * handler catches every error of a turn and sends it as ONE final
 * `agent_message_chunk` whose text starts with `"\n\n"` (an action the user
 * must take, `"\n\nUpgrade your plan to continue"`, or `"\n\nError: " + the
 * error's own string`), then ends the turn with a normal `end_turn`.
 *
 * Only that shape is a failure. Answer text that quotes an error line (a
 * debugging answer quoting `Error: connect ECONNREFUSED …`) is the answer,
 * whatever it says. {@link ErrorTextGuard} holds back a chunk of that shape
 * until the turn ends (then it is the failure, never shown) or until anything
 * shown follows it (then it was answer text after all, shown whole). Pure.
 */
import type { CliErrorKind } from '../cli/errors';
import { classifyStderr } from '../cli/failureClassifier';
import { redactSecrets } from '../cli/redact';

/** What the CLI puts before every in-turn failure message. */
const FAILURE_PREFIX = '\n\n';
/** The error form: `Error: ` then the error's own string (`RetriableError: [unavailable] …`). */
const ERROR_FORM = 'Error: ';

/**
 * The actions the CLI asks the user to take, exactly as it writes them, with the kind print mode
 * has for each. "Check your settings" has none of its own (the CLI uses it for several account
 * states): it is reported as an unknown failure quoting the sentence.
 */
const ACTIONS: ReadonlyMap<string, CliErrorKind> = new Map<string, CliErrorKind>([
  ['Please sign in to continue', 'loggedOut'],
  ['Upgrade your plan to continue', 'usageLimit'],
  ['Add a payment method to continue', 'usageLimit'],
  ['Check your settings to continue', 'unknown'],
]);

/** Quoted detail of an unknown failure: enough to recognise it, never a wall of text. */
const MAX_DETAIL_CHARS = 300;

export interface InTurnFailure {
  kind: CliErrorKind;
  /** What to quote when the kind is `unknown` ("The Cursor CLI failed: …"): redacted, then cut. */
  text: string;
}

/**
 * The failure a whole message chunk reports, or undefined when it is answer
 * text. `chunk` is one `agent_message_chunk`'s text, exactly as it arrived.
 */
export function classifyFailureChunk(chunk: string): InTurnFailure | undefined {
  if (!chunk.startsWith(FAILURE_PREFIX)) return undefined;
  const body = chunk.slice(FAILURE_PREFIX.length).trimEnd();
  const action = ACTIONS.get(body);
  if (action) return { kind: action, text: body };
  if (!body.startsWith(ERROR_FORM) || body.trim() === ERROR_FORM.trim()) return undefined;
  // `Error: [unauthenticated] Backend rejected authentication. …` is loggedOut; the error's own
  // string is read as print mode reads stderr; gRPC codes print mode never sees bare are the network's.
  const own = body.slice(ERROR_FORM.length);
  const kind = classifyStderr(own) ?? (/\[(?:unavailable|deadline_exceeded)\]/.test(own) ? 'network' : 'unknown');
  return { kind, text: cut(firstLine(redactSecrets(own))) };
}

function firstLine(s: string): string {
  const line = s.split(/\r?\n/).find((l) => l.trim() !== '') ?? '';
  return line.replace(/\s+/g, ' ').trim();
}

function cut(s: string): string {
  return s.length <= MAX_DETAIL_CHARS ? s : s.slice(0, MAX_DETAIL_CHARS - 1) + '…';
}

/**
 * Holds back the one chunk that may be the turn's failure message. Chunks are
 * pushed whole, as they arrived; what {@link push} returns can be shown now.
 */
export class ErrorTextGuard {
  /** A chunk of the failure shape, not shown yet, and its failure. */
  private held: { raw: string; failure: InTurnFailure } | undefined;

  /** One message chunk: returns the text to show now (a chunk held before it, then this one, unless it is held). */
  push(chunk: string): string {
    const before = this.held?.raw ?? '';
    const failure = classifyFailureChunk(chunk);
    this.held = failure ? { raw: chunk, failure } : undefined;
    return failure ? before : before + chunk;
  }

  /**
   * The turn ended, or something else is shown: the held chunk's failure (then it is dropped;
   * it was the final chunk only if the turn ends now), or the text still to show (`rest`).
   */
  finish(): { kind: CliErrorKind; text: string; raw: string } | { rest: string } {
    const held = this.held;
    this.held = undefined;
    return held ? { kind: held.failure.kind, text: held.failure.text, raw: held.raw } : { rest: '' };
  }
}
