/** The plan a button under an answer carries: bounded as a whole, so any plan fits a command line and a document. */
import * as assert from 'node:assert/strict';
import { BUILD_WITH_AGENT, buildPrompt, planArg, registerPlanActions } from '../../../src/vscode/plans/planActions';
import { shimState } from '../../support/vscodeShim';
import { planMarkdown, type PlanView } from '../../../src/services/plans/planMarkdown';
import { readPlanArg } from '../../../src/services/plans/planArg';
import { MemoryLogger } from '../../support/logger';

const huge: PlanView = {
  name: 'N'.repeat(1 << 20),
  overview: 'O'.repeat(1 << 20),
  markdown: '# Plan\n\n' + 'step\n'.repeat(200_000),
  todos: Array.from({ length: 500 }, (_, i) => ({ content: `${i} ${'_*['.repeat(400)}`, status: i % 2 ? 'completed' : 'pending' }) as const),
  more: 7,
};

describe('The plan a button carries', () => {
  it('a huge plan (1 MB name, overview and markdown, 500 long to-dos) fits in 20,000 characters, its first to-dos kept and the rest counted', () => {
    const arg = planArg(huge);
    const md = planMarkdown(arg);
    assert.ok(md.length <= 20_000, `${md.length} characters`);
    assert.ok(buildPrompt(arg).length < 32_000, 'a Windows command line holds the prompt');
    assert.ok(arg.todos.length > 0 && arg.todos.length < 100, `${arg.todos.length} to-dos kept`);
    assert.deepEqual(
      arg.todos.map((t) => t.content.split(' ')[0]),
      arg.todos.map((_, i) => String(i)),
    );
    assert.equal(arg.more, 500 - arg.todos.length + 7);
    assert.match(md, new RegExp(`\\n- … and ${arg.more} more\\n\\n# Plan|\\n- … and ${arg.more} more$`));
    assert.ok(md.includes('# Plan\n\nstep\nstep'), 'the plan itself, cut');
    assert.deepEqual(planArg(arg), arg, 'read back after a click, it is the same plan');
  });

  it('a plan of 150 short to-dos keeps 100 of them, and counts the other 50', () => {
    const p: PlanView = { markdown: '# P\n', todos: Array.from({ length: 150 }, (_, i) => ({ content: `t${i}`, status: 'pending' }) as const) };
    const arg = planArg(p);
    assert.equal(arg.todos.length, 100);
    assert.equal(arg.todos.at(-1)?.content, 't99');
    assert.equal(arg.more, 50);
  });

  it('a plan that fits is carried whole', () => {
    const p: PlanView = { name: 'P', overview: 'O.', markdown: '# P\n\n1. a\n', todos: [{ content: 'a', status: 'completed' }] };
    assert.deepEqual(planArg(p), p);
  });

  it('the folder the plan was made in is carried and read back, and only as a whole path (never cut)', () => {
    const p: PlanView = { markdown: 'x', todos: [], folder: '/work/b' };
    assert.deepEqual(readPlanArg(JSON.parse(JSON.stringify(planArg(p)))), p);
    assert.equal(planArg({ ...p, folder: `/${'d'.repeat(5000)}` }).folder, undefined);
    assert.equal(readPlanArg({ ...p, folder: 7 }), undefined, 'a folder that is no string is no plan');
  });

  it('Build with Agent called with a plan of 1 MB and 10,000 to-dos (a command call, no button) puts at most 20,000 characters and 100 to-dos in the chat input', async () => {
    Object.assign(shimState, { executed: [], messages: [], copilotModels: [{ vendor: 'copilot', id: 'gpt-4.1' }] });
    const disposables = registerPlanActions({ agent: {} as never, logger: new MemoryLogger(), gate: { isTrusted: () => true } });
    const todos = Array.from({ length: 10_000 }, (_, i) => ({ content: `t${i}`, status: 'pending' }) as const);
    try {
      await shimState.commands?.get(BUILD_WITH_AGENT)?.({ name: 'Big', markdown: 'step\n'.repeat(200_000), todos });
    } finally {
      for (const d of disposables) d.dispose();
      shimState.copilotModels = [];
    }
    const open = shimState.executed?.find((c) => c[0] === 'workbench.action.chat.open')?.[1] as { query: string } | undefined;
    const plan = open?.query.replace(/^Build this plan:\n\n/, '') ?? '';
    assert.ok(plan.length > 0 && plan.length <= 20_000, `${plan.length} characters`);
    assert.equal(plan.match(/^- \[ \] t\d+$/gm)?.length, 100);
    assert.match(plan, /^- … and 9900 more$/m);
  });
});
