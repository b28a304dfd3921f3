/**
 * What `@cursor` stores in each answer's `ChatResult.metadata`, and the
 * validation of what VS Code hands back (restored from disk, so untrusted).
 */
import * as z from 'zod/mini';
import { BACKEND_IDS, type BackendId, isChatId } from '../../cli/args';

export interface CursorResultMetadata {
  /** The CLI chat that holds this answer. */
  cursorSessionId?: string;
  /** Which backend that session belongs to (absent: print mode, as in metadata saved before there were two). */
  backend?: BackendId;
  /** The answer text exactly as the model said it (without our usage line), for folding history. */
  answerText?: string;
  workspace?: string;
  model?: string;
  errorKind?: string;
}

/**
 * The most answer text kept per answer (chat metadata is saved with the chat
 * history on every turn; the prompt that folds history in is capped at 400 KB
 * anyway). Longer answers keep their start and a note.
 */
export const MAX_ANSWER_TEXT_CHARS = 100_000;
const CUT_NOTE = '\n… (answer cut)';

/** `text` within {@link MAX_ANSWER_TEXT_CHARS}. */
export function boundAnswerText(text: string): string {
  return text.length <= MAX_ANSWER_TEXT_CHARS ? text : text.slice(0, MAX_ANSWER_TEXT_CHARS - CUT_NOTE.length) + CUT_NOTE;
}

const schema = z.object({
  cursorSessionId: z.catch(z.optional(z.string()), undefined),
  backend: z.catch(z.optional(z.enum(BACKEND_IDS)), undefined),
  answerText: z.catch(z.optional(z.string()), undefined),
  workspace: z.catch(z.optional(z.string()), undefined),
  model: z.catch(z.optional(z.string()), undefined),
  errorKind: z.catch(z.optional(z.string()), undefined),
});

/** Valid fields only; a session id that could not be a CLI chat id is dropped. */
export function readResultMetadata(raw: unknown): CursorResultMetadata {
  const parsed = schema.safeParse(raw ?? {});
  if (!parsed.success) return {};
  const m: CursorResultMetadata = {};
  for (const [k, v] of Object.entries(parsed.data)) if (v !== undefined) (m as Record<string, unknown>)[k] = v;
  if (m.cursorSessionId !== undefined && !isChatId(m.cursorSessionId)) delete m.cursorSessionId;
  if (m.answerText !== undefined) m.answerText = boundAnswerText(m.answerText);
  return m;
}
