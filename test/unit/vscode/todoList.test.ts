/**
 * VS Code's own to-do list during an @cursor turn: each change written whole, never two writes at once, the
 * latest state last; the answer then shows no checklist of its own, unless the turn was stopped (VS Code
 * clears its list) or VS Code refused a write.
 */
import * as assert from 'node:assert/strict';
import { NativeTodoSync } from '../../../src/vscode/chatUi/todoList';
import { StreamRenderer } from '../../../src/vscode/chat/streamRenderer';
import type { NativeTodoInput } from '../../../src/services/chatUi/todoListInput';
import type { TodoItem } from '../../../src/turn/events';
import { vscodeShim } from '../../support/vscodeShim';
import { MemoryLogger } from '../../support/logger';
import { recordingResponseStream } from '../../support/responseStream';

const todos = (a: TodoItem['status'], b: TodoItem['status']): TodoItem[] => [
  { id: '1', content: 'Read the code', status: a },
  { id: '2', content: 'Write the plan', status: b },
];
const statuses = (i: NativeTodoInput) => i.todoList.map((t) => t.status).join(',');

/** A VS Code whose tool takes each write when the test says so. */
function slowVsCode() {
  const writes: NativeTodoInput[] = [];
  const waiting: Array<() => void> = [];
  let inFlight = 0;
  let most = 0;
  const write = (input: NativeTodoInput) => {
    writes.push(input);
    most = Math.max(most, ++inFlight);
    return new Promise<void>((resolve) =>
      waiting.push(() => {
        inFlight--;
        resolve();
      }),
    );
  };
  return { write, writes, take: () => waiting.shift()?.(), most: () => most };
}

describe("VS Code's own to-do list during a turn", () => {
  it('a burst of changes is written one at a time, and the last state is what VS Code holds when the turn ends', async () => {
    const vs = slowVsCode();
    const sync = new NativeTodoSync(vs.write, new MemoryLogger());
    sync.push(todos('pending', 'pending'));
    sync.push(todos('in_progress', 'pending'));
    sync.push(todos('completed', 'in_progress'));
    const settled = sync.settled();
    for (let i = 0; i < 5; i++) {
      vs.take();
      await new Promise((r) => setImmediate(r));
    }
    await settled;
    assert.deepEqual(vs.writes.map(statuses), ['not-started,not-started', 'completed,in-progress']);
    assert.equal(vs.most(), 1, 'two writes at once');
    assert.equal(sync.holdsList, true);
  });

  it('a write VS Code refuses ends the sync: the answer shows the checklist instead', async () => {
    const logger = new MemoryLogger();
    const sync = new NativeTodoSync(() => Promise.reject(new Error('Tool called for unknown chat request')), logger);
    sync.push(todos('pending', 'pending'));
    await sync.settled();
    assert.equal(sync.holdsList, false);
    assert.match(logger.text, /refused the update: Error: Tool called for unknown chat request/);
  });

  it("where VS Code's list holds the to-dos, the answer has no progress line or final checklist for them, except after Stop", async () => {
    const run = async (cancelled: boolean) => {
      const vs = slowVsCode();
      const sync = new NativeTodoSync(vs.write, new MemoryLogger());
      const { stream, shown } = recordingResponseStream();
      const r = new StreamRenderer(stream as never, vscodeShim.Uri.file('/ws') as never, {
        showActivity: true,
        listReadFiles: false,
        nativeTodos: sync,
      });
      r.render({ type: 'plan', name: 'P', markdown: 'x', todos: todos('pending', 'pending') });
      r.render({ type: 'todos', todos: todos('completed', 'in_progress') });
      const settled = r.todosSettled();
      vs.take();
      await new Promise((res) => setImmediate(res));
      vs.take();
      await settled;
      r.renderTodos(cancelled);
      return { shown, writes: vs.writes.map(statuses) };
    };
    const done = await run(false);
    assert.deepEqual(done.writes, ['not-started,not-started', 'completed,in-progress']);
    assert.deepEqual(done.shown.progress, []);
    assert.ok(!done.shown.markdown.includes('- [x] Read the code'), done.shown.markdown);
    assert.match((await run(true)).shown.markdown, /\*\*To-dos\*\*\n\n- \[x\] Read the code\n- \[ \] \*\*Write the plan\*\* \*\(in progress\)\*/);
  });

  it('VS Code not taking the last write before the turn ends: the answer shows the final checklist', async () => {
    const logger = new MemoryLogger();
    // A VS Code that never takes the write (the turn must not wait for it for ever: a short settle time here).
    const sync = new NativeTodoSync(() => new Promise<never>(() => undefined), logger, 20);
    const { stream, shown } = recordingResponseStream();
    const r = new StreamRenderer(stream as never, vscodeShim.Uri.file('/ws') as never, {
      showActivity: true,
      listReadFiles: false,
      nativeTodos: sync,
    });
    r.render({ type: 'plan', name: 'P', markdown: 'x', todos: todos('pending', 'pending') });
    r.render({ type: 'todos', todos: todos('completed', 'in_progress') });
    await r.todosSettled();
    r.renderTodos(false);
    assert.match(shown.markdown, /\*\*To-dos\*\*\n\n- \[x\] Read the code\n- \[ \] \*\*Write the plan\*\* \*\(in progress\)\*/);
    assert.equal(sync.holdsList, false);
    assert.match(logger.text, /did not take the to-do list in time/);
  });
});
