// The ACP steps of the plan UI run (acpChat.ts, one workbench for both): a plan from the ACP backend in the real
// chat panel, the fake cursor-agent speaking ACP and replaying the real `cursor/create_plan` capture
// (syntaur-cursor-08-create-plan): `@cursor` asked for a plan shows it rendered in the chat panel: the plan's name as a
// heading, the overview, the plan, its to-dos as a checklist. Checked in the rendered DOM, and in what the fake received
// (the turn ran over ACP, the plan request was accepted). Then a pasted screenshot (imageStep.ts) and `/resume`
// (resumeStep.ts). In `--screenshots` mode acpChat.ts copies the plan's screenshot to media/acp-plan.png (docs/backends.md)
// and the model picker's to media/screenshot-model-picker.png (the README).

import * as fs from 'fs';
import * as path from 'path';
import { CAPTURES } from '../../fixtures/acp/captures';
import type { FakeAcpCli } from '../../fixtures/acp/fakeAcpCli';
import type { FakeAcpScenario } from '../../fixtures/acp/scenario';
import { UiFlow } from './flow';
import { IMAGE_TURN, imageStep } from './imageStep';
import { resumeStep } from './resumeStep';

const ACP_PLAN_ASK = 'make a brief plan for adding a hello-world function';

/** The turns these steps need from the fake ACP agent (by prompt). */
export const ACP_PLAN_TURNS: NonNullable<FakeAcpScenario['byPrompt']> = [
  IMAGE_TURN,
  { match: ACP_PLAN_ASK, turn: { kind: 'capture', file: CAPTURES.createPlan } },
];

/** The screenshots these steps take that the README shows: media file ← shot. */
export const ACP_PLAN_MEDIA: Array<[string, string]> = [
  ['acp-plan.png', 'media-acp-plan'],
  ['screenshot-model-picker.png', 'media-model-picker'],
];

const TODOS = [
  'Create src/utils/hello-world.ts with exported helloWorld(name?)',
  'Add src/__tests__/hello-world.test.ts covering default and custom name',
  'Run npm run typecheck and vitest on the new test file',
];

/** What the rendered plan looks like in the DOM (read in the browser). */
interface PlanDom {
  headings: string[];
  items: Array<{ text: string; checkbox: boolean; checked: boolean }>;
  text: string;
}

