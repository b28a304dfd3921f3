// `npm run test:ui` (part): VS Code 1.139 with the Copilot harness as the default chat target
// (`chat.defaultToCopilotHarness` and `chat.editor.preferCopilotHarness` on, as VS Code's experiments
// set them for some users in 1.139 and as 1.140+ ships). A new chat there is a harness chat, which
// never calls @cursor ("Language model unavailable"). A person follows what the product shows them:
// the one-time notification and the status bar say "@cursor answers in Local chats", their New Chat
// opens a Local chat with `@cursor ` in the input, and there every flow works: ask, Stop, Switch
// Model, a window reload and a follow-up that continues the same Cursor chat, /status.
//
// Runs on the newest VS Code of the matrix only (1.110 has no harness; its own runs are the other
// UI scripts). Output: test-output/ui-harness/*.png. Last line: `ui-harness: N passed, N failed`.

import * as fs from 'fs';
import * as path from 'path';
import { isInterrupted, outputRoot, runCleanups, setLogPrefix } from '../host/launch/common';
import { NEWEST } from '../host/versions';
import { FAKE_LISTING, SEL, UiFlow } from './steps/flow';
import { HARNESS_SETTINGS, openBrowser, savedChatRequests, startWorkbench, VSIX, waitForSavedAnswer } from './support/workbench';

declare const document: { querySelector(sel: string): unknown };

setLogPrefix('ui-harness');

function log(msg: string): void {
  console.log(`[ui-harness] ${msg}`);
}

const LOCAL_SENTENCE = '@cursor answers in Local chats.';

