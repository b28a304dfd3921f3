import * as assert from 'node:assert/strict';
import { composeTurnPrompt } from '../../../src/services/engine/turnPrompt';

describe('turn planning', () => {
  it('sends only the new message when the CLI chat can be resumed, keeping the full prompt as fallback', () => {
    const p = composeTurnPrompt({
      history: [
        { role: 'user', text: 'first question' },
        { role: 'assistant', text: 'first answer' },
      ],
      message: 'second',
      references: [],
      resumeChatId: 'c1',
    });
    assert.ok(!p.prompt.includes('first question'));
    assert.match(p.prompt, /second/);
    assert.equal(p.resume?.chatId, 'c1');
    assert.match(p.resume!.fallbackPrompt, /first question[\s\S]*first answer[\s\S]*second/);
  });

  it('folds the history into a fresh chat when there is nothing to resume', () => {
    const p = composeTurnPrompt({
      history: [
        { role: 'user', text: 'q1' },
        { role: 'assistant', text: 'a1' },
      ],
      message: 'q2',
      references: [],
    });
    assert.equal(p.resume, undefined);
    assert.match(p.prompt, /q1[\s\S]*a1[\s\S]*q2/);
  });
});
