import * as assert from 'node:assert/strict';
import { ConversationIndex, type PlainMessage } from '../../../src/services/conversation/conversationIndex';
import { beginConversationTurn } from '../../../src/services/conversation/conversationTurn';

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
