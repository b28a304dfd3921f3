import * as assert from 'node:assert/strict';
import { CONVERSATION_INDEX_KEY, ConversationIndex } from '../../../src/services/conversation/conversationIndex';
import { MemoryStore } from '../../support/memoryStore';

describe('ConversationIndex (language model requests → CLI chats)', () => {
  const ws = '/work/project';
  it('finds the CLI chat for a conversation that continues one of our answers', () => {
    const idx = new ConversationIndex();
    idx.record(
      [
        { role: 'user', text: 'hi' },
        { role: 'assistant', text: 'hello' },
      ],
      'chat-1',
      ws,
    );
    const m = idx.lookup(
      [
        { role: 'user', text: 'hi' },
        { role: 'assistant', text: 'hello ' },
        { role: 'user', text: 'more' },
      ],
      ws,
    );
    assert.deepEqual(m, { chatId: 'chat-1', consumed: 2 });
  });

  it('does not resume a conversation whose earlier turns differ', () => {
    const idx = new ConversationIndex();
    idx.record(
      [
        { role: 'user', text: 'hi' },
        { role: 'assistant', text: 'hello' },
      ],
      'chat-1',
      ws,
    );
    assert.equal(
      idx.lookup(
        [
          { role: 'user', text: 'HI' },
          { role: 'assistant', text: 'hello' },
          { role: 'user', text: 'more' },
        ],
        ws,
      ),
      undefined,
    );
  });

  it('does not resume a chat from another workspace folder', () => {
    const idx = new ConversationIndex();
    idx.record(
      [
        { role: 'user', text: 'hi' },
        { role: 'assistant', text: 'hello' },
      ],
      'chat-1',
      ws,
    );
    assert.equal(
      idx.lookup(
        [
          { role: 'user', text: 'hi' },
          { role: 'assistant', text: 'hello' },
          { role: 'user', text: 'more' },
        ],
        '/work/other',
      ),
      undefined,
    );
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
    assert.deepEqual(idx.lookup([u1, a1, { role: 'user', text: 'q2' }, { role: 'assistant', text: 'a2' }, { role: 'user', text: 'q3' }], ws), {
      chatId: 'chat-1',
      consumed: 4,
    });
  });

  it('two forks of one chat sent at the same time: only the first continues the CLI chat until its turn ends', () => {
    const idx = new ConversationIndex();
    const base = [
      { role: 'user' as const, text: 'q1' },
      { role: 'assistant' as const, text: 'a1' },
    ];
    idx.record(base, 'chat-1', ws);
    const forkA = idx.claim([...base, { role: 'user', text: 'fork A' }], ws);
    assert.deepEqual(forkA, { chatId: 'chat-1', consumed: 2 });
    assert.equal(idx.claim([...base, { role: 'user', text: 'fork B' }], ws), undefined, 'the second fork must start a fresh chat');
    idx.release('chat-1');
    // Fork A's turn ended without being recorded (e.g. failed before the CLI answered): the chat is free again.
    assert.deepEqual(idx.claim([...base, { role: 'user', text: 'fork B' }], ws), { chatId: 'chat-1', consumed: 2 });
  });

  it('never resumes a chat whose last turn was cancelled or failed', () => {
    const idx = new ConversationIndex();
    idx.record(
      [
        { role: 'user', text: 'hi' },
        { role: 'assistant', text: 'hello' },
      ],
      'chat-1',
      ws,
    );
    idx.retire('chat-1');
    assert.equal(
      idx.lookup(
        [
          { role: 'user', text: 'hi' },
          { role: 'assistant', text: 'hello' },
          { role: 'user', text: 'more' },
        ],
        ws,
      ),
      undefined,
    );
  });

  it('stays bounded', () => {
    const idx = new ConversationIndex(10);
    for (let i = 0; i < 100; i++)
      idx.record(
        [
          { role: 'user', text: String(i) },
          { role: 'assistant', text: 'a' },
        ],
        `c${i}`,
        ws,
      );
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
    assert.deepEqual(reloaded.lookup([u1, a1, { role: 'user', text: 'q2' }, { role: 'assistant', text: 'a2' }, { role: 'user', text: 'q3' }], ws), {
      chatId: 'chat-1',
      consumed: 4,
    });
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
    for (let i = 0; i < 100; i++)
      idx.record(
        [
          { role: 'user', text: String(i) },
          { role: 'assistant', text: 'a' },
        ],
        `c${i}`,
        ws,
      );
    assert.equal((store.get(CONVERSATION_INDEX_KEY) as unknown[]).length, 10);
    assert.equal(new ConversationIndex(10, store).size, 10);
  });
});

