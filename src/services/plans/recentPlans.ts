/**
 * The workspace's last plans (ACP `cursor/create_plan`), newest first, kept where a window reload leaves them
 * (`workspaceState`: never a file the user sees), so a user can still act on a plan after VS Code disabled its
 * buttons (Cursor: Open Recent Plan…). Each plan is stored exactly as its buttons carry it (planArg: bounded), at
 * most {@link MAX_RECENT_PLANS} of them; what comes back is validated, and an entry that is not a plan (written by
 * someone else, or damaged) is dropped and counted, never a crash. The agent's text is data only: the quick pick
 * shows it as one plain, bounded line. Pure: the clock and the store are injected.
 */
import * as z from 'zod/mini';
import type { Clock } from '../../cli/clock';
import type { Logger } from '../../cli/logger';
import type { PlanView } from './planMarkdown';
import { planArg, planArgSchema } from './planArg';
import { saveQuietly, type PersistentStore } from '../persistentStore';

export const RECENT_PLANS_KEY = 'cursorAgent.recentPlans';
export const MAX_RECENT_PLANS = 5;
const MAX_LABEL_CHARS = 80;

export interface RecentPlan {
  /** When the turn that proposed it ended (ms since the epoch). */
  at: number;
  plan: PlanView;
}

const entrySchema = z.object({ at: z.number().check(z.minimum(0)), plan: planArgSchema });

export class RecentPlans {
  /** Stored entries dropped on reading because they were not plans (counted since activation). */
  dropped = 0;

  constructor(private readonly deps: { store: PersistentStore; clock: Pick<Clock, 'now'>; logger: Logger }) {}

  /** The stored plans, newest first (read from the store each time: the state of this workspace, not of this window). */
  list(): RecentPlan[] {
    const raw = this.deps.store.get(RECENT_PLANS_KEY);
    if (raw === undefined) return [];
    // Written newest first and never longer: anything past the limit is not ours to read.
    const entries: unknown[] = Array.isArray(raw) ? raw.slice(0, MAX_RECENT_PLANS) : [raw];
    const plans: RecentPlan[] = [];
    for (const e of entries) {
      const p = Array.isArray(raw) ? entrySchema.safeParse(e) : undefined;
      if (p?.success) plans.push({ at: p.data.at, plan: planArg(p.data.plan) });
    }
    // Kept newest first as saved: the order is the sequence of saves, never the clock (which can step back).
    const dropped = entries.length - plans.length;
    if (dropped > 0) {
      this.dropped += dropped;
      this.deps.logger.warn(`[plans] dropped ${dropped} stored value(s) that were not plans`);
      // Written back clean, so each is dropped (and counted) once.
      this.save(plans);
    }
    return plans;
  }

  /** Keeps `plan` (bounded as its buttons carry it) as the newest; the same plan again moves up; the oldest beyond the limit goes. */
  remember(plan: PlanView): void {
    const bounded = planArg(plan);
    const key = JSON.stringify(bounded);
    const kept = this.list().filter((p) => JSON.stringify(p.plan) !== key);
    this.save([{ at: this.deps.clock.now(), plan: bounded }, ...kept].slice(0, MAX_RECENT_PLANS));
  }

  private save(plans: RecentPlan[]): void {
    saveQuietly(this.deps.store, RECENT_PLANS_KEY, plans, (why) => this.deps.logger.warn(`[plans] could not keep the plans: ${why}`));
  }
}

/** Agent text as one plain line of a quick pick: whitespace folded, bounded, and no `$(icon)` rendered as an icon. */
export function plainLabel(s: string, max = MAX_LABEL_CHARS): string {
  const line = s
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const cut = line.length > max ? `${line.slice(0, max - 1)}…` : line;
  return cut.replace(/\$\(/g, '\\$(');
}

/** How long ago `at` was, as a quick pick says it ("just now", "5 minutes ago", "yesterday", "3 days ago"). */
export function planAge(at: number, now: number): string {
  const minutes = Math.floor(Math.max(0, now - at) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return minutes === 1 ? '1 minute ago' : `${minutes} minutes ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return hours === 1 ? '1 hour ago' : `${hours} hours ago`;
  const days = Math.floor(hours / 24);
  return days === 1 ? 'yesterday' : `${days} days ago`;
}

/** One plan as the quick pick shows it: its name (or "Plan"), when, and how far its to-dos got. */
export function recentPlanItem(p: RecentPlan, now: number): { label: string; description: string; detail?: string } {
  const label = plainLabel(p.plan.name ?? '') || 'Plan';
  const total = p.plan.todos.length + (p.plan.more ?? 0);
  const done = p.plan.todos.filter((t) => t.status === 'completed').length;
  const detail = total > 0 ? `${done} of ${total} to-dos done` : undefined;
  return { label, description: planAge(p.at, now), ...(detail ? { detail } : {}) };
}
