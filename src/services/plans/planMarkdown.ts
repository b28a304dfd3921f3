/**
 * How a plan the agent proposed (ACP `cursor/create_plan`) and its todo list
 * read in the chat: the plan's name as a heading, the overview, the markdown
 * plan, the todos as a markdown checklist. Also the one-line progress note for
 * a todo list that changed mid-turn. Pure.
 */
import { escapeMarkdown, oneLine } from '../../cli/markdownText';
import type { TodoItem, TurnEvent } from '../../turn/events';

export type PlanEvent = Extract<TurnEvent, { type: 'plan' }>;
/**
 * A plan as it reads (in a document, a prompt): `more`, to-dos the list leaves out ("… and N more"); `folder`, the
 * workspace folder of the chat that made it (a path: where Build in Terminal builds it, when it is open in the window).
 */
export type PlanView = Omit<PlanEvent, 'type'> & { more?: number; folder?: string };

/**
 * Markup a plan escapes: fewer than MARKUP_CHARS (cli/markdownText.ts), because a plan is also a document the user saves and a
 * prompt an agent reads, so only what would change its meaning as Markdown (emphasis, code, links, HTML, tables).
 */
const PLAN_MARKUP = '\\`*_[]<>|~';

/** Plain text as markdown that shows it as written (`src/__tests__/` is not bold), on one line (a newline would end a list item). */
function plain(s: string): string {
  return escapeMarkdown(oneLine(s), PLAN_MARKUP);
}

function todoLine(t: TodoItem): string {
  const text = plain(t.content);
  switch (t.status) {
    case 'completed':
      return `- [x] ${text}`;
    case 'in_progress':
      return `- [ ] **${text}** *(in progress)*`;
    case 'cancelled':
      return `- [ ] ~~${text}~~ *(cancelled)*`;
    default:
      return `- [ ] ${text}`;
  }
}

/** Rows a checklist shows; the rest are summed up in one line ("… and N more"). */
export const MAX_CHECKLIST_ROWS = 100;

/** The todos as a markdown checklist (`- [ ]` / `- [x]`, the one in progress in bold); `more`: rows not in `todos`. */
export function todoChecklist(todos: readonly TodoItem[], more = 0): string {
  const lines = todos.slice(0, MAX_CHECKLIST_ROWS).map(todoLine);
  const rest = todos.length - lines.length + more;
  if (rest > 0) lines.push(`- … and ${rest} more`);
  return lines.join('\n');
}

/** The plan as markdown: `## name`, the overview, the plan, then `**To-dos**` and the checklist (name and to-dos as plain text). */
export function planMarkdown(plan: PlanView): string {
  const parts: string[] = [];
  const name = plain(plan.name ?? '');
  parts.push(`## ${name || 'Plan'}`);
  if (plan.overview?.trim()) parts.push(plan.overview.trim());
  if (plan.markdown.trim()) parts.push(plan.markdown.trim());
  if (plan.todos.length > 0) parts.push(`**To-dos**\n\n${todoChecklist(plan.todos, plan.more)}`);
  return parts.join('\n\n');
}

/** Identifies a todo list's state (contents and statuses), to tell whether it changed. */
export function todosKey(todos: readonly TodoItem[], more = 0): string {
  return JSON.stringify([more, todos.map((t) => [oneLine(t.content), t.status])]);
}

/** A progress line for a todo list that changed: how many are done and what is in progress. */
export function todoProgress(todos: readonly TodoItem[], more = 0): string {
  const done = todos.filter((t) => t.status === 'completed').length;
  const now = todos.find((t) => t.status === 'in_progress');
  const count = `To-dos: ${done} of ${todos.length + more} done`;
  return now ? `${count}; working on: ${plain(now.content)}` : count;
}

/** What a plan-related event adds to an answer: a markdown block, or a transient progress line. */
export interface PlanOutput {
  block?: string;
  progress?: string;
}

/**
 * Follows a turn's plan, todos and notes, and says what to add to the answer for each. An answer
 * cannot edit what it already streamed, so a todo list that changes is not redrawn each time: each
 * change is a progress line, and {@link PlanTracker.finish} gives the final checklist once, if it
 * differs from the last one shown.
 */
export class PlanTracker {
  /** The blocks added so far (markdown), for the history. */
  text = '';
  private todos: readonly TodoItem[] = [];
  /** Rows of the list not in `todos` (not kept). */
  private more = 0;
  /** The todo list as last shown as a checklist (undefined: none shown). */
  private shownTodos: string | undefined;

  /** The to-do list now: the plan's, then as later `todos` events moved it (what the final checklist shows). */
  get current(): { todos: readonly TodoItem[]; more: number } {
    return { todos: this.todos, more: this.more };
  }

  push(e: TurnEvent): PlanOutput {
    switch (e.type) {
      case 'plan':
        this.todos = e.todos;
        this.more = 0;
        if (e.todos.length > 0) this.shownTodos = todosKey(e.todos);
        return this.block(planMarkdown(e));
      case 'todos': {
        const more = e.more ?? 0;
        if (todosKey(e.todos, more) === todosKey(this.todos, this.more)) return {};
        this.todos = e.todos;
        this.more = more;
        return e.todos.length > 0 ? { progress: todoProgress(e.todos, more) } : {};
      }
      case 'notice':
        return e.kind === 'question' ? this.block(`> ${e.text}`) : { progress: e.text };
      default:
        return {};
    }
  }

  /** The final todo list, when it changed after the last checklist shown (or none was). */
  finish(heading = 'To-dos'): string | undefined {
    const key = todosKey(this.todos, this.more);
    if (this.todos.length === 0 || key === this.shownTodos) return undefined;
    this.shownTodos = key;
    return this.block(`**${heading}**\n\n${todoChecklist(this.todos, this.more)}`).block;
  }

  private block(markdown: string): PlanOutput {
    this.text += (this.text ? '\n\n' : '') + markdown;
    return { block: markdown };
  }
}
