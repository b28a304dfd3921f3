/**
 * How many turns each CLI chat holds, as far as this window has seen. The chat
 * panel's history can lose turns (the user edits an earlier request, or retries
 * the last one) while the CLI chat keeps them: resuming it then would answer
 * with context the user threw away. A turn may resume a chat only if the chat
 * holds exactly the turns visible in the history. Bounded.
 */
export class ChatLedger {
  private readonly turns = new Map<string, number>();

  constructor(private readonly maxEntries = 1000) {}

  /**
   * Whether `chatId` can be resumed when the last visible answer said the chat
   * then held `turnsAtAnswer` turns. Unknown chats (e.g. after a reload) are
   * trusted: nothing in this window has added to them.
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
  }
}
