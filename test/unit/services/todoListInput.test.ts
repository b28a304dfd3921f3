/** The agent's to-dos as VS Code's own to-do list takes them: whole, bounded, statuses mapped, titles inert. */
import * as assert from 'node:assert/strict';
import { nativeTodoInput } from '../../../src/services/chatUi/todoListInput';
import type { TodoItem } from '../../../src/turn/events';

describe("To-dos in VS Code's own list", () => {
  it('each to-do is a numbered row with its status in VS Code terms; a cancelled one is over and says so', () => {
    const todos: TodoItem[] = [
      { id: 'a', content: 'Add the table', status: 'completed' },
      { id: 'b', content: 'Write\nthe handler', status: 'in_progress' },
      { id: 'c', content: 'Test it', status: 'pending' },
      { id: 'd', content: 'Old idea', status: 'cancelled' },
    ];
    assert.deepEqual(nativeTodoInput(todos).todoList, [
      { id: 1, title: 'Add the table', status: 'completed' },
      { id: 2, title: 'Write the handler', status: 'in-progress' },
      { id: 3, title: 'Test it', status: 'not-started' },
      { id: 4, title: 'Old idea (cancelled)', status: 'completed' },
    ]);
  });

  it('bounded as the answer’s checklist (100 rows): rows past the limit and rows never kept are one last row', () => {
    const many = Array.from({ length: 103 }, (_, i): TodoItem => ({ content: `Step ${i}`, status: 'pending' }));
    const list = nativeTodoInput(many, 7).todoList;
    assert.equal(list.length, 101);
    assert.deepEqual(list.at(99), { id: 100, title: 'Step 99', status: 'not-started' });
    assert.deepEqual(list.at(-1), { id: 101, title: '… and 10 more', status: 'not-started' });
    assert.ok(nativeTodoInput([{ content: 'x'.repeat(5000), status: 'pending' }]).todoList[0]!.title.length <= 200);
  });

  it('a title never becomes a link, a command or a codicon where VS Code renders it as Markdown', () => {
    const title = nativeTodoInput([{ content: '[run](command:workbench.action.terminal.new) $(gear) line\nbreak', status: 'pending' }]).todoList[0]!
      .title;
    assert.equal(title, '[run] (command :workbench.action.terminal.new) $ (gear) line break');
  });
});