async function main(): Promise<number> {
  const target = NEWEST;
  const outDir = path.join(outputRoot, 'ui-harness');
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.mkdirSync(outDir, { recursive: true });
  const wb = await startWorkbench(
    {
      name: 'ui-harness',
      cli: 'fake',
      fakeScenario: { models: FAKE_LISTING, turn: { kind: 'default', delayMs: 30 } },
      fakeOnPath: true,
      userSettings: HARNESS_SETTINGS,
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
  const statusItem = page.locator(SEL.statusItem);
  const notification = page.locator('.notification-toast-container, .notifications-center').filter({ hasText: LOCAL_SENTENCE });
  const chatInput = page.locator(SEL.chatInput).filter({ visible: true }).first();
  const turns = () => fake.invocations().filter((i) => i.argv.includes('-p'));
  const resumeOf = (argv: string[]) => {
    const i = argv.indexOf('--resume');
    return i >= 0 ? argv[i + 1] : undefined;
  };
  /** Polls a state (the fake's record of what ran) until it holds or `ms` pass. */
  const until = async (cond: () => boolean, ms: number) => {
    for (const end = Date.now() + ms; !cond() && Date.now() < end;) await page.waitForTimeout(100);
    return cond();
  };
  /** The chat input's text (what a person sees in it). */
  const inputText = async () => ((await chatInput.innerText()) ?? '').replace(/\u00a0/g, ' ').trim();
  let lastAsked: string | undefined;
  const askAndWait = async (q: string, model = 'auto') => {
    await flow.ask(`@cursor ${q}`);
    lastAsked = q;
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
  const waitForLocalChat = async () => {
    await chatInput.waitFor({ timeout: 30_000 });
    // The session target under the input names the kind of chat: "Local", not "Copilot".
    await page.locator('.interactive-input-part').filter({ visible: true }).getByText('Local', { exact: true }).first().waitFor({ timeout: 20_000 });
  };

  await flow.step(
    'on a VS Code whose new chats start in the Copilot harness, a notification and the status bar say @cursor answers in Local chats',
    async () => {
      await page.goto(wb.url, { waitUntil: 'domcontentloaded', timeout: 60_000 });
      await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
      await statusItem.locator('.codicon-info').waitFor({ state: 'visible', timeout: 60_000 });
      await notification.first().waitFor({ timeout: 30_000 });
      const shown = await notification.first().innerText();
      if (!shown.includes('New Chat') || !shown.includes('Start New Chats as Local Chats'))
        throw new Error(`the notification shows ${JSON.stringify(shown)}`);
      await flow.shot('notification');
      // (Its New Chat button runs Cursor: New Chat: unit-tested; this run follows the status bar's link below.)
      await notification
        .first()
        .getByRole('button', { name: 'Close Notification' })
        .click()
        .catch(() => page.keyboard.press('Escape'));
    },
    120_000,
  );

  await flow.step(
    'a question to @cursor in the harness chat VS Code opened never reaches Cursor; the status bar says why, and its New Chat link opens a Local chat that answers',
    async () => {
      // VS Code's own doing, checked so that a VS Code that changes it shows up here: the harness chat's welcome.
      await page.getByText('Delegate to', { exact: false }).first().waitFor({ timeout: 30_000 });
      await page
        .waitForFunction((sel) => /\S/.test((document.querySelector(sel) as { innerText: string } | null)?.innerText ?? ''), SEL.modelPickerName, {
          timeout: 30_000,
        })
        .catch(() => undefined);
      const before = turns().length;
      await flow.ask('@cursor are you there? harness-0');
      await page.locator(SEL.response).filter({ hasText: 'Language model unavailable' }).last().waitFor({ timeout: 45_000 });
      if (turns().length !== before) throw new Error('a Cursor turn ran from a harness chat');
      await flow.shot('harness-chat-unavailable');
      await statusItem.hover();
      const hover = page.locator(SEL.hover).filter({ hasText: LOCAL_SENTENCE }).first();
      await hover.waitFor({ timeout: 15_000 });
      await flow.shot('status-tooltip');
      await hover.getByRole('link', { name: 'New Chat', exact: true }).first().click();
      await waitForLocalChat();
      await page.waitForFunction(
        (sel) => /\S/.test((document.querySelector(sel) as { innerText: string } | null)?.innerText ?? ''),
        SEL.modelPickerName,
        {
          timeout: 30_000,
        },
      );
      // The Local chat opens first, then its input gets "@cursor " (a loaded machine can show the chat a moment before).
      let typed = '';
      for (const stop = Date.now() + 15_000; !typed.startsWith('@cursor') && Date.now() < stop;) {
        typed = await inputText().catch(() => '');
        if (!typed.startsWith('@cursor')) await page.waitForTimeout(200);
      }
      if (!typed.startsWith('@cursor')) throw new Error(`the chat input holds ${JSON.stringify(typed)}, not "@cursor "`);
      await flow.widenChat(300);
      await flow.shot('local-chat-opened');
      await askAndWait('what does src/hello.ts export? harness-1');
      await flow.shot('local-chat-answer');
    },
    150_000,
  );

  await flow.step(
    'Stop in the Local chat ends the turn and keeps the part already shown',
    async () => {
      fake.setScenario({ models: FAKE_LISTING, turn: { kind: 'slowStream', intervalMs: 100, durationMs: 60_000 } });
      const before = turns().length;
      await flow.ask('@cursor stream slowly, please. harness-stop');
      const response = page.locator(SEL.response).last();
      // Some of the answer is shown (the slow stream's words s0 s1 s2 …) before Stop.
      await page
        .locator(SEL.response)
        .filter({ hasText: /\bs3\b/ })
        .last()
        .waitFor({ timeout: 30_000 });
      // The Stop button (VS Code's "Cancel", a stop-circle in the chat input's toolbar while a request runs).
      await page.locator('.interactive-input-part').filter({ visible: true }).locator('.codicon-stop-circle').first().click();
      await UiFlow.waitUntilFinished(response, 30_000);
      const shown = (await response.innerText()).trim();
      if (!/\bs\d+\b/.test(shown)) throw new Error(`the stopped answer left nothing of its text in the chat: ${JSON.stringify(shown)}`);
      const stopped = await until(() => turns().length === before + 1, 15_000);
      if (!stopped) throw new Error(`the stopped question ran ${turns().length - before} Cursor turns, not 1`);
      await flow.shot('stopped');
    },
    120_000,
  );
  fake.setScenario({ models: FAKE_LISTING, turn: { kind: 'default', delayMs: 30 } });

  await flow.step(
    '"Cursor: Switch Model" sets the model, and the next answer in the Local chat uses it',
    async () => {
      await flow.runCommand('Cursor: Switch Model');
      await page.locator(SEL.quickInputRow).filter({ hasText: 'Sonnet 4.5' }).waitFor({ state: 'visible', timeout: 15_000 });
      await flow.pickQuickInputRow((l) => l.startsWith('Sonnet 4.5'), 'Sonnet 4.5');
      await flow.waitForPickerLabel('Sonnet 4.5', 20_000);
      await askAndWait('which model answers now? harness-2', 'claude-4.5-sonnet');
    },
    120_000,
  );

  await flow.step(
    'after a window reload, the Local chat is back and a follow-up continues the same Cursor chat',
    async () => {
      await askAndWait('first of two. harness-3', 'claude-4.5-sonnet');
      const chatId = resumeOf(turns().at(-1)?.argv ?? []);
      if (!chatId) throw new Error(`the follow-up did not continue the chat: ${JSON.stringify(turns().at(-1)?.argv)}`);
      if (lastAsked) await waitForSavedAnswer(wb, lastAsked);
      const reloaded = page.waitForEvent('domcontentloaded', { timeout: 60_000 });
      await flow.runCommand('Developer: Reload Window');
      await reloaded;
      // Ready looks ready: the check mark, and no info icon once @cursor has answered (the advice was followed).
      await statusItem.locator('.codicon-check').waitFor({ state: 'visible', timeout: 60_000 });
      if (await statusItem.locator('.codicon-info').count()) throw new Error('the status item still flags the advice after @cursor answered');
      if (!(await page.locator(SEL.chatInput).filter({ visible: true }).count())) await flow.runCommand('Chat: Open Chat');
      await waitForLocalChat();
      await page.locator(SEL.response).filter({ hasText: 'you asked "first of two. harness-3"' }).first().waitFor({ timeout: 30_000 });
      const text = await askAndWait('second after the reload. harness-4', 'claude-4.5-sonnet');
      const argv = turns().at(-1)?.argv ?? [];
      if (resumeOf(argv) !== chatId) throw new Error(`the follow-up after the reload ran with ${JSON.stringify(argv)}, not --resume ${chatId}`);
      if (!text.includes('(resumed)')) throw new Error(`the answer does not come from the resumed chat: ${text}`);
      await flow.shot('after-reload');
    },
    180_000,
  );

  // A turn, then Developer: Reload Window at once (not waiting for VS Code to save the answer), in a chat opened by
  // Cursor: New Chat: the restored chat may show the request with an empty answer. Its follow-up continues the same
  // Cursor chat and sends only itself (the quick question is not sent again), every time.
  // CURSOR_AGENT_QUICK_RELOADS=<n> runs (default 2; the closing note's measurement ran 5 on a busy machine).
  const quickRuns = Number(process.env.CURSOR_AGENT_QUICK_RELOADS ?? 2);
  await flow.step(
    `a quick reload right after an answer in a chat opened by Cursor: New Chat: the follow-up continues that Cursor chat (${quickRuns} times)`,
    async () => {
      for (let run = 1; run <= quickRuns; run++) {
        await flow.runCommand('Cursor: New Chat');
        await waitForLocalChat();
        // The new chat first (no answer shown), then "@cursor " in its input: the chat before already held "@cursor ",
        // and typing before the new one's arrives loses what was typed.
        for (const stop = Date.now() + 15_000; (await page.locator(SEL.response).filter({ visible: true }).count()) > 0 && Date.now() < stop;)
          await page.waitForTimeout(200);
        for (const stop = Date.now() + 15_000; !(await inputText().catch(() => '')).startsWith('@cursor') && Date.now() < stop;)
          await page.waitForTimeout(200);
        const quick = `quick question ${run}. harness-quick`;
        await askAndWait(quick, 'claude-4.5-sonnet');
        // Reloaded as soon as VS Code has saved the chat with its request (a chat it never saved is not restored, and
        // there is nothing to continue), whatever it has saved of the answer by then: none, a part, or all.
        const saved = Date.now() + 30_000;
        while (!savedChatRequests(wb).some((r) => r.message?.text?.includes(quick))) {
          if (Date.now() > saved) throw new Error(`run ${run}: VS Code did not save the chat with ${JSON.stringify(quick)} within 30 s`);
          await page.waitForTimeout(100);
        }
        const reloaded = page.waitForEvent('domcontentloaded', { timeout: 60_000 });
        await flow.runCommand('Developer: Reload Window');
        await reloaded;
        await statusItem.locator('.codicon-check').waitFor({ state: 'visible', timeout: 60_000 });
        if (!(await page.locator(SEL.chatInput).filter({ visible: true }).count())) await flow.runCommand('Chat: Open Chat');
        await waitForLocalChat();
        await page.getByText(quick).first().waitFor({ timeout: 30_000 });
        const follow = `and after the quick reload ${run}? harness-quick`;
        await askAndWait(follow, 'claude-4.5-sonnet');
        const last = turns().at(-1);
        if (!resumeOf(last?.argv ?? [])) throw new Error(`run ${run}: the follow-up started a new Cursor chat: ${JSON.stringify(last?.argv)}`);
        if (last?.stdin?.includes(quick))
          throw new Error(`run ${run}: the quick question was sent again with the follow-up: ${JSON.stringify(last.stdin)}`);
      }
      await flow.shot('quick-reload');
    },
    120_000 * Math.max(1, quickRuns),
  );

  await flow.step(
    '/status in the Local chat says where @cursor answers and offers New Chat',
    async () => {
      await flow.ask('@cursor /status');
      const response = page.locator(SEL.response).filter({ hasText: 'Cursor CLI status' }).last();
      await response.waitFor({ timeout: 30_000 });
      await UiFlow.waitUntilFinished(response);
      const text = await response.innerText();
      if (!text.includes(`Chats: ${LOCAL_SENTENCE}`)) throw new Error(`/status shows ${JSON.stringify(text)}`);
      await response.getByRole('button', { name: 'Start New Chats as Local Chats' }).first().waitFor({ timeout: 10_000 });
    },
    90_000,
  );

  await flow.step(
    "VS Code's own MCP client starts the ask server (Cursor (read-only ask)) and finds its one tool, through the token and guards",
    async () => {
      const serverRow = () => page.locator(SEL.quickInputRow).filter({ hasText: 'Cursor (read-only ask)' }).first();
      const action = (name: RegExp) => page.locator(SEL.quickInputRow).filter({ hasText: name }).first();
      await flow.runCommand('MCP: List Servers');
      await serverRow().click();
      await action(/Start Server/).click();
      await flow.runCommand('MCP: List Servers');
      await page
        .locator(SEL.quickInputRow)
        .filter({ hasText: 'Cursor (read-only ask)' })
        .filter({ hasText: 'Running' })
        .first()
        .waitFor({ timeout: 30_000 });
      await serverRow().click();
      await action(/Show Output/).click();
      // The MCP client's own log: it connected and listed exactly ask_cursor.
      await page.locator('.part.panel').getByText('Discovered 1 tools').first().waitFor({ timeout: 30_000 });
      await flow.shot('mcp-ask-server');
    },
    120_000,
  );

  fs.copyFileSync(wb.serverLog, path.join(outDir, 'code-server.log'));
  await runCleanups();
  const passed = flow.results.filter((r) => r.ok).length;
  console.log(`ui-harness: ${passed} passed, ${flow.results.length - passed} failed`);
  return passed === flow.results.length && !isInterrupted() ? 0 : 1;
}

main()
  .then((code) => process.exit(code))
  .catch(async (err) => {
    console.error(`[ui-harness] ${(err as Error).stack ?? err}`);
    await runCleanups();
    console.log('ui-harness: 0 passed, 1 failed');
    process.exit(1);
  });
