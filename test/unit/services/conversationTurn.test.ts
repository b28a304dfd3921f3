import * as assert from 'node:assert/strict';
import { ConversationIndex, type PlainMessage } from '../../../src/services/conversation/conversationIndex';
import { beginConversationTurn } from '../../../src/services/conversation/conversationTurn';
import { MemoryStore } from '../../support/memoryStore';

const ws = '/work/project';
const u = (text: string): PlainMessage => ({ role: 'user', text });
const a = (text: string): PlainMessage => ({ role: 'assistant', text });
const on = { resume: true, newMessages: 'last' } as const;

/** An index that knows `chat-1` holds [hi, hello]. */
function indexWithOneChat(): ConversationIndex {
  const idx = new ConversationIndex();
  idx.record([u('hi'), a('hello')], 'chat-1', ws);
  return idx;
}

describe('beginConversationTurn (which Cursor session a conversation continues, for @cursor and vscode.lm)', () => {
  it('continues the session that holds exactly the visible turns, and remembers the answer when the turn is answered', () => {
    const idx = indexWithOneChat();
    const turn = beginConversationTurn(idx, [u('hi'), a('hello'), u('more')], ws, on);
    assert.deepEqual(turn.previous, { backend: 'print', sessionId: 'chat-1' });
    assert.equal(turn.consumed, 2);
    turn.settle('chat-1', 'print', 'sure');
    turn.end();
    const next = beginConversationTurn(idx, [u('hi'), a('hello'), u('more'), a('sure'), u('again')], ws, on);
    assert.deepEqual(next.previous, { backend: 'print', sessionId: 'chat-1' });
    assert.equal(next.consumed, 4);
  });

  it('a chat restored by a quick reload with its last answer lost (shown empty) continues the session that answered it, and sends only the follow-up', () => {
    for (const backend of ['print', 'acp'] as const) {
      const idx = new ConversationIndex();
      // The first question of a new chat was answered, then the window reloaded before VS Code saved the answer.
      idx.record([u('quick question'), a('the answer the user saw before the reload')], 'chat-q', ws, backend);
      const turn = beginConversationTurn(idx, [u('quick question'), u('follow-up')], ws, on);
      assert.deepEqual(turn.previous, { backend, sessionId: 'chat-q' }, `${backend}: a new chat, and the quick question sent again`);
      assert.equal(turn.consumed, 1, 'only the follow-up is new to the session');
      turn.settle('chat-q', backend, 'next answer');
      turn.end();
      // Once that session moved on, the same lost-answer transcript is a branch: fresh.
      assert.equal(beginConversationTurn(idx, [u('quick question'), u('another follow-up')], ws, on).previous, undefined);
    }
    // After a reload of the extension too (the record is read back from the workspace storage).
    const store = new MemoryStore();
    new ConversationIndex(500, store).record([u('hi'), a('hello'), u('quick'), a('lost')], 'chat-r', ws);
    const restored = beginConversationTurn(new ConversationIndex(500, store), [u('hi'), a('hello'), u('quick'), u('then')], ws, on);
    assert.deepEqual(restored.previous, { backend: 'print', sessionId: 'chat-r' });
    assert.equal(restored.consumed, 3);
    // Restored with part of its answer (VS Code saved the response before it ended): the same.
    const partial = new ConversationIndex();
    partial.record([u('quick question'), a('Let me look at the workspace. Here is the whole answer.')], 'chat-p', ws);
    const resumed = beginConversationTurn(partial, [u('quick question'), a('Let me look at the workspace.'), u('follow-up')], ws, on);
    assert.deepEqual(resumed.previous, { backend: 'print', sessionId: 'chat-p' });
    assert.equal(resumed.consumed, 2);
    // Only where the new request alone follows: a longer tail after a differing answer is a branch.
    assert.equal(
      beginConversationTurn(partial, [u('quick question'), a('other'), u('more'), a('x'), u('again')], ws, { resume: true, newMessages: 'any' })
        .previous,
      undefined,
    );
    // A lost answer is no wildcard: another question where the answered one stood does not continue the session.
    assert.equal(beginConversationTurn(new ConversationIndex(500, store), [u('hi'), a('hello'), u('other'), u('then')], ws, on).previous, undefined);
  });

  it('an ACP session continues on ACP', () => {
    const idx = new ConversationIndex();
    idx.record([u('hi'), a('hello')], 'sess-1', ws, 'acp');
    assert.deepEqual(beginConversationTurn(idx, [u('hi'), a('hello'), u('more')], ws, on).previous, { backend: 'acp', sessionId: 'sess-1' });
  });

  it('with `last`, a session that misses more than the new request starts fresh; with `any`, it continues', () => {
    const transcript = [u('hi'), a('hello'), u('aside'), a('not ours'), u('more')];
    const last = beginConversationTurn(indexWithOneChat(), transcript, ws, on);
    assert.equal(last.previous, undefined);
    assert.equal(last.consumed, 0);
    const any = beginConversationTurn(indexWithOneChat(), transcript, ws, { resume: true, newMessages: 'any' });
    assert.deepEqual(any.previous, { backend: 'print', sessionId: 'chat-1' });
    assert.equal(any.consumed, 2);
  });

  it('with `any`, a transcript that ends with the session itself (nothing new) starts fresh', () => {
    const turn = beginConversationTurn(indexWithOneChat(), [u('hi'), a('hello')], ws, { resume: true, newMessages: 'any' });
    assert.equal(turn.previous, undefined);
  });

  it('resumeSessions off: never continues', () => {
    assert.equal(beginConversationTurn(indexWithOneChat(), [u('hi'), a('hello'), u('more')], ws, { ...on, resume: false }).previous, undefined);
  });

  it('a session is held until its turn ends: a second fork sent meanwhile starts fresh, and after end() it continues again', () => {
    const idx = indexWithOneChat();
    const first = beginConversationTurn(idx, [u('hi'), a('hello'), u('one')], ws, on);
    assert.ok(first.previous);
    assert.equal(beginConversationTurn(idx, [u('hi'), a('hello'), u('two')], ws, on).previous, undefined);
    first.end();
    first.end();
    assert.ok(beginConversationTurn(idx, [u('hi'), a('hello'), u('three')], ws, on).previous);
  });

  it('a turn that did not fit releases its claim at once (another request may continue the session)', () => {
    const idx = indexWithOneChat();
    beginConversationTurn(idx, [u('hi'), a('hello'), u('aside'), a('x'), u('more')], ws, on);
    assert.ok(beginConversationTurn(idx, [u('hi'), a('hello'), u('more')], ws, on).previous);
  });

  it('a cancelled or failed turn retires its session: never resumed, whatever the history shows', () => {
    const idx = indexWithOneChat();
    const turn = beginConversationTurn(idx, [u('hi'), a('hello'), u('more')], ws, on);
    turn.settle('chat-1', 'print', undefined);
    turn.end();
    assert.equal(idx.size, 0);
    assert.equal(beginConversationTurn(idx, [u('hi'), a('hello'), u('more')], ws, on).previous, undefined);
  });

  it('the record is per folder, and a turn without a session records nothing', () => {
    const idx = indexWithOneChat();
    assert.equal(beginConversationTurn(idx, [u('hi'), a('hello'), u('more')], '/work/other', on).previous, undefined);
    beginConversationTurn(idx, [u('x')], ws, on).settle(undefined, 'print', 'y');
    assert.equal(idx.size, 1);
  });
});
