// What @cursor shows under an answer, read from the chat panel: the usage line (model, tokens,
// cached tokens, how full the context is), the context warning with its New Chat button from 80%
// full, and the Continue in Terminal button. Expected texts are written out from the requirement.
import * as assert from 'assert';
import * as vscode from 'vscode';
import {
  activateApi,
  argValue,
  chatRequest,
  cursorModels,
  fake,
  invocationsSince,
  isTurn,
  newChat,
  renderedAnswer,
  renderedFooter,
  waitFor,
} from '../helpers';
import { CLASSIC_MODELS } from '../../support/models';

const ANSWER = 'A short answer.';

/** A turn that answers ANSWER and reports `usage` in its result, as the CLI's result line does. */
function turnWithUsage(usage: { inputTokens: number; outputTokens: number; cacheReadTokens: number }) {
  return {
    kind: 'script' as const,
    events: [
      { type: 'assistant', message: { role: 'assistant', content: [{ type: 'text', text: ANSWER }] } },
      { type: 'result', subtype: 'success', is_error: false, result: ANSWER, duration_ms: 5, usage: { ...usage, cacheWriteTokens: 0 } },
    ],
  };
}

/** Picks `id` in the chat's model picker, as a user does. */
async function pickModel(id: string): Promise<void> {
  const [m] = await vscode.lm.selectChatModels({ vendor: 'cursor', id });
  assert.ok(m, `no Cursor model ${id}`);
  await vscode.commands.executeCommand('workbench.action.chat.changeModel', { vendor: m.vendor, id: m.id, family: m.family });
}

/** Asks @cursor in a new chat; returns the turn's argv. */
async function ask(question: string): Promise<string[]> {
  await newChat();
  const before = fake().invocations().length;
  const r = await chatRequest(`@cursor ${question}`);
  assert.strictEqual(r?.errorDetails, undefined, JSON.stringify(r?.errorDetails));
  const turns = invocationsSince(before).filter(isTurn);
  assert.strictEqual(turns.length, 1);
  assert.strictEqual(await renderedAnswer(), ANSWER, 'the answer the chat panel shows');
  return turns[0]!.argv;
}

describe('under an @cursor answer (the chat panel footer)', () => {
  before(async function () {
    this.timeout(30_000);
    await activateApi();
    fake().setScenario({});
    await cursorModels();
    await pickModel('auto');
  });
  afterEach(() => fake().setScenario({}));

  it('shows the model, the input, output and cached tokens, and a Continue in Terminal button', async function () {
    this.timeout(30_000);
    fake().setScenario({ turn: turnWithUsage({ inputTokens: 5_093, outputTokens: 16, cacheReadTokens: 4_096 }) });
    const argv = await ask('How big was this turn? footer-usage');
    assert.strictEqual(argValue(argv, '--model') ?? 'auto', 'auto');
    assert.deepStrictEqual(await renderedFooter(), {
      usage: 'Auto · 5,093 input · 16 output tokens · 4,096 cached',
      buttons: ['Continue in Terminal'],
    });
  });

  describe('with a model whose label states its context window (GPT-5.5 272K)', () => {
    // An id the fake's default list does not have, so the list can be put back and checked.
    const WIDE: [string, string] = ['gpt-5.5-wide', 'GPT-5.5 272K'];

    before(async function () {
      this.timeout(30_000);
      fake().setScenario({ models: [...CLASSIC_MODELS, WIDE] });
      await vscode.commands.executeCommand('cursorAgent.refreshStatus');
      await waitFor(
        'gpt-5.5-wide in vscode.lm',
        async () => (await vscode.lm.selectChatModels({ vendor: 'cursor', id: WIDE[0] })).length > 0,
        20_000,
        200,
      );
      await pickModel(WIDE[0]);
    });
    beforeEach(() => fake().setScenario({ models: [...CLASSIC_MODELS, WIDE] }));
    after(async function () {
      this.timeout(30_000);
      await pickModel('auto');
      fake().setScenario({});
      await vscode.commands.executeCommand('cursorAgent.refreshStatus');
      await waitFor(
        'gpt-5.5-wide gone from vscode.lm',
        async () => (await vscode.lm.selectChatModels({ vendor: 'cursor', id: WIDE[0] })).length === 0,
        20_000,
        200,
      );
    });

    it('at 80% full: says so and offers New Chat, above Continue in Terminal', async function () {
      this.timeout(30_000);
      fake().setScenario({ models: [...CLASSIC_MODELS, WIDE], turn: turnWithUsage({ inputTokens: 217_600, outputTokens: 10, cacheReadTokens: 0 }) });
      const argv = await ask('Is the context full? footer-80');
      assert.strictEqual(argValue(argv, '--model'), WIDE[0]);
      assert.deepStrictEqual(await renderedFooter(), {
        usage: 'GPT-5.5 272K · 217,600 input · 10 output tokens · 218k of 272k context',
        warning: 'The context is 80% full: start a new chat to keep answers sharp (earlier turns may be dropped or summarised).',
        buttons: ['New Chat', 'Continue in Terminal'],
      });
    });

    it('just under 80% full: the context figure, no warning and no New Chat', async function () {
      this.timeout(30_000);
      fake().setScenario({ models: [...CLASSIC_MODELS, WIDE], turn: turnWithUsage({ inputTokens: 217_599, outputTokens: 10, cacheReadTokens: 0 }) });
      await ask('Is the context full yet? footer-79');
      assert.deepStrictEqual(await renderedFooter(), {
        usage: 'GPT-5.5 272K · 217,599 input · 10 output tokens · 218k of 272k context',
        buttons: ['Continue in Terminal'],
      });
    });
  });
});
