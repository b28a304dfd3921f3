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
import type { BackendId } from './chatBackend';
import { PersistentStore, saveQuietly } from './persistentStore';

export const CONVERSATION_INDEX_KEY = 'cursorAgent.conversationIndex.v1';

const pair = z.tuple([z.string().check(z.maxLength(200)), z.string().check(z.maxLength(200))]);
const stored = z.object({
  byPrefix: z.array(pair),
  heads: z.array(pair),
  /** Sessions of a backend other than print mode (absent in indexes saved before there were two). */
  backends: z.catch(z.optional(z.array(z.tuple([z.string().check(z.maxLength(200)), z.enum(['acp'])]))), undefined),
});

export interface PlainMessage {
  role: 'user' | 'assistant';
  text: string;
}

export interface ConversationMatch {
  chatId: string;
  /** The backend the session belongs to, when not print mode. */
  backend?: BackendId;
  /** How many leading messages the CLI chat already has. */
  consumed: number;
}

export class ConversationIndex {
  /** prefix hash → chat id */
  private readonly byPrefix = new Map<string, string>();
  /** chat id → the prefix hash of the last turn it holds */
  private readonly heads = new Map<string, string>();
  /** The chat ids that are ACP sessions (every other one is print mode). */
  private readonly acp = new Set<string>();

  constructor(
    private readonly maxEntries = 500,
    private readonly store?: PersistentStore,
    private readonly onStoreError: (why: string) => void = () => undefined,
  ) {
    const parsed = stored.safeParse(store?.get(CONVERSATION_INDEX_KEY));
    if (parsed.success) {
      for (const [k, v] of parsed.data.byPrefix.slice(-maxEntries)) this.byPrefix.set(k, v);
      for (const [k, v] of parsed.data.heads.slice(-maxEntries)) this.heads.set(k, v);
      for (const [k] of parsed.data.backends ?? []) if (this.heads.has(k)) this.acp.add(k);
    }
  }

  /** The CLI chat whose latest turn ends the longest prefix of `messages`, if any. */
  lookup(messages: readonly PlainMessage[], scope: string): ConversationMatch | undefined {
    const hashes = prefixHashes(messages, scope);
    for (let i = messages.length - 1; i >= 0; i--) {
      if (messages[i].role !== 'assistant') continue;
      const chatId = this.byPrefix.get(hashes[i]);
      if (chatId && this.heads.get(chatId) === hashes[i]) return { chatId, ...(this.acp.has(chatId) ? { backend: 'acp' as const } : {}), consumed: i + 1 };
    }
    return undefined;
  }

  /** Remember that CLI chat `chatId` now holds exactly `messages` (ending with our answer). */
  record(messages: readonly PlainMessage[], chatId: string, scope: string, backend: BackendId = 'print'): void {
    if (messages.length === 0) return;
    if (backend === 'acp') this.acp.add(chatId);
    else this.acp.delete(chatId);
    const key = prefixHashes(messages, scope)[messages.length - 1];
    this.byPrefix.delete(key);
    this.byPrefix.set(key, chatId);
    this.heads.delete(chatId);
    this.heads.set(chatId, key);
    while (this.byPrefix.size > this.maxEntries) this.byPrefix.delete(this.byPrefix.keys().next().value as string);
    this.trimHeads();
    this.save();
  }

  /** The chat moved on in a way no transcript records (a cancelled or failed turn): never resume it. */
  retire(chatId: string): void {
    this.heads.delete(chatId);
    this.heads.set(chatId, '');
    this.trimHeads();
    this.save();
  }

  private trimHeads(): void {
    while (this.heads.size > this.maxEntries) {
      const oldest = this.heads.keys().next().value as string;
      this.heads.delete(oldest);
      this.acp.delete(oldest);
    }
  }

  private save(): void {
    const state: Record<string, unknown> = { byPrefix: [...this.byPrefix], heads: [...this.heads] };
    if (this.acp.size > 0) state.backends = [...this.acp].map((id) => [id, 'acp']);
    saveQuietly(this.store, CONVERSATION_INDEX_KEY, state, this.onStoreError);
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
