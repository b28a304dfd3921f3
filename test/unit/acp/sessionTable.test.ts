import * as assert from 'assert';
import { SessionTable } from '../../../src/acp/sessionTable';
import { FakeClock } from '../../support/fakeClock';

const setup = { sessionId: 'x', modes: { currentModeId: 'agent', availableModes: [] } } as never;

describe('ACP sessions remembered in one process', () => {
  it('an hour unused, an idle chat is forgotten (loaded again next time); a chat with a turn running never is', async () => {
    const clock = new FakeClock();
    const running = new Set(['busy']);
    const t = new SessionTable(clock, (id) => running.has(id));
    t.remember('idle', setup, '/ws');
    t.remember('busy', setup, '/ws');
    await clock.tick(60 * 60_000 - 1);
    t.touch('fresh');
    assert.ok(t.get('idle'), 'forgotten before the hour was up');
    await clock.tick(1);
    t.touch('fresh');
    assert.strictEqual(t.get('idle'), undefined, 'an idle chat unused for an hour is still remembered');
    assert.ok(t.get('busy'), 'a chat with a turn running was forgotten');
  });

  it('at most 64 chats are remembered: the least recently used idle one goes first', () => {
    const t = new SessionTable(new FakeClock(), () => false);
    for (let i = 0; i < 65; i++) t.remember(`s${i}`, setup, '/ws');
    assert.strictEqual(t.get('s0'), undefined);
    assert.ok(t.get('s1') && t.get('s64'));
  });

  it('a chat given up on is forgotten and stays refused in this process', () => {
    const t = new SessionTable(new FakeClock(), () => false);
    t.remember('stuck', setup, '/ws');
    t.abandon('stuck');
    assert.strictEqual(t.get('stuck'), undefined);
    assert.ok(t.isAbandoned('stuck'));
    assert.ok(!t.isAbandoned('other'));
  });
});
