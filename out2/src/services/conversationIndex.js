"use strict";
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __setModuleDefault = (this && this.__setModuleDefault) || (Object.create ? (function(o, v) {
    Object.defineProperty(o, "default", { enumerable: true, value: v });
}) : function(o, v) {
    o["default"] = v;
});
var __importStar = (this && this.__importStar) || (function () {
    var ownKeys = function(o) {
        ownKeys = Object.getOwnPropertyNames || function (o) {
            var ar = [];
            for (var k in o) if (Object.prototype.hasOwnProperty.call(o, k)) ar[ar.length] = k;
            return ar;
        };
        return ownKeys(o);
    };
    return function (mod) {
        if (mod && mod.__esModule) return mod;
        var result = {};
        if (mod != null) for (var k = ownKeys(mod), i = 0; i < k.length; i++) if (k[i] !== "default") __createBinding(result, mod, k[i]);
        __setModuleDefault(result, mod);
        return result;
    };
})();
Object.defineProperty(exports, "__esModule", { value: true });
exports.ConversationIndex = exports.MAX_STORED_CHARS = exports.LEGACY_CHAT_LEDGER_KEY = exports.LEGACY_CONVERSATION_INDEX_KEY = exports.CONVERSATION_INDEX_KEY = void 0;
/**
 * Which CLI chat holds exactly the conversation a request continues, decided
 * from what the user can see: the conversation's turns (the messages a
 * `vscode.lm` caller sends, or the requests and answers of the `@cursor` chat
 * panel's history), hashed with the workspace folder. One record for both the
 * language model provider and the participant, so neither depends on metadata
 * VS Code may lose (after a quick reload the restored last answer can lack its
 * `ChatResult.metadata`, yet still show its text).
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
const node_crypto_1 = require("node:crypto");
const z = __importStar(require("zod/mini"));
const args_1 = require("../cli/args");
const persistentStore_1 = require("./persistentStore");
exports.CONVERSATION_INDEX_KEY = 'cursorAgent.conversationIndex.v2';
/** The index saved before it served the participant too (`{ byPrefix, heads, backends }`): read once, then removed. */
exports.LEGACY_CONVERSATION_INDEX_KEY = 'cursorAgent.conversationIndex.v1';
/** The participant's turn-count record this index replaces (could hold MBs of unvalidated ids): removed. */
exports.LEGACY_CHAT_LEDGER_KEY = 'cursorAgent.chatLedger.v1';
/** The stored index never exceeds this (JSON characters); the oldest chats go first. */
exports.MAX_STORED_CHARS = 100_000;
const HASH = /^[0-9a-f]{64}$/;
const chatId = z.string().check(z.regex(args_1.CHAT_ID_PATTERN));
const hash = z.string().check(z.regex(HASH));
/** `[chat id, hash of its transcript, 'acp']`: the backend is absent for print mode. */
const entry = z.union([z.tuple([chatId, hash]), z.tuple([chatId, hash, z.enum(['print', 'acp'])])]);
const legacy = z.object({ heads: z.array(z.unknown()), backends: z.optional(z.array(z.unknown())) });
const legacyBackend = z.tuple([chatId, z.literal('acp')]);
class ConversationIndex {
    maxEntries;
    store;
    onStoreError;
    /** chat id → the hash of the transcript up to its latest answer (oldest first) */
    heads = new Map();
    /** transcript hash → the chat recorded last with exactly that transcript */
    byHash = new Map();
    constructor(maxEntries = 500, store, onStoreError = () => undefined) {
        this.maxEntries = maxEntries;
        this.store = store;
        this.onStoreError = onStoreError;
        const saved = store?.get(exports.CONVERSATION_INDEX_KEY);
        if (Array.isArray(saved)) {
            for (const raw of saved) {
                const p = entry.safeParse(raw);
                if (p.success)
                    this.set(p.data[0], { hash: p.data[1], backend: p.data[2] ?? 'print' });
            }
        }
        else
            this.migrate(store?.get(exports.LEGACY_CONVERSATION_INDEX_KEY));
        this.trim();
    }
    /** The CLI chat whose latest turn ends the longest prefix of `messages`, if any. */
    lookup(messages, scope) {
        const hashes = prefixHashes(messages, scope);
        for (let i = messages.length - 1; i >= 0; i--) {
            if (messages[i].role !== 'assistant')
                continue;
            const id = this.byHash.get(hashes[i]);
            const head = id === undefined ? undefined : this.heads.get(id);
            if (id !== undefined && head?.hash === hashes[i])
                return { chatId: id, ...(head.backend === 'acp' ? { backend: 'acp' } : {}), consumed: i + 1 };
        }
        return undefined;
    }
    /**
     * Remember that CLI chat `chatId` now holds exactly `messages` (ending with our answer).
     * An id that could not be a CLI chat id is not recorded (and any earlier record of it is dropped).
     */
    record(messages, chatId, scope, backend = 'print') {
        if (messages.length === 0)
            return;
        if (!(0, args_1.isChatId)(chatId))
            return this.retire(chatId);
        this.set(chatId, { hash: prefixHashes(messages, scope)[messages.length - 1], backend });
        this.trim();
        this.save();
    }
    /** The chat moved on in a way no transcript records (a cancelled or failed turn): never resume it. */
    retire(chatId) {
        if (!this.forget(chatId))
            return;
        this.save();
    }
    get size() {
        return this.heads.size;
    }
    /** Reads the heads of the legacy index (one by one), removes the legacy keys, and saves in the new shape. */
    migrate(raw) {
        if (!this.store)
            return;
        const old = legacy.safeParse(raw);
        if (old.success) {
            const acp = new Set();
            for (const b of old.data.backends ?? []) {
                const p = legacyBackend.safeParse(b);
                if (p.success)
                    acp.add(p.data[0]);
            }
            for (const h of old.data.heads) {
                const p = z.tuple([chatId, hash]).safeParse(h);
                if (p.success)
                    this.set(p.data[0], { hash: p.data[1], backend: acp.has(p.data[0]) ? 'acp' : 'print' });
            }
        }
        for (const key of [exports.LEGACY_CONVERSATION_INDEX_KEY, exports.LEGACY_CHAT_LEDGER_KEY]) {
            if (this.store.get(key) !== undefined)
                (0, persistentStore_1.saveQuietly)(this.store, key, undefined, this.onStoreError);
        }
        if (this.heads.size > 0)
            this.save();
    }
    set(chatId, head) {
        this.forget(chatId);
        this.heads.set(chatId, head);
        this.byHash.set(head.hash, chatId);
    }
    forget(chatId) {
        const head = this.heads.get(chatId);
        if (!head)
            return false;
        this.heads.delete(chatId);
        if (this.byHash.get(head.hash) === chatId)
            this.byHash.delete(head.hash);
        return true;
    }
    trim() {
        while (this.heads.size > this.maxEntries)
            this.forget(this.heads.keys().next().value);
    }
    save() {
        const state = [...this.heads].map(([id, h]) => (h.backend === 'acp' ? [id, h.hash, 'acp'] : [id, h.hash]));
        // Ids are at most 100 characters and hashes 64: 500 chats fit. The check keeps the promise whatever the bounds become.
        while (state.length > 0 && JSON.stringify(state).length > exports.MAX_STORED_CHARS)
            this.forget(String(state.shift()?.[0]));
        (0, persistentStore_1.saveQuietly)(this.store, exports.CONVERSATION_INDEX_KEY, state, this.onStoreError);
    }
}
exports.ConversationIndex = ConversationIndex;
function prefixHashes(messages, scope) {
    const out = [];
    let prev = (0, node_crypto_1.createHash)('sha256').update(scope).digest('hex');
    for (const m of messages) {
        prev = (0, node_crypto_1.createHash)('sha256').update(prev).update('\u0000').update(m.role).update('\u0000').update(m.text.trim()).digest('hex');
        out.push(prev);
    }
    return out;
}
//# sourceMappingURL=conversationIndex.js.map