/**
 * Which CLI chat holds exactly the conversation a request continues, decided
 * from what the user can see: the conversation's turns (the messages a
 * `vscode.lm` caller sends, or the requests and answers of the `@cursor` chat
 * panel's history), hashed with the workspace folder. One record for both the
 * language model provider and the participant, so neither depends on metadata
 * VS Code may lose (after a quick reload the restored last answer can lack its
 * `ChatResult.metadata`, yet still show its text).
 *
 * A quick reload can also restore a chat's last request with an empty answer
 * (VS Code had not saved it yet): the CLI chat holds that answer, so a
 * follow-up in the restored chat still continues it, the lost answer counted
 * as what the chat already has (each chat also keeps the hash of its
 * transcript up to the request its latest answer answered).
 *
 * A CLI chat only moves forward: once a turn was added to it, a conversation
 * that branches off an earlier point (an edit, a retry, a side request, a
 * restored chat that lost a turn) no longer matches and starts a fresh chat
 * with the history instead. Each chat keeps one key, the hash of the
 * transcript up to its latest answer; a chat whose last turn no transcript
 * records (cancelled, failed) is forgotten, so never resumed.
 *
 * Kept in the workspace storage (hashes and chat ids only, never message
 * text) so that it holds after a window reload. Bounded: only ids that pass
 * {@link isChatId} are recorded (at most 100 characters), at most
 * `maxEntries` chats (least recently used dropped), and what is stored stays
 * under {@link MAX_STORED_CHARS}. Stored entries are read one by one: a
 * damaged entry costs only itself.
 */
import { createHash } from 'node:crypto';
import * as z from 'zod/mini';
import { BACKEND_IDS, CHAT_ID_PATTERN, isChatId } from '../../cli/args';
import type { BackendId } from '../../turn/chatBackend';
import { PersistentStore, saveQuietly } from '../persistentStore';

export const CONVERSATION_INDEX_KEY = 'cursorAgent.conversationIndex.v2';
/** The index saved before it served the participant too (`{ byPrefix, heads, backends }`): read once, then removed. */
export const LEGACY_CONVERSATION_INDEX_KEY = 'cursorAgent.conversationIndex.v1';
/** The participant's turn-count record this index replaces (could hold MBs of unvalidated ids): removed. */
export const LEGACY_CHAT_LEDGER_KEY = 'cursorAgent.chatLedger.v1';
/** The stored index never exceeds this (JSON characters); the oldest chats go first. */
export const MAX_STORED_CHARS = 100_000;

const HASH = /^[0-9a-f]{64}$/;
const chatId = z.string().check(z.regex(CHAT_ID_PATTERN));
const hash = z.string().check(z.regex(HASH));
/**
 * `[chat id, hash of its transcript, 'acp']`: the backend is absent for print mode; a fourth element, the hash of the
 * transcript up to the request of its latest answer (then the backend is written, 'print' too).
 */
const entry = z.union([z.tuple([chatId, hash]), z.tuple([chatId, hash, z.enum(BACKEND_IDS)]), z.tuple([chatId, hash, z.enum(BACKEND_IDS), hash])]);
const legacy = z.object({ heads: z.array(z.unknown()), backends: z.optional(z.array(z.unknown())) });
const legacyBackend = z.tuple([chatId, z.literal('acp')]);

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

interface Head {
  hash: string;
  backend: BackendId;
  /** The hash of the transcript up to the request the latest answer answered (that answer not included). */
  asked?: string;
}

export class ConversationIndex {
  /** chat id → the hash of the transcript up to its latest answer (oldest first) */
  private readonly heads = new Map<string, Head>();
  /** transcript hash → the chat recorded last with exactly that transcript */
  private readonly byHash = new Map<string, string>();
  /** hash of a transcript up to a request → the chat whose latest answer answered it */
  private readonly byAsked = new Map<string, string>();
  /** Chats a running turn continues: not handed to a second request until released (two forks of one chat). */
  private readonly claimed = new Set<string>();

  constructor(
    private readonly maxEntries = 500,
    private readonly store?: PersistentStore,
    private readonly onStoreError: (why: string) => void = () => undefined,
  ) {
    const saved = store?.get(CONVERSATION_INDEX_KEY);
    if (Array.isArray(saved)) {
      for (const raw of saved) {
        const p = entry.safeParse(raw);
        if (p.success) this.set(p.data[0], { hash: p.data[1], backend: p.data[2] ?? 'print', ...(p.data[3] ? { asked: p.data[3] } : {}) });
      }
    } else this.migrate(store?.get(LEGACY_CONVERSATION_INDEX_KEY));
    this.trim();
  }

