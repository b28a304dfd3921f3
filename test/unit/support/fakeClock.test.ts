import * as assert from 'assert';
import { systemClock } from '../../../src/cli/clock';
import { FakeClock } from '../../support/fakeClock';

/** The fake clock the timing tests stand on (test/support/fakeClock.ts): order, time, cancellation. */
describe('FakeClock', () => {
  /** The port's own setTimeout on a fake clock: time moves only by tick(), nothing waits. */
  const later = (clock: FakeClock, fn: () => void, ms: number) => clock.setTimeout(fn, ms); // the fake port, not a wait
  it('fires due timers in order of due time, then of setting, each at its own time, and nothing before', async () => {
    const clock = new FakeClock();
    const t0 = clock.now();
    const fired: Array<[string, number]> = [];
    const at = (name: string) => () => void fired.push([name, clock.now() - t0]);
    later(clock, at('b'), 20);
    later(clock, at('a'), 10);
    later(clock, at('c'), 20);
    await clock.tick(9);
    assert.deepStrictEqual(fired, []);
    assert.strictEqual(clock.nextIn(), 1);
    await clock.tick(11);
    assert.deepStrictEqual(fired, [
      ['a', 10],
      ['b', 20],
      ['c', 20],
    ]);
    assert.strictEqual(clock.now() - t0, 20);
    assert.strictEqual(clock.nextIn(), undefined);
  });

  it('a timer set by a firing one fires in the same tick when it falls in it; a cleared one never fires', async () => {
    const clock = new FakeClock();
    const fired: string[] = [];
    const gone = later(clock, () => fired.push('cleared'), 5);
    later(
      clock,
      () => {
        fired.push('first');
        later(clock, () => fired.push('second'), 10);
      },
      10,
    );
    clock.clearTimeout(gone);
    clock.clearTimeout(undefined);
    await clock.tick(20);
    assert.deepStrictEqual(fired, ['first', 'second']);
    assert.strictEqual(clock.pending(), 0);
  });

  it('the real clock reads Date.now() and its timers can be cleared', () => {
    const before = Date.now();
    const now = systemClock.now();
    assert.ok(now >= before && now <= Date.now());
    const t = systemClock.setTimeout(() => assert.fail('a cleared timer fired'), 10); // cleared on the next line: no wait
    systemClock.clearTimeout(t);
  });
});
