/**
 * Maps a conversation (the messages a caller sends through the language model
 * API, which carries no conversation id) to the CLI chat that already holds it,
 * so a repeated request in one conversation resumes that chat and sends only
 * what is new. Keys are hashes of the transcript up to an assistant answer we
 * produced; bounded (least recently used entries are dropped).
 */
import { createHash } from 'node:crypto';

export interface PlainMessage {
  role: 'user' | 'assistant';
  text: string;
}

export interface ConversationMatch {
  chatId: string;
  /** How many leading messages the CLI chat already has. */
  consumed: number;
}

export class ConversationIndex {
  private readonly map = new Map<string, string>();

  constructor(private readonly maxEntries = 500) {}

  /** The longest known prefix ending in one of our answers, if any. */
  lookup(messages: readonly PlainMessage[]): ConversationMatch | undefined {
    const hashes = prefixHashes(messages);
    for (let i = messages.length - 1; i >= 0; i--) {
      if (messages[i].role !== 'assistant') continue;
      const chatId = this.map.get(hashes[i]);
      if (chatId) {
        // refresh recency
        this.map.delete(hashes[i]);
        this.map.set(hashes[i], chatId);
        return { chatId, consumed: i + 1 };
      }
    }
    return undefined;
  }

  /** Remember that `messages` (ending with our answer) live in CLI chat `chatId`. */
  record(messages: readonly PlainMessage[], chatId: string): void {
    if (messages.length === 0) return;
    const hashes = prefixHashes(messages);
    const key = hashes[hashes.length - 1];
    this.map.delete(key);
    this.map.set(key, chatId);
    while (this.map.size > this.maxEntries) {
      const oldest = this.map.keys().next().value as string;
      this.map.delete(oldest);
    }
  }

  get size(): number {
    return this.map.size;
  }
}

function prefixHashes(messages: readonly PlainMessage[]): string[] {
  const out: string[] = [];
  let prev = '';
  for (const m of messages) {
    prev = createHash('sha256').update(prev).update('\u0000').update(m.role).update('\u0000').update(m.text.trim()).digest('hex');
    out.push(prev);
  }
  return out;
}
