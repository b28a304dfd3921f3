/**
 * How the extension answers every request the agent sends (an unanswered one
 * can hang the session), and what each shows the user. Read-only by
 * construction: a permission request is rejected once, except a call to one of this window's read-only
 * editor tools, which is allowed once (never `allow-always`: it would write the user's global CLI config). Pure.
 */
import { agentLine } from '../cli/agentText';
import { redactThenCut } from '../cli/redact';
import type { TodoItem, TodoRow, TurnEvent } from '../turn/events';
import type { AgentRequestAnswer } from './peer';
import { createPlanSchema, permissionRequestSchema, todoRowSchema, updateTodosSchema } from './schema';
import { RPC } from './wire';
import { editorToolOf } from './editorToolPermission';
import { EDITOR_TOOLS, type EditorToolName } from '../turn/editorTools';

/** Rows of one to-do list read per request; the rest are counted ("… and N more"), never validated one by one. */
export const MAX_TODO_ROWS_READ = 500;
/** A to-do row as shown (checklist row, progress line), at most; cut where it is read, before it is cleaned. */
export const MAX_TODO_CHARS = 300;
/** A to-do id as kept (ids are matched exactly; the CLI's are short). */
const MAX_TODO_ID_CHARS = 200;

export interface AgentRequestDecision {
  answer: Exclude<AgentRequestAnswer, 'later'>;
  /** What the turn shows for it (plan, todos, a progress line). */
  events: TurnEvent[];
  /** A line for the chat ("a permission request was rejected"). */
  notice?: string;
}

/** The answer to an agent request left pending when the turn is cancelled. */
export const CANCELLED_ANSWER = { result: { outcome: { outcome: 'cancelled' } } } as const;

export const KNOWN_AGENT_METHODS = [
  'session/request_permission',
  'cursor/create_plan',
  'cursor/update_todos',
  'cursor/task',
  'cursor/generate_image',
  'cursor/ask_question',
];

/** `editorServer`: this window's editor-tools MCP server, whose listed tools (and nothing else) are allowed once per call. */
export function decideAgentRequest(method: string, params: unknown, ctx: { editorServer?: string } = {}): AgentRequestDecision {
  switch (method) {
    case 'session/request_permission': {
      const tool = editorToolOf(params, ctx.editorServer);
      return tool ? allowEditorTool(params, tool) : permission(params);
    }
    case 'cursor/create_plan': {
      const p = createPlanSchema.safeParse(params);
      const events: TurnEvent[] = [];
      if (p.success) {
        events.push({
          type: 'plan',
          ...(p.data.name ? { name: agentLine(p.data.name, MAX_TODO_CHARS) } : {}),
          ...(p.data.overview ? { overview: p.data.overview } : {}),
          markdown: p.data.plan ?? '',
          todos: todosOf(readRows(p.data.todos).rows),
        });
      }
      // The CLI saves the plan whatever the answer; accepting it lets the turn end normally.
      return { answer: { result: { accepted: true } }, events };
    }
    case 'cursor/update_todos': {
      // Rows are merged into the turn's list by the turn (UpdateMapper): a merge carries only the rows that moved.
      const p = updateTodosSchema.safeParse(params);
      if (!p.success || !p.data.todos) return { answer: { result: {} }, events: [] };
      const { rows, more } = readRows(p.data.todos);
      return { answer: { result: {} }, events: [{ type: 'todoUpdate', merge: p.data.merge === true, rows, more }] };
    }
    case 'cursor/task':
    case 'cursor/generate_image':
      return { answer: { result: {} }, events: [] };
    case 'cursor/ask_question': {
      const notice = 'The agent asked a question this chat cannot answer mid-turn; it was skipped. Answer it in your next message if needed.';
      return {
        answer: { result: { outcome: { outcome: 'skipped', reason: 'This chat cannot answer questions mid-turn; reply in your next message.' } } },
        events: [{ type: 'notice', kind: 'question', text: notice }],
        notice,
      };
    }
    default:
      return { answer: { error: { code: RPC.methodNotFound, message: `Method not found: ${method.slice(0, 100)}` } }, events: [] };
  }
}

function permission(params: unknown): AgentRequestDecision {
  const p = permissionRequestSchema.safeParse(params);
  const title = p.success ? p.data.toolCall?.title : undefined;
  const notice = `Cursor asked for permission${title ? ` to run "${oneLine(title)}"` : ''}; this chat is read-only, so it was rejected.`;
  // Only a one-time rejection: `reject_always` would also write the user's CLI config.
  const reject = p.success
    ? (p.data.options.find((o) => o.kind === 'reject_once') ?? p.data.options.find((o) => o.optionId === 'reject-once'))
    : undefined;
  const answer = reject ? { result: { outcome: { outcome: 'selected', optionId: reject.optionId } } } : CANCELLED_ANSWER;
  return { answer, events: [{ type: 'notice', kind: 'permission', text: notice }], notice };
}

/** A call to one of this window's read-only editor tools: allowed once (never `allow-always`: it would write the CLI's config). */
function allowEditorTool(params: unknown, tool: EditorToolName): AgentRequestDecision {
  const p = permissionRequestSchema.safeParse(params);
  const options = p.success ? p.data.options : [];
  const allow = options.find((o) => o.kind === 'allow_once') ?? options.find((o) => o.optionId === 'allow-once');
  if (!allow) return permission(params);
  const shown: TurnEvent = { type: 'notice', kind: 'permission', text: EDITOR_TOOLS[tool].progress };
  return { answer: { result: { outcome: { outcome: 'selected', optionId: allow.optionId } } }, events: [shown] };
}

const STATUSES = new Set(['pending', 'in_progress', 'completed', 'cancelled']);

function statusOf(s: string | undefined): TodoItem['status'] | undefined {
  return s && STATUSES.has(s) ? (s as TodoItem['status']) : undefined;
}

/** The first {@link MAX_TODO_ROWS_READ} rows of a list, each validated; malformed rows are skipped; `more`: rows not read. */
export function readRows(list: readonly unknown[] | undefined): { rows: TodoRow[]; more: number } {
  const all = list ?? [];
  const rows: TodoRow[] = [];
  for (const raw of all.slice(0, MAX_TODO_ROWS_READ)) {
    const p = todoRowSchema.safeParse(raw);
    if (!p.success) continue;
    const status = statusOf(p.data.status);
    rows.push({
      ...(p.data.id ? { id: p.data.id.slice(0, MAX_TODO_ID_CHARS) } : {}),
      ...(p.data.content !== undefined ? { content: agentLine(p.data.content, MAX_TODO_CHARS) } : {}),
      ...(status ? { status } : {}),
    });
  }
  return { rows, more: Math.max(0, all.length - MAX_TODO_ROWS_READ) };
}

/** Whole rows (a new list, a plan's, ACP `plan` entries) as to-dos: no content, no row; no status, pending. */
export function todosOf(list: ReadonlyArray<{ id?: string; content?: string; status?: string }> | undefined): TodoItem[] {
  return (list ?? []).flatMap((t) =>
    t.content === undefined
      ? []
      : [
          {
            ...(t.id ? { id: t.id.slice(0, MAX_TODO_ID_CHARS) } : {}),
            content: agentLine(t.content, MAX_TODO_CHARS),
            status: statusOf(t.status) ?? 'pending',
          },
        ],
  );
}

/** One line for the chat and the log (a permission title can quote a command with its token): redacted first, then cut. */
function oneLine(s: string): string {
  return redactThenCut(agentLine(s, 400), 120);
}
