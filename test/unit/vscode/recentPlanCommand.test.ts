/**
 * Cursor: Open Recent Plan… (vscode stand-in): a quick pick of the folder's last plans, then of the plan buttons'
 * own actions (Build in Terminal only in a trusted window), run through the buttons' commands; with no plan yet, a
 * message that says what to do.
 */
import * as assert from 'node:assert/strict';
import { RecentPlans } from '../../../src/services/plans/recentPlans';
import type { PlanView } from '../../../src/services/plans/planMarkdown';
import { BUILD_IN_TERMINAL, BUILD_WITH_AGENT, OPEN_PLAN } from '../../../src/vscode/plans/planActions';
import { OPEN_RECENT_PLAN, openRecentPlan, registerOpenRecentPlan } from '../../../src/vscode/plans/recentPlanCommand';
import { FakeClock } from '../../support/fakeClock';
import { MemoryLogger } from '../../support/logger';
import { MemoryStore } from '../../support/memoryStore';
import { shimState, vscodeShim } from '../../support/vscodeShim';

const plan = (name: string): PlanView => ({ name, markdown: `# ${name}\n`, todos: [{ content: 'step', status: 'completed' }] });
type Item = { label: string; description?: string; detail?: string };

describe('Cursor: Open Recent Plan… (vscode stand-in)', () => {
  let clock: FakeClock;
  let plans: RecentPlans;
  let deps: Parameters<typeof openRecentPlan>[0];
  beforeEach(() => {
    Object.assign(shimState, { executed: [], quickPicks: [], messages: [], pickFrom: undefined });
    clock = new FakeClock();
    plans = new RecentPlans({ store: new MemoryStore(), clock, logger: new MemoryLogger() });
    deps = { plans, gate: { isTrusted: () => vscodeShim.workspace.isTrusted === true }, now: () => clock.now() };
  });

  it('with no plan yet, says so and what to do, with no error and no pick', async () => {
    const d = registerOpenRecentPlan(deps);
    await shimState.commands?.get(OPEN_RECENT_PLAN)?.();
    d.dispose();
    assert.deepEqual(
      shimState.messages?.map((m) => m.level),
      ['info'],
    );
    assert.match(shimState.messages?.[0]?.text ?? '', /^No plan in this folder yet: ask @cursor for a plan/);
    assert.deepEqual(shimState.quickPicks, []);
  });

  it("lists the plans newest first (name, when, to-dos), then runs the picked action through the button's command", async () => {
    plans.remember(plan('older'));
    await clock.tick(3 * 60_000);
    plans.remember(plan('$(zap) newer'));
    await clock.tick(60_000);
    let n = 0;
    shimState.pickFrom = (items) => (n++ === 0 ? items[1] : items.find((i) => (i as Item).label === 'Build with Agent'));
    await openRecentPlan(deps);
    const [planItems, actionItems] = shimState.quickPicks as Item[][];
    assert.deepEqual(
      planItems?.map((i) => [i.label, i.description, i.detail]),
      [
        ['\\$(zap) newer', '1 minute ago', '1 of 1 to-dos done'],
        ['older', '4 minutes ago', '1 of 1 to-dos done'],
      ],
    );
    assert.deepEqual(
      actionItems?.map((i) => i.label),
      ['Open Plan', 'Build with Agent', 'Build in Terminal'],
    );
    assert.deepEqual(shimState.executed, [[BUILD_WITH_AGENT, plan('older')]]);
  });

  it('offers Build in Terminal only in a trusted window', async () => {
    vscodeShim.workspace.isTrusted = false;
    plans.remember(plan('p'));
    shimState.pickFrom = (items) => items[0];
    await openRecentPlan(deps);
    assert.deepEqual(
      (shimState.quickPicks?.[1] as Item[]).map((i) => i.label),
      ['Open Plan', 'Build with Agent'],
    );
    assert.deepEqual(await openRecentPlan(deps, { plan: 0, action: 'terminal' }), undefined);
    assert.deepEqual(shimState.executed, [[OPEN_PLAN, plan('p')]]);
  });

  it('Escape at either pick does nothing', async () => {
    plans.remember(plan('p'));
    await openRecentPlan(deps);
    let n = 0;
    shimState.pickFrom = (items) => (n++ === 0 ? items[0] : undefined);
    await openRecentPlan(deps);
    assert.deepEqual(shimState.executed, []);
  });

  it("a test's direct choice picks the plan and action without the quick pick; anything else falls back to the picks", async () => {
    plans.remember(plan('p'));
    await openRecentPlan(deps, { plan: 0, action: 'terminal' });
    await openRecentPlan(deps, { plan: 3, action: 'open' });
    await openRecentPlan(deps, 'rm -rf /');
    assert.deepEqual(shimState.executed, [[BUILD_IN_TERMINAL, plan('p')]]);
    assert.equal(shimState.quickPicks?.length, 1);
  });
});
