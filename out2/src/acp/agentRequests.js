"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.KNOWN_AGENT_METHODS = exports.CANCELLED_ANSWER = void 0;
exports.decideAgentRequest = decideAgentRequest;
exports.todosOf = todosOf;
const schema_1 = require("./schema");
const wire_1 = require("./wire");
/** The answer to an agent request left pending when the turn is cancelled. */
exports.CANCELLED_ANSWER = { result: { outcome: { outcome: 'cancelled' } } };
exports.KNOWN_AGENT_METHODS = ['session/request_permission', 'cursor/create_plan', 'cursor/update_todos', 'cursor/task', 'cursor/generate_image', 'cursor/ask_question'];
function decideAgentRequest(method, params) {
    switch (method) {
        case 'session/request_permission':
            return permission(params);
        case 'cursor/create_plan': {
            const p = schema_1.createPlanSchema.safeParse(params);
            const events = [];
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
            const p = schema_1.updateTodosSchema.safeParse(params);
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
            return { answer: { error: { code: wire_1.RPC.methodNotFound, message: `Method not found: ${method.slice(0, 100)}` } }, events: [] };
    }
}
function permission(params) {
    const p = schema_1.permissionRequestSchema.safeParse(params);
    const title = p.success ? p.data.toolCall?.title : undefined;
    const notice = `Cursor asked for permission${title ? ` to run "${oneLine(title)}"` : ''}; this chat is read-only, so it was rejected.`;
    // Only a one-time rejection: `reject_always` would also write the user's CLI config.
    const reject = p.success ? (p.data.options.find((o) => o.kind === 'reject_once') ?? p.data.options.find((o) => o.optionId === 'reject-once')) : undefined;
    const answer = reject ? { result: { outcome: { outcome: 'selected', optionId: reject.optionId } } } : exports.CANCELLED_ANSWER;
    return { answer, events: [{ type: 'notice', kind: 'permission', text: notice }], notice };
}
const STATUSES = new Set(['pending', 'in_progress', 'completed', 'cancelled']);
function todosOf(list) {
    return (list ?? []).map((t) => ({
        ...(t.id ? { id: t.id } : {}),
        content: t.content,
        status: t.status && STATUSES.has(t.status) ? t.status : 'pending',
    }));
}
function oneLine(s) {
    const t = s.replace(/\s+/g, ' ').trim();
    return t.length <= 120 ? t : t.slice(0, 119) + '…';
}
//# sourceMappingURL=agentRequests.js.map