// Two steps of test/ui/models.ts: the status bar and `/status` name the model the next @cursor turn uses, by its
// label and with where it comes from: the picker's after a choice in the chat's model picker, the setting's after
// Switch Model (the most recent choice wins; the picker keeps showing its selection).
import type { Page } from 'playwright-core';
import { SEL, type UiFlow } from './flow';

/** `@cursor /status`, and its "Model:" line once it shows. */
async function statusModelLine(flow: UiFlow): Promise<string> {
  await flow.ask('@cursor /status');
  const text = await flow.waitForAnswer('Model:', 30_000);
  return (/Model: [^\n]*/.exec(text) ?? [text])[0];
}

async function statusBarShows(page: Page, label: string): Promise<void> {
  await page
    .locator(SEL.statusItem)
    .getByText(`Cursor: ${label}`)
    .waitFor({ timeout: 15_000 })
    .catch(async () => {
      throw new Error(`the status bar item says ${JSON.stringify(await page.locator(SEL.statusItem).innerText())}, not "Cursor: ${label}"`);
    });
}

export async function modelShownSteps(flow: UiFlow, page: Page): Promise<void> {
  await flow.step(
    "after a choice in the chat's model picker, the status bar and /status name that model, said to come from the picker",
    async () => {
      const want = 'GPT-5.6 Sol 272K Medium';
      await flow.openModelPicker();
      await flow.pickInModelPicker(want);
      const line = await statusModelLine(flow);
      if (!line.includes(want) || !line.includes("chosen in the chat's model picker")) throw new Error(`/status says ${JSON.stringify(line)}`);
      await statusBarShows(page, want);
    },
    60_000,
  );

  await flow.step(
    'after "Cursor: Switch Model", the status bar and /status name the setting\'s model, said to come from Switch Model',
    async () => {
      const want = 'Opus 5 300K Medium';
      await flow.runCommand('Cursor: Switch Model');
      await page.locator(SEL.quickInputRow).first().waitFor({ state: 'visible', timeout: 15_000 });
      await page.keyboard.type('Opus 5', { delay: 10 });
      await flow.pickQuickInputRow((l) => l.startsWith('Opus 5') && /variants/.test(l), 'the Opus 5 family');
      await flow.pickQuickInputRow((l) => l.startsWith('300K Medium'), 'the 300K Medium variant of Opus 5');
      await statusBarShows(page, want);
      const line = await statusModelLine(flow);
      if (!line.includes(want) || !line.includes('chosen with Cursor: Switch Model')) throw new Error(`/status says ${JSON.stringify(line)}`);
      await statusBarShows(page, want);
    },
    60_000,
  );
}
