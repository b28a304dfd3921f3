// @cursor and vscode.lm answer through `cursor-agent acp` (the default backend, auto, with a CLI
// that supports it): exact text for every capture, warm sessions, read-only, agent requests.
import * as assert from 'assert';
import * as vscode from 'vscode';
import { answerTextOf, CAPTURES, readCapture } from '../../fixtures/acp/captures';
import { chatRequest, lmRequest, assertLmAnswer, userMessage, logMark, waitForLog } from '../requests';
import { activateApi, fakeAnswer, renderedAnswer, waitFor } from '../helpers';
import {
  acpFake,
  acpProcesses,
  answerTo,
  freshAgents,
  printTurnsSince,
  promptsSent,
  setUserSetting,
  unansweredAgentRequests,
  acpReady,
} from './support';

/** What the chat shows is the streamed text; a new paragraph may start after a tool call. */
const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

/**
 * The plan the create-plan capture proposes, as the user reads it: its name as a heading, the
 * overview and the plan as the agent wrote them, then the to-dos as a checklist (as plain text:
 * `__tests__` is not bold). Written out, not built with the product's planMarkdown().
 */
function createPlanText(file: string): string {
  const ask = readCapture(file).find((l) => l.dir === 'in' && l.msg.method === 'cursor/create_plan');
  const params = (ask?.msg.params ?? {}) as { overview?: string; plan?: string };
  assert.ok(params.overview && params.plan, `no cursor/create_plan in ${file}`);
  return [
    '## Hello World Function',
    params.overview,
    params.plan.trim(),
    '**To-dos**',
    [
      '- [ ] Create src/utils/hello-world.ts with exported helloWorld(name?)',
      '- [ ] Add src/\\_\\_tests\\_\\_/hello-world.test.ts covering default and custom name',
      '- [ ] Run npm run typecheck and vitest on the new test file',
    ].join('\n'),
  ].join('\n\n');
}

/** What a vscode.lm caller gets for a capture: the streamed text, then the plan the agent proposed (if it did). */
function lmTextOf(file: string): string {
  return file === CAPTURES.createPlan ? `${answerTextOf(file)}\n\n${createPlanText(file)}\n\n` : answerTextOf(file);
}

