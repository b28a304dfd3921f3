/**
 * The agent's to-dos as VS Code's own to-do list takes them (the `manage_todo_list` tool's input:
 * the whole list, `{id: number, title, status: not-started | in-progress | completed}`). Bounded as the
 * answer's checklist is ({@link MAX_CHECKLIST_ROWS} rows; the rest are one last row, "… and N more": every
 * write carries the whole list, and a 500-row list written 20 times stalled the extension host ~350 ms). VS Code
 * has no "cancelled": a cancelled to-do is over, so it is `completed`, its title saying "(cancelled)".
 * Titles are one inert line ({@link agentLine}: VS Code also shows them as Markdown, "Completed: *title*"). Pure.
 */
import type { TodoItem } from '../../turn/events';
import { agentLine } from '../../cli/agentText';
import { MAX_CHECKLIST_ROWS } from '../plans/planMarkdown';

export type NativeTodoStatus = 'not-started' | 'in-progress' | 'completed';

export interface NativeTodo {
  id: number;
  title: string;
  status: NativeTodoStatus;
}

/** The tool's input for a write: the whole list. */
export interface NativeTodoInput {
  todoList: NativeTodo[];
}

export const MAX_NATIVE_TITLE_CHARS = 200;

const STATUS: Record<TodoItem['status'], NativeTodoStatus> = {
  pending: 'not-started',
  in_progress: 'in-progress',
  completed: 'completed',
  cancelled: 'completed',
};

export function nativeTodoInput(todos: readonly TodoItem[], more = 0): NativeTodoInput {
  const kept = todos.slice(0, MAX_CHECKLIST_ROWS);
  const todoList = kept.map((t, i) => {
    const title = agentLine(t.content, MAX_NATIVE_TITLE_CHARS) || '…';
    return { id: i + 1, title: t.status === 'cancelled' ? `${title} (cancelled)` : title, status: STATUS[t.status] };
  });
  const rest = todos.length - kept.length + more;
  if (rest > 0) todoList.push({ id: todoList.length + 1, title: `… and ${rest} more`, status: 'not-started' });
  return { todoList };
}
