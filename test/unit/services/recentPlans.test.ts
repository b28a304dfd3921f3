/**
 * The workspace's last plans (Cursor: Open Recent Plan…): at most 5, newest first, each bounded as its buttons carry
 * it, read back through zod (a foreign or damaged value is dropped and counted, never thrown), "when" on the fake clock.
 */
import * as assert from 'node:assert/strict';
import { MAX_RECENT_PLANS, planAge, plainLabel, RECENT_PLANS_KEY, recentPlanItem, RecentPlans } from '../../../src/services/plans/recentPlans';
import { planArg } from '../../../src/services/plans/planArg';
import { planMarkdown, type PlanView } from '../../../src/services/plans/planMarkdown';
import { FakeClock } from '../../support/fakeClock';
import { MemoryLogger } from '../../support/logger';
import { MemoryStore } from '../../support/memoryStore';

const plan = (name: string, extra: Partial<PlanView> = {}): PlanView => ({
  name,
  overview: `${name} overview.`,
  markdown: `# ${name}\n`,
  todos: [
    { content: `${name} one`, status: 'completed' },
    { content: `${name} two`, status: 'pending' },
  ],
  ...extra,
});

function setup() {
  const store = new MemoryStore();
  const clock = new FakeClock();
  const logger = new MemoryLogger();
  return { store, clock, logger, plans: new RecentPlans({ store, clock, logger }) };
}

/** The plans' names as the list shows them, newest first. */
const names = (plans: RecentPlans): Array<string | undefined> => plans.list().map((p) => p.plan.name);