  /**
   * The CLI chat whose latest turn ends the longest prefix of `messages`, if any: the prefix ends with that turn's
   * answer; or, where only the new request follows, with that turn's request and whatever answer a restored chat shows
   * for it (none, or a part: VS Code saved it before the answer ended, and a quick reload restored that), which counts
   * as consumed: the CLI chat holds the whole answer.
   */
  lookup(messages: readonly PlainMessage[], scope: string): ConversationMatch | undefined {
    const hashes = prefixHashes(messages, scope);
    for (let i = messages.length - 1; i >= 0; i--) {
      const hash = hashes[i];
      if (hash === undefined) continue;
      if (messages[i]?.role === 'assistant') {
        const id = this.byHash.get(hash);
        const head = id === undefined ? undefined : this.heads.get(id);
        if (id !== undefined && head?.hash === hash) return match(id, head, i + 1);
      } else {
        // The request of a chat's latest turn, then its answer as restored (or none), then the new request alone.
        const consumed = messages[i + 1]?.role === 'assistant' ? i + 2 : i + 1;
        if (consumed !== messages.length - 1 || (consumed === i + 2 && messages[i + 2]?.role !== 'user')) continue;
        const id = this.byAsked.get(hash);
        const head = id === undefined ? undefined : this.heads.get(id);
        if (id !== undefined && head?.asked === hash) return match(id, head, consumed);
      }
    }
    return undefined;
  }

  /**
   * {@link lookup}, and the matched chat is held for the caller until {@link release}: while it is held, a
   * second request with the same history (another fork of the same conversation, sent at the same time) does
   * not continue it and starts a fresh chat from the history it shows. A CLI chat takes one turn at a time.
   */
  claim(messages: readonly PlainMessage[], scope: string): ConversationMatch | undefined {
    const match = this.lookup(messages, scope);
    if (!match || this.claimed.has(match.chatId)) return undefined;
    this.claimed.add(match.chatId);
    return match;
  }

  /** The turn that claimed `chatId` has ended (answered, failed or cancelled). */
  release(chatId: string | undefined): void {
    if (chatId !== undefined) this.claimed.delete(chatId);
  }

  /**
   * Remember that CLI chat `chatId` now holds exactly `messages` (ending with our answer).
   * An id that could not be a CLI chat id is not recorded (and any earlier record of it is dropped).
   */
  record(messages: readonly PlainMessage[], chatId: string, scope: string, backend: BackendId = 'print'): void {
    const hashes = prefixHashes(messages, scope);
    const hash = hashes.at(-1); // one per message: undefined only when there are none
    if (hash === undefined) return;
    if (!isChatId(chatId)) return this.retire(chatId);
    // The transcript up to the request this answer answered (when the answer follows a user message).
    const asked = messages.at(-1)?.role === 'assistant' && messages.at(-2)?.role === 'user' ? hashes.at(-2) : undefined;
    this.set(chatId, { hash, backend, ...(asked ? { asked } : {}) });
    this.trim();
    this.save();
  }

  /** The chat moved on in a way no transcript records (a cancelled or failed turn): never resume it. */
  retire(chatId: string): void {
    if (!this.forget(chatId)) return;
    this.save();
  }

  get size(): number {
    return this.heads.size;
  }

  /** Reads the heads of the legacy index (one by one), removes the legacy keys, and saves in the new shape. */
  private migrate(raw: unknown): void {
    if (!this.store) return;
    const old = legacy.safeParse(raw);
    if (old.success) {
      const acp = new Set<string>();
      for (const b of old.data.backends ?? []) {
        const p = legacyBackend.safeParse(b);
        if (p.success) acp.add(p.data[0]);
      }
      for (const h of old.data.heads) {
        const p = z.tuple([chatId, hash]).safeParse(h);
        if (p.success) this.set(p.data[0], { hash: p.data[1], backend: acp.has(p.data[0]) ? 'acp' : 'print' });
      }
    }
    for (const key of [LEGACY_CONVERSATION_INDEX_KEY, LEGACY_CHAT_LEDGER_KEY]) {
      if (this.store.get(key) !== undefined) saveQuietly(this.store, key, undefined, this.onStoreError);
    }
    if (this.heads.size > 0) this.save();
  }

  private set(chatId: string, head: Head): void {
    this.forget(chatId);
    this.heads.set(chatId, head);
    this.byHash.set(head.hash, chatId);
    if (head.asked) this.byAsked.set(head.asked, chatId);
  }

  private forget(chatId: string): boolean {
    const head = this.heads.get(chatId);
    if (!head) return false;
    this.heads.delete(chatId);
    if (this.byHash.get(head.hash) === chatId) this.byHash.delete(head.hash);
    if (head.asked && this.byAsked.get(head.asked) === chatId) this.byAsked.delete(head.asked);
    return true;
  }

  private trim(): void {
    while (this.heads.size > this.maxEntries) this.forget(this.heads.keys().next().value as string);
  }

  private save(): void {
    const state = [...this.heads].map(([id, h]) =>
      h.asked ? [id, h.hash, h.backend, h.asked] : h.backend === 'acp' ? [id, h.hash, 'acp'] : [id, h.hash],
    );
    // Ids are at most 100 characters and hashes 64 (two per chat): 500 chats of CLI-sized ids (36) fit. The check keeps
    // the promise whatever the ids and bounds are.
    while (state.length > 0 && JSON.stringify(state).length > MAX_STORED_CHARS) this.forget(String(state.shift()?.[0]));
    saveQuietly(this.store, CONVERSATION_INDEX_KEY, state, this.onStoreError);
  }
}

function match(chatId: string, head: Head, consumed: number): ConversationMatch {
  return { chatId, ...(head.backend === 'acp' ? { backend: 'acp' as const } : {}), consumed };
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
