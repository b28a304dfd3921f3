/** Past chats from `session/list`: this window's folders only, newest first, bounded, ids strict; the recap of a replay. */
import * as assert from 'assert';
import { isPastChatId, listsSessions, MAX_RECAP_CHARS, parsePastChats, ReplayRecap } from '../../../src/acp/pastChats';
import { initializeResultSchema } from '../../../src/acp/schema';
import { CAPTURES, initializeResultOf } from '../../fixtures/acp/captures';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const chat = (n: number, cwd: string, updatedAt?: string, title: string | null = `Chat ${n}`) => ({ sessionId: id(n), cwd, title, updatedAt });

describe('past chats (session/list)', () => {
  it('the real CLI advertises session/list (every capture), and an initialize without it does not', () => {
    for (const file of [CAPTURES.edits, CAPTURES.load])
      assert.strictEqual(listsSessions(initializeResultSchema.parse(initializeResultOf(file))), true, file);
    assert.strictEqual(listsSessions(initializeResultSchema.parse({ protocolVersion: 1, agentCapabilities: { loadSession: true } })), false);
    assert.strictEqual(listsSessions(undefined), false);
  });

  it("lists only the chats of this window's folders, newest first (an unknown time last)", () => {
    const raw = {
      sessions: [
        chat(1, '/work/app', '2026-01-01T10:00:00Z'),
        chat(2, '/elsewhere', '2026-01-03T10:00:00Z'),
        chat(3, '/work/app/', '2026-01-02T10:00:00Z'),
        chat(4, '/work/lib', undefined),
        chat(5, '/work/app/sub', '2026-01-05T10:00:00Z'),
      ],
    };
    const chats = parsePastChats(raw, ['/work/app', '/work/lib']);
    assert.deepStrictEqual(
      chats?.map((c) => [c.id, c.cwd]),
      [
        [id(3), '/work/app'],
        [id(1), '/work/app'],
        [id(4), '/work/lib'],
      ],
    );
  });

  it('at most 20, however many the agent lists', () => {
    const sessions = Array.from({ length: 5000 }, (_, i) => chat(i, '/w', new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString()));
    const chats = parsePastChats({ sessions }, ['/w']) ?? [];
    // User-visible limits, pinned as literals: a wrong constant in src/ must fail here.
    assert.strictEqual(chats.length, 20);
    // Only the first entries are read: the newest of those.
    assert.strictEqual(chats[0]!.id, id(1999));
  });

  it('an entry that is not a chat costs only itself: bad ids, missing cwd, duplicates, odd types', () => {
    const raw = {
      sessions: [
        null,
        'x',
        { sessionId: '../../etc', cwd: '/w' },
        { sessionId: 'ABCDEF00-0000-4000-8000-000000000001', cwd: '/w' },
        { sessionId: id(2) },
        { sessionId: id(3), cwd: '/w', title: 42 },
        chat(4, '/w', 'not a date'),
        chat(4, '/w', '2026-01-01T00:00:00Z', 'again'),
        chat(5, '/w', '2026-01-01T00:00:00Z', null),
      ],
    };
    const chats = parsePastChats(raw, ['/w']) ?? [];
    assert.deepStrictEqual(
      chats.map((c) => [c.id, c.title, c.updatedAt]),
      [
        [id(5), 'Untitled chat', Date.parse('2026-01-01T00:00:00Z')],
        [id(4), 'Chat 4', undefined],
      ],
    );
    assert.strictEqual(parsePastChats({ sessions: 'no' }, ['/w']), undefined);
    assert.strictEqual(parsePastChats(null, ['/w']), undefined);
  });

  it('a title is one bounded line, without control characters', () => {
    const [c] = parsePastChats({ sessions: [chat(1, '/w', undefined, `line one\nline\u0007 two\u202e ${'x'.repeat(500)}`)] }, ['/w']) ?? [];
    assert.ok(c!.title.startsWith('line one line two x'), c!.title);
    assert.strictEqual(Array.from(c!.title).length, 120);
    assert.ok(c!.title.endsWith('…'));
  });

  it('Windows folders compare without case and with either separator', () => {
    const chats = parsePastChats({ sessions: [chat(1, 'c:/Users/Me/App/')] }, ['C:\\Users\\me\\app']) ?? [];
    assert.deepStrictEqual(
      chats.map((c) => c.cwd),
      ['C:\\Users\\me\\app'],
    );
  });

  it('chat ids are UUIDs, nothing else', () => {
    assert.strictEqual(isPastChatId('351d70d2-a44d-4b4f-b200-2d8e80297a02'), true);
    for (const bad of ['', 'abc', '351d70d2-a44d-4b4f-b200-2d8e80297a02 ', '--resume', '351D70D2-A44D-4B4F-B200-2D8E80297A02', 42]) {
      assert.strictEqual(isPastChatId(bad), false, String(bad));
    }
  });
});

describe('the recap of a replayed chat', () => {
  const t = (kind: string, text: string) => ({ sessionUpdate: kind, content: { type: 'text', text } });

  it("is the last user message and the agent's last stretch of text after it (thoughts and tools between stretches)", () => {
    const r = new ReplayRecap();
    for (const u of [
      t('user_message_chunk', 'First question'),
      t('agent_message_chunk', 'First answer'),
      t('user_message_chunk', 'Second '),
      t('user_message_chunk', 'question'),
      t('agent_thought_chunk', 'hmm'),
      t('agent_message_chunk', 'Reading the file. '),
      { sessionUpdate: 'tool_call', toolCallId: 'replay-0-1' },
      t('agent_message_chunk', 'The answer '),
      t('agent_message_chunk', 'is 42.'),
      t('agent_thought_chunk', 'done'),
      // Replayed again just after the load's result (the CLI sometimes does).
      t('agent_message_chunk', 'The answer is 42.'),
    ])
      r.push(u);
    assert.deepStrictEqual(r.exchange, { asked: 'Second question', answered: 'The answer is 42.' });
  });

  it('is bounded, one line per side; nothing without a user message', () => {
    const r = new ReplayRecap();
    assert.strictEqual(r.exchange, undefined);
    r.push(t('agent_message_chunk', 'orphan'));
    assert.strictEqual(r.exchange, undefined);
    r.push(t('user_message_chunk', `ask\n${'q'.repeat(10_000)}`));
    for (let i = 0; i < 1000; i++) r.push(t('agent_message_chunk', 'a'.repeat(100)));
    const e = r.exchange!;
    assert.strictEqual(Array.from(e.asked).length, MAX_RECAP_CHARS);
    assert.ok(e.asked.startsWith('ask q'));
    assert.strictEqual(Array.from(e.answered ?? '').length, MAX_RECAP_CHARS);
  });
});
