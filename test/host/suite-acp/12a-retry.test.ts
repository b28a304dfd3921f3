// Under `acp` the CLI does not retry a failed model call itself: a new chat whose turn only says Cursor's
// retryable failure is tried again once, in a fresh session (the question reaches the agent once per session),
// and the user gets the second attempt's answer; a failure after text, or of another kind, is never tried again.
import * as assert from 'assert';
import { CLI_FAILURES } from '../../fixtures/acp/fakeAcpFailures';
import { chatRequest } from '../requests';
import { renderedAnswer } from '../helpers';
import { acpReady, freshAgents, wire } from './support';

const prompts = () =>
  wire()
    .filter((l) => l.dir === 'in' && l.msg.method === 'session/prompt')
    .map((l) => l.msg.params as { sessionId: string });

describe('a transient Cursor failure is tried again once (ACP)', function () {
  this.timeout(60_000);
  before(async function () {
    this.timeout(30_000);
    await acpReady();
  });

  it("a turn whose only output is Cursor's retryable failure: the user gets the second attempt's answer, asked once per session", async () => {
    await freshAgents({
      turns: [
        { kind: 'cliFailure', failure: CLI_FAILURES.network },
        { kind: 'answer', text: 'The second attempt answers.' },
      ],
    });
    const before = prompts().length;
    const r = await chatRequest('What is in this repo? retry-1');
    assert.strictEqual(r.metadata?.errorKind, undefined, JSON.stringify(r));
    assert.strictEqual(await renderedAnswer(), 'The second attempt answers.');
    const sent = prompts().slice(before);
    assert.strictEqual(sent.length, 2, 'not tried exactly twice');
    assert.notStrictEqual(sent[0]!.sessionId, sent[1]!.sessionId, 'the retry asked the same session again (two questions)');
  });

  it('a retryable failure after text was shown, or a sign-in failure, is never tried again', async () => {
    for (const turn of [
      { kind: 'cliFailure' as const, before: 'Let me check.', failure: CLI_FAILURES.network },
      { kind: 'cliFailure' as const, failure: CLI_FAILURES.signIn },
    ]) {
      await freshAgents({ turns: [turn, { kind: 'answer', text: 'Never shown.' }] });
      const before = prompts().length;
      const r = await chatRequest(`Anything? retry-${turn.failure.length}`);
      assert.ok(r.metadata?.errorKind, JSON.stringify(r));
      assert.strictEqual(prompts().length - before, 1, 'tried again');
    }
  });
});
