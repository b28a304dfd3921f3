/** The agent's own commands: the latest list per session, bounded and validated; which prompt invokes one. */
import * as assert from 'assert';
import { AgentCommandStore, invokedCommand, MAX_COMMAND_SESSIONS, parseAvailableCommands } from '../../../src/acp/agentCommands';
import { harness, openSession } from './support';

describe("the agent's commands (available_commands_update)", () => {
  it('keeps name, one-line description and hint; drops entries that are not commands', () => {
    const list = parseAvailableCommands({
      sessionUpdate: 'available_commands_update',
      availableCommands: [
        { name: 'review-pr', description: 'Review a pull request\nthoroughly', input: { hint: 'PR number' } },
        { name: '/plan', description: null },
        { name: 'has space', description: 'x' },
        { name: '<b>', description: 'x' },
        { name: 'review-pr', description: 'duplicate' },
        { description: 'no name' },
        'junk',
        null,
      ],
    });
    assert.deepStrictEqual(list, [
      { name: 'review-pr', description: 'Review a pull request thoroughly', hint: 'PR number' },
      { name: 'plan', description: '' },
    ]);
    assert.strictEqual(parseAvailableCommands({ sessionUpdate: 'available_commands_update' }), undefined);
    assert.strictEqual(parseAvailableCommands({ availableCommands: {} }), undefined);
  });

  it('keeps at most 200 commands, each description bounded', () => {
    const availableCommands = Array.from({ length: 100_000 }, (_, i) => ({ name: `skill-${i}`, description: 'd'.repeat(5000) }));
    const list = parseAvailableCommands({ availableCommands }) ?? [];
    // User-visible limits, pinned as literals: a wrong constant in src/ must fail here.
    assert.strictEqual(list.length, 200);
    assert.strictEqual(list[199]!.name, 'skill-199');
    assert.ok(list.every((c) => Array.from(c.description).length <= 200));
  });

  it('a prompt invokes a command only when its first word is /<a listed name>', () => {
    const cmds = [{ name: 'review-pr', description: '' }];
    assert.strictEqual(invokedCommand('/review-pr 123', cmds)?.name, 'review-pr');
    assert.strictEqual(invokedCommand('  /review-pr', cmds)?.name, 'review-pr');
    assert.strictEqual(invokedCommand('/review-pr\nmore', cmds)?.name, 'review-pr');
    for (const p of ['/review-prs 1', 'review-pr 1', 'please /review-pr 1', '/', '/review'])
      assert.strictEqual(invokedCommand(p, cmds), undefined, p);
  });

  it('keeps the latest list per session, for at most 64 sessions; waits for a first one', async () => {
    const store = new AgentCommandStore();
    const update = (name: string) => ({ availableCommands: [{ name, description: '' }] });
    assert.strictEqual(await store.next(10), undefined);
    const waiting = store.next(5000);
    store.update('s1', update('a'));
    assert.deepStrictEqual(
      (await waiting)?.map((c) => c.name),
      ['a'],
    );
    store.update('s1', update('b'));
    store.update('s1', { sessionUpdate: 'available_commands_update' }); // no list: nothing changes
    assert.deepStrictEqual(
      store.of('s1')?.map((c) => c.name),
      ['b'],
    );
    for (let i = 0; i < 100; i++) store.update(`x${i}`, update(`c${i}`));
    assert.strictEqual(store.of('s1'), undefined);
    assert.ok(store.of(`x${100 - MAX_COMMAND_SESSIONS}`));
    assert.deepStrictEqual(
      store.latest()?.map((c) => c.name),
      ['c99'],
    );
  });

  it('the client keeps the list the fake agent sends right after session/new (~40 KB) for that session', async () => {
    const h = harness({ commandsBytes: 40_000 });
    const session = await openSession(h);
    const list = await h.client.notes.commands.next(2000);
    assert.ok(list && list.length > 100, `got ${list?.length}`);
    assert.strictEqual(h.client.notes.commands.of(session.id), list);
    assert.deepStrictEqual(list[0], {
      name: 'skill-0',
      description: 'An account-specific command number 0 with a description long enough to add up.',
    });
    h.client.dispose();
  });
});
