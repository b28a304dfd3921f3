/**
 * Conversation memory for one turn, the same for the `@cursor` participant and the language model provider:
 * which Cursor session (CLI chat or ACP session) the turn continues, held until the turn ends; and, when it
 * ends, what is remembered (an answered turn: the session now holds the transcript and its answer) or retired
 * (a cancelled or failed turn left the session where no visible history records it: never resumed). Pure: the
 * record itself is the {@link ConversationIndex}, shared by both surfaces and kept across a reload.
 */
import type { BackendId } from '../../turn/chatBackend';
import type { ConversationIndex, PlainMessage } from './conversationIndex';

/**
 * Which messages of the transcript a resumed session may be missing: `last`, only the new request (the
 * participant sends the request alone); `any`, every message after the session's latest answer (the language
 * model provider sends them together).
 */
export type NewMessages = 'last' | 'any';

export interface ConversationTurnOptions {
  /** `cursorAgent.resumeSessions`: off, every turn starts a fresh session with the history. */
  resume: boolean;
  newMessages: NewMessages;
}

export interface ConversationTurn {
  /** The session this turn continues, if any (held for this turn until {@link end}). */
  readonly previous?: { backend: BackendId; sessionId: string };
  /** How many leading messages of the transcript that session already holds (0 when fresh). */
  readonly consumed: number;
  /**
   * The turn's outcome for the record: `answer` is the answer as the next request will show it, undefined when
   * the turn was cancelled or failed (then the session is never resumed).
   */
  settle(sessionId: string | undefined, backend: BackendId | undefined, answer: string | undefined): void;
  /** The turn ended (answered, failed, cancelled or threw): a fork of the conversation may continue the session again. */
  end(): void;
}

/**
 * Starts the record of one turn on `transcript` (the visible conversation, its new user message last) in `scope`
 * (the workspace folder). A session continues only when it holds exactly the turns the transcript shows up to its
 * latest answer, and nothing is lost: with `last`, that answer must be the transcript's last but one message.
 */
export function beginConversationTurn(
  index: ConversationIndex,
  transcript: readonly PlainMessage[],
  scope: string,
  opts: ConversationTurnOptions,
): ConversationTurn {
  // Claimed until this turn ends: the same conversation sent twice at once continues the session once.
  const match = opts.resume ? index.claim(transcript, scope) : undefined;
  const fits = match !== undefined && (opts.newMessages === 'any' ? match.consumed < transcript.length : match.consumed === transcript.length - 1);
  if (match && !fits) index.release(match.chatId);
  const previous = match && fits ? { backend: match.backend ?? 'print', sessionId: match.chatId } : undefined;
  let held = previous?.sessionId;
  return {
    ...(previous ? { previous } : {}),
    consumed: previous ? match!.consumed : 0,
    settle(sessionId, backend, answer) {
      if (!sessionId) return;
      if (answer === undefined) index.retire(sessionId);
      else index.record([...transcript, { role: 'assistant', text: answer }], sessionId, scope, backend);
    },
    end() {
      index.release(held);
      held = undefined;
    },
  };
}
