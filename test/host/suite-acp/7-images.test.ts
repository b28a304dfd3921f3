// Images reach the Cursor agent over ACP (the default backend): vscode.lm image parts arrive as
// `image` blocks with the exact bytes and type. (@cursor with a pasted image is proven in the real
// workbench, test/ui/steps/acpPlanSteps.ts: VS Code attaches an image to the chat input asynchronously, after
// the command that asked for it returns, which the extension host cannot wait for.)
import * as assert from 'assert';
import * as vscode from 'vscode';
import { GIF_1x1, makePng } from '../../fixtures/images';
import { cursorModel } from '../helpers';
import { acpFake, acpReady, freshAgents, printTurnsSince, wire } from './support';

type Block = { type: string; text?: string; mimeType?: string; data?: string };

/** The blocks of the `session/prompt` whose text contains `tag`. */
function promptBlocks(tag: string): Block[] | undefined {
  const sent = wire().filter((l) => l.dir === 'in' && l.msg.method === 'session/prompt');
  const hit = sent.find((l) => (l.msg.params as { prompt: Block[] }).prompt.some((b) => b.text?.includes(tag)));
  return hit ? (hit.msg.params as { prompt: Block[] }).prompt : undefined;
}

const DESCRIBE = { match: 'in this image', turn: { kind: 'describeImages' as const, text: 'Looking at it.' } };

describe('images reach the Cursor agent over ACP', function () {
  this.timeout(60_000);
  before(async function () {
    this.timeout(30_000);
    await acpReady();
  });

  it('images reach the agent from vscode.lm: a PNG and a GIF in one request arrive as image blocks with the exact bytes, and the answer says so', async () => {
    await freshAgents({ byPrompt: [DESCRIBE] });
    const png = makePng(64, 48);
    const since = acpFake().invocations().length;
    const model = await cursorModel('auto');
    const message = vscode.LanguageModelChatMessage.User([
      new vscode.LanguageModelTextPart('What is in this image? lm-images'),
      vscode.LanguageModelDataPart.image(png, 'image/png'),
      vscode.LanguageModelDataPart.image(GIF_1x1, 'image/gif'),
    ]);
    const response = await model.sendRequest([message], {}, new vscode.CancellationTokenSource().token);
    let text = '';
    for await (const t of response.text) text += t;
    assert.strictEqual(text, 'Looking at it. I received 2 images: image/png, 64×48 px; image/gif.');
    const blocks = promptBlocks('lm-images');
    assert.ok(blocks, 'no session/prompt with the question');
    assert.deepStrictEqual(blocks.slice(1), [
      { type: 'image', mimeType: 'image/png', data: png.toString('base64') },
      { type: 'image', mimeType: 'image/gif', data: GIF_1x1.toString('base64') },
    ]);
    assert.strictEqual(printTurnsSince(since), 0, 'a print-mode turn ran');
  });
});
