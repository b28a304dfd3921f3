import * as assert from 'assert';
import * as fs from 'fs';
import * as vscode from 'vscode';
import {
  activateApi,
  argValue,
  chatRequest,
  cursorModels,
  extensionErrorsSince,
  extensionLog,
  fake,
  fakeAnswer,
  fakeRendered,
  invocationsSince,
  isTurn,
  newChat,
  renderedAnswer,
  sleep,
  waitFor,
  workspacePath,
} from '../helpers';
import { CLASSIC_MODELS } from '../../support/models';
import { screenshot } from '../screenshot';

describe('@cursor in the chat panel', () => {
  before(async function () {
    this.timeout(30_000);
    await activateApi();
    fake().setScenario({});
    // The participant needs a selected language model; ours fill that role once listed.
    await cursorModels();
  });
  afterEach(() => fake().setScenario({}));

  it('@cursor answers a question typed in the chat panel, read-only, with the question sent on stdin', async function () {
    this.timeout(30_000);
    await newChat();
    const question = 'What is this workspace about? participant-e2e';
    const before = fake().invocations().length;
    const logBefore = extensionLog().length;

    const result = await chatRequest(`@cursor ${question}`);

    assert.ok(result, 'the chat request returned no result (was it sent?)');
    assert.strictEqual(result.errorDetails, undefined, `the turn failed: ${JSON.stringify(result.errorDetails)}`);
    const turns = invocationsSince(before).filter(isTurn);
    assert.strictEqual(turns.length, 1, `expected one cursor-agent turn, got ${turns.length}`);
    const { argv, stdin } = turns[0]!;
    assert.ok(stdin?.includes(question), `the question is not on stdin: ${JSON.stringify(stdin)}`);
    assert.ok(!argv.some((a) => a.includes('participant-e2e')), `the prompt leaked into argv: ${argv.join(' ')}`);
    assert.strictEqual(argValue(argv, '--mode'), 'plan');
    assert.ok(argv.includes('--trust'));
    assert.strictEqual(argValue(argv, '--workspace'), workspacePath());
    assert.ok(!argv.includes('--force') && !argv.includes('-f'), `write access in ${argv.join(' ')}`);

    // The answer the panel shows (the participant keeps it in the result metadata for history).
    const meta = result.metadata ?? {};
    const model = argValue(argv, '--model') ?? 'auto';
    assert.strictEqual(meta.model, argValue(argv, '--model'));
    assert.strictEqual(await renderedAnswer(), fakeRendered(model, question), 'the answer the chat panel shows, once');
    assert.strictEqual(meta.answerText, fakeAnswer(model, question));
    assert.strictEqual(meta.workspace, workspacePath());
    assert.ok(typeof meta.cursorSessionId === 'string' && meta.cursorSessionId.length > 0, 'no Cursor chat id kept for follow-ups');
    assert.deepStrictEqual(extensionErrorsSince(logBefore), []);

    await sleep(500); // let the panel render the finished answer
    const png = await screenshot('chat-answer');
    assert.ok(fs.statSync(png).size > 1000);
  });

  it('a follow-up to @cursor continues the same Cursor chat and sends only the new message', async function () {
    this.timeout(30_000);
    await newChat();
    const before = fake().invocations().length;
    const first = await chatRequest('@cursor Where is hello defined? participant-first');
    assert.strictEqual(first?.errorDetails, undefined, JSON.stringify(first?.errorDetails));
    const second = await chatRequest('@cursor And what does it return? participant-second');
    assert.strictEqual(second?.errorDetails, undefined, JSON.stringify(second?.errorDetails));
    const turns = invocationsSince(before).filter(isTurn);
    assert.strictEqual(turns.length, 2);
    assert.strictEqual(argValue(turns[1]!.argv, '--resume'), first?.metadata?.cursorSessionId);
    assert.ok(turns[1]!.stdin?.includes('participant-second'));
    assert.ok(!turns[1]!.stdin?.includes('participant-first'), `the resumed turn re-sent the history: ${JSON.stringify(turns[1]!.stdin)}`);
  });
});

