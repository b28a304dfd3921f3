/**
 * Cursor: Open Recent Plan… (`cursorAgent.openRecentPlan`): the way back to a plan after a window reload, when VS
 * Code has disabled the buttons under it. A quick pick of the workspace's last plans (newest first), then of the
 * same actions as the buttons, run through the buttons' own commands (planActions.ts): no second implementation,
 * and Build in Terminal offered only in a trusted window. The agent's text shows as plain labels only.
 */
import * as vscode from 'vscode';
import * as z from 'zod/mini';
import { recentPlanItem, type RecentPlans } from '../../services/plans/recentPlans';
import { BUILD_IN_TERMINAL, BUILD_WITH_AGENT, OPEN_PLAN, planActionList } from './planActions';

export const OPEN_RECENT_PLAN = 'cursorAgent.openRecentPlan';

/** For tests only (the palette passes nothing): which plan (0 = newest) and which action, without the quick picks. */
const pickArg = z.object({ plan: z.int().check(z.minimum(0)), action: z.enum(['open', 'agent', 'terminal']) });
const BY_NAME = { open: OPEN_PLAN, agent: BUILD_WITH_AGENT, terminal: BUILD_IN_TERMINAL } as const;

export interface RecentPlanDeps {
  plans: Pick<RecentPlans, 'list'>;
  gate: { isTrusted(): boolean };
  now: () => number;
}

export function registerOpenRecentPlan(deps: RecentPlanDeps): vscode.Disposable {
  return vscode.commands.registerCommand(OPEN_RECENT_PLAN, (arg: unknown) => openRecentPlan(deps, arg));
}

/** Runs the chosen action's command and returns what it returned (Open Plan: the editor); undefined when nothing was chosen. */
export async function openRecentPlan(deps: RecentPlanDeps, arg?: unknown): Promise<unknown> {
  const given = pickArg.safeParse(arg);
  const plans = deps.plans.list();
  if (plans.length === 0) {
    void vscode.window.showInformationMessage(
      vscode.l10n.t('No plan in this folder yet: ask @cursor for a plan (for example "@cursor plan how to add a login page"), then open it here.'),
    );
    return undefined;
  }
  const actions = planActionList().filter((a) => a.command !== BUILD_IN_TERMINAL || deps.gate.isTrusted());
  if (given.success) {
    const command = BY_NAME[given.data.action];
    const plan = plans[given.data.plan];
    return plan && actions.some((a) => a.command === command) ? vscode.commands.executeCommand(command, plan.plan) : undefined;
  }
  const now = deps.now();
  const title = vscode.l10n.t('Open Recent Plan');
  const items = plans.map((p) => ({ ...recentPlanItem(p, now), plan: p.plan }));
  const picked = await vscode.window.showQuickPick(items, { title, placeHolder: vscode.l10n.t('Pick a plan') });
  if (!picked) return undefined;
  const choices = actions.map((a) => ({ label: a.title, detail: a.tooltip, command: a.command }));
  const action = await vscode.window.showQuickPick(choices, { title, placeHolder: vscode.l10n.t('Pick an action') });
  return action ? vscode.commands.executeCommand(action.command, picked.plan) : undefined;
}
