import * as assert from 'node:assert/strict';
import { boundAnswerText, MAX_ANSWER_TEXT_CHARS, readResultMetadata } from '../../../src/services/conversation/resultMetadata';

describe('answer metadata read back from VS Code', () => {
  it('keeps valid fields and drops a session id that could not be a chat id', () => {
    assert.deepEqual(readResultMetadata({ cursorSessionId: '--force', model: 'gpt-5', answerText: 'x', workspace: '/w' }), {
      model: 'gpt-5',
      answerText: 'x',
      workspace: '/w',
    });
    assert.deepEqual(readResultMetadata({ cursorSessionId: 'b2c3-uuid', answerText: 42, model: -1 }), { cursorSessionId: 'b2c3-uuid' });
    for (const pathLike of ['a/../../../x', 'x.y', 'a:b', 'a'.repeat(101)]) {
      assert.deepEqual(readResultMetadata({ cursorSessionId: pathLike, answerText: 'x' }), { answerText: 'x' }, pathLike);
    }
    assert.deepEqual(readResultMetadata(undefined), {});
    // Saved with the chat history: an answer of megabytes comes back bounded.
    const huge = readResultMetadata({ answerText: 'a'.repeat(5_000_000) }).answerText ?? '';
    assert.ok(huge.length <= MAX_ANSWER_TEXT_CHARS && huge.startsWith('aaa') && huge.endsWith('(answer cut)'), `${huge.length} characters kept`);
    assert.equal(boundAnswerText('short answer'), 'short answer');
    assert.deepEqual(readResultMetadata('garbage'), {});
  });
});
