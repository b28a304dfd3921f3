import * as assert from 'node:assert/strict';
import { CONVERSATION_INDEX_KEY, ConversationIndex } from '../../../src/services/conversationIndex';
import { MemoryStore } from '../helpers/memoryStore';

describe('ConversationIndex (language model requests → CLI chats)', () => {
  const ws = '/work/project';
  it('finds the CLI chat for a conversation that continues one of our answers', () => {
    const idx = new ConversationIndex();
    idx.record([{ role: 'user', text: 'hi' }, { role: 'assistant', text: 'hello' }], 'chat-1', ws);
    const m = idx.lookup([{ role: 'user', text: 'hi' }, { role: 'assistant', text: 'hello ' }, { role: 'user', text: 'more' }], ws);
    assert.deepEqual(m, { chatId: 'chat-1', consumed: 2 });
  });

  it('does not resume a conversation whose earlier turns differ', () => {
    const idx = new ConversationIndex();
    idx.record([{ role: 'user', text: 'hi' }, { role: 'assistant', text: 'hello' }], 'chat-1', ws);
    assert.equal(idx.lookup([{ role: 'user', text: 'HI' }, { role: 'assistant', text: 'hello' }, { role: 'user', text: 'more' }], ws), undefined);
  });

  it('does not resume a chat from another workspace folder', () => {
    const idx = new ConversationIndex();
    idx.record([{ role: 'user', text: 'hi' }, { role: 'assistant', text: 'hello' }], 'chat-1', ws);
    assert.equal(idx.lookup([{ role: 'user', text: 'hi' }, { role: 'assistant', text: 'hello' }, { role: 'user', text: 'more' }], '/work/other'), undefined);
  });

  it('starts a fresh chat when the request branches off an earlier point of a chat that moved on (edit, retry)', () => {
    const idx = new ConversationIndex();
    const u1 = { role: 'user' as const, text: 'q1' };
    const a1 = { role: 'assistant' as const, text: 'a1' };
    idx.record([u1, a1], 'chat-1', ws);
    idx.record([u1, a1, { role: 'user', text: 'q2' }, { role: 'assistant', text: 'a2' }], 'chat-1', ws);
    // A retry of q2 (or a different q2) sends [u1, a1, q2']: chat-1 already holds q2/a2, so it must not be resumed.
    assert.equal(idx.lookup([u1, a1, { role: 'user', text: 'q2 again' }], ws), undefined);
    // The conversation that continues the chat's latest turn still resumes.
    assert.deepEqual(idx.lookup([u1, a1, { role: 'user', text: 'q2' }, { role: 'assistant', text: 'a2' }, { role: 'user', text: 'q3' }], ws), { chatId: 'chat-1', consumed: 4 });
  });

  it('never resumes a chat whose last turn was cancelled or failed', () => {
    const idx = new ConversationIndex();
    idx.record([{ role: 'user', text: 'hi' }, { role: 'assistant', text: 'hello' }], 'chat-1', ws);
    idx.retire('chat-1');
    assert.equal(idx.lookup([{ role: 'user', text: 'hi' }, { role: 'assistant', text: 'hello' }, { role: 'user', text: 'more' }], ws), undefined);
  });

  it('stays bounded', () => {
    const idx = new ConversationIndex(10);
    for (let i = 0; i < 100; i++) idx.record([{ role: 'user', text: String(i) }, { role: 'assistant', text: 'a' }], `c${i}`, ws);
    assert.equal(idx.size, 10);
  });
});

describe('ConversationIndex across a window reload', () => {
  const ws = '/work/project';
  const u1 = { role: 'user' as const, text: 'the secret question' };
  const a1 = { role: 'assistant' as const, text: 'the private answer' };
  it('resumes a restored conversation, and still refuses a branch off a chat that moved on', () => {
    const store = new MemoryStore();
    const idx = new ConversationIndex(500, store);
    idx.record([u1, a1], 'chat-1', ws);
    idx.record([u1, a1, { role: 'user', text: 'q2' }, { role: 'assistant', text: 'a2' }], 'chat-1', ws);
    const reloaded = new ConversationIndex(500, store);
    assert.deepEqual(reloaded.lookup([u1, a1, { role: 'user', text: 'q2' }, { role: 'assistant', text: 'a2' }, { role: 'user', text: 'q3' }], ws), { chatId: 'chat-1', consumed: 4 });
    assert.equal(reloaded.lookup([u1, a1, { role: 'user', text: 'q2 edited' }], ws), undefined);
  });
  it('stores no message text, and a retired chat stays retired after a reload', () => {
    const store = new MemoryStore();
    const idx = new ConversationIndex(500, store);
    idx.record([u1, a1], 'chat-1', ws);
    const json = JSON.stringify(store.get(CONVERSATION_INDEX_KEY));
    assert.ok(!json.includes('secret') && !json.includes('private'), json);
    idx.retire('chat-1');
    assert.equal(new ConversationIndex(500, store).lookup([u1, a1, { role: 'user', text: 'more' }], ws), undefined);
  });
  it('keeps its stored index bounded', () => {
    const store = new MemoryStore();
    const idx = new ConversationIndex(10, store);
    for (let i = 0; i < 100; i++) idx.record([{ role: 'user', text: String(i) }, { role: 'assistant', text: 'a' }], `c${i}`, ws);
    const saved = store.get(CONVERSATION_INDEX_KEY) as { byPrefix: unknown[]; heads: unknown[] };
    assert.equal(saved.byPrefix.length, 10);
    assert.equal(saved.heads.length, 10);
    assert.equal(new ConversationIndex(10, store).size, 10);
  });
});