describe('answers through cursor-agent acp', function () {
  this.timeout(30_000);
  before(async function () {
    this.timeout(30_000);
    await acpReady();
  });

  for (const [name, file] of [
    ['create-plan', CAPTURES.createPlan],
    ['ask-question', CAPTURES.askQuestion],
  ] as const) {
    it(`vscode.lm answers the ${name} capture through ACP with exactly its streamed text (and the plan it proposed), no print-mode run`, async () => {
      await freshAgents({ turn: { kind: 'capture', file } });
      const since = acpFake().invocations().length;
      const prompt = `Replay ${name}. lm-${name}`;
      const o = await lmRequest(prompt);
      assertLmAnswer(o, lmTextOf(file));
      assert.strictEqual(printTurnsSince(since), 0, 'a print-mode turn ran');
      assert.ok(
        promptsSent().some((p) => p.endsWith(prompt)),
        'the prompt was not sent over ACP',
      );
      assert.deepStrictEqual(unansweredAgentRequests(), []);
    });

    it(`@cursor answers the ${name} capture through ACP with its streamed text`, async () => {
      await freshAgents({ turn: { kind: 'capture', file } });
      const since = acpFake().invocations().length;
      const r = await chatRequest(`Replay ${name}. chat-${name}`);
      assert.strictEqual(r.metadata?.errorKind, undefined, JSON.stringify(r));
      assert.strictEqual(squash(await renderedAnswer()).startsWith(squash(answerTextOf(file))), true, await renderedAnswer());
      assert.strictEqual(printTurnsSince(since), 0, 'a print-mode turn ran');
      assert.deepStrictEqual(unansweredAgentRequests(), []);
    });
  }

  it('the edits capture in a read-only chat ends as a policy breach at the edit, reported as such', async () => {
    await freshAgents({ turn: { kind: 'capture', file: CAPTURES.edits } });
    const since = acpFake().invocations().length;
    const r = await chatRequest('Replay edits. chat-edits');
    assert.strictEqual(r.metadata?.errorKind, 'policyBreach', JSON.stringify(r));
    assert.strictEqual(printTurnsSince(since), 0, 'a policy breach must never be rerun in print mode');
  });

  it('a second turn in the same chat starts no process and sends only the new message', async () => {
    await freshAgents({ turn: { kind: 'answer', text: 'Warm answer.' } });
    const first = await chatRequest('First question. warm-1');
    assert.strictEqual(first.metadata?.errorKind, undefined, JSON.stringify(first));
    const processes = acpProcesses().length;
    const since = acpFake().invocations().length;
    const second = await chatRequest('Second question. warm-2', false);
    assert.strictEqual(second.metadata?.errorKind, undefined, JSON.stringify(second));
    assert.strictEqual(await renderedAnswer(), 'Warm answer.');
    assert.strictEqual(acpProcesses().length, processes, 'the second turn started a cursor-agent acp process');
    assert.strictEqual(acpFake().invocations().length, since, 'the second turn started a cursor-agent process');
    assert.strictEqual(promptsSent().at(-1), 'Second question. warm-2');
  });

  it('a permission request is answered reject-once, and every agent request gets an answer', async () => {
    await freshAgents({
      turns: [
        { kind: 'permission', text: 'After the permission.' },
        { kind: 'requests', text: 'After the requests.' },
      ],
    });
    const r1 = await lmRequest('Ask for permission. perm');
    assertLmAnswer(r1, 'After the permission.');
    assert.deepStrictEqual(answerTo('session/request_permission'), { outcome: { outcome: 'selected', optionId: 'reject-once' } });
    // The question as buttons (a test here cannot click VS Code's question carousel: 15-native-todos, the UI tier).
    await setUserSetting('nativeChatUi', false);
    const pending = chatRequest('Send every request. reqs');
    // The chat shows the agent's question and waits for a click: Skip, as a user would.
    const api = await activateApi();
    await waitFor('the question', () => api.openQuestionButtons().some((b) => b.title === 'Skip'));
    await vscode.commands.executeCommand('cursorAgent.answerQuestion', api.openQuestionButtons().find((b) => b.title === 'Skip')!.id);
    const r2 = await pending;
    await setUserSetting('nativeChatUi', undefined);
    assert.strictEqual(r2.metadata?.errorKind, undefined, JSON.stringify(r2));
    assert.deepStrictEqual(answerTo('cursor/create_plan'), { accepted: true });
    assert.deepStrictEqual(unansweredAgentRequests(), []);
  });

  it('backend acp: a session the agent does not confirm in plan mode is never prompted, and the failure is reported', async () => {
    await setUserSetting('backend', 'acp');
    try {
      await freshAgents({ confirmMode: false, turn: { kind: 'answer', text: 'Agent-mode answer.' } });
      const prompts = promptsSent().length;
      const since = acpFake().invocations().length;
      const o = await lmRequest('Are you read-only? mode');
      assert.ok(o.error !== undefined, `answered: ${o.text}`);
      assert.strictEqual(promptsSent().length, prompts, 'a session not in plan mode received a prompt');
      assert.strictEqual(printTurnsSince(since), 0, 'backend acp never falls back to print mode');
    } finally {
      await setUserSetting('backend', undefined);
    }
  });

  it('backend print: turns run in print mode and never start cursor-agent acp', async () => {
    await setUserSetting('backend', 'print');
    try {
      await freshAgents({ turn: { kind: 'answer', text: 'Should not be seen.' } });
      const processes = acpProcesses().length;
      const since = acpFake().invocations().length;
      const prompt = 'Print only. print-backend';
      assertLmAnswer(await lmRequest(prompt), fakeAnswer('auto', prompt));
      assert.strictEqual(printTurnsSince(since), 1);
      assert.strictEqual(acpProcesses().length, processes, 'backend print started cursor-agent acp');
      assert.ok(
        !acpFake()
          .invocations()
          .slice(since)
          .some((i) => i.argv.includes('acp')),
        'acp was invoked',
      );
    } finally {
      await setUserSetting('backend', undefined);
    }
  });

  it('signed out: @cursor says so (Log In), and nothing falls back to print mode', async () => {
    await freshAgents({ auth: 'loggedOut' });
    const since = acpFake().invocations().length;
    const from = logMark();
    const r = await chatRequest('Hello? signed-out');
    assert.strictEqual(r.metadata?.errorKind, 'loggedOut', JSON.stringify(r));
    assert.strictEqual(r.errorDetails?.message, userMessage('loggedOut'));
    assert.strictEqual(printTurnsSince(since), 0, 'a signed-out turn was rerun in print mode');
    assert.ok(
      !acpFake().acpLog().size || ![...acpFake().acpLog().values()].flat().some((l) => l.dir === 'in' && l.msg.method === 'authenticate'),
      'authenticate was called',
    );
    await waitForLog('[participant] turn failed: loggedOut', from);
  });
});
