// Past Cursor chats and the agent's own commands over ACP: `/resume` lists this folder's chats, `/resume <id> <question>`
// continues exactly that chat (its replay only a recap line, never the answer) and binds the VS Code chat to it,
// `/commands` lists the agent's commands, and `@cursor /<agent command> …` reaches the agent as typed.
import * as assert from 'assert';
import type { FakePastSession } from '../../fixtures/acp/scenario';
import { chatRequest } from '../requests';
import { renderedAnswer, workspacePath } from '../helpers';
import { acpReady, freshAgents, promptsSent, setUserSetting, wire } from './support';

const OLDER = 'aaaaaaaa-1111-4111-8111-111111111111';
const NEWER = 'bbbbbbbb-2222-4222-8222-222222222222';
const OTHER_FOLDER = 'cccccccc-3333-4333-8333-333333333333';
const UNLISTED = 'dddddddd-4444-4444-8444-444444444444';

function pastSessions(): FakePastSession[] {
  const ago = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
  return [
    {
      sessionId: OLDER,
      cwd: workspacePath(),
      title: 'Date *helpers*',
      updatedAt: ago(50),
      history: { user: 'What does formatDate do?', agent: 'It formats dates as ISO strings.' },
    },
    { sessionId: NEWER, cwd: workspacePath(), title: 'Build setup', updatedAt: ago(2) },
    { sessionId: OTHER_FOLDER, cwd: '/somewhere/else', title: 'Another project', updatedAt: ago(1) },
  ];
}

/** The `in` messages of `method` on the wire (client → agent), every process. */
const sent = (method: string) =>
  wire()
    .filter((l) => l.dir === 'in' && l.msg.method === method)
    .map((l) => l.msg.params as Record<string, unknown>);
const promptOf = (p: Record<string, unknown>) => (p.prompt as Array<{ text?: string }>)[0]?.text ?? '';

describe('past Cursor chats and the agent commands (ACP)', function () {
  this.timeout(60_000);
  before(async function () {
    this.timeout(30_000);
    await acpReady();
  });
  afterEach(() => setUserSetting('backend', undefined));

  it("/resume lists this folder's past chats, newest first, with when; never another folder's", async () => {
    await freshAgents({ pastSessions: pastSessions() });
    const loads = sent('session/load').length;
    const r = await chatRequest('/resume');
    assert.strictEqual(r.errorDetails, undefined, JSON.stringify(r));
    const shown = await renderedAnswer();
    const newer = shown.indexOf('Build setup');
    const older = shown.indexOf('Date \\*helpers\\*');
    assert.ok(newer > 0 && older > newer, `not newest first, or a title not escaped: ${shown}`);
    assert.match(shown, /Build setup\*\* · 2 hours ago/);
    assert.match(shown, /Date \\\*helpers\\\*\*\* · 2 days ago/);
    assert.ok(!shown.includes('Another project'), `another folder's chat is listed: ${shown}`);
    assert.strictEqual(sent('session/load').length, loads, 'listing loaded a chat');
  });

  it('/resume <id> <question> loads exactly that chat, shows its replay only as a recap line above the answer, and the next turn continues it', async () => {
    await freshAgents({ pastSessions: pastSessions(), turn: { kind: 'answer', text: 'It also parses them.' } });
    const loads = sent('session/load').length;
    const r = await chatRequest(`/resume ${OLDER} And parseDate? resume-1`);
    assert.strictEqual(r.errorDetails, undefined, JSON.stringify(r));
    assert.strictEqual(r.metadata?.answerText, 'It also parses them.', 'the answer kept for the history');
    assert.strictEqual(r.metadata?.cursorSessionId, OLDER);
    assert.strictEqual(
      await renderedAnswer(),
      '*Continuing the Cursor chat **Date \\*helpers\\*** (2 days ago). Last time you asked “What does formatDate do?”; ' +
        'Cursor answered “It formats dates as ISO strings.”.*\n\nIt also parses them.',
    );
    assert.deepStrictEqual(
      sent('session/load')
        .slice(loads)
        .map((p) => p.sessionId),
      [OLDER],
      'not exactly that chat was loaded',
    );
    const first = sent('session/prompt').at(-1)!;
    assert.deepStrictEqual([first.sessionId, promptOf(first)], [OLDER, 'And parseDate? resume-1']);

    const news = sent('session/new').length;
    const next = await chatRequest('And toDate? resume-2', false);
    assert.strictEqual(next.errorDetails, undefined, JSON.stringify(next));
    assert.strictEqual(await renderedAnswer(), 'It also parses them.');
    const second = sent('session/prompt').at(-1)!;
    assert.deepStrictEqual([second.sessionId, promptOf(second)], [OLDER, 'And toDate? resume-2'], 'the next turn did not continue that chat');
    assert.strictEqual(sent('session/new').length, news, 'the next turn opened a new session');
    assert.strictEqual(sent('session/load').length, loads + 1, 'the chat was loaded again');
  });

  it('/resume with an id of another folder, an unlisted one or no chat id says so, lists the chats, and loads nothing', async () => {
    await freshAgents({ pastSessions: pastSessions() });
    const prompts = promptsSent().length;
    const loads = sent('session/load').length;
    for (const [id, says] of [
      [OTHER_FOLDER, 'is not one of the past Cursor chats of this folder'],
      [UNLISTED, 'is not one of the past Cursor chats'],
      ['x;rm', 'is not a Cursor chat id'],
    ]) {
      await chatRequest(`/resume ${id} Anything?`);
      const shown = await renderedAnswer();
      assert.ok(shown.includes(says!) && shown.includes('Build setup'), `for ${id}: ${shown}`);
    }
    assert.strictEqual(sent('session/load').length, loads, 'a chat was loaded');
    assert.strictEqual(promptsSent().length, prompts, 'a question was sent');
  });

  it("/commands lists the agent's own commands with their descriptions, and @cursor /<agent command> args reaches session/prompt as typed", async () => {
    await freshAgents({ commandsBytes: 4000 });
    const r = await chatRequest('/commands');
    assert.strictEqual(r.errorDetails, undefined, JSON.stringify(r));
    const shown = await renderedAnswer();
    assert.match(shown, /^The Cursor agent's own commands \(\d+\)/);
    assert.ok(shown.includes('- **/skill-0**: An account-specific command number 0 with a description long enough to add up.'), shown);
    assert.ok(shown.includes('**/skill-3**'), shown);

    const a = await chatRequest('/skill-3 check pull request 42');
    assert.strictEqual(a.errorDetails, undefined, JSON.stringify(a));
    assert.strictEqual(promptsSent().at(-1), '/skill-3 check pull request 42', 'the agent command was not sent as typed');
  });

  it('print mode: /resume and /commands say they need the ACP backend, and send nothing', async () => {
    await setUserSetting('backend', 'print');
    const lists = sent('session/list').length;
    for (const [query, what] of [
      ['/resume', 'Past Cursor chats'],
      ['/commands', "The agent's own commands"],
    ]) {
      const r = await chatRequest(query!);
      assert.strictEqual(r.metadata?.errorKind, 'needsAcp', JSON.stringify(r));
      assert.match(await renderedAnswer(), new RegExp(`^${what} need the ACP backend: \`cursorAgent\\.backend\` is \`print\``));
    }
    assert.strictEqual(sent('session/list').length, lists);
  });
});
