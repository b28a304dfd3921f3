/**
 * How many turns each CLI chat holds, as far as this workspace has seen. The
 * chat panel's history can lose turns (the user edits an earlier request, or
 * retries the last one) while the CLI chat keeps them: resuming it then would
 * answer with context the user threw away. A turn may resume a chat only if the
 * chat holds exactly the turns visible in the history. Bounded, and kept in the
 * workspace storage (chat id → turn count, no prompt text) so that it still
 * holds after a window reload restores the chat.
 *
 * The record is backend-neutral: a print-mode chat id (`--resume`) or an ACP
 * session id (`session/load`) is recorded the same way.
 */
import * as z from 'zod/mini';
import { PersistentStore, saveQuietly } from './persistentStore';

export const CHAT_LEDGER_KEY = 'cursorAgent.chatLedger.v1';

const stored = z.array(z.tuple([z.string().check(z.maxLength(200)), z.number().check(z.int(), z.gte(0))]));

export class ChatLedger {
  private readonly turns = new Map<string, number>();

  constructor(
    private readonly maxEntries = 1000,
    private readonly store?: PersistentStore,
    private readonly onStoreError: (why: string) => void = () => undefined,
  ) {
    const parsed = stored.safeParse(store?.get(CHAT_LEDGER_KEY));
    if (parsed.success) for (const [id, n] of parsed.data.slice(-maxEntries)) this.turns.set(id, n);
  }

  /**
   * Whether `chatId` can be resumed when the last visible answer said the chat
   * then held `turnsAtAnswer` turns. Unknown chats (made before this record
   * existed, or dropped from it) are trusted: nothing recorded has added to them.
   */
  canResume(chatId: string, turnsAtAnswer: number | undefined): boolean {
    const held = this.turns.get(chatId);
    if (held === undefined) return true;
    return turnsAtAnswer !== undefined && held === turnsAtAnswer;
  }

  /** Record that `chatId` now holds `turns` turns. */
  record(chatId: string, turns: number): void {
    this.turns.delete(chatId);
    this.turns.set(chatId, turns);
    while (this.turns.size > this.maxEntries) this.turns.delete(this.turns.keys().next().value as string);
    saveQuietly(this.store, CHAT_LEDGER_KEY, [...this.turns], this.onStoreError);
  }
}
