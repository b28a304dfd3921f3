// Chats sharing one `cursor-agent acp` process (every chat of a folder does): one chat's failure,
// or a turn the agent never stops, leaves another chat's answer whole; two vscode.lm requests
// continuing one conversation at once both get their whole answers.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { FakeAcpTurn } from '../../fixtures/acp/scenario';
import { chatRequest, cursorModel, lmRequest, LmOutcome } from '../requests';
import { renderedAnswer, waitFor } from '../helpers';
import { acpFake, acpReady, fakePids, freshAgents, setUserSetting, wire } from './support';

/**
 * Chat B's answer: 4 chunks of 16 characters, then one a second (the turn stays alive) until the test releases it, once
 * chat A has failed (a state, not a length of time a loaded machine could outrun), then the rest at once. Held past its
 * 33 chunks (about 30 s) it would end by itself: each test checks it had not.
 */
const LONG = 'Chat B keeps answering, piece by piece, while the other chat fails, and only then ends. '.repeat(6).trim() + ' The end.';
const longTurn = (file: string): FakeAcpTurn => ({
  kind: 'answer',
  text: LONG,
  chunk: 16,
  delayMs: 50,
  held: { chunks: 4, everyMs: 1000, until: file },
});
const LONG_CHUNKS = Math.ceil(LONG.length / 16);
/** Lets chat B's held answer go on. */
const release = (name: string) => fs.writeFileSync(path.join(acpFake().dir, name), '');
const DEFAULT_ANSWER = 'Hello from the fake ACP agent.';

/** Chunks of answer text the fake has sent for prompts containing `tag` so far. */
function chunksFor(tag: string): number {
  const lines = wire();
  const sessions = new Set(
    lines
      .filter((l) => l.dir === 'in' && l.msg.method === 'session/prompt' && JSON.stringify(l.msg.params).includes(tag))
      .map((l) => (l.msg.params as { sessionId: string }).sessionId),
  );
  return lines.filter((l) => {
    const p = l.msg.params as { sessionId?: string; update?: { sessionUpdate?: string } } | undefined;
    return l.dir === 'out' && p?.update?.sessionUpdate === 'agent_message_chunk' && sessions.has(p.sessionId ?? '');
  }).length;
}

/** A vscode.lm request with the whole conversation so far (as a caller continuing it sends it). */
async function lmConversation(messages: vscode.LanguageModelChatMessage[]): Promise<LmOutcome> {
  const model = await cursorModel('auto');
  const parts: string[] = [];
  const t0 = Date.now();
  try {
    const response = await model.sendRequest(messages, {}, new vscode.CancellationTokenSource().token);
    for await (const t of response.text) parts.push(t);
    return { parts, text: parts.join(''), ms: Date.now() - t0 };
  } catch (error) {
    return { parts, text: parts.join(''), error, ms: Date.now() - t0 };
  }
}

