/** How a plan's todo list reads as it changes during a turn (the chat cannot edit what it already showed). */
import * as assert from 'node:assert/strict';
import type { TodoItem } from '../../../src/turn/events';
import { PlanTracker, todoChecklist } from '../../../src/services/plans/planMarkdown';

const todos = (a: TodoItem['status'], b: TodoItem['status']): TodoItem[] => [
  { id: '1', content: 'Read the code', status: a },
  { id: '2', content: 'Write\nthe plan', status: b },
];

describe('A plan’s todo list during a turn', () => {
  it('a todo list that changes after the plan shows a progress line per change and the final checklist once under the answer', () => {
    const t = new PlanTracker();
    assert.ok(
      t
        .push({ type: 'plan', name: 'P', markdown: 'x', todos: todos('pending', 'pending') })
        .block?.includes('- [ ] Read the code\n- [ ] Write the plan'),
    );
    assert.deepEqual(t.push({ type: 'todos', todos: todos('in_progress', 'pending') }), {
      progress: 'To-dos: 0 of 2 done; working on: Read the code',
    });
    assert.deepEqual(t.push({ type: 'todos', todos: todos('in_progress', 'pending') }), {}, 'the same list again says nothing');
    assert.deepEqual(t.push({ type: 'todos', todos: todos('completed', 'cancelled') }), { progress: 'To-dos: 1 of 2 done' });
    assert.equal(t.finish(), '**To-dos**\n\n- [x] Read the code\n- [ ] ~~Write the plan~~ *(cancelled)*');
    assert.equal(t.finish(), undefined, 'shown once');
  });

  it('a todo list that did not change after the plan is not repeated under the answer', () => {
    const t = new PlanTracker();
    t.push({ type: 'todos', todos: todos('pending', 'pending') });
    t.push({ type: 'plan', name: 'P', markdown: 'x', todos: todos('pending', 'pending') });
    assert.equal(t.finish(), undefined);
  });

  it('a rejected permission request is a progress line, not part of the answer', () => {
    const t = new PlanTracker();
    assert.deepEqual(t.push({ type: 'notice', kind: 'permission', text: 'rejected' }), { progress: 'rejected' });
    assert.equal(t.text, '');
  });

  it("a to-do row escapes the plan's markup set (code, emphasis, links, HTML, tables, strikethrough) and nothing else", () => {
    const row = (content: string) => todoChecklist([{ id: '1', content, status: 'pending' }]);
    for (const c of ['\\', '`', '*', '_', '[', ']', '<', '>', '|', '~']) assert.equal(row(`a${c}b`), `- [ ] a\\${c}b`, c);
    for (const c of ['.', '-', '#', '(', ')', '!', '$', ':', '@']) assert.equal(row(`a${c}b`), `- [ ] a${c}b`, c);
  });

  it('a checklist shows 100 rows; the rest, and the rows never kept, are one last line', () => {
    const many = Array.from({ length: 130 }, (_, i): TodoItem => ({ content: `Step ${i}`, status: 'pending' }));
    const lines = todoChecklist(many, 5).split('\n');
    assert.equal(lines.length, 101);
    assert.equal(lines[99], '- [ ] Step 99');
    assert.equal(lines[100], '- … and 35 more');
  });
});
