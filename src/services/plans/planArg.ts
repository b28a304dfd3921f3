/**
 * The plan as @cursor carries it outside the answer (in a plan button's arguments, in the recent plans of the
 * workspace): its markdown (planMarkdown) at most {@link MAX_PLAN_CHARS} long, and the folder it was made in, read
 * back as data only (validated with zod, bounded again). Pure.
 */
import * as z from 'zod/mini';
import { TODO_STATUSES, type TodoItem } from '../../turn/events';
import { planMarkdown, todoChecklist, type PlanView } from './planMarkdown';

/**
 * The plan carried, as markdown (name, overview, plan, to-dos), at most this long. Quoted for a Windows command line
 * (each `"` becomes `\"`) it may not fit one: Build in Terminal checks the command line itself (terminalPrompt.ts). The
 * to-dos come first (their final states are what changed during the turn), then the plan's own markdown fills what is left.
 */
export const MAX_PLAN_CHARS = 20_000;
const MAX_TODOS = 100;
const MAX_TODO_CHARS = 300;
const MAX_FOLDER_CHARS = 4096;
/** What the to-do checklist may take of {@link MAX_PLAN_CHARS}; rows beyond it are counted ("… and N more"). */
const MAX_CHECKLIST_CHARS = 8_000;

export const planArgSchema = z.object({
  name: z.optional(z.string()),
  overview: z.optional(z.string()),
  markdown: z.string(),
  todos: z.array(z.object({ content: z.string(), status: z.enum(TODO_STATUSES) })),
  more: z.optional(z.int().check(z.minimum(0))),
  folder: z.optional(z.string()),
});

const cut = (s: string | undefined, n: number) => (s === undefined ? undefined : s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** The plan as it is carried: its markdown (planMarkdown) at most {@link MAX_PLAN_CHARS} long. */
export function planArg(p: PlanView): PlanView {
  const todos: TodoItem[] = [];
  let used = 0;
  for (const t of p.todos.slice(0, MAX_TODOS)) {
    const todo = { content: cut(t.content, MAX_TODO_CHARS)!, status: t.status };
    used += todoChecklist([todo]).length + 1;
    if (used > MAX_CHECKLIST_CHARS) break;
    todos.push(todo);
  }
  const more = (p.more ?? 0) + p.todos.length - todos.length;
  const name = cut(p.name, 200);
  const overview = cut(p.overview, 2000);
  const rest = { ...(name ? { name } : {}), ...(overview ? { overview } : {}), todos, ...(more > 0 ? { more } : {}) };
  // The plan's own markdown gets the room the rest leaves (two characters for the blank line before it).
  const room = MAX_PLAN_CHARS - planMarkdown({ ...rest, markdown: '' }).length - 2;
  // A folder is a path or nothing (never cut: a shorter path is another folder); the hand-off takes it only when it is open.
  const folder = p.folder !== undefined && p.folder.length <= MAX_FOLDER_CHARS ? { folder: p.folder } : {};
  return { ...rest, markdown: cut(p.markdown, room)!, ...folder };
}

/** A carried plan read back (from a click, from storage): undefined unless it has a plan's shape; bounded again. */
export function readPlanArg(arg: unknown): PlanView | undefined {
  const p = planArgSchema.safeParse(arg);
  return p.success ? planArg(p.data) : undefined;
}
