// A step of the ACP UI run (acpPlan.ts): an image put into the chat input the way a person without
// Copilot can ("Cursor: Attach Image to @cursor…", a file dialog), then `@cursor what is in this
// image?`. VS Code marks the attachment with no "model cannot read images" warning, and the fake
// ACP agent receives the image as an `image` block (its answer names the size it decoded).
import * as fs from 'fs';
import * as path from 'path';
import type { FakeAcpCli } from '../fixtures/acp/fakeAcpCli';
import { makePng } from '../fixtures/images';
import { SEL, UiFlow } from './flow';

export const IMAGE_QUESTION = 'what is in this image?';
/** The fake's answer to the question (scenario byPrompt), then what it received. */
export const IMAGE_TURN = { match: IMAGE_QUESTION, turn: { kind: 'describeImages' as const, text: 'A blue box on a white background.' } };
const W = 240;
const H = 160;

type Block = { type: string; text?: string; mimeType?: string; data?: string };

export async function imageStep(flow: UiFlow, workspace: string, fake: FakeAcpCli): Promise<void> {
  const { page } = flow;
  const file = path.join(workspace, 'layout.png');
  const png = makePng(W, H);
  fs.writeFileSync(file, png);
  await flow.runCommand('Cursor: Attach Image to @cursor…');
  // code-server's file dialog: a path box (the workspace folder filled in); type the file's path and accept.
  const box = page.locator(SEL.quickInputBox);
  await box.waitFor({ state: 'visible', timeout: 15_000 });
  await box.fill(file);
  type Doc = { document: { querySelector(s: string): { value: string } | null } };
  const typed = (want: string) => (globalThis as unknown as Doc).document.querySelector('.quick-input-widget .quick-input-box input')?.value === want;
  await page.waitForFunction(typed, file, { timeout: 5_000 });
  await page.keyboard.press('Enter');
  const pill = page.locator('.interactive-input-part .chat-attached-context-attachment', { hasText: 'layout.png' }).filter({ visible: true }).first();
  await pill.waitFor({ timeout: 20_000 });
  const classes = (await pill.getAttribute('class')) ?? '';
  if (/\bwarning\b/.test(classes)) throw new Error(`the image attachment is marked as unreadable by the model: class="${classes}"`);
  const before = await flow.responseCount();
  await flow.ask(`@cursor ${IMAGE_QUESTION}`);
  const answer = await flow.waitForAnswer(before, `I received 1 image: image/png, ${W}×${H} px.`, 60_000);
  if (!answer.includes('A blue box on a white background.')) throw new Error(`unexpected answer: ${answer.slice(0, 200)}`);
  const prompts = [...fake.acpLog().values()].flat().filter((l) => l.dir === 'in' && l.msg.method === 'session/prompt');
  const blocks = prompts.map((l) => (l.msg.params as { prompt: Block[] }).prompt).find((p) => p.some((b) => b.text?.includes(IMAGE_QUESTION)));
  if (!blocks) throw new Error('no session/prompt with the question reached the agent');
  const images = blocks.filter((b) => b.type === 'image');
  if (images.length !== 1 || images[0].mimeType !== 'image/png') throw new Error(`the prompt's images: ${JSON.stringify(images.map((b) => b.mimeType))}`);
  const same = images[0].data === png.toString('base64');
  flow.opts.log(`the agent received the image ${same ? 'byte for byte' : 're-encoded by VS Code (same size)'}`);
  if (blocks.some((b) => b.type === 'text' && (b.text ?? '').includes('\u0089PNG'))) throw new Error('the image went into the text too');
  const response = page.locator(SEL.response).last();
  await UiFlow.waitUntilFinished(response, 30_000);
  await flow.pointerAway(10, 450);
  const chat = await page.locator('.part.auxiliarybar').boundingBox();
  await flow.shot('media-image', chat ?? undefined);
}
