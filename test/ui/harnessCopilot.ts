// `npm run test:ui` (part): VS Code 1.139 with the Copilot harness as the default chat target AND a signed-in Copilot
// (a stand-in: test/ui/copilotStandIn.ts). VS Code resolves a harness chat's @cursor request to Copilot's default
// model, so @cursor is called there and answers: the product says so (no "Local chats" remedy in the way, the status
// item plainly ready), and a person uses @cursor in the harness chat VS Code opens: an answer, a follow-up that
// continues the same Cursor chat with the model Cursor: Switch Model set (the harness's picker lists only Copilot's
// models), and Stop. Without the stand-in, test/ui/harness.ts: the remedy, and Cursor: New Chat.
//
// Runs on the newest VS Code of the matrix only (1.110 has no harness). Output: test-output/ui-harness-copilot/*.png.
// Last line: `ui-harness-copilot: N passed, N failed`.
//
// To see it fail: make the advice ignore Copilot (localChatAdvice without `copilotModel`): the first step finds the
// info icon and the "Local chats" notification.

import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { isInterrupted, outputRoot, runCleanups, setLogPrefix } from '../host/launch/common';
import { NEWEST } from '../host/versions';
import { COPILOT_STAND_IN_SERVER, copilotStandInVsix } from './support/copilotStandIn';
import { FAKE_LISTING, SEL, UiFlow } from './steps/flow';
import { HARNESS_SETTINGS, openBrowser, startWorkbench, VSIX } from './support/workbench';

setLogPrefix('ui-harness-copilot');

function log(msg: string): void {
  console.log(`[ui-harness-copilot] ${msg}`);
}

const REMEDY = '@cursor answers in Local chats.';
const TOLD = 'New chats start in the Copilot harness, and @cursor answers there too.';