describe('The recent plans of a workspace', () => {
  it('orders by when each was saved, not by the clock: saved in one millisecond, or after the clock stepped back, the later comes first', () => {
    const store = new MemoryStore();
    let now = Date.UTC(2026, 11, 7, 12);
    const plans = new RecentPlans({ store, clock: { now: () => now }, logger: new MemoryLogger() });
    plans.remember(plan('First'));
    plans.remember(plan('Second'));
    now -= 5 * 60_000; // the system clock is set back
    plans.remember(plan('Third'));
    assert.deepEqual(names(plans), ['Third', 'Second', 'First']);
  });

  it('lists the plans newest first, and a new activation over the same storage finds them', async () => {
    const { store, clock, logger, plans } = setup();
    plans.remember(plan('first'));
    await clock.tick(60_000);
    plans.remember(plan('second'));
    assert.deepEqual(names(plans), ['second', 'first']);
    const reloaded = new RecentPlans({ store, clock, logger });
    assert.deepEqual(
      reloaded.list().map((p) => [p.plan.name, p.at]),
      [
        ['second', clock.now()],
        ['first', clock.now() - 60_000],
      ],
    );
  });

  it('keeps 5: a 6th plan evicts the oldest', async () => {
    const { store, clock, plans } = setup();
    for (let i = 1; i <= 6; i++) {
      plans.remember(plan(`plan ${i}`));
      await clock.tick(1000);
    }
    assert.equal(MAX_RECENT_PLANS, 5);
    assert.deepEqual(names(plans), ['plan 6', 'plan 5', 'plan 4', 'plan 3', 'plan 2']);
    assert.equal((store.get(RECENT_PLANS_KEY) as unknown[]).length, 5, 'the storage holds 5');
  });

  it('a stored list longer than 5 (written by someone else) shows its first 5, and what lies past them is never looked at', () => {
    const { store, logger, plans } = setup();
    const stored: unknown[] = Array.from({ length: 5 }, (_, i) => ({ at: 10 - i, plan: plan(`kept ${i + 1}`) }));
    // Past the fifth: 10,000 more, plans and values that are not plans: none is shown, dropped or counted.
    for (let i = 0; i < 10_000; i++) stored.push(i % 2 ? { at: 1, plan: plan(`past ${i}`) } : `not a plan ${i}`);
    void store.update(RECENT_PLANS_KEY, stored);
    assert.deepEqual(names(plans), ['kept 1', 'kept 2', 'kept 3', 'kept 4', 'kept 5']);
    assert.equal(plans.dropped, 0);
    assert.equal(logger.text, '');
  });

  it('the same plan again moves to the top instead of filling a second place', async () => {
    const { clock, plans } = setup();
    plans.remember(plan('a'));
    await clock.tick(1000);
    plans.remember(plan('b'));
    await clock.tick(1000);
    plans.remember(plan('a'));
    assert.deepEqual(names(plans), ['a', 'b']);
  });

  it('stores a huge plan bounded exactly as its buttons carry it (20,000 characters)', () => {
    const { store, plans } = setup();
    const huge = plan('N'.repeat(1 << 20), { markdown: 'step\n'.repeat(200_000), overview: 'O'.repeat(1 << 20) });
    plans.remember(huge);
    const stored = JSON.stringify(store.get(RECENT_PLANS_KEY));
    assert.ok(stored.length < 20_000 * 1.2, `${stored.length} characters stored`);
    const [kept] = plans.list();
    assert.deepEqual(kept?.plan, planArg(huge));
    assert.ok(planMarkdown(kept.plan).length <= 20_000);
  });

  it('drops and counts what is not a plan (foreign or damaged values), never throws, and keeps the good ones', () => {
    const { store, logger, plans } = setup();
    const good = { at: 5, plan: plan('good') };
    void store.update(RECENT_PLANS_KEY, [good, { at: 'yesterday', plan: plan('bad time') }, { at: 1, plan: { markdown: 42 } }, 'rm -rf /', null]);
    assert.deepEqual(names(plans), ['good']);
    assert.equal(plans.dropped, 4);
    assert.match(logger.text, /dropped 4 stored value/);
    // Written back clean: counted once.
    plans.list();
    assert.equal(plans.dropped, 4);
    for (const foreign of [{ plans: [good] }, 'text', 42]) {
      void store.update(RECENT_PLANS_KEY, foreign);
      assert.deepEqual(plans.list(), []);
    }
    assert.equal(plans.dropped, 7);
    // A value of the right shape but written by someone else, 1 MB long: read back bounded as a button carries it.
    void store.update(RECENT_PLANS_KEY, [{ at: 1, plan: plan('big', { markdown: 'x'.repeat(1 << 20) }) }]);
    assert.ok(planMarkdown(plans.list()[0]!.plan).length <= 20_000);
  });

  it('says when each plan was made, on the clock, and how far its to-dos got', () => {
    const { clock, plans } = setup();
    plans.remember(plan('p', { more: 3 }));
    const at = clock.now();
    const seen = (ms: number) => recentPlanItem(plans.list()[0]!, at + ms);
    assert.deepEqual(seen(30_000), { label: 'p', description: 'just now', detail: '1 of 5 to-dos done' });
    assert.equal(seen(60_000).description, '1 minute ago');
    assert.equal(seen(5 * 60_000).description, '5 minutes ago');
    assert.equal(seen(2 * 3_600_000).description, '2 hours ago');
    assert.equal(seen(25 * 3_600_000).description, 'yesterday');
    assert.equal(planAge(at, at + 3 * 86_400_000), '3 days ago');
  });

  it("shows the agent's name as one plain, bounded line: no icons, no line breaks, no invisible characters", () => {
    assert.equal(plainLabel('$(alert) [x](command:rm)\n\nnext\u202eline\u0007'), '\\$(alert) [x](command:rm) next line');
    assert.equal(plainLabel('x'.repeat(500)).length, 80);
    assert.equal(recentPlanItem({ at: 0, plan: { markdown: '', todos: [] } }, 0).label, 'Plan');
    assert.equal(recentPlanItem({ at: 0, plan: { markdown: '', todos: [] } }, 0).detail, undefined);
  });
});
