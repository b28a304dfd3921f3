// A question the agent sends for another chat's session, or for a session nobody opened, is never shown in the
// chat whose turn is running: it goes back "skipped" at once, and that turn completes.
import * as assert from 'assert';
import { activateApi, newChat, renderedAnswer } from '../helpers';
import { chatRequest } from '../requests';
import type { FakeAcpTurn } from '../../fixtures/acp/scenario';
import { UNKNOWN_SESSION } from '../../fixtures/acp/questionRouting';
import { acpFake, acpProcesses, acpReady, freshAgents, wire } from './support';

type Msg = Record<string, unknown>;

/** The last `cursor/ask_question` the fake sent, the session it named (in the request or by its tool call), and the answer it got. */
function lastQuestion(): { named: unknown; answer: Msg | undefined } {
  // Request ids are per process: read the process that asked.
  const log = acpFake().acpLog();
  const lines = acpProcesses()
    .map((pid) => log.get(pid) ?? [])
    .filter((ls) => ls.some((l) => l.dir === 'out' && l.msg.method === 'cursor/ask_question'))
    .at(-1);
  const q = lines?.filter((l) => l.dir === 'out' && l.msg.method === 'cursor/ask_question').at(-1);
  assert.ok(lines && q, 'the fake asked no question');
  const params = q.msg.params as Msg;
  const announced = lines.find(
    (l) => l.dir === 'out' && l.msg.method === 'session/update' && ((l.msg.params as Msg).update as Msg).toolCallId === params.toolCallId,
  );
  const a = lines.find((l) => l.dir === 'in' && l.msg.method === undefined && l.msg.id === q.msg.id);
  return { named: params.sessionId ?? (announced?.msg.params as Msg | undefined)?.sessionId, answer: a?.msg.result as Msg | undefined };
}

/** The session the last `session/prompt` went to. */
function lastPromptSession(): unknown {
  return (
    wire()
      .filter((l) => l.dir === 'in' && l.msg.method === 'session/prompt')
      .at(-1)?.msg.params as Msg | undefined
  )?.sessionId;
}

describe("A question for another chat's session is never shown in the wrong chat (ACP)", function () {
  this.timeout(60_000);
  before(async function () {
    this.timeout(30_000);
    await acpReady();
  });

  const cases: Array<[string, FakeAcpTurn & { kind: 'askElsewhere' }]> = [
    ["named in the request: another chat's session", { kind: 'askElsewhere', target: 'otherChat', via: 'sessionId', text: 'Routed:' }],
    ["announced by a tool call under another chat's session", { kind: 'askElsewhere', target: 'otherChat', via: 'toolCall', text: 'Routed:' }],
    ['named in the request: a session nobody opened', { kind: 'askElsewhere', target: 'unknown', via: 'sessionId', text: 'Routed:' }],
    ['announced by a tool call under a session nobody opened', { kind: 'askElsewhere', target: 'unknown', via: 'toolCall', text: 'Routed:' }],
  ];
  for (const [name, turn] of cases) {
    it(`${name}: skipped at once, not shown in this chat, and the turn completes`, async () => {
      await freshAgents({ byPrompt: [{ match: 'route-other', turn }], turn: { kind: 'answer', text: 'First chat answered.' } });
      // The other chat: one answered turn, so its session is known to this process and idle.
      await newChat();
      const first = await chatRequest('A first chat. route-first');
      assert.strictEqual(first?.errorDetails, undefined, JSON.stringify(first));
      const otherSession = lastPromptSession();
      await newChat();
      const r = await chatRequest('Plan something. route-other');
      assert.strictEqual(r?.errorDetails, undefined, JSON.stringify(r));
      const thisSession = lastPromptSession();
      assert.notStrictEqual(thisSession, otherSession, 'the two chats share a session');
      const { named, answer } = lastQuestion();
      assert.strictEqual(named, turn.target === 'otherChat' ? otherSession : UNKNOWN_SESSION, 'the question named another session');
      assert.strictEqual((answer?.outcome as Msg | undefined)?.outcome, 'skipped', JSON.stringify(answer));
      const shown = await renderedAnswer();
      assert.doesNotMatch(shown, /Which database|Before I plan|Postgres/, 'the question is shown in this chat');
      assert.match(shown, /Routed: skipped: [^\n]+\.$/);
      assert.deepStrictEqual((await activateApi()).openQuestionButtons(), []);
    });
  }
});
