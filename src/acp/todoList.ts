/**
 * A turn's to-do list as ACP `cursor/update_todos` builds it: the first request
 * (`merge: false`) sends the whole list, later ones (`merge: true`) only the rows
 * that moved, often `{id, status}` without content, merged by id into the list
 * so far. Bounded: at most {@link MAX_TODO_ROWS} rows are kept, the rest counted. Pure.
 */
import type { TodoItem, TodoRow, TurnEvent } from '../turn/events';

/** Rows kept in the list; later new rows are only counted ("… and N more"). */
export const MAX_TODO_ROWS = 500;

export class TodoList {
  private rows: TodoItem[] = [];
  private byId = new Map<string, TodoItem>();
  /** Rows the agent sent that are not kept. */
  private more = 0;

  /** A whole new list (a plan's, a `plan` update's, a `merge: false` request's). */
  replace(todos: readonly TodoItem[], more: number): Extract<TurnEvent, { type: 'todos' }> {
    this.rows = [];
    this.byId.clear();
    this.more = more;
    for (const t of todos) this.add({ ...t });
    return this.event();
  }

  /** One `cursor/update_todos`: replaces the list, or merges its rows into it by id. */
  update(u: Extract<TurnEvent, { type: 'todoUpdate' }>): Extract<TurnEvent, { type: 'todos' }> {
    if (!u.merge)
      return this.replace(
        u.rows.flatMap((r) => (r.content === undefined ? [] : [whole(r)])),
        u.more,
      );
    for (const r of u.rows) {
      const known = r.id !== undefined ? this.byId.get(r.id) : undefined;
      if (known) {
        if (r.status) known.status = r.status;
        if (r.content !== undefined) known.content = r.content;
      } else if (r.content !== undefined) {
        this.add(whole(r));
      }
      // A row that moved but is neither known nor described cannot be shown: it is skipped.
    }
    // Rows not read from a merge are ones that moved, not new ones: the count of rows is unchanged.
    return this.event();
  }

  private add(t: TodoItem): void {
    if (this.rows.length >= MAX_TODO_ROWS) {
      this.more++;
      return;
    }
    this.rows.push(t);
    if (t.id !== undefined && !this.byId.has(t.id)) this.byId.set(t.id, t);
  }

  private event(): Extract<TurnEvent, { type: 'todos' }> {
    return { type: 'todos', todos: this.rows.map((t) => ({ ...t })), ...(this.more > 0 ? { more: this.more } : {}) };
  }
}

function whole(r: TodoRow): TodoItem {
  return { ...(r.id !== undefined ? { id: r.id } : {}), content: r.content ?? '', status: r.status ?? 'pending' };
}
