// The agent's question as a person sees it (issue 47 item 6): a question written as a Markdown document (a heading
// first, a table, an image, links) is plain text in VS Code's question carousel, its options in sight without
// scrolling; and in the buttons of the fallback. A carousel the person closes (its close button) sends "skipped"
// once: the question is never asked again with buttons. Read and clicked in the workbench page (test/host/page.ts).
import * as assert from 'assert';
import * as vscode from 'vscode';
import { activateApi, renderedAnswer, waitFor } from '../helpers';
import { pageClick, pageEval } from '../page';
import { chatRequest, logMark, waitForLog } from '../requests';
import { acpReady, freshAgents, lastQuestionAnswer, setUserSetting } from './support';

const CAROUSEL = '.chat-question-carousel-widget-container';

interface Seen {
  /** Markup elements in the question's text: headings, tables, images, links. */
  markup: string[];
  text: string;
  /** Each option, and whether it is in sight: inside the window and every box that clips it. */
  options: Array<{ text: string; inSight: boolean }>;
}

/** The open carousel's question and options as the page shows them (undefined until it shows its options). */
const SEEN_IN_CAROUSEL = `(() => {
  const open = [...document.querySelectorAll('${CAROUSEL}')].filter((e) => e.getClientRects().length > 0 && !e.querySelector('.chat-question-carousel-used'));
  const c = open.at(-1);
  const title = c?.querySelector('.chat-question-title');
  const options = c ? [...c.querySelectorAll('.chat-question-list-item')] : [];
  if (!title || options.length === 0) return undefined;
  const inSight = (el) => {
    const r = el.getBoundingClientRect();
    if (r.height <= 0 || r.top < 0 || r.bottom > window.innerHeight) return false;
    for (let p = el.parentElement; p; p = p.parentElement) {
      if (!/auto|scroll|hidden/.test(getComputedStyle(p).overflowY)) continue;
      const q = p.getBoundingClientRect();
      if (r.top < q.top - 1 || r.bottom > q.bottom + 1) return false;
    }
    return true;
  };
  return {
    markup: [...title.querySelectorAll('h1,h2,h3,h4,h5,h6,table,img,a')].map((e) => e.tagName),
    text: (title.textContent ?? '').replace(/\\s+/g, ' ').trim(),
    options: options.map((o) => ({ text: (o.textContent ?? '').replace(/\\s+/g, ' ').trim(), inSight: inSight(o) })),
  };
})()`;

/** Headings, tables, images and links in the last answer of the chat panel, as rendered. */
const MARKUP_IN_LAST_ANSWER = `(() => {
  const answers = [...document.querySelectorAll('.interactive-response .rendered-markdown')].filter((e) => e.getClientRects().length > 0);
  const last = answers.at(-1)?.closest('.interactive-response');
  return last ? [...last.querySelectorAll('.rendered-markdown :is(h1,h2,h3,h4,h5,h6,table,img)')].map((e) => e.tagName) : undefined;
})()`;

/** The turn's answer, once the chat panel shows it ending with `end` (the carousel's confirmation hands `chatRequest` back before the turn ends). */
function answerEnding(end: string): Promise<string> {
  return waitFor(
    `the answer ending "${end}"`,
    async () => {
      const answer = await renderedAnswer().catch(() => '');
      return answer.endsWith(end) ? answer : undefined;
    },
    20_000,
    200,
  );
}

