// The agent's questions (ACP `cursor/ask_question`) in the chat: the user sees the question, clicks, and the
// agent gets exactly that answer; Skip, Stop, and callers that cannot answer; escaped, bounded input.
import * as assert from 'assert';
import * as vscode from 'vscode';
import { activateApi, renderedAnswer, waitFor } from '../helpers';
import { askTool } from '../askTool';
import { chatRequest, lmRequest } from '../requests';
import { acpFake, acpReady, freshAgents, setUserSetting } from './support';

type Msg = Record<string, unknown>;

/**
 * The answers @cursor gave to the fake's `cursor/ask_question` requests, each keyed by its process and request id.
 * The fake's log is read per process in file-name (pid) order, not in time order: compare keys, never positions.
 */
function questionAnswers(): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [pid, lines] of acpFake().acpLog()) {
    for (const q of lines.filter((l) => l.dir === 'out' && l.msg.method === 'cursor/ask_question')) {
      const a = lines.find((l) => l.dir === 'in' && l.msg.method === undefined && l.msg.id === q.msg.id);
      out.set(`${pid}:${String(q.msg.id)}`, a ? (a.msg.result as Msg | undefined) : 'unanswered');
    }
  }
  return out;
}

/** The answers to questions asked since `before` was read. */
function answersSince(before: Map<string, unknown>): unknown[] {
  return [...questionAnswers()].filter(([k]) => !before.has(k)).map(([, v]) => v);
}

/** Clicks the open question's button titled `title` (what the chat does: the command with the button's opaque id). */
async function click(title: string): Promise<void> {
  const api = await activateApi();
  await waitFor(`a "${title}" button`, () => api.openQuestionButtons().some((b) => b.title === title));
  const b = api.openQuestionButtons().find((x) => x.title === title)!;
  await vscode.commands.executeCommand('cursorAgent.answerQuestion', b.id);
}

const answered = (questionId: string, ...ids: string[]) => ({ outcome: { outcome: 'answered', answers: [{ questionId, selectedOptionIds: ids }] } });

describe("The agent's questions in the chat (ACP)", function () {
  this.timeout(40_000);
  before(async function () {
    this.timeout(30_000);
    await acpReady();
    // The buttons: where VS Code's own question carousel is not used (it is by default: 15-native-todos, the UI tier).
    await setUserSetting('nativeChatUi', false);
    // What this VS Code offers a participant (the native question carousel and to-do list are core tools, if listed).
    const core = vscode.lm.tools.map((t) => t.name).filter((n) => /askQuestions|todo/i.test(n));
    console.log(`[questions] VS Code ${vscode.version} lists to participants: ${JSON.stringify(core)}`);
  });
  after(() => setUserSetting('nativeChatUi', undefined));

  it('a person sees the question, clicks an option, and the agent gets exactly that answer and goes on', async () => {
    await freshAgents({ turn: { kind: 'ask', preset: 'one', text: 'Planning with' } });
    const before = questionAnswers();
    const pending = chatRequest('Plan a database layer. q-one');
    await click('SQLite');
    const r = await pending;
    assert.strictEqual(r.errorDetails, undefined, JSON.stringify(r));
    assert.deepStrictEqual(answersSince(before), [answered('db', 'o2')]);
    const shown = await renderedAnswer();
    assert.match(shown, /\*\*Before I plan\*\*/);
    assert.match(shown, /Which database\?/);
    assert.match(shown, /You chose: SQLite/, 'what the user chose is not readable in the chat');
    assert.match(shown, /Planning with answered db=o2\.$/);
  });

  it('several options where the question allows it, then Done', async () => {
    await freshAgents({ turn: { kind: 'ask', preset: 'multi', text: 'Targets:' } });
    const before = questionAnswers();
    const pending = chatRequest('Which platforms? q-multi');
    await click('Linux');
    await click('Windows');
    await click('Done');
    await pending;
    assert.deepStrictEqual(answersSince(before), [answered('os', 'o1', 'o3')]);
    assert.match(await renderedAnswer(), /You chose: Linux, Windows[\s\S]*Targets: answered os=o1\+o3\.$/);
  });

  it('Skip sends "skipped" and the turn goes on', async () => {
    await freshAgents({ turn: { kind: 'ask', preset: 'several', text: 'Fine:' } });
    const before = questionAnswers();
    const pending = chatRequest('Plan it. q-skip');
    await click('Skip');
    await pending;
    assert.deepStrictEqual(answersSince(before), [{ outcome: { outcome: 'skipped', reason: 'The user skipped the question.' } }]);
    assert.match(await renderedAnswer(), /Skipped\.[\s\S]*Fine: skipped: The user skipped the question\.\.$/);
  });

  it('Stop while the question waits sends "cancelled" and ends the turn; its buttons then do nothing', async () => {
    await freshAgents({ turn: { kind: 'ask', preset: 'one', text: 'Never said' } });
    const before = questionAnswers();
    const api = await activateApi();
    const pending = chatRequest('Plan it. q-stop');
    await waitFor('the question', () => api.openQuestionButtons().length > 0);
    await vscode.commands.executeCommand('workbench.action.chat.cancel');
    const r = await pending;
    assert.strictEqual(r.metadata?.errorKind, undefined, JSON.stringify(r));
    await waitFor('the cancelled answer', () => answersSince(before).some((a) => a !== 'unanswered'));
    assert.deepStrictEqual(answersSince(before), [{ outcome: { outcome: 'cancelled' } }]);
    assert.deepStrictEqual(api.openQuestionButtons(), []);
  });

  it("markup and command links in the agent's question are shown as text, never as links", async () => {
    await freshAgents({ turn: { kind: 'ask', preset: 'markup', text: 'Ok' } });
    const pending = chatRequest('Ask something odd. q-markup');
    await click('$\u200b(gear) <b>html</b> second line');
    await pending;
    const shown = await renderedAnswer();
    // Copy All lists button titles too (1.110): a button's title is a plain label, never markdown.
    const markdown = shown.replace('\n[x](command:workbench.action.reloadWindow)\n', '\n');
    assert.ok(!/\]\(command:/.test(markdown.replace(/\\\]\\\(command/g, '')), `a command link reached the chat: ${shown}`);
    assert.match(shown, /\\\[run\\\]\\\(command\\:cursorAgent/);
  });

  it('a vscode.lm caller and a #cursor call get "skipped" at once, and their turns complete', async () => {
    await freshAgents({ turn: { kind: 'ask', preset: 'one', text: 'Guessed:' } });
    const before = questionAnswers();
    const o = await lmRequest('Plan it. q-lm');
    assert.match(o.text, /Guessed: skipped: .+\.$/);
    const t = await askTool({ question: 'Plan it. q-tool' });
    assert.match(t.text ?? '', /Guessed: skipped: .+\./);
    const answers = answersSince(before) as Array<{ outcome: { outcome: string } }>;
    assert.deepStrictEqual(
      answers.map((a) => a.outcome.outcome),
      ['skipped', 'skipped'],
    );
  });
});