async function main(): Promise<number> {
  const outDir = path.join(outputRoot, 'ui-harness-copilot');
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.mkdirSync(outDir, { recursive: true });
  const standIn = await copilotStandInVsix(fs.mkdtempSync(path.join(os.tmpdir(), 'ui-copilot-stand-in-')));
  const wb = await startWorkbench(
    {
      name: 'ui-harness-copilot',
      cli: 'fake',
      fakeScenario: { models: FAKE_LISTING, turn: { kind: 'default', delayMs: 30 } },
      fakeOnPath: true,
      userSettings: HARNESS_SETTINGS,
      vsix: process.env.CURSOR_AGENT_UI_VSIX ? path.resolve(process.env.CURSOR_AGENT_UI_VSIX) : VSIX,
      alsoInstall: [standIn],
      ...COPILOT_STAND_IN_SERVER,
      keep: !!process.env.CURSOR_AGENT_UI_KEEP,
      target: NEWEST,
    },
    log,
  );
  const fake = wb.fake;
  if (!fake) throw new Error('no fake CLI');
  const { page } = await openBrowser(wb.toolchain, wb.root, outDir);
  const flow = new UiFlow(page, { outDir, log });
  const statusItem = page.locator(SEL.statusItem);
  const turns = () => fake.invocations().filter((i) => i.argv.includes('-p'));
  const resumeOf = (argv: string[]) => {
    const i = argv.indexOf('--resume');
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const askAndWait = async (q: string, model: string) => {
    await flow.ask(`@cursor ${q}`);
    const last = page
      .locator(SEL.response)
      .filter({ hasText: `you asked "${q}"` })
      .last();
    await last
      .getByText(/output tokens/)
      .first()
      .waitFor({ timeout: 45_000 });
    await UiFlow.waitUntilFinished(last);
    const text = await last.innerText();
    if (!text.includes(`Demo answer from ${model}`)) throw new Error(`the answer to ${JSON.stringify(q)} is not from ${model}: ${text}`);
    return text;
  };

  await flow.step(
    'with Copilot signed in, the status item is plainly ready and says @cursor answers in harness chats too; no "Local chats" remedy',
    async () => {
      await page.goto(wb.url, { waitUntil: 'domcontentloaded', timeout: 60_000 });
      await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
      await flow.waitForReadyStatus(60_000);
      // The tooltip names the harness once the extension has found the Copilot model (a state, not a time).
      // Its text is read while it is there: on a busy machine the hover can close between seeing it and reading it.
      const told = page.locator(SEL.hover).filter({ hasText: TOLD }).first();
      let hover: string | undefined;
      for (let tries = 0; hover === undefined && tries < 30; tries++) {
        await statusItem.hover();
        hover = await told.innerText({ timeout: 2_000 }).catch(() => undefined);
        if (hover === undefined) await flow.pointerAway(700, 400);
      }
      if (hover === undefined) throw new Error(`the status tooltip never said ${JSON.stringify(TOLD)}`);
      if (hover.includes(REMEDY)) throw new Error(`the tooltip still gives the remedy: ${JSON.stringify(hover)}`);
      if (!hover.includes('Switch Model')) throw new Error(`the tooltip does not say which model runs there: ${JSON.stringify(hover)}`);
      await flow.shot('status-tooltip');
      await flow.pointerAway(700, 400);
      if (await statusItem.locator('.codicon-info').count()) throw new Error('the status item shows an info icon: nothing is to be fixed');
      const remedy = page.locator('.notification-toast-container, .notifications-center').filter({ hasText: REMEDY });
      if (await remedy.count()) throw new Error('the "Local chats" notification is shown although @cursor answers in harness chats');
    },
    120_000,
  );

  await flow.step(
    '@cursor typed into the harness chat VS Code opens is answered by the Cursor agent',
    async () => {
      await flow.runCommand('Chat: Open Chat');
      await page.locator(SEL.chatInput).filter({ visible: true }).first().waitFor({ timeout: 15_000 });
      // VS Code's own doing, checked so that a VS Code that changes it shows up here: a harness chat.
      await page.getByText('Delegate to', { exact: false }).first().waitFor({ timeout: 30_000 });
      await flow.widenChat(300);
      await askAndWait('what does src/hello.ts export? copilot-1', 'auto');
      await flow.shot('harness-answer');
    },
    120_000,
  );

  await flow.step(
    'Cursor: Switch Model decides the model there, and a follow-up continues the same Cursor chat',
    async () => {
      await flow.runCommand('Cursor: Switch Model');
      await page.locator(SEL.quickInputRow).filter({ hasText: 'Sonnet 4.5' }).waitFor({ state: 'visible', timeout: 15_000 });
      await flow.pickQuickInputRow((l) => l.startsWith('Sonnet 4.5'), 'Sonnet 4.5');
      const first = turns().length;
      const text = await askAndWait('and the next step? copilot-2', 'claude-4.5-sonnet');
      const argv = turns().at(-1)?.argv ?? [];
      if (turns().length !== first + 1) throw new Error(`the follow-up ran ${turns().length - first} turns`);
      if (!resumeOf(argv)) throw new Error(`the follow-up ran with ${JSON.stringify(argv)}, not --resume of the first chat`);
      if (!text.includes('(resumed)')) throw new Error(`the answer does not come from the resumed chat: ${text}`);
      await flow.shot('harness-follow-up');
    },
    120_000,
  );

  await flow.step(
    'Stop in the harness chat ends the turn and keeps the part already shown',
    async () => {
      fake.setScenario({ models: FAKE_LISTING, turn: { kind: 'slowStream', intervalMs: 100, durationMs: 60_000 } });
      const before = turns().length;
      await flow.ask('@cursor stream slowly, please. copilot-stop');
      const response = page.locator(SEL.response).last();
      await page
        .locator(SEL.response)
        .filter({ hasText: /\bs3\b/ })
        .last()
        .waitFor({ timeout: 30_000 });
      await page.locator('.interactive-input-part').filter({ visible: true }).locator('.codicon-stop-circle').first().click();
      await UiFlow.waitUntilFinished(response, 30_000);
      const shown = (await response.innerText()).trim();
      if (!/\bs\d+\b/.test(shown)) throw new Error(`the stopped answer left nothing of its text in the chat: ${JSON.stringify(shown)}`);
      if (turns().length !== before + 1) throw new Error(`the stopped question ran ${turns().length - before} Cursor turns, not 1`);
      await flow.shot('harness-stopped');
    },
    120_000,
  );

  fs.copyFileSync(wb.serverLog, path.join(outDir, 'code-server.log'));
  await runCleanups();
  const passed = flow.results.filter((r) => r.ok).length;
  console.log(`ui-harness-copilot: ${passed} passed, ${flow.results.length - passed} failed`);
  return passed === flow.results.length && !isInterrupted() ? 0 : 1;
}

main()
  .then((code) => process.exit(code))
  .catch(async (err) => {
    console.error(`[ui-harness-copilot] ${(err as Error).stack ?? err}`);
    await runCleanups();
    console.log('ui-harness-copilot: 0 passed, 1 failed');
    process.exit(1);
  });