describe('ConversationIndex: the stored record at its edges (issue 20, item 3)', () => {
  const ws = '/work/project';
  const turn = (i: number) => [
    { role: 'user' as const, text: `question ${i}` },
    { role: 'assistant' as const, text: `answer ${i}` },
  ];
  const more = (i: number) => [...turn(i), { role: 'user' as const, text: 'and then?' }];
  const storedChars = (store: MemoryStore) => JSON.stringify(store.get(CONVERSATION_INDEX_KEY)).length;

  it('after a reload still knows which conversation ran on ACP (its follow-up loads the ACP session, not --resume)', () => {
    const store = new MemoryStore();
    const idx = new ConversationIndex(500, store);
    idx.record(turn(1), 'acp-session-1', ws, 'acp');
    idx.record(turn(2), 'print-chat-2', ws);
    const reloaded = new ConversationIndex(500, store);
    assert.deepEqual(reloaded.lookup(more(1), ws), { chatId: 'acp-session-1', backend: 'acp', consumed: 2 });
    assert.deepEqual(reloaded.lookup(more(2), ws), { chatId: 'print-chat-2', consumed: 2 });
  });

  it('records no chat id that could not be one the CLI issues (too long, path-like, an option)', () => {
    const store = new MemoryStore();
    const idx = new ConversationIndex(500, store);
    for (const [i, id] of ['a'.repeat(101), '--force', 'a/../x', 'x.y', 'a:b', ''].entries()) idx.record(turn(i), id, ws);
    for (let i = 0; i < 6; i++) assert.equal(idx.lookup(more(i), ws), undefined, `chat ${i} is resumable`);
    assert.ok(!JSON.stringify(store.get(CONVERSATION_INDEX_KEY) ?? []).includes('force'));
  });

  it('one damaged stored entry costs only itself: every other chat still resumes, and an edited one still does not', () => {
    const store = new MemoryStore();
    const idx = new ConversationIndex(500, store);
    idx.record(turn(1), 'chat-1', ws);
    idx.record(turn(2), 'chat-2', ws);
    idx.record([...turn(2), { role: 'user', text: 'q2b' }, { role: 'assistant', text: 'a2b' }], 'chat-2', ws);
    const saved = store.get(CONVERSATION_INDEX_KEY) as unknown[];
    store.values.set(CONVERSATION_INDEX_KEY, [['x'.repeat(1_000_000), 'f'.repeat(64)], 42, ['chat-9'], ...saved]);
    const reloaded = new ConversationIndex(500, store);
    assert.deepEqual(reloaded.lookup(more(1), ws), { chatId: 'chat-1', consumed: 2 });
    // chat-2 holds the turn an edit of "q2b" threw away: it must not be resumed for the edited conversation.
    assert.equal(reloaded.lookup([...turn(2), { role: 'user', text: 'q2b edited' }], ws), undefined);
  });

  it('stays under 100 KB in the workspace storage whatever ids the CLI sends, and keeps the latest chats', () => {
    const store = new MemoryStore();
    const idx = new ConversationIndex(500, store);
    for (let i = 0; i < 600; i++) idx.record(turn(i), `${String(i).padStart(4, '0')}${'b'.repeat(96)}`, ws, i % 2 ? 'acp' : 'print');
    for (let i = 0; i < 50; i++) idx.record(turn(1000 + i), `c${i}-${'z'.repeat(1_000_000)}`, ws);
    assert.ok(storedChars(store) < 100_000, `${storedChars(store)} characters stored`);
    const reloaded = new ConversationIndex(500, store);
    assert.equal(reloaded.lookup(more(599), ws)?.chatId, `0599${'b'.repeat(96)}`);
    assert.equal(reloaded.lookup(more(0), ws), undefined, 'the oldest chat was kept past the bound');
  });

  it('stays under 100 KB even when it may keep more chats than fit (the oldest go first)', () => {
    const store = new MemoryStore();
    const idx = new ConversationIndex(1_000, store);
    for (let i = 0; i < 1_000; i++) idx.record(turn(i), `${String(i).padStart(4, '0')}${'b'.repeat(96)}`, ws, 'acp');
    assert.ok(storedChars(store) < 100_000, `${storedChars(store)} characters stored`);
    assert.equal(new ConversationIndex(1_000, store).lookup(more(999), ws)?.chatId, `0999${'b'.repeat(96)}`);
  });

  it('reads the conversations saved by the earlier version of the index, and drops the old turn-count record', () => {
    const store = new MemoryStore();
    // What the earlier version saved for chat-1 holding turn(1) (its heads entry is the same transcript hash).
    const probe = new MemoryStore();
    new ConversationIndex(500, probe).record(turn(1), 'chat-1', ws, 'acp');
    const [, hash] = (probe.get(CONVERSATION_INDEX_KEY) as Array<[string, string]>)[0]!;
    store.values.set('cursorAgent.conversationIndex.v1', {
      byPrefix: [[hash, 'chat-1']],
      heads: [
        [hash, 'x'],
        ['chat-1', hash],
      ],
      backends: [['chat-1', 'acp']],
    });
    store.values.set('cursorAgent.chatLedger.v1', [['chat-1', 2]]);
    const migrated = new ConversationIndex(500, store);
    assert.deepEqual(migrated.lookup(more(1), ws), { chatId: 'chat-1', backend: 'acp', consumed: 2 });
    assert.equal(store.values.get('cursorAgent.chatLedger.v1'), undefined);
    assert.equal(store.values.get('cursorAgent.conversationIndex.v1'), undefined);
  });
});
