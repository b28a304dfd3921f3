// What the sandbox's demo agent does (`npm run sandbox` with no signed-in cursor-agent): the project's fake
// `cursor-agent acp` (test/fixtures/acp/), on the extension's default backend, playing scripted turns about the
// sample project (workbench.ts's SAMPLE_FILES) as the real CLI sends them: tool calls (a search, files read), a
// question with buttons, a plan with its to-dos. Every text it writes starts with "[demo]": nothing here is a
// model's answer.
import * as path from 'path';
import type { FakeAcpScenario, FakeAcpTurn } from '../../fixtures/acp/scenario';

/** Ask this (or anything with "plan" in it) for the question and the plan. */
export const DEMO_PLAN_QUESTION = 'plan tests for src/math.ts';
export const DEMO_PLAN_NAME = 'Tests for src/math.ts';
export const DEMO_TODOS = ['Add src/math.test.ts', 'Test add() and mean(), with an empty list', 'Add an npm test script'];
/** The question's options; the demo's plan follows the one clicked. */
export const DEMO_RUNNERS = ['node:test', 'Vitest'];

function read(id: string, file: string): Array<Record<string, unknown>> {
  return [
    { sessionUpdate: 'tool_call', toolCallId: id, title: 'Read File', kind: 'read', status: 'pending', rawInput: {} },
    {
      sessionUpdate: 'tool_call_update',
      toolCallId: id,
      title: `Read ${path.basename(file)}`,
      rawInput: { path: file },
      locations: [{ path: file }],
      status: 'completed',
    },
  ];
}

function search(id: string, workspace: string, pattern: string): Array<Record<string, unknown>> {
  return [
    { sessionUpdate: 'tool_call', toolCallId: id, title: 'Find', kind: 'search', status: 'pending', rawInput: {} },
    {
      sessionUpdate: 'tool_call_update',
      toolCallId: id,
      title: `Find \`${pattern}\``,
      rawInput: { pattern },
      locations: [{ path: workspace }],
      status: 'completed',
    },
  ];
}

/** The plan turn: it looks at the code, asks which test runner, then proposes a plan and starts on its to-dos. */
function planTurn(workspace: string): FakeAcpTurn {
  const src = (f: string) => path.join(workspace, 'src', f);
  const updates = [
    ...search('tool_demo_find', workspace, 'src/**/*.ts'),
    ...read('tool_demo_math', src('math.ts')),
    ...read('tool_demo_pkg', path.join(workspace, 'package.json')),
  ];
  const todos = DEMO_TODOS.map((content, i) => ({ id: `t${i + 1}`, content, status: 'pending' }));
  return {
    kind: 'script',
    steps: [
      ...updates.map((update) => ({ update })),
      { update: { sessionUpdate: 'tool_call', toolCallId: 'tool_demo_ask', title: 'Ask Question', kind: 'other', status: 'pending', rawInput: {} } },
      {
        ask: 'cursor/ask_question',
        params: {
          toolCallId: 'tool_demo_ask',
          title: '[demo] Before I plan',
          questions: [
            {
              id: 'runner',
              prompt: 'Which test runner should the tests use?',
              options: DEMO_RUNNERS.map((label, i) => ({ id: `r${i + 1}`, label })),
              allowMultiple: false,
            },
          ],
        },
      },
      { update: { sessionUpdate: 'tool_call_update', toolCallId: 'tool_demo_ask', status: 'completed' } },
      { update: { sessionUpdate: 'tool_call', toolCallId: 'tool_demo_plan', title: 'Create Plan', kind: 'other', status: 'pending', rawInput: {} } },
      {
        ask: 'cursor/create_plan',
        params: {
          toolCallId: 'tool_demo_plan',
          name: DEMO_PLAN_NAME,
          overview: '[demo] Unit tests for add() and mean() in src/math.ts, run by `npm test`.',
          // (The chat shows the name as the plan's heading: the plan itself starts with its steps.)
          plan:
            '1. Create `src/math.test.ts` next to `src/math.ts`.\n' +
            '2. Test `add(2, 3)`, `mean([1, 2, 3])` and `mean([])` (which returns 0).\n' +
            '3. Add `"test"` to the `scripts` of `package.json`.\n',
          todos,
          isProject: false,
          phases: [],
        },
      },
      { update: { sessionUpdate: 'tool_call_update', toolCallId: 'tool_demo_plan', status: 'completed' } },
    ],
    text: '[demo] The plan is ready. The buttons under it open it, or hand it to an agent that may edit.',
  };
}

/** Any other question: the agent searches and reads, then says what it is. */
function lookAroundTurn(workspace: string): FakeAcpTurn {
  const updates = [...search('tool_demo_look', workspace, '**/*.ts'), ...read('tool_demo_hello', path.join(workspace, 'src', 'hello.ts'))];
  return {
    kind: 'tools',
    updates,
    text:
      '[demo] This answer comes from the demo agent, not from Cursor: it searched the folder and read `src/hello.ts` ' +
      '(its steps show above this text), and says the same whatever you ask. With a signed-in `cursor-agent` on your PATH, the ' +
      `sandbox uses it instead. Ask \`@cursor ${DEMO_PLAN_QUESTION}\` to see a question and a plan.`,
  };
}

/** The demo's scenario for the fake ACP agent, about the sample project in `workspace`. */
export function demoAcpScenario(workspace: string): FakeAcpScenario {
  return {
    timing: 0.3,
    byPrompt: [{ match: 'plan', turn: planTurn(workspace) }],
    turn: lookAroundTurn(workspace),
  };
}
