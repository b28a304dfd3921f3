// VS Code's own to-do list and question carousel for @cursor (issue 38): the agent's to-dos are in the list
// VS Code holds for that chat (read back through VS Code's own tool), in their final state; a question goes to
// VS Code's carousel (answered by a person's clicks: the UI tier, test/ui/steps/nativeSteps.ts), Stop there sends
// "cancelled"; what the carousel cannot ask, and the setting off, stay in the answer (buttons, checklist).
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { FakeAcpTurn } from '../../fixtures/acp/scenario';
import { activateApi, renderedAnswer, waitFor } from '../helpers';
import { chatRequest, logMark, waitForLog } from '../requests';
import { acpReady, freshAgents, lastQuestionAnswer, setUserSetting } from './support';
import { vscodeTodoList } from './nativeTodoList';

const todo = (id: string, content: string) => ({ id, content, status: 'pending' });

/** create_plan with three pending to-dos, then an update: the first done, the second under way. */
function planTurn(tag: string, first = 'Add the users table'): FakeAcpTurn {
  return {
    kind: 'script',
    steps: [
      { update: { sessionUpdate: 'tool_call', toolCallId: `p-${tag}`, title: 'Create Plan', kind: 'other', status: 'pending', rawInput: {} } },
      {
        ask: 'cursor/create_plan',
        params: {
          toolCallId: `p-${tag}`,
          name: 'Signup',
          overview: 'A signup form.',
          plan: '# Signup\n',
          todos: [todo('t1', first), todo('t2', 'Write the signup handler'), todo('t3', 'Test the signup form')],
        },
      },
      { update: { sessionUpdate: 'tool_call', toolCallId: `u-${tag}`, title: 'Update TODOs', kind: 'other', status: 'pending', rawInput: {} } },
      {
        ask: 'cursor/update_todos',
        params: {
          toolCallId: `u-${tag}`,
          merge: true,
          todos: [
            { id: 't1', status: 'completed' },
            { id: 't2', status: 'in_progress' },
          ],
        },
      },
    ],
    text: `Plan ${tag} ready.`,
  };
}

/** The lines VS Code writes into the answer for each write to its to-do list (1.110 and 1.139). */
const VSCODE_TODO_LINES = /^(?:Created \d+ todos?|Starting: .*|Completed: .*)$/gm;

