/**
 * How the extension answers every request the agent sends (an unanswered one
 * can hang the session), and what each shows the user. Read-only by
 * construction: a permission request is always rejected once, never allowed
 * (`allow-always` would write the user's global CLI config). Pure.
 */
import type { TodoItem, TurnEvent } from '../cli/turnParser';
import type { AgentRequestAnswer } from './peer';
import { createPlanSchema, permissionRequestSchema, updateTodosSchema } from './schema';
import { RPC } from './wire';

export interface AgentRequestDecision {
  answer: Exclude<AgentRequestAnswer, 'later'>;
  /** What the turn shows for it (plan, todos, a progress line). */
  events: TurnEvent[];
  /** A line for the chat ("a permission request was rejected"). */
  notice?: string;
}

/** The answer to an agent request left pending when the turn is cancelled. */
export const CANCELLED_ANSWER = { result: { outcome: { outcome: 'cancelled' } } } as const;

export const KNOWN_AGENT_METHODS = ['session/request_permission', 'cursor/create_plan', 'cursor/update_todos', 'cursor/task', 'cursor/generate_image', 'cursor/ask_question'];

export function decideAgentRequest(method: string, params: unknown): AgentRequestDecision {
  switch (method) {
    case 'session/request_permission':
      return permission(params);
    case 'cursor/create_plan': {
      const p = createPlanSchema.safeParse(params);
      const events: TurnEvent[] = [];
      if (p.success) {
        events.push({
          type: 'plan',
          ...(p.data.name ? { name: p.data.name } : {}),
          ...(p.data.overview ? { overview: p.data.overview } : {}),
          markdown: p.data.plan ?? '',
          todos: todosOf(p.data.todos),
        });
      }
      // The CLI saves the plan whatever the answer; accepting it lets the turn end normally.
      return { answer: { result: { accepted: true } }, events };
    }
    case 'cursor/update_todos': {
      const p = updateTodosSchema.safeParse(params);
      return { answer: { result: {} }, events: p.success && p.data.todos ? [{ type: 'todos', todos: todosOf(p.data.todos) }] : [] };
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
  const reject = p.success ? (p.data.options.find((o) => o.kind === 'reject_once') ?? p.data.options.find((o) => o.optionId === 'reject-once')) : undefined;
  const answer = reject ? { result: { outcome: { outcome: 'selected', optionId: reject.optionId } } } : CANCELLED_ANSWER;
  return { answer, events: [{ type: 'notice', kind: 'permission', text: notice }], notice };
}

const STATUSES = new Set(['pending', 'in_progress', 'completed', 'cancelled']);

export function todosOf(list: ReadonlyArray<{ id?: string; content: string; status?: string }> | undefined): TodoItem[] {
  return (list ?? []).map((t) => ({
    ...(t.id ? { id: t.id } : {}),
    content: t.content,
    status: t.status && STATUSES.has(t.status) ? (t.status as TodoItem['status']) : 'pending',
  }));
}

function oneLine(s: string): string {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length <= 120 ? t : t.slice(0, 119) + '…';
}
