import * as assert from 'node:assert/strict';
import { CHAT_LEDGER_KEY, ChatLedger } from '../../../src/services/chatLedger';
import { MemoryStore } from '../helpers/memoryStore';

describe('ChatLedger (@cursor resumes only a CLI chat that matches the visible history)', () => {
  it('resumes when the chat holds exactly the turns the last answer recorded', () => {
    const l = new ChatLedger();
    l.record('c1', 2);
    assert.equal(l.canResume('c1', 2), true);
  });
  it('does not resume after a retry or an edit removed turns the chat still holds', () => {
    const l = new ChatLedger();
    l.record('c1', 3);
    assert.equal(l.canResume('c1', 2), false);
    assert.equal(l.canResume('c1', undefined), false);
  });
  it('trusts a chat it has no record of (made before the record existed, or dropped from it)', () => {
    assert.equal(new ChatLedger().canResume('c9', 4), true);
  });
  it('after a window reload, still refuses to resume a chat an edit or retry left behind', () => {
    const store = new MemoryStore();
    new ChatLedger(1000, store).record('c1', 3);
    const reloaded = new ChatLedger(1000, store);
    assert.equal(reloaded.canResume('c1', 2), false);
    assert.equal(reloaded.canResume('c1', 3), true);
  });
  it('keeps its stored record bounded and ignores a damaged one', () => {
    const store = new MemoryStore();
    const l = new ChatLedger(5, store);
    for (let i = 0; i < 50; i++) l.record(`c${i}`, i);
    assert.equal((store.get(CHAT_LEDGER_KEY) as unknown[]).length, 5);
    assert.equal(new ChatLedger(5, store).canResume('c49', 48), false);
    store.values.set(CHAT_LEDGER_KEY, { not: 'a ledger' });
    assert.equal(new ChatLedger(5, store).canResume('c49', 48), true);
  });
});
