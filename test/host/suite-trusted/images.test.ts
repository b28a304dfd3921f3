// Print mode (the backend this suite runs: the fake CLI has no `acp`) takes text on stdin only: a
// question with an image runs nothing and tells the caller how to send images (the backend setting).
import * as assert from 'assert';
import * as vscode from 'vscode';
import { makePng } from '../../fixtures/images';
import { shownText } from '../../fixtures/userTexts';
import { activateApi, cursorModel, fake, invocationsSince, isTurn } from '../helpers';

describe('images in print mode', () => {
  before(async () => {
    await activateApi();
  });

  it('a vscode.lm question with an image runs no cursor-agent turn and fails with how to send images (the ACP backend)', async () => {
    fake().setScenario({});
    const before = fake().invocations().length;
    const model = await cursorModel('auto');
    const message = vscode.LanguageModelChatMessage.User([
      new vscode.LanguageModelTextPart('What is this?'),
      vscode.LanguageModelDataPart.image(makePng(8, 8), 'image/png'),
    ]);
    let thrown: unknown;
    try {
      const response = await model.sendRequest([message], {}, new vscode.CancellationTokenSource().token);
      for await (const _ of response.text) {
        /* no text is expected */
      }
    } catch (err) {
      thrown = err;
    }
    assert.ok(thrown instanceof vscode.LanguageModelError, `expected a LanguageModelError, got ${String(thrown)}`);
    assert.strictEqual(thrown.message, shownText('imagesUnsupported'));
    assert.strictEqual(invocationsSince(before).filter(isTurn).length, 0, 'a print-mode turn ran without the image');
  });
});
