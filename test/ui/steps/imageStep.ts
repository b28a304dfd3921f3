// A step of the ACP UI run (acpPlanSteps.ts, in acpChat.ts): a screenshot pasted into the chat input from the
// clipboard (Ctrl+V), then `@cursor what is in this image?`. VS Code shows the attachment without
// its "model cannot read images" warning, and the fake ACP agent receives the image as an `image`
// block (its answer names the size it decoded). The workbench has the stand-in for Copilot Chat
// (imageAttachments.ts) without which VS Code attaches no pasted image.
import type { FakeAcpCli } from '../../fixtures/acp/fakeAcpCli';
import { makePng } from '../../fixtures/images';
import { SEL, UiFlow } from './flow';

export const IMAGE_QUESTION = 'what is in this image?';
/** The fake's answer to the question (scenario byPrompt), then what it received. */
export const IMAGE_TURN = { match: IMAGE_QUESTION, turn: { kind: 'describeImages' as const, text: 'A blue box on a white background.' } };
/** A model of the ACP fake's list (the capture's), as the picker names it. */
const IMAGE_MODEL = 'claude-opus-5 300K High Thinking';
const W = 240;
const H = 160;

type Block = { type: string; text?: string; mimeType?: string; data?: string };

export async function imageStep(flow: UiFlow, fake: FakeAcpCli): Promise<void> {
  const { page } = flow;
  const png = makePng(W, H);
  // A model other than Auto: VS Code skips its image check for any model whose id is `auto` (see the pill below).
  await flow.openModelPicker();
  await flow.pickInModelPicker(IMAGE_MODEL);
  const picked = await flow.waitForPickerLabel(IMAGE_MODEL, 15_000);
  if (picked !== IMAGE_MODEL) throw new Error(`the model picker shows ${JSON.stringify(picked)}, not ${IMAGE_MODEL}`);
  // Copy the image to the clipboard (as a screenshot tool does), click into the chat input, Ctrl+V.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(page.url()).origin });
  const input = page.locator(SEL.chatInput).filter({ visible: true }).first();
  await input.click();
  await page.evaluate(async (b64) => {
    const g = globalThis as unknown as {
      atob(s: string): string;
      navigator: { clipboard: { write(items: unknown[]): Promise<void> } };
      ClipboardItem: new (items: Record<string, unknown>) => unknown;
      Blob: new (parts: unknown[], o: { type: string }) => unknown;
    };
    const bytes = Uint8Array.from(g.atob(b64), (c) => c.charCodeAt(0));
    await g.navigator.clipboard.write([new g.ClipboardItem({ 'image/png': new g.Blob([bytes], { type: 'image/png' }) })]);
  }, png.toString('base64'));
  await input.click();
  await page.keyboard.press('ControlOrMeta+V');
  const pill = page.locator('.interactive-input-part .chat-attached-context-attachment:has(img)').filter({ visible: true }).first();
  await pill.waitFor({ timeout: 20_000 });
  // (VS Code's "does not support images" marks the pill with the class `warning`; `auto-image-warning` is its note
  // for any model whose id is `auto`, as Cursor's Auto is: "Image support depends on the model selected by Auto".)
  const classes = ((await pill.getAttribute('class')) ?? '').split(/\s+/);
  const label = (await pill.getAttribute('aria-label')) ?? '';
  if (classes.includes('warning') || /does not support/i.test(label))
    throw new Error(`VS Code marks the pasted image as one the model cannot read: class="${classes.join(' ')}" label="${label}"`);
  await flow.shot('image-attached');
  await flow.ask(`@cursor ${IMAGE_QUESTION}`);
  const answer = await flow.waitForAnswer(`I received 1 image: image/png, ${W}×${H} px.`, 60_000);
  if (!answer.includes('A blue box on a white background.')) throw new Error(`unexpected answer: ${answer.slice(0, 200)}`);
  const prompts = [...fake.acpLog().values()].flat().filter((l) => l.dir === 'in' && l.msg.method === 'session/prompt');
  const blocks = prompts.map((l) => (l.msg.params as { prompt: Block[] }).prompt).find((p) => p.some((b) => b.text?.includes(IMAGE_QUESTION)));
  if (!blocks) throw new Error('no session/prompt with the question reached the agent');
  const images = blocks.filter((b) => b.type === 'image');
  if (images.length !== 1 || images[0]!.mimeType !== 'image/png')
    throw new Error(`the prompt's images: ${JSON.stringify(images.map((b) => b.mimeType))}`);
  const same = images[0]!.data === png.toString('base64');
  flow.opts.log(`the agent received the image ${same ? 'byte for byte' : 're-encoded by VS Code (same size)'}`);
  if (blocks.some((b) => b.type === 'text' && (b.text ?? '').includes('\u0089PNG'))) throw new Error('the image went into the text too');
  const response = await flow.answer();
  await UiFlow.waitUntilFinished(response, 30_000);
  await flow.pointerAway(10, 450);
  // The question with its image and the answer, across the chat panel.
  const chat = await page.locator('.part.auxiliarybar').boundingBox();
  // (The lowest request showing the question: 1.139 also pins a copy of the first request at the top.)
  const requests = page.locator('.interactive-item-container.interactive-request', { hasText: IMAGE_QUESTION });
  const boxes = await Promise.all(Array.from({ length: await requests.count() }, (_, i) => requests.nth(i).boundingBox()));
  const asked = boxes.filter((b) => b !== null).sort((a, b) => b.y - a.y)[0];
  const answered = await response.boundingBox();
  const clip =
    chat && asked && answered ? { x: chat.x, y: asked.y - 8, width: chat.width, height: answered.y + answered.height - asked.y + 16 } : undefined;
  await flow.shot('media-image', clip);
}