describe('Cursor: Switch Model', () => {
  const config = () => vscode.workspace.getConfiguration('cursorAgent');

  before(async function () {
    this.timeout(30_000);
    await activateApi();
    // An account with the four classic models, each its own family, so every one is a row of the
    // quick pick (a real account's ~200 are grouped by family: see the unit tests of the short list).
    fake().setScenario({ models: CLASSIC_MODELS });
    await vscode.commands.executeCommand('cursorAgent.refreshStatus');
    await waitFor(
      'the four classic models in vscode.lm',
      async () => ((await cursorModels()).length === CLASSIC_MODELS.length ? true : undefined),
      20_000,
    );
  });
  after(async function () {
    this.timeout(30_000);
    await config().update('model', undefined, vscode.ConfigurationTarget.Global);
    fake().setScenario({});
    await vscode.commands.executeCommand('cursorAgent.refreshStatus');
    await waitFor(
      "the fake's default models in vscode.lm",
      async () => ((await cursorModels()).length > CLASSIC_MODELS.length ? true : undefined),
      20_000,
    );
  });

  /** Runs the command and picks the item `steps` below (or above, negative) the active one. */
  async function pickWithKeyboard(steps: number): Promise<string | undefined> {
    const chosen = vscode.commands.executeCommand<string | undefined>('cursorAgent.switchModel');
    await sleep(800); // the quick pick shows, then marks the current model active once the catalog is read
    const cmd = steps >= 0 ? 'workbench.action.quickOpenSelectNext' : 'workbench.action.quickOpenSelectPrevious';
    for (let i = 0; i < Math.abs(steps); i++) {
      await vscode.commands.executeCommand(cmd);
      await sleep(50);
    }
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    return chosen;
  }

  it("Switch Model lists the CLI's default, then every model in the CLI's order, and saves the choice", async function () {
    this.timeout(40_000);
    // With no model set, the CLI's default is the active item; each model is that many steps below it.
    // The first four of the account's ~200 (walking all of them would take minutes).
    assert.deepStrictEqual(
      CLASSIC_MODELS.map(([id]) => id),
      ['auto', 'composer-2.5-fast', 'claude-4.5-sonnet', 'gpt-5'],
    );
    for (const [i, [id]] of CLASSIC_MODELS.entries()) {
      await config().update('model', undefined, vscode.ConfigurationTarget.Global);
      await waitFor('cursorAgent.model to be cleared', () => !config().get('model'), 5000);
      assert.strictEqual(await pickWithKeyboard(i + 1), id, `item ${i + 1} of the quick pick`);
      await waitFor(`cursorAgent.model = ${id}`, () => config().get('model') === id, 5000);
    }
    // The current model (gpt-5, the last) is active: the CLI's default is four items up.
    assert.strictEqual(await pickWithKeyboard(-CLASSIC_MODELS.length), '');
    await waitFor("cursorAgent.model = '' (the CLI's default)", () => config().get('model') === '', 5000);
  });

  it('after Switch Model, the next @cursor turn uses the chosen model', async function () {
    this.timeout(30_000);
    await config().update('model', undefined, vscode.ConfigurationTarget.Global);
    // Items: CLI's default (active), auto, composer-2.5-fast, claude-4.5-sonnet, gpt-5.
    assert.strictEqual(await pickWithKeyboard(3), 'claude-4.5-sonnet');
    await waitFor('cursorAgent.model = claude-4.5-sonnet', () => config().get('model') === 'claude-4.5-sonnet', 5000);
    await newChat();
    const before = fake().invocations().length;
    const result = await chatRequest('@cursor Which model are you? participant-switch-model');
    assert.strictEqual(result?.errorDetails, undefined, JSON.stringify(result?.errorDetails));
    const turns = invocationsSince(before).filter(isTurn);
    assert.strictEqual(turns.length, 1);
    assert.strictEqual(argValue(turns[0]!.argv, '--model'), 'claude-4.5-sonnet');
    assert.strictEqual(await renderedAnswer(), fakeRendered('claude-4.5-sonnet', 'Which model are you? participant-switch-model'));
    assert.strictEqual(result?.metadata?.answerText, fakeAnswer('claude-4.5-sonnet', 'Which model are you? participant-switch-model'));
  });

  it("choosing a model in the chat's model picker afterwards makes @cursor use the picker's model again", async function () {
    this.timeout(30_000);
    await config().update('model', 'claude-4.5-sonnet', vscode.ConfigurationTarget.Global);
    await waitFor('cursorAgent.model = claude-4.5-sonnet', () => config().get('model') === 'claude-4.5-sonnet', 5000);
    // What the picker itself runs when the user picks a model there.
    const [gpt5] = await vscode.lm.selectChatModels({ vendor: 'cursor', id: 'gpt-5' });
    assert.ok(gpt5, 'no gpt-5 model');
    try {
      await vscode.commands.executeCommand('workbench.action.chat.changeModel', { vendor: gpt5.vendor, id: gpt5.id, family: gpt5.family });
      const before = fake().invocations().length;
      const result = await chatRequest('@cursor Which model now? participant-picker-wins');
      assert.strictEqual(result?.errorDetails, undefined, JSON.stringify(result?.errorDetails));
      const turns = invocationsSince(before).filter(isTurn);
      assert.strictEqual(turns.length, 1);
      assert.strictEqual(argValue(turns[0]!.argv, '--model'), 'gpt-5');
    } finally {
      const [auto] = await vscode.lm.selectChatModels({ vendor: 'cursor', id: 'auto' });
      if (auto) await vscode.commands.executeCommand('workbench.action.chat.changeModel', { vendor: auto.vendor, id: auto.id, family: auto.family });
    }
  });
});
