// Chats are bound to their backend: a conversation that ran in print mode continues on ACP as a
// fresh session with the conversation so far folded in (the CLI keeps the two kinds of chat apart).
import * as assert from 'assert';
import * as vscode from 'vscode';
import { chatRequest, cursorModel, logMark, waitForLog } from '../requests';
import { collectText, fakeAnswer, renderedAnswer } from '../helpers';
import { freshAgents, printTurnsSince, promptsSent, acpFake, setUserSetting, acpReady, modelsListedBy } from './support';

describe('a conversation moving from print mode to ACP', function () {
  this.timeout(30_000);
  before(async function () {
    this.timeout(30_000);
    await acpReady();
  });
  afterEach(() => setUserSetting('backend', undefined));

  it('@cursor: the next turn starts a fresh ACP session with the conversation so far, and the log says why', async () => {
    await freshAgents({ turn: { kind: 'answer', text: 'ACP answer.' } });
    await setUserSetting('backend', 'print');
    const since = acpFake().invocations().length;
    const first = await chatRequest('First print question. switch-1');
    assert.strictEqual(first.metadata?.errorKind, undefined, JSON.stringify(first));
    assert.strictEqual(printTurnsSince(since), 1);
    await setUserSetting('backend', undefined);
    const from = logMark();
    const second = await chatRequest('Second question. switch-2', false);
    assert.strictEqual(second.metadata?.errorKind, undefined, JSON.stringify(second));
    assert.strictEqual(await renderedAnswer(), 'ACP answer.');
    assert.strictEqual(printTurnsSince(since), 1, 'the second turn ran in print mode');
    const sent = promptsSent().at(-1) ?? '';
    assert.ok(
      sent.includes('First print question. switch-1') && sent.includes('Second question. switch-2'),
      `the ACP prompt lacks the history: ${sent}`,
    );
    await waitForLog('ran on print, this turn runs on acp: starting fresh with the history', from);
  });

  it('vscode.lm: a conversation answered in print mode continues on ACP with its history folded in', async () => {
    await freshAgents({ turn: { kind: 'answer', text: 'ACP lm answer.' } });
    await setUserSetting('backend', 'print');
    const model = await cursorModel('auto');
    const q1 = 'First lm question. lm-switch-1';
    const token = new vscode.CancellationTokenSource().token;
    const a1 = (await collectText(await model.sendRequest([vscode.LanguageModelChatMessage.User(q1)], {}, token))).join('');
    assert.strictEqual(a1, fakeAnswer('auto', q1));
    await setUserSetting('backend', undefined);
    const q2 = 'Second lm question. lm-switch-2';
    const history = [
      vscode.LanguageModelChatMessage.User(q1),
      vscode.LanguageModelChatMessage.Assistant(a1),
      vscode.LanguageModelChatMessage.User(q2),
    ];
    const a2 = (await collectText(await model.sendRequest(history, {}, token))).join('');
    assert.strictEqual(a2, 'ACP lm answer.');
    const sent = promptsSent().at(-1) ?? '';
    assert.ok(sent.includes(q1) && sent.includes(q2), `the ACP prompt lacks the history: ${sent}`);
  });

  // Without it VS Code dropped the model from the chat's picker and from vscode.lm, and refused the request itself
  // ("Language model unavailable") before @cursor could say what to do.
  it('a model picked in print mode stays with vscode.lm and the chat after the switch to ACP, and its requests say to switch models, running nothing', async () => {
    await setUserSetting('backend', 'print');
    await modelsListedBy('print', 'gpt-5');
    const gpt5 = await cursorModel('gpt-5');
    await vscode.commands.executeCommand('workbench.action.chat.changeModel', { vendor: gpt5.vendor, id: gpt5.id, family: gpt5.family });
    try {
      await setUserSetting('backend', undefined);
      // The ACP server's list arrived and VS Code read it: a chat opened before that replaced gpt-5 with Auto when it came.
      await modelsListedBy('acp', 'composer-2.5[fast=true]');
      const held = (await vscode.lm.selectChatModels({ vendor: 'cursor', id: 'gpt-5' }))[0];
      assert.ok(held, 'vscode.lm no longer finds the model chosen in print mode');
      const since = acpFake().invocations().length;
      const prompts = promptsSent().length;
      const token = new vscode.CancellationTokenSource().token;
      await assert.rejects(
        collectText(await held.sendRequest([vscode.LanguageModelChatMessage.User('Still there? lm-held-model')], {}, token)),
        (err: Error) => {
          assert.ok(err instanceof vscode.LanguageModelError, String(err));
          assert.match(err.message, /The model `gpt-5` is not available with the ACP backend .*Cursor: Switch Model/);
          return true;
        },
      );
      // The chat holds the model picked in print mode: named, as VS Code 1.110 selects its default in a new chat. No change
      // of the model list follows (the ACP list was read above), so VS Code does not swap it, not user-selectable, for Auto.
      const r = await chatRequest('Still there? chat-held-model', true, { vendor: 'cursor', id: 'gpt-5' });
      assert.strictEqual(r.metadata?.errorKind, 'unknownModel', JSON.stringify(r));
      assert.match(r.errorDetails?.message ?? '', /The model `gpt-5` is not available with the ACP backend .*Cursor: Switch Model/);
      assert.strictEqual(printTurnsSince(since), 0, 'a print-mode turn ran');
      assert.strictEqual(promptsSent().length, prompts, 'an ACP prompt was sent');
    } finally {
      const auto = await cursorModel('auto');
      await vscode.commands.executeCommand('workbench.action.chat.changeModel', { vendor: auto.vendor, id: auto.id, family: auto.family });
    }
  });
});