/** The ACP plan steps, in a workbench whose window is tall enough for the whole plan in one screenshot (1400×1500). */
export async function acpPlanSteps(flow: UiFlow, fake: FakeAcpCli, outDir: string): Promise<void> {
  const { page } = flow;
  await flow.step(
    'the chat model picker lists the ACP server’s models by name and variant ("claude-opus-5 300K High Thinking"), never raw parameters',
    async () => {
      const rows = (await flow.openModelPicker()).filter((r) => r.includes(', Cursor'));
      await flow.shot('acp-model-picker');
      // The README's picture: the open picker over the chat panel it belongs to.
      const widget = await page
        .locator('.action-widget')
        .filter({ visible: true })
        .first()
        .boundingBox({ timeout: 3_000 })
        .catch(() => null);
      const chat = await page.locator('.part.auxiliarybar').boundingBox();
      const input = await page.locator('.interactive-input-part').filter({ visible: true }).first().boundingBox();
      if (widget && chat) {
        const x = chat.x;
        const y = Math.max(0, widget.y - 12);
        const bottom = Math.min(Math.max(widget.y + widget.height, input ? input.y + input.height : 0) + 8, chat.y + chat.height);
        await flow.shot('media-model-picker', { x, y, width: chat.x + chat.width - x, height: bottom - y });
      } else await flow.shot('media-model-picker');
      await page.keyboard.press('Escape');
      if (!rows.some((r) => r.startsWith('claude-opus-5 300K High Thinking, Cursor')))
        throw new Error(`the picker lacks "claude-opus-5 300K High Thinking": ${rows.join(' | ')}`);
      const raw = rows.filter((r) => /[=[\]]/.test(r));
      if (raw.length) throw new Error(`the picker shows raw model parameters: ${raw.join(' | ')}`);
    },
    60_000,
  );

  await flow.step(
    '@cursor asked for a plan shows the plan in the chat: name as a heading, overview, plan, to-dos as a checklist',
    async () => {
      await flow.ask(`@cursor ${ACP_PLAN_ASK}`);
      await flow.waitForAnswer(TODOS[2]!, 60_000);
      const response = await flow.answer();
      // Read once VS Code has finished it: the rest of the turn (the tool's completion, end_turn) rendered.
      await UiFlow.waitUntilFinished(response, 60_000);
      const dom = await response.evaluate((el): PlanDom => {
        type El = {
          innerText: string;
          textContent: string | null;
          querySelectorAll(s: string): ArrayLike<El>;
          querySelector(s: string): (El & { checked?: boolean }) | null;
        };
        const root = el as unknown as El;
        const headings = Array.from(root.querySelectorAll('h1, h2, h3')).map((h) => h.innerText.trim());
        const items = Array.from(root.querySelectorAll('li')).map((li) => {
          const box = li.querySelector('input[type="checkbox"]');
          return { text: (li.textContent ?? '').replace(/\s+/g, ' ').trim(), checkbox: !!box, checked: !!box?.checked };
        });
        return { headings, items, text: root.innerText };
      });
      fs.writeFileSync(path.join(outDir, 'plan-dom.json'), JSON.stringify(dom, null, 2));
      if (!dom.headings.includes('Hello World Function'))
        throw new Error(`no "Hello World Function" heading; headings: ${JSON.stringify(dom.headings)}`);
      if (!dom.text.includes('Add a minimal exported helloWorld utility')) throw new Error('the overview is not shown');
      if (!dom.headings.includes('Step 1 — Add the utility module'))
        throw new Error(`the markdown plan's own headings are not rendered: ${JSON.stringify(dom.headings)}`);
      if (!dom.text.includes('To-dos')) throw new Error('no To-dos label over the checklist');
      for (const todo of TODOS) {
        const item = dom.items.find((i) => i.text.includes(todo));
        if (!item) throw new Error(`to-do ${JSON.stringify(todo)} is not a list item: ${JSON.stringify(dom.items.slice(-6))}`);
        // A checklist: a checkbox (unchecked: every to-do is pending), or where the renderer keeps the brackets, "[ ]".
        if (!(item.checkbox ? !item.checked : item.text.startsWith('[ ]')))
          throw new Error(`to-do ${JSON.stringify(todo)} is not an open checklist item: ${JSON.stringify(item)}`);
      }
      if (dom.text.includes('output tokens')) throw new Error('a usage line under an ACP answer (ACP sends no token counts)');
      // The turn ran over ACP, and the agent's plan request was answered.
      const lines = [...fake.acpLog().values()].flat();
      if (!lines.some((l) => l.dir === 'in' && l.msg.method === 'session/prompt')) throw new Error('no session/prompt reached the ACP agent');
      const ask = lines.find((l) => l.dir === 'out' && l.msg.method === 'cursor/create_plan');
      const answer = ask && lines.find((l) => l.dir === 'in' && l.msg.id === ask.msg.id && l.msg.method === undefined);
      if (JSON.stringify(answer?.msg.result) !== '{"accepted":true}') throw new Error(`cursor/create_plan answered ${JSON.stringify(answer?.msg)}`);
      if (fake.invocations().some((i) => i.argv.includes('-p'))) throw new Error('a print-mode turn ran');
      // The plan in view for the screenshot: its heading near the top of the chat panel (the chat
      // list scrolls itself: wheel it, as a person would).
      const heading = response.locator('h2', { hasText: 'Hello World Function' }).first();
      const chat = await page.locator('.part.auxiliarybar').boundingBox();
      for (let i = 0; i < 20 && chat; i++) {
        const box = await heading.boundingBox();
        const dy = box ? box.y - (chat.y + 150) : 0;
        if (Math.abs(dy) < 15) break;
        await page.mouse.move(chat.x + chat.width / 2, chat.y + chat.height / 2);
        await page.mouse.wheel(0, dy);
        await page.waitForTimeout(300);
      }
      await flow.pointerAway(10, 450);
      await flow.shot('media-acp-plan', chat ?? undefined);
    },
    120_000,
  );

  await flow.step(
    'a screenshot pasted into the chat input reaches the agent as an image with @cursor (no "cannot read images" warning)',
    () => imageStep(flow, fake),
    120_000,
  );

  await flow.step(
    "@cursor /resume lists this folder's past chats; a click and a question continue exactly that Cursor chat",
    () => resumeStep(flow, fake),
    120_000,
  );
}
