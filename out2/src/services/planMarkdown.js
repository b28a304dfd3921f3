"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.PlanTracker = void 0;
exports.todoChecklist = todoChecklist;
exports.planMarkdown = planMarkdown;
exports.todosKey = todosKey;
exports.todoProgress = todoProgress;
/** One line of agent text: a newline inside a list item or a heading would end it. */
function oneLine(s) {
    return s.replace(/\s+/g, ' ').trim();
}
/** Plain text as markdown that shows it as written (`src/__tests__/` is not bold). */
function plain(s) {
    return oneLine(s).replace(/[\\`*_[\]<>|~]/g, (c) => `\\${c}`);
}
function todoLine(t) {
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
/** The todos as a markdown checklist (`- [ ]` / `- [x]`, the one in progress in bold). */
function todoChecklist(todos) {
    return todos.map(todoLine).join('\n');
}
/** The plan as markdown: `## name`, the overview, the plan, then `**To-dos**` and the checklist (name and to-dos as plain text). */
function planMarkdown(plan) {
    const parts = [];
    const name = plain(plan.name ?? '');
    parts.push(`## ${name || 'Plan'}`);
    if (plan.overview?.trim())
        parts.push(plan.overview.trim());
    if (plan.markdown.trim())
        parts.push(plan.markdown.trim());
    if (plan.todos.length > 0)
        parts.push(`**To-dos**\n\n${todoChecklist(plan.todos)}`);
    return parts.join('\n\n');
}
/** Identifies a todo list's state (contents and statuses), to tell whether it changed. */
function todosKey(todos) {
    return JSON.stringify(todos.map((t) => [oneLine(t.content), t.status]));
}
/** A progress line for a todo list that changed: how many are done and what is in progress. */
function todoProgress(todos) {
    const done = todos.filter((t) => t.status === 'completed').length;
    const now = todos.find((t) => t.status === 'in_progress');
    const count = `To-dos: ${done} of ${todos.length} done`;
    return now ? `${count}; working on: ${oneLine(now.content)}` : count;
}
/**
 * Follows a turn's plan, todos and notes, and says what to add to the answer for each. An answer
 * cannot edit what it already streamed, so a todo list that changes is not redrawn each time: each
 * change is a progress line, and {@link PlanTracker.finish} gives the final checklist once, if it
 * differs from the last one shown.
 */
class PlanTracker {
    /** The blocks added so far (markdown), for the history. */
    text = '';
    todos = [];
    /** The todo list as last shown as a checklist (undefined: none shown). */
    shownTodos;
    push(e) {
        switch (e.type) {
            case 'plan':
                this.todos = e.todos;
                if (e.todos.length > 0)
                    this.shownTodos = todosKey(e.todos);
                return this.block(planMarkdown(e));
            case 'todos':
                if (todosKey(e.todos) === todosKey(this.todos))
                    return {};
                this.todos = e.todos;
                return e.todos.length > 0 ? { progress: todoProgress(e.todos) } : {};
            case 'notice':
                return e.kind === 'question' ? this.block(`> ${e.text}`) : { progress: e.text };
            default:
                return {};
        }
    }
    /** The final todo list, when it changed after the last checklist shown (or none was). */
    finish(heading = 'To-dos') {
        if (this.todos.length === 0 || todosKey(this.todos) === this.shownTodos)
            return undefined;
        this.shownTodos = todosKey(this.todos);
        return this.block(`**${heading}**\n\n${todoChecklist(this.todos)}`).block;
    }
    block(markdown) {
        this.text += (this.text ? '\n\n' : '') + markdown;
        return { block: markdown };
    }
}
exports.PlanTracker = PlanTracker;
//# sourceMappingURL=planMarkdown.js.map