// A subagent's updates (under its own session id, after the turn's `task` tool call): never answer text.
import * as assert from 'assert';
import { renderedAnswer } from '../helpers';
import { chatRequest } from '../requests';
import { acpReady, freshAgents } from './support';

describe('Subagents in the chat (ACP)', function () {
  this.timeout(40_000);
  before(async function () {
    this.timeout(30_000);
    await acpReady();
  });

  it("a subagent's text never reaches the answer, and the turn completes with the agent's own text", async () => {
    await freshAgents({ turn: { kind: 'subagent', text: 'Done exploring.', extra: 300 } });
    const r = await chatRequest('Explore with a subagent. sub-1');
    assert.strictEqual(r.errorDetails, undefined, JSON.stringify(r));
    assert.strictEqual(await renderedAnswer(), 'Done exploring.');
  });
});