describe("VS Code's own to-do list and question carousel for @cursor (ACP)", function () {
  this.timeout(60_000);
  before(async function () {
    this.timeout(30_000);
    await acpReady();
  });
  after(() => setUserSetting('nativeChatUi', undefined));

  it("the plan's to-dos are in VS Code's to-do list for that chat, in their final state, and the answer repeats no checklist", async function () {
    await freshAgents({ turn: planTurn('n1') });
    const mark = logMark();
    const r = await chatRequest('Plan the signup. native-1');
    assert.strictEqual(r.errorDetails, undefined, JSON.stringify(r));
    const list = await vscodeTodoList();
    const final = '# Todo List\n\n- [x] Add the users table\n- [-] Write the signup handler\n- [ ] Test the signup form';
    if (list !== final) {
      // A machine so busy that VS Code did not take the last write within the 5 s a turn's end waits: the product's own
      // fallback is the final checklist in the answer (the unit test "VS Code not taking the last write before the turn ends…").
      // That is checked here, and the test reports itself pending: it could not see the native path.
      const late = await waitForLog('[native] VS Code did not take the to-do list in time', mark, 5000).then(
        () => true,
        () => false,
      );
      if (late) {
        assert.match(await renderedAnswer(), /- \[x\] Add the users table/, "neither VS Code's list nor the answer holds the final to-dos");
        this.skip();
      }
    }
    assert.strictEqual(list, final);
    // The answer: the plan as proposed, VS Code's own line for each change of its list, no checklist of the final state.
    const shown = await renderedAnswer();
    // VS Code places its own lines when it takes each write, which can come before or after the text streamed meanwhile
    // (issue 38's note: a known ordering glitch), so each is looked for, not their order.
    for (const part of ['- [ ] Add the users table', 'Created 3 todos', 'Starting: *Write the signup handler* (2/3)'])
      assert.ok(shown.includes(part), `the answer lacks ${JSON.stringify(part)}: ${shown}`);
    // VS Code can also put its line inside text streamed while it took a write: "Plan", its line, " n1 ready." (seen on
    // 1.139, 1 run in 5). The agent's text is all shown, in order, once VS Code's own lines are taken out.
    const agentText = shown.replace(VSCODE_TODO_LINES, '').replace(/\s+/g, ' ');
    assert.ok(agentText.includes('Plan n1 ready.'), `the answer lacks "Plan n1 ready.": ${shown}`);
    assert.ok(!shown.includes('- [x] Add the users table'), `the answer repeats the final checklist: ${shown}`);
  });

  it("a to-do with a command link and 1 MB of text is one short, inert row in VS Code's list", async () => {
    await freshAgents({ turn: planTurn('n2', `[run](command:workbench.action.terminal.new) <img src=x> ${'W'.repeat(1 << 20)}`) });
    await chatRequest('Plan the signup. native-2');
    const first = (await vscodeTodoList()).split('\n')[2] ?? '';
    assert.match(first, /^- \[x\] \[run\] \(command :workbench\.action\.terminal\.new\) <img src=x> W+…$/);
    assert.ok(first.length < 260, `a row of ${first.length} characters`);
  });

  it("with cursorAgent.nativeChatUi off, the to-dos are the answer's checklist and VS Code's list is left alone", async () => {
    await setUserSetting('nativeChatUi', false);
    await freshAgents({ turn: planTurn('n3') });
    await chatRequest('Plan the signup. native-3');
    assert.match(
      await renderedAnswer(),
      /\*\*To-dos\*\*\n\n- \[x\] Add the users table\n- \[ \] \*\*Write the signup handler\*\* \*\(in progress\)\*\n- \[ \] Test the signup form/,
    );
    assert.strictEqual(await vscodeTodoList(), 'No todo list found.');
    await setUserSetting('nativeChatUi', undefined);
  });

  it('Stop while VS Code\'s question carousel waits sends "cancelled" and ends the turn (no buttons in the answer)', async () => {
    await freshAgents({ turn: { kind: 'ask', preset: 'one', text: 'Never said' } });
    const api = await activateApi();
    const mark = logMark();
    const pending = chatRequest('Plan it. native-stop');
    await waitForLog("asked in VS Code's question carousel", mark, 20_000);
    assert.deepStrictEqual(api.openQuestionButtons(), [], 'the question is asked with buttons too');
    await vscode.commands.executeCommand('workbench.action.chat.cancel');
    const r = await pending;
    assert.strictEqual(r.metadata?.errorKind, undefined, JSON.stringify(r));
    await waitFor('the answer to the question', () => lastQuestionAnswer());
    assert.deepStrictEqual(lastQuestionAnswer(), { outcome: { outcome: 'cancelled' } });
  });

  it('a question the carousel cannot take (one option) is asked with buttons, and the click reaches the agent', async () => {
    await freshAgents({ turn: { kind: 'ask', preset: 'single', text: 'Going with' } });
    const api = await activateApi();
    const pending = chatRequest('Plan it. native-single');
    const yes = await waitFor('a "Yes" button', () => api.openQuestionButtons().find((b) => b.title === 'Yes'), 20_000);
    await vscode.commands.executeCommand('cursorAgent.answerQuestion', yes.id);
    await pending;
    assert.deepStrictEqual(lastQuestionAnswer(), { outcome: { outcome: 'answered', answers: [{ questionId: 'go', selectedOptionIds: ['o1'] }] } });
    assert.match(await renderedAnswer(), /You chose: Yes[\s\S]*Going with answered go=o1\.$/);
  });
});
