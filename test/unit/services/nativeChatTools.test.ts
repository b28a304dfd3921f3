/** Which of VS Code's own chat UI @cursor drives (its to-do list, its question carousel), decided in one place. */
import * as assert from 'node:assert/strict';
import { NATIVE_QUESTION_TOOL, NATIVE_TODO_TOOL, nativeChatPaths } from '../../../src/services/chatUi/nativeChatTools';

const both = [NATIVE_TODO_TOOL, NATIVE_QUESTION_TOOL, 'copilot_readFile'];
const facts = (o: Partial<Parameters<typeof nativeChatPaths>[0]> = {}) => ({ version: '1.139.1', tools: both, enabled: true, hasToken: true, ...o });

describe("VS Code's own to-do list and question carousel for @cursor", () => {
  it('on 1.110 and 1.139, where VS Code lists both tools, a participant request uses both', () => {
    for (const version of ['1.110.0', '1.139.1', '1.140.0-insider'])
      assert.deepEqual(nativeChatPaths(facts({ version })), { todos: 'native', questions: 'carousel' }, version);
  });

  it('a VS Code that does not list a tool keeps that one in the answer (checklist, buttons)', () => {
    assert.deepEqual(nativeChatPaths(facts({ tools: [NATIVE_TODO_TOOL] })), { todos: 'native', questions: 'buttons' });
    assert.deepEqual(nativeChatPaths(facts({ tools: [NATIVE_QUESTION_TOOL] })), { todos: 'checklist', questions: 'carousel' });
  });

  it('below the versions seen to work, with the setting off, or without a request token: the answer keeps both', () => {
    const inAnswer = { todos: 'checklist', questions: 'buttons' };
    assert.deepEqual(nativeChatPaths(facts({ version: '1.109.3' })), inAnswer);
    assert.deepEqual(nativeChatPaths(facts({ enabled: false })), inAnswer);
    assert.deepEqual(nativeChatPaths(facts({ hasToken: false })), inAnswer);
  });
});
