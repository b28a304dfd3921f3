/**
 * Build with Agent (vscode stand-in): with a chat model that can edit (Copilot's), the plan goes into a new
 * agent-mode chat's input; with none (no model, or only Cursor's read-only ones), a warning says what it needs and
 * offers Build in Terminal and Open Plan instead of opening a chat that would only answer or ask to sign in.
 */
import * as assert from 'node:assert/strict';
import type { PlanView } from '../../../src/services/plans/planMarkdown';
import { BUILD_IN_TERMINAL, BUILD_WITH_AGENT, OPEN_PLAN, planArg, registerPlanActions } from '../../../src/vscode/plans/planActions';
import { MemoryLogger } from '../../support/logger';
import { shimState } from '../../support/vscodeShim';

const plan: PlanView = { name: 'Add a login page', markdown: '# Login\n\n1. form\n', todos: [{ content: 'form', status: 'pending' }] };

describe('Build with Agent (vscode stand-in)', () => {
  let disposables: Array<{ dispose(): void }> = [];
  beforeEach(() => {
    Object.assign(shimState, { executed: [], messages: [], copilotModels: [], replyTo: undefined });
    disposables = registerPlanActions({
      agent: {} as never, // Build in Terminal is only named here, never run (executeCommand is recorded, not run)
      logger: new MemoryLogger(),
      gate: { isTrusted: () => true },
    });
  });
  afterEach(() => {
    for (const d of disposables) d.dispose();
    Object.assign(shimState, { copilotModels: [], replyTo: undefined });
  });
  const press = () => shimState.commands?.get(BUILD_WITH_AGENT)?.(planArg(plan));
  const chatOpened = () => (shimState.executed ?? []).filter((c) => c[0] === 'workbench.action.chat.open');

  it('with a model that can edit (Copilot’s), the plan goes into a new agent-mode chat, not sent', async () => {
    shimState.copilotModels = [{ vendor: 'copilot', id: 'gpt-4.1' }];
    await press();
    assert.deepEqual(shimState.messages, []);
    const [open] = chatOpened();
    assert.ok(open, 'no chat was opened');
    const arg = open[1] as { mode: string; query: string; isPartialQuery: boolean };
    assert.equal(arg.mode, 'agent');
    assert.equal(arg.isPartialQuery, true);
    assert.match(arg.query, /^Build this plan:\n\n[\s\S]*Add a login page/);
  });

  for (const [what, models] of [
    ['no chat model at all', []],
    ["only Cursor's models (read-only)", [{ vendor: 'cursor', id: 'auto' }]],
  ] as const) {
    it(`with ${what}, it says Build with Agent needs a model that can edit and opens no chat`, async () => {
      shimState.copilotModels = [...models];
      await press();
      assert.deepEqual(chatOpened(), [], 'a chat was opened that cannot build');
      assert.equal(shimState.messages?.length, 1);
      assert.equal(shimState.messages?.[0]?.level, 'warning');
      assert.match(
        shimState.messages?.[0]?.text ?? '',
        /^Build with Agent needs a chat model that can edit files .*such as GitHub Copilot's, and none is available here/,
      );
      assert.match(shimState.messages?.[0]?.text ?? '', /Build in Terminal hands the plan to the Cursor agent in a terminal/);
    });
  }

  it('without a model that can edit, the warning’s Build in Terminal and Open Plan carry the same plan on', async () => {
    for (const [button, command] of [
      ['Build in Terminal', BUILD_IN_TERMINAL],
      ['Open Plan', OPEN_PLAN],
    ] as const) {
      Object.assign(shimState, { executed: [], messages: [] });
      shimState.replyTo = (_text: string, items: readonly unknown[]) => items.find((i) => i === button);
      await press();
      assert.deepEqual(shimState.executed, [[command, planArg(plan)]], button);
    }
  });
});
