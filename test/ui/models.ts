// `npm run test:ui` (models): the models of a 200-model account and where a chat goes on, in a real VS Code
// (code-server) driven like a person with Playwright, against the fake cursor-agent (test/ui/support/bigAccount.ts):
// - the model picker shows a short list; Switch Model offers every model by family; Manage Models… chooses the list;
// - the usage line says how full the context is, and the status bar tooltip shows it;
// - Continue in Terminal opens `cursor-agent --resume <chat id>` in a terminal;
// - the status bar and /status name the picker's model after a picker choice, the setting's after Switch Model.
// The README shows none of its screenshots. Output: test-output/ui-models/*.png. Last line: `ui-models: N passed, N failed`.

import * as fs from 'fs';
import * as path from 'path';
import { isInterrupted, outputRoot, runCleanups, setLogPrefix } from '../host/launch/common';
import type { Invocation } from '../fixtures/fakeCli';
import { openBigAccount, resumeOf, turns } from './support/bigAccount';
import { SEL } from './steps/flow';
import { checkRow } from './support/lists';
import { modelShownSteps } from './steps/modelShownSteps';

declare const document: { querySelector(sel: string): unknown };

setLogPrefix('ui-models');
const outDir = path.join(outputRoot, 'ui-models');

function log(msg: string): void {
  console.log(`[ui-models] ${msg}`);
}

