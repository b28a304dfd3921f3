/** How /resume and /commands read: agent text as plain text, relative times, the recap line, the queries the buttons start. */
import * as assert from 'node:assert/strict';
import { commandLine, pastChatLine, plainText, recapMarkdown, relativeTime, resumeQuery } from '../../../src/services/answer/pastChatsView';

const NOW = Date.UTC(2026, 5, 15, 12);
const chat = { id: '351d70d2-a44d-4b4f-b200-2d8e80297a02', cwd: '/w', title: 'Fix *the* [link](http://x) <b>', updatedAt: NOW - 3 * 3_600_000 };

describe('past chats and commands as the chat shows them', () => {
  it('agent-given text is plain text: no emphasis, link, html or line break gets through', () => {
    assert.equal(
      plainText('a *b* _c_ [d](e) <f> `g` #h\n- i &lt; $x$ |'),
      'a \\*b\\* \\_c\\_ \\[d\\]\\(e\\) \\<f\\> \\`g\\` \\#h - i \\&lt; \\$x\\$ \\|',
    );
  });

  it('times read as people say them', () => {
    const cases: Array<[number, string]> = [
      [10_000, 'just now'],
      [60_000, '1 minute ago'],
      [5 * 60_000, '5 minutes ago'],
      [3 * 3_600_000, '3 hours ago'],
      [30 * 3_600_000, 'yesterday'],
      [4 * 86_400_000, '4 days ago'],
      [65 * 86_400_000, '2 months ago'],
      [400 * 86_400_000, '1 year ago'],
      [-5000, 'just now'],
    ];
    for (const [ago, text] of cases) assert.equal(relativeTime(NOW - ago, NOW), text, String(ago));
    assert.equal(relativeTime(undefined, NOW), '');
  });

  it('a listed chat: its title as plain text and when; the button starts `@cursor /resume <id> `', () => {
    assert.equal(pastChatLine(chat, NOW, false), '- **Fix \\*the\\* \\[link\\]\\(http\\://x\\) \\<b\\>** · 3 hours ago\n');
    assert.equal(resumeQuery(chat.id), '@cursor /resume 351d70d2-a44d-4b4f-b200-2d8e80297a02 ');
  });

  it('the recap names the chat and its last exchange, escaped', () => {
    assert.equal(
      recapMarkdown(chat, NOW, { asked: 'What is *foo*?', answered: 'A `helper`.' }),
      '*Continuing the Cursor chat **Fix \\*the\\* \\[link\\]\\(http\\://x\\) \\<b\\>** (3 hours ago). ' +
        'Last time you asked “What is \\*foo\\*?”; Cursor answered “A \\`helper\\`.”.*\n\n',
    );
    assert.equal(
      recapMarkdown({ ...chat, updatedAt: undefined }, NOW),
      '*Continuing the Cursor chat **Fix \\*the\\* \\[link\\]\\(http\\://x\\) \\<b\\>**.*\n\n',
    );
  });

  it('an agent command: its name, hint and description as plain text', () => {
    assert.equal(
      commandLine({ name: 'review-pr', description: 'Review a *PR*', hint: 'number' }),
      '- **/review-pr** \\<number\\>: Review a \\*PR\\*\n',
    );
  });
});
