/**
 * Maps a conversation (the messages a caller sends through the language model
 * API, which carries no conversation id) to the CLI chat that holds exactly
 * that conversation, so a repeated request resumes it and sends only what is
 * new. A CLI chat only moves forward: once a turn was added to it, a request
 * that branches off an earlier point (an edit, a retry, a side request) no
 * longer matches and starts a fresh chat with the history instead. Keys are
 * hashes of the transcript (and its workspace) up to an answer we produced;
 * bounded (least recently used entries are dropped). Kept in the workspace
 * storage (hashes and chat ids only, never message text) so that a conversation
 * whose history VS Code restores after a window reload still resumes.
 */
import { createHash } from 'node:crypto';
import * as z from 'zod/mini';
import { PersistentStore, saveQuietly } from './persistentStore';

export const CONVERSATION_INDEX_KEY = 'cursorAgent.conversationIndex.v1';

const pair = z.tuple([z.string().check(z.maxLength(200)), z.string().check(z.maxLength(200))]);
const stored = z.object({ byPrefix: z.array(pair), heads: z.array(pair) });

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
  /** prefix hash → chat id */
  private readonly byPrefix = new Map<string, string>();
  /** chat id → the prefix hash of the last turn it holds */
  private readonly heads = new Map<string, string>();

  constructor(
    private readonly maxEntries = 500,
    private readonly store?: PersistentStore,
    private readonly onStoreError: (why: string) => void = () => undefined,
  ) {
    const parsed = stored.safeParse(store?.get(CONVERSATION_INDEX_KEY));
    if (parsed.success) {
      for (const [k, v] of parsed.data.byPrefix.slice(-maxEntries)) this.byPrefix.set(k, v);
      for (const [k, v] of parsed.data.heads.slice(-maxEntries)) this.heads.set(k, v);
    }
  }

  /** The CLI chat whose latest turn ends the longest prefix of `messages`, if any. */
  lookup(messages: readonly PlainMessage[], scope: string): ConversationMatch | undefined {
    const hashes = prefixHashes(messages, scope);
    for (let i = messages.length - 1; i >= 0; i--) {
      if (messages[i].role !== 'assistant') continue;
      const chatId = this.byPrefix.get(hashes[i]);
      if (chatId && this.heads.get(chatId) === hashes[i]) return { chatId, consumed: i + 1 };
    }
    return undefined;
  }

  /** Remember that CLI chat `chatId` now holds exactly `messages` (ending with our answer). */
  record(messages: readonly PlainMessage[], chatId: string, scope: string): void {
    if (messages.length === 0) return;
    const key = prefixHashes(messages, scope)[messages.length - 1];
    this.byPrefix.delete(key);
    this.byPrefix.set(key, chatId);
    this.heads.delete(chatId);
    this.heads.set(chatId, key);
    while (this.byPrefix.size > this.maxEntries) this.byPrefix.delete(this.byPrefix.keys().next().value as string);
    while (this.heads.size > this.maxEntries) this.heads.delete(this.heads.keys().next().value as string);
    this.save();
  }

  /** The chat moved on in a way no transcript records (a cancelled or failed turn): never resume it. */
  retire(chatId: string): void {
    this.heads.delete(chatId);
    this.heads.set(chatId, '');
    while (this.heads.size > this.maxEntries) this.heads.delete(this.heads.keys().next().value as string);
    this.save();
  }

  private save(): void {
    saveQuietly(this.store, CONVERSATION_INDEX_KEY, { byPrefix: [...this.byPrefix], heads: [...this.heads] }, this.onStoreError);
  }

  get size(): number {
    return this.byPrefix.size;
  }
}

function prefixHashes(messages: readonly PlainMessage[], scope: string): string[] {
  const out: string[] = [];
  let prev = createHash('sha256').update(scope).digest('hex');
  for (const m of messages) {
    prev = createHash('sha256').update(prev).update('\u0000').update(m.role).update('\u0000').update(m.text.trim()).digest('hex');
    out.push(prev);
  }
  return out;
}
