// What the CLI's in-turn failures, stalls and late replays look like through @cursor and vscode.lm
// over `cursor-agent acp`: an answer that quotes an error is the answer; each of the CLI's failure
// forms is its kind's error with nothing of it shown; a stall is "stopped responding", never rerun.
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { CliErrorKind } from '../../../src/cli/errors';
import { fixOf } from '../../fixtures/userTexts';
import { CLI_FAILURES, POSTGRES_ANSWERS } from '../../fixtures/acp/fakeAcpFailures';
import { assertChatError, assertLmAnswer, chatRequest, lmRequest, logMark, userMessage } from '../requests';
import { renderedAnswer } from '../helpers';
import { acpFake, freshAgents, printTurnsSince, promptsSent, wire, wireOf, acpReady } from './support';

/** The CLI's forms, the kind each must be reported as, and what the user reads (from the requirement). */
const FORMS: Array<[keyof typeof CLI_FAILURES, CliErrorKind, string, ('detail' | undefined)?]> = [
  ['signIn', 'loggedOut', 'The Cursor CLI is not logged in.'],
  ['upgrade', 'usageLimit', "You've hit your Cursor usage limit."],
  ['payment', 'usageLimit', "You've hit your Cursor usage limit."],
  ['settings', 'unknown', 'The Cursor CLI failed: Check your settings to continue.', 'detail'],
  ['unauthenticated', 'loggedOut', 'The Cursor CLI is not logged in.'],
  ['network', 'network', 'The Cursor CLI could not reach Cursor (network error).'],
  ['internal', 'unknown', 'The Cursor CLI failed: ConnectError: [internal] internal error.', 'detail'],
];

const STALLED = 'The Cursor CLI stopped responding (no output for 5 s).';

const updatesOut = (kind: string) =>
  wire().filter((l) => l.dir === 'out' && (l.msg.params as { update?: { sessionUpdate?: string } } | undefined)?.update?.sessionUpdate === kind);

describe('in-turn failures over cursor-agent acp', function () {
  this.timeout(40_000);
  before(async function () {
    this.timeout(30_000);
    await acpReady();
  });

  for (const [i, text] of POSTGRES_ANSWERS.entries()) {
    it(`a debugging answer quoting "Error: connect ECONNREFUSED" arrives whole, with no error, in @cursor and vscode.lm (${i + 1})`, async () => {
      await freshAgents({ turn: { kind: 'answer', text } });
      assertLmAnswer(await lmRequest(`Why can't my app reach Postgres? pg-lm-${i}`), text);
      const r = await chatRequest(`Why can't my app reach Postgres? pg-chat-${i}`);
      assert.strictEqual(r.metadata?.errorKind, undefined, JSON.stringify(r));
      assert.strictEqual(r.errorDetails, undefined, JSON.stringify(r));
      assert.strictEqual(await renderedAnswer(), text);
    });
  }

  for (const [form, kind, sentence, detail] of FORMS) {
    it(`the CLI's "${form}" failure: vscode.lm and @cursor get the ${kind} error, and no text of it (not even its blank lines)`, async () => {
      await freshAgents({ turn: { kind: 'cliFailure', before: 'Let me check.', failure: CLI_FAILURES[form] } });
      const since = acpFake().invocations().length;
      // A sentence with the CLI's own detail is the whole message; the others are the kind's sentence. Then the kind's fix.
      const message = detail ? `${sentence} ${fixOf(kind)}` : userMessage(kind);
      assert.ok(message.startsWith(sentence), `${message} does not say: ${sentence}`);
      const o = await lmRequest(`Help me. ${form}-lm`);
      assert.ok(o.error instanceof vscode.LanguageModelError, `answered: ${JSON.stringify(o.text)}`);
      assert.strictEqual(o.error.message, message);
      assert.strictEqual(o.text, 'Let me check.', 'what the vscode.lm caller received before the error');
      const from = logMark();
      const r = await chatRequest(`Help me. ${form}-chat`);
      await assertChatError(r, kind, message, from);
      assert.strictEqual(await renderedAnswer(), 'Let me check.');
      assert.strictEqual(printTurnsSince(since), 0, 'a failure of the user’s business was rerun in print mode');
    });
  }

  it('a stalled agent that ignores the cancel: @cursor says "stopped responding" (not "killed by SIGTERM"), auto does not rerun it, ACP serves the next turn', async () => {
    await freshAgents({ turn: { kind: 'deaf' } });
    const since = acpFake().invocations().length;
    const from = logMark();
    const r = await chatRequest('Go quiet. deaf-1');
    assert.ok(r.errorDetails?.message.startsWith(STALLED), JSON.stringify(r));
    await assertChatError(r, 'timeout', `${STALLED} ${fixOf('timeout')}`, from);
    assert.strictEqual(printTurnsSince(since), 0, 'the stalled turn was rerun in print mode');
    // The stalled process was ended; the next one answers (turns are counted per process).
    await freshAgents({ turn: { kind: 'answer', text: 'Awake.' } });
    const prompts = promptsSent().length;
    assertLmAnswer(await lmRequest('Still there? deaf-2'), 'Awake.');
    assert.strictEqual(printTurnsSince(since), 0, 'auto fell back to print mode after a stall');
    assert.strictEqual(promptsSent().length, prompts + 1, 'the next turn did not go over ACP');
  });

  it('an agent that only sends available_commands_update every 400 ms hits the inactivity deadline', async () => {
    await freshAgents({ turn: { kind: 'keepAlive', text: 'Thinking', everyMs: 400 } });
    const before = updatesOut('available_commands_update').length;
    const o = await lmRequest('Keep me waiting. keep-alive');
    assert.ok(o.error instanceof vscode.LanguageModelError, `answered: ${JSON.stringify(o.text)}`);
    assert.strictEqual(o.error.message, `${STALLED} ${fixOf('timeout')}`);
    assert.ok(o.error.message.startsWith(STALLED), o.error.message);
    assert.strictEqual(o.text, 'Thinking');
    assert.ok(updatesOut('available_commands_update').length - before >= 10, 'the fake sent no keep-alives');
  });

  it('history the CLI replays after the session/load result, 20 chunks 200 ms apart, never appears in the next answer', async () => {
    await freshAgents({ turn: { kind: 'answer', text: 'First answer.' } });
    const first = await chatRequest('Remember this. replay-1');
    assert.strictEqual(first.metadata?.errorKind, undefined, JSON.stringify(first));
    // A new process: the chat's session is loaded, reports plan mode and Auto (nothing to change), and goes on replaying for 4 s.
    await freshAgents({
      loadedMode: 'plan',
      loadedModel: 'default[]',
      lateReplay: { chunks: 20, gapMs: 200 },
      turn: { kind: 'answer', text: 'The new answer.' },
    });
    const second = await chatRequest('And now? replay-2', false);
    assert.strictEqual(second.metadata?.errorKind, undefined, JSON.stringify(second));
    assert.strictEqual(await renderedAnswer(), 'The new answer.');
    // Counted in the process that ran this turn only: wire() is the whole suite's, and other tests replay too.
    const lines = wireOf('And now? replay-2');
    assert.ok(
      lines.some((l) => l.dir === 'in' && l.msg.method === 'session/load'),
      'the session was not loaded',
    );
    assert.strictEqual(
      lines.filter((l) => l.dir === 'out' && JSON.stringify(l.msg).includes('Replayed history')).length,
      20,
      'the fake did not replay late',
    );
  });
});