describe('chats sharing one ACP process', function () {
  this.timeout(60_000);
  before(async function () {
    this.timeout(30_000);
    await acpReady();
  });

  it("@cursor chat B streams a long answer while chat A's session/load fails (-32603): B's answer arrives whole, only A gets an error", async () => {
    await setUserSetting('backend', 'acp');
    try {
      await freshAgents({});
      const first = 'Remember the number 7. iso-load-1';
      const a1 = await lmRequest(first);
      assert.strictEqual(a1.text, DEFAULT_ANSWER, String(a1.error));
      // A new process (A's session is not in it): continuing A loads it, and that load fails.
      await freshAgents({
        loadError: { code: -32603, message: 'Internal error' },
        byPrompt: [{ match: 'iso-load-B', turn: longTurn('release-iso-load-B') }],
      });
      const b = chatRequest('Tell me a long story. iso-load-B');
      await waitFor('chat B to stream its first chunks', () => chunksFor('iso-load-B') >= 4, 15_000);
      const pids = fakePids();
      const { User, Assistant } = vscode.LanguageModelChatMessage;
      const a2 = await lmConversation([User(first), Assistant(DEFAULT_ANSWER), User('Which number? iso-load-2')]);
      assert.ok(a2.error instanceof vscode.LanguageModelError, `chat A answered: ${a2.text}`);
      assert.ok(chunksFor('iso-load-B') < LONG_CHUNKS, 'chat B had finished before A failed: nothing was tested');
      release('release-iso-load-B');
      const rb = await b;
      assert.strictEqual(rb.errorDetails, undefined, `chat B failed: ${JSON.stringify(rb)}`);
      assert.strictEqual(await renderedAnswer(), LONG);
      assert.deepStrictEqual(fakePids(), pids, "the process chat B answered in was ended by chat A's failure");
    } finally {
      await setUserSetting('backend', undefined);
    }
  });

  it('@cursor chat B streams a long answer while chat A stalls and ignores Stop: B arrives whole, only A gets the timeout', async () => {
    await freshAgents({
      byPrompt: [
        { match: 'iso-stuck-A', turn: { kind: 'stuck', text: 'A begins' } },
        { match: 'iso-stuck-B', turn: longTurn('release-iso-stuck-B') },
      ],
    });
    const b = chatRequest('Tell me a long story. iso-stuck-B');
    await waitFor('chat B to stream its first chunks', () => chunksFor('iso-stuck-B') >= 4, 15_000);
    const pids = fakePids();
    // A goes silent: at the inactivity deadline (5 s) it is stopped, ignores it, and is given up on 2 s later.
    const a = await lmRequest('Think forever. iso-stuck-A');
    assert.ok(a.error instanceof vscode.LanguageModelError, `chat A answered: ${a.text}`);
    assert.match(a.error.message, /stopped producing output|timed out|seconds/i);
    assert.ok(chunksFor('iso-stuck-B') < LONG_CHUNKS, 'chat B had finished before A was given up on: nothing was tested');
    release('release-iso-stuck-B');
    const rb = await b;
    assert.strictEqual(rb.errorDetails, undefined, `chat B failed: ${JSON.stringify(rb)}`);
    assert.strictEqual(await renderedAnswer(), LONG);
    assert.deepStrictEqual(fakePids(), pids, "the process chat B answered in was ended by chat A's stuck turn");
  });

  it('two vscode.lm requests continuing one conversation at once both get their whole answers', async () => {
    const answerA = Array.from({ length: 30 }, (_, i) => `alpha${i}`).join(' ');
    const answerB = Array.from({ length: 30 }, (_, i) => `beta${i}`).join(' ');
    await freshAgents({
      byPrompt: [
        { match: 'iso-conc-A', turn: { kind: 'answer', text: answerA, chunk: 6, delayMs: 60 } },
        { match: 'iso-conc-B', turn: { kind: 'answer', text: answerB, chunk: 6, delayMs: 60 } },
      ],
    });
    const first = 'Let us talk. iso-conc-0';
    const start = await lmRequest(first);
    assert.strictEqual(start.text, DEFAULT_ANSWER, String(start.error));
    const soFar = [vscode.LanguageModelChatMessage.User(first), vscode.LanguageModelChatMessage.Assistant(DEFAULT_ANSWER)];
    const a = lmConversation([...soFar, vscode.LanguageModelChatMessage.User('First follow-up. iso-conc-A')]);
    await waitFor('the first follow-up to stream', () => chunksFor('iso-conc-A') > 2, 15_000);
    const b = lmConversation([...soFar, vscode.LanguageModelChatMessage.User('Second follow-up. iso-conc-B')]);
    const [oa, ob] = await Promise.all([a, b]);
    // Never a silently cut answer: each arrives whole (or fails; here both can be answered).
    assert.strictEqual(oa.error, undefined, `the first follow-up failed: ${String(oa.error)}`);
    assert.strictEqual(oa.text, answerA);
    assert.strictEqual(ob.error, undefined, `the second follow-up failed: ${String(ob.error)}`);
    assert.strictEqual(ob.text, answerB);
  });
});
