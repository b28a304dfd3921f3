// `npm run test:ui` (last part): a prompt WITHOUT `@cursor` while a Cursor model is selected in the chat's
// model picker, with no Copilot set up and no GitHub account, in the real workbench. Measured on VS Code
// 1.110 and 1.139: VS Code's chat set-up takes the prompt, not the selected model. It opens its sign-in
// dialog ("Sign in to use AI Features" on 1.110, "Sign in to use GitHub Copilot" on 1.139, where Copilot
// Chat is built in but disabled until set up); dismissed, the chat says Copilot must be set up. No
// Cursor turn runs. The same question with `@cursor` in the same chat is answered by the Cursor agent,
// as the README says. (docs/features.md#github-copilot: why VS Code does not hand the prompt to the model.)
// Then, in the same workbench, the installed extension's details page (test/ui/steps/detailsPageSteps.ts).
//
// Output: test-output/ui-own-agent[-vscode-1.X]/*.png. Last line: `ui-own-agent: N passed, N failed`.
// CURSOR_AGENT_VSCODE=newest|lowest|all (default all), as for the other UI runs.

import * as fs from 'fs';
import * as path from 'path';
import { isInterrupted, outputRoot, runCleanups, setLogPrefix } from '../host/launch/common';
import { outputSuffix, selectedTargets, VsCodeTarget } from '../host/versions';
import { FAKE_LISTING, SEL, UiFlow } from './steps/flow';
import { detailsPageSteps } from './steps/detailsPageSteps';
import { openBrowser, startWorkbench, VSIX } from './support/workbench';

setLogPrefix('ui-own-agent');

/** The sign-in dialog's title, as each VS Code version of the matrix shows it. */
const SIGN_IN_TITLE: Record<string, string> = { '1.110': 'Sign in to use AI Features', '1.139': 'Sign in to use GitHub Copilot' };
/** What the chat shows once the dialog is dismissed (both versions). */
const SET_UP_MESSAGE = 'You need to set up GitHub Copilot and be signed in to use Chat.';

function log(msg: string): void {
  console.log(`[ui-own-agent] ${msg}`);
}

async function runOn(target: VsCodeTarget): Promise<{ passed: number; failed: number }> {
  const outDir = path.join(outputRoot, 'ui-own-agent' + outputSuffix(target));
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.mkdirSync(outDir, { recursive: true });
  const wb = await startWorkbench(
    {
      name: 'ui-own-agent',
      cli: 'fake',
      fakeScenario: { models: FAKE_LISTING, turn: { kind: 'default', delayMs: 30 } },
      fakeOnPath: true,
      vsix: process.env.CURSOR_AGENT_UI_VSIX ? path.resolve(process.env.CURSOR_AGENT_UI_VSIX) : VSIX,
      keep: !!process.env.CURSOR_AGENT_UI_KEEP,
      target,
    },
    log,
  );
  const fake = wb.fake;
  if (!fake) throw new Error('no fake CLI');
  const { page } = await openBrowser(wb.toolchain, wb.root, outDir);
  const flow = new UiFlow(page, { outDir, log });

  await flow.step(
    'workbench opens with the chat, Cursor ready and a Cursor model (Auto) in the picker',
    async () => {
      await page.goto(wb.url, { waitUntil: 'domcontentloaded', timeout: 60_000 });
      await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
      await flow.waitForReadyStatus(60_000);
      await flow.runCommand('Chat: Open Chat');
      await page.locator(SEL.chatInput).filter({ visible: true }).first().waitFor({ timeout: 15_000 });
      await flow.widenChat(420);
      const label = await flow.waitForPickerLabel('Auto', 30_000);
      if (label !== 'Auto') throw new Error(`the model picker shows ${JSON.stringify(label)}, not Cursor's Auto`);
    },
    120_000,
  );

  const question = 'what does src/hello.ts export? own-agent';
  const title = SIGN_IN_TITLE[target.vscode] ?? 'Sign in to use';
  const dialog = page.locator('.monaco-dialog-box').filter({ visible: true });
  await flow.step(
    `a prompt without @cursor opens VS Code's "${title}" dialog; dismissed, the chat says Copilot must be set up; no Cursor turn runs`,
    async () => {
      const invocations = fake.invocations().length;
      await flow.ask(question);
      await dialog.first().waitFor({ timeout: 60_000 });
      const shown = await dialog.first().innerText();
      if (!shown.includes(title) || !shown.includes('Continue with GitHub')) throw new Error(`the dialog shows ${JSON.stringify(shown)}`);
      await flow.shot('sign-in-dialog');
      await page.keyboard.press('Escape');
      await dialog.first().waitFor({ state: 'hidden', timeout: 10_000 });
      const response = page.locator(SEL.response).last();
      await UiFlow.waitUntilFinished(response, 30_000);
      const text = await response.innerText();
      if (!text.includes(SET_UP_MESSAGE)) throw new Error(`the chat shows ${JSON.stringify(text)}, not ${JSON.stringify(SET_UP_MESSAGE)}`);
      await flow.shot('sign-in-dismissed');
      // The response has ended: a Cursor model asked for it would have run its print-mode turn by now.
      const turns = fake
        .invocations()
        .slice(invocations)
        .filter((inv) => inv.argv.includes('-p'));
      if (turns.length > 0) throw new Error(`a Cursor turn ran for a prompt without @cursor: ${JSON.stringify(turns.map((t) => t.argv))}`);
    },
    120_000,
  );

  await flow.step(
    'the same question with @cursor, in the same chat, is answered by the Cursor agent',
    async () => {
      await flow.ask(`@cursor ${question}`);
      // Found by its text: VS Code 1.110 scrolls the new question to the top and stops rendering the turns above it.
      await page
        .locator(SEL.response)
        .filter({ hasText: flow.expectedAnswer('auto', question) })
        .last()
        .waitFor({ timeout: 60_000 });
    },
    90_000,
  );

  // The installed extension's details page, in this workbench (the packaged extension is installed here too).
  await detailsPageSteps(flow, page, outDir);

  fs.copyFileSync(wb.serverLog, path.join(outDir, 'code-server.log'));
  await runCleanups();
  const passed = flow.results.filter((r) => r.ok).length;
  return { passed, failed: flow.results.length - passed };
}

async function main(): Promise<number> {
  let passed = 0;
  let failed = 0;
  for (const target of selectedTargets()) {
    const r = await runOn(target);
    passed += r.passed;
    failed += r.failed;
  }
  console.log(`ui-own-agent: ${passed} passed, ${failed} failed`);
  return failed === 0 && !isInterrupted() ? 0 : 1;
}

main()
  .then((code) => process.exit(code))
  .catch(async (err) => {
    console.error(`[ui-own-agent] ${(err as Error).stack ?? err}`);
    await runCleanups();
    console.log('ui-own-agent: 0 passed, 1 failed');
    process.exit(1);
  });