describe("The agent's question as a person sees it: plain text, options in sight (ACP)", function () {
  this.timeout(60_000);
  before(async function () {
    this.timeout(30_000);
    await acpReady();
  });
  afterEach(async function () {
    // A test that failed with its question open: Stop, so the next test's chat is not held behind it.
    if (this.currentTest?.state !== 'failed') return;
    await vscode.commands.executeCommand('workbench.action.chat.cancel');
    await waitFor('the question to be answered', () => lastQuestionAnswer(), 5000).catch(() => undefined);
  });

  it("a question starting with a heading shows in VS Code's carousel as plain text, both options in sight, and a click answers it", async () => {
    await freshAgents({ turn: { kind: 'ask', preset: 'heading', text: 'Planning with' } });
    const mark = logMark();
    void chatRequest('Plan the storage. q-heading-carousel');
    await waitForLog("asked in VS Code's question carousel", mark, 20_000);
    const seen = await waitFor('the carousel with its options', () => pageEval<Seen | null>(SEEN_IN_CAROUSEL), 20_000, 200);
    assert.deepStrictEqual(seen.markup, [], `the question is rendered as markup: ${JSON.stringify(seen)}`);
    assert.match(seen.text, /^# Storage engines We need one for the users table\. \| engine \| speed \|.*!\[diagram\].*Which database\?/, seen.text);
    assert.deepStrictEqual(
      seen.options.map((o) => [o.text.replace(/^\d+\s*/, ''), o.inSight]),
      [
        ['Postgres', true],
        ['SQLite', true],
      ],
      JSON.stringify(seen),
    );
    await pageClick(`${CAROUSEL} .chat-question-list-item:has-text("SQLite")`);
    // 1.139 submits a single choice at once; 1.110 shows Submit.
    const submit = `${CAROUSEL} :is(.chat-question-nav-submit, .chat-question-submit-button)`;
    if (await pageEval<boolean>(`[...document.querySelectorAll('${submit}')].some((e) => e.getClientRects().length > 0)`)) await pageClick(submit);
    await answerEnding('Planning with answered db=o2.');
    assert.deepStrictEqual(lastQuestionAnswer(), { outcome: { outcome: 'answered', answers: [{ questionId: 'db', selectedOptionIds: ['o2'] }] } });
  });

  it('a carousel the person closes sends "skipped" once: the question is not asked again with buttons, and the turn completes', async () => {
    await freshAgents({ turn: { kind: 'ask', preset: 'one', text: 'Went on:' } });
    const api = await activateApi();
    const mark = logMark();
    void chatRequest('Plan it. q-dismiss');
    await waitForLog("asked in VS Code's question carousel", mark, 20_000);
    await waitFor('the carousel with its options', () => pageEval<Seen | null>(SEEN_IN_CAROUSEL), 20_000, 200);
    await pageClick(`${CAROUSEL} .chat-question-close`);
    // Either the agent has its answer, or the question came back as buttons (what must not happen).
    await waitFor(
      'the answer to the question, or buttons',
      () => lastQuestionAnswer() ?? (api.openQuestionButtons().length > 0 || undefined),
      20_000,
    );
    assert.deepStrictEqual(api.openQuestionButtons(), [], 'the closed question is asked again with buttons');
    // 1.110 and 1.139 both end a closed carousel's tool call with every question skipped (no error).
    assert.deepStrictEqual(lastQuestionAnswer(), { outcome: { outcome: 'skipped', reason: 'The user skipped the question.' } });
    await answerEnding('Went on: skipped: The user skipped the question..');
  });

  it('with buttons (cursorAgent.nativeChatUi off), the same question is plain text in the answer, and a click answers it', async () => {
    await setUserSetting('nativeChatUi', false);
    try {
      await freshAgents({ turn: { kind: 'ask', preset: 'heading', text: 'Planning with' } });
      const api = await activateApi();
      const pending = chatRequest('Plan the storage. q-heading-buttons');
      const sqlite = await waitFor('a "SQLite" button', () => api.openQuestionButtons().find((b) => b.title === 'SQLite'), 20_000);
      assert.deepStrictEqual(await pageEval<string[] | null>(MARKUP_IN_LAST_ANSWER), [], 'the question is rendered as markup in the answer');
      await vscode.commands.executeCommand('cursorAgent.answerQuestion', sqlite.id);
      const r = await pending;
      assert.strictEqual(r.errorDetails, undefined, JSON.stringify(r));
      assert.deepStrictEqual(lastQuestionAnswer(), { outcome: { outcome: 'answered', answers: [{ questionId: 'db', selectedOptionIds: ['o2'] }] } });
      assert.match(await renderedAnswer(), /\\# Storage engines We need one for the users table\\\. \\\| engine/);
      assert.deepStrictEqual(await pageEval<string[] | null>(MARKUP_IN_LAST_ANSWER), []);
    } finally {
      await setUserSetting('nativeChatUi', undefined);
    }
  });
});