async function main(): Promise<number> {
  const { t0, wb, fake, page, flow, scenario, listing, name, askAndWait } = await openBigAccount('ui-models', outDir, log);

  // ---------------------------------------------------------------- 2. model picker
  await flow.step('the chat model picker shows a short list of a 200-model account: Auto and one model per family', async () => {
    await page.keyboard.press('Escape');
    const rows = (await flow.openModelPicker()).filter((r) => r.includes(', Cursor'));
    await flow.shot(name('model-shortlist'));
    const widget = await page.locator('.action-widget.action-widget-dropdown').first().boundingBox();
    const chat = await page.locator('.part.auxiliarybar').boundingBox();
    if (widget) {
      const x = Math.max(0, Math.min(widget.x, chat?.x ?? widget.x) - 12);
      const y = Math.max(0, widget.y - 12);
      await flow.shot('media-model-shortlist', { x, y, width: 1400 - x, height: 900 - y });
    }
    await page.keyboard.press('Escape');
    if (rows.length < 10 || rows.length > 15)
      throw new Error(`the picker shows ${rows.length} Cursor models, not a short list of 10 to 15: ${rows.join(' | ')}`);
    for (const want of ['Auto', 'GPT-5.6 Sol 272K Medium', 'Opus 5 300K Medium']) {
      if (!rows.some((r) => r.startsWith(`${want}, Cursor`))) throw new Error(`the short list lacks ${want}: ${rows.join(' | ')}`);
    }
    const variants = rows.filter((r) => / (Fast|Thinking|Low|High), Cursor/.test(r));
    if (variants.length) throw new Error(`the short list shows uncommon variants: ${variants.join(' | ')}`);
  });

  await flow.step(
    '"Cursor: Switch Model" offers every model by family, the variant as a second step, and the next answer uses it',
    async () => {
      await flow.runCommand('Cursor: Switch Model');
      await page.locator(SEL.quickInputRow).first().waitFor({ state: 'visible', timeout: 15_000 });
      await page.keyboard.type('Opus 5', { delay: 10 });
      await flow.pickQuickInputRow((l) => l.startsWith('Opus 5') && /variants/.test(l), 'the Opus 5 family');
      await flow
        .pickQuickInputRow((l) => l.startsWith('1M High Thinking'), 'the 1M High Thinking variant of Opus 5')
        .catch(async (err: Error) => {
          await flow.shot(name('switch-model-variants-FAILED'));
          throw err;
        });
      await page.locator(SEL.statusItem).getByText('Opus 5 1M High Thinking').waitFor({ timeout: 10_000 });
      // The chosen variant joins the picker's short list, and the picker selects it.
      const pickerShows = (sel: string) =>
        (document.querySelector(sel) as { innerText: string } | null)?.innerText.trim() === 'Opus 5 1M High Thinking';
      await page.waitForFunction(pickerShows, SEL.modelPickerName, { timeout: 20_000 }).catch(async () => {
        throw new Error(`after Switch Model the chat's model picker shows "${await flow.pickerLabel()}", not "Opus 5 1M High Thinking"`);
      });
      const q = 'which variant answers?';
      const text = await askAndWait(q);
      if (!text.includes(flow.expectedAnswer('claude-opus-5-1m-high-thinking', q)))
        throw new Error(`the answer did not come from the chosen variant: ${text}`);
    },
    90_000,
  );

  await flow.step(
    '"Cursor: Manage Models…" chooses which models the picker shows',
    async () => {
      await flow.runCommand('Cursor: Manage Models…');
      await page.locator(SEL.quickInputRow).first().waitFor({ state: 'visible', timeout: 15_000 });
      await page.keyboard.type('grok-4.5-high-fast', { delay: 10 });
      // Ticked once the list has settled: the picker re-reads the models (busy) and resets the ticks then.
      await checkRow(page, 'quickInput', (l) => l.startsWith('Grok 4.5 256K High Fast'), 'Grok 4.5 256K High Fast');
      await flow.shot(name('manage-models'));
      await page.locator(`${SEL.quickInput} .monaco-button`).filter({ hasText: /^OK$/ }).first().click();
      await page.locator(SEL.quickInput).waitFor({ state: 'hidden', timeout: 10_000 });
      const until = Date.now() + 15_000;
      let rows: string[] = [];
      while (Date.now() < until) {
        rows = (await flow.openModelPicker()).filter((r) => r.includes(', Cursor'));
        await page.keyboard.press('Escape');
        if (rows.some((r) => r.startsWith('Grok 4.5 256K High Fast, Cursor'))) return;
        await page.waitForTimeout(500);
      }
      throw new Error(`the picker does not show the model added with Manage Models…: ${rows.join(' | ')}`);
    },
    60_000,
  );

  // ---------------------------------------------------------------- 3. context
  let lastChatId: string | undefined;
  await flow.step(
    'the usage line says how full the context is, warns near the limit and suggests a new chat; the status bar tooltip shows it',
    async () => {
      // A model with a small window, so that one turn fills most of it.
      fake.setScenario({ ...scenario, models: [...listing, ['gpt-3.5-turbo', 'GPT-3.5 Turbo 6K']] });
      await flow.runCommand('Cursor: Refresh Status');
      await flow.waitForReadyStatus(15_000);
      const first = await askAndWait('how full is the context with the 1M model?');
      if (!/\b5k of 1M context\b/.test(first)) throw new Error(`no context figure in the usage line: ${first}`);
      await flow.runCommand('Cursor: Switch Model');
      await page.locator(SEL.quickInputRow).first().waitFor({ state: 'visible', timeout: 15_000 });
      await page.keyboard.type('GPT-3.5 Turbo', { delay: 10 });
      await flow.pickQuickInputRow((l) => l.startsWith('GPT-3.5 Turbo 6K'), 'GPT-3.5 Turbo 6K');
      await page.locator(SEL.statusItem).getByText('GPT-3.5 Turbo 6K').waitFor({ timeout: 10_000 });
      const text = await askAndWait('and with the small one?');
      if (!/\b5k of 6k context\b/.test(text)) throw new Error(`no context figure in the usage line: ${text}`);
      if (!/% full: start a new chat/.test(text)) throw new Error(`no warning near the context limit: ${text}`);
      if (text.includes('$(')) throw new Error(`an icon shows as its code: ${text}`);
      const last = page.locator(SEL.response).last();
      await last.locator('.monaco-button', { hasText: 'New Chat' }).first().waitFor({ timeout: 10_000 });
      await flow.pointerAway(10, 450);
      const box = await last.boundingBox();
      if (box) {
        const clip = {
          x: Math.max(0, box.x - 12),
          y: Math.max(0, box.y - 12),
          width: Math.min(1400 - box.x + 12, box.width + 24),
          height: Math.min(900 - box.y + 12, box.height + 24),
        };
        await flow.shot('media-context', clip);
      }
      const item = page.locator(SEL.statusItem);
      await item.hover();
      const hover = page.locator(SEL.hover).filter({ hasText: 'Last answer' }).filter({ visible: true }).first();
      await hover.waitFor({ timeout: 10_000 });
      const tip = await hover.innerText();
      if (!/5k of 6k context/.test(tip) || !/full/.test(tip)) throw new Error(`the tooltip lacks the last answer's usage: ${JSON.stringify(tip)}`);
      await flow.shot(name('status-bar-last-answer'));
      await page.mouse.move(700, 400);
      const turnsNow = turns(fake.invocations());
      lastChatId = resumeOf(turnsNow[turnsNow.length - 1]) ?? undefined;
    },
    90_000,
  );

  // ---------------------------------------------------------------- 4. terminal
  await flow.step(
    '"Continue in Terminal" under an answer opens cursor-agent --resume <chat id> in the workspace folder',
    async () => {
      const before = fake.invocations().length;
      // No hover card (the status bar tooltip of the step before) may swallow the click.
      await page.keyboard.press('Escape');
      await page.mouse.move(10, 450);
      await page
        .locator(SEL.hover)
        .filter({ visible: true })
        .first()
        .waitFor({ state: 'hidden', timeout: 5_000 })
        .catch(() => undefined);
      const button = page.locator(SEL.response).last().locator('.monaco-button', { hasText: 'Continue in Terminal' }).first();
      let inv: Invocation | undefined;
      // A click that lands while the chat list re-renders can be lost: one more try.
      for (let attempt = 0; attempt < 2 && !inv; attempt++) {
        await button.click();
        const until = Date.now() + 10_000;
        while (!inv && Date.now() < until) {
          inv = fake
            .invocations()
            .slice(before)
            .find((i) => i.argv.includes('--resume') && !i.argv.includes('-p'));
          if (!inv) await page.waitForTimeout(200);
        }
      }
      if (!inv) throw new Error('no cursor-agent --resume started in a terminal');
      if (inv.argv.includes('--force') || inv.argv.includes('-f') || inv.argv.includes('--yolo'))
        throw new Error(`the terminal runs ${inv.argv.join(' ')}`);
      const id = resumeOf(inv);
      if (!id || (lastChatId && id !== lastChatId)) throw new Error(`the terminal resumes ${id}, not the chat of the answer (${lastChatId})`);
      if (inv.cwd !== wb.workspace) throw new Error(`the terminal runs in ${inv.cwd}, not in the workspace folder ${wb.workspace}`);
      await page.locator('.terminal-wrapper, .xterm').filter({ visible: true }).first().waitFor({ timeout: 30_000 });
      await page
        .locator('.terminal-wrapper .xterm-rows', { hasText: `Resumed chat ${id}` })
        .first()
        .waitFor({ timeout: 30_000 }); // the fake's banner
      await flow.pointerAway(10, 450);
      await flow.shot('media-terminal');
    },
    60_000,
  );

  // ---------------------------------------------------------------- 5. the model shown is the one the next turn uses
  await modelShownSteps(flow, page);

  // ------------------------------------------------------------------ report
  fs.copyFileSync(wb.serverLog, path.join(outDir, 'code-server.log'));
  await runCleanups();
  const passed = flow.results.filter((r) => r.ok).length;
  const failed = flow.results.length - passed;
  log(`screenshots: ${path.relative(process.cwd(), outDir)}/ (${((Date.now() - t0) / 1000).toFixed(1)}s in all)`);
  console.log(`ui-models: ${passed} passed, ${failed} failed`);
  return failed === 0 && !isInterrupted() ? 0 : 1;
}

main()
  .then((code) => process.exit(code))
  .catch(async (err) => {
    console.error(`[ui-models] ${(err as Error).stack ?? err}`);
    await runCleanups();
    console.log('ui-models: 0 passed, 1 failed');
    process.exit(1);
  });
