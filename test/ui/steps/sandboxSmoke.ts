// `npm run sandbox -- --smoke`: the sandbox checked as a newcomer would see it, in headless Chromium.
// The demo: the status bar says "Cursor (demo)"; a question is answered over the default backend (ACP) with the
// demo agent's tool calls shown and its "[demo]" text; in a new chat asked for a plan, the agent's question shows in
// VS Code's question carousel (cursorAgent.nativeChatUi, on by default), a click answers it, and the plan shows with
// its to-dos in VS Code's to-do list and the buttons under it. With your own signed-in
// cursor-agent: one question, answered.
import * as fs from 'fs';
import type { Page } from 'playwright-core';
import type { FakeAcpCli } from '../../fixtures/acp/fakeAcpCli';
import { DEMO_PLAN_NAME, DEMO_PLAN_QUESTION, DEMO_RUNNERS, DEMO_TODOS } from '../support/demoAgent';
import { SEL, UiFlow } from './flow';
import { openBrowser, Workbench } from '../support/workbench';

const QUESTION = 'what does src/hello.ts do?';

async function opened(flow: UiFlow, wb: Workbench, want: string): Promise<void> {
  const page = flow.page;
  await page.goto(wb.url, { waitUntil: 'domcontentloaded', timeout: 60_000 });
  const text = await flow.waitForReadyStatus(60_000);
  if (!text.startsWith(want)) throw new Error(`status bar item says ${JSON.stringify(text)}, not ${want}`);
  await page.locator('.explorer-folders-view').getByText('src').first().waitFor({ timeout: 10_000 });
  await flow.shot('sandbox-start');
  await flow.runCommand('Chat: Open Chat');
  await page.locator(SEL.chatInput).filter({ visible: true }).first().waitFor({ timeout: 15_000 });
  // The picker must hold a Cursor model before a request can go out.
  await page.locator('.model-picker-item .model-picker-name').filter({ hasText: /\S/ }).first().waitFor({ timeout: 20_000 });
}

/** The chat panel, for a screenshot of the chat alone. */
async function chatBox(page: Page): Promise<{ x: number; y: number; width: number; height: number } | undefined> {
  return (await page.locator('.part.auxiliarybar').boundingBox()) ?? undefined;
}

/** Scrolls the chat list (with the wheel, as a person would) until `target` is `offset` px below the chat panel's top. */
async function scrollNearTop(page: Page, target: ReturnType<Page['locator']>, offset: number): Promise<void> {
  const chat = await chatBox(page);
  for (let i = 0; i < 20 && chat; i++) {
    const box = await target.boundingBox();
    const dy = box ? box.y - (chat.y + offset) : 0;
    if (Math.abs(dy) < 15) break;
    await page.mouse.move(chat.x + chat.width / 2, chat.y + chat.height / 2);
    await page.mouse.wheel(0, dy);
    await page.waitForTimeout(300);
  }
}

export async function demoSmoke(wb: Workbench, fake: FakeAcpCli, outDir: string, log: (m: string) => void): Promise<boolean> {
  fs.rmSync(outDir, { recursive: true, force: true });
  // (Tall enough that the request, the plan, its three buttons and VS Code's to-do list fit the README's first picture.)
  const { page } = await openBrowser(wb.toolchain, wb.root, outDir, { width: 1400, height: 1290 });
  const flow = new UiFlow(page, { outDir, log });
  await flow.step(
    'the workbench opens with the sample project and the status bar item "Cursor (demo)"',
    () => opened(flow, wb, 'Cursor (demo)'),
    120_000,
  );
  await flow.widenChat(300).catch(() => 0);

  await flow.step(
    '@cursor answers over ACP (the default backend): the demo agent searches and reads, its text says it is a demo',
    async () => {
      await flow.ask(`@cursor ${QUESTION}`);
      const text = await flow.waitForAnswer('[demo] This answer comes from the demo agent', 60_000);
      await UiFlow.waitUntilFinished(await flow.answer(), 30_000);
      // The agent's steps: VS Code 1.139 folds them into "Completed N steps" above the text; older versions list the files read.
      if (!/Completed \d+ steps|Read: .*hello\.ts/.test(text))
        throw new Error(`the answer does not show the agent's steps: ${JSON.stringify(text.slice(0, 400))}`);
      const lines = [...fake.acpLog().values()].flat();
      if (!lines.some((l) => l.dir === 'in' && l.msg.method === 'session/prompt')) throw new Error('no session/prompt reached the demo agent');
      if (fake.invocations().some((i) => i.argv.includes('-p'))) throw new Error('the answer came from print mode, not the default backend');
      await flow.shot('sandbox-answer');
    },
    120_000,
  );

  await flow.step(
    "in a new chat asked for a plan, the agent's question shows in VS Code's question carousel; a click answers it; the plan shows, its to-dos in VS Code's to-do list, the buttons under it",
    async () => {
      // A new chat, as a person starts a new task: its title is this request (the hero picture shows it).
      await page.locator('.part.auxiliarybar .action-label[aria-label^="New Chat"]').filter({ visible: true }).first().click();
      await page.locator(SEL.response).filter({ visible: true }).first().waitFor({ state: 'detached', timeout: 15_000 });
      await flow.ask(`@cursor ${DEMO_PLAN_QUESTION}`);
      // cursorAgent.nativeChatUi (default on): the question in VS Code's carousel above the input, not as buttons in the answer.
      const carousel = page.locator('.chat-question-carousel-widget-container').filter({ visible: true }).last();
      const option = carousel.locator('.chat-question-list-item', { hasText: DEMO_RUNNERS[0] }).first();
      await option.waitFor({ timeout: 60_000 });
      const asked = (await carousel.innerText()).replace(/\s+/g, ' ');
      for (const want of ['Which test runner', ...DEMO_RUNNERS])
        if (!asked.includes(want)) throw new Error(`the carousel lacks ${JSON.stringify(want)}: ${JSON.stringify(asked)}`);
      const response = await flow.answer();
      if ((await response.locator('.monaco-button', { hasText: DEMO_RUNNERS[0] }).count()) > 0)
        throw new Error('the question is also asked with buttons in the answer');
      await flow.pointerAway(10, 450);
      await flow.shot('sandbox-question');
      await option.click({ timeout: 10_000 });
      // 1.139 submits a single choice at once; where the version shows Submit, a person clicks it.
      const submit = carousel.locator('.chat-question-nav-submit, .chat-question-submit-button').filter({ visible: true });
      if (await submit.count()) await submit.first().click();
      await response.locator('.monaco-button', { hasText: 'Build in Terminal' }).first().waitFor({ timeout: 60_000 });
      await UiFlow.waitUntilFinished(response, 30_000);
      // VS Code 1.139 folds the agent's steps into "Completed N steps": a person opens it to see what the agent did.
      const steps = response.locator('.monaco-button, .chat-used-context-label, [role="button"]', { hasText: /Completed \d+ steps/ }).first();
      if (await steps.count()) await steps.click();
      await page.waitForTimeout(1000);
      const text = await response.innerText();
      for (const want of [DEMO_PLAN_NAME, 'run by npm test'])
        if (!text.includes(want)) throw new Error(`the answer lacks ${JSON.stringify(want)}: ${JSON.stringify(text.slice(0, 600))}`);
      // The agent received the choice clicked.
      const lines = [...fake.acpLog().values()].flat();
      const ask = lines.find((l) => l.dir === 'out' && l.msg.method === 'cursor/ask_question');
      const reply = ask && lines.find((l) => l.dir === 'in' && l.msg.id === ask.msg.id && l.msg.method === undefined);
      if (!JSON.stringify(reply?.msg.result ?? '').includes('"selectedOptionIds":["r1"]'))
        throw new Error(`the agent received ${JSON.stringify(reply?.msg)}`);
      // The to-dos in VS Code's own to-do list above the input.
      const todoList = page.locator('.chat-todo-list-widget').filter({ visible: true }).first();
      await todoList.waitFor({ timeout: 15_000 });
      if (!(await todoList.locator('.todo-list-container').isVisible())) await todoList.locator('.todo-list-expand .monaco-button').first().click();
      await todoList.locator('.todo-item').first().waitFor({ timeout: 10_000 });
      const items = (await todoList.locator('.todo-item').allInnerTexts()).map((t) => t.trim());
      if (JSON.stringify(items) !== JSON.stringify(DEMO_TODOS)) throw new Error(`VS Code's to-do list shows ${JSON.stringify(items)}`);
      for (const b of ['Open Plan', 'Build with Agent', 'Build in Terminal'])
        await response.locator('.monaco-button', { hasText: b }).first().waitFor({ timeout: 15_000 });
      // The chat's title is the request.
      const title = page.locator('.part.auxiliarybar').getByText(`@cursor ${DEMO_PLAN_QUESTION}`, { exact: true }).filter({ visible: true });
      if ((await title.count()) < 2) throw new Error(`the chat's title is not "@cursor ${DEMO_PLAN_QUESTION}"`);
      // The request at the top, the plan, its buttons and the to-do list in one picture.
      await scrollNearTop(page, response, 60);
      await flow.pointerAway(10, 450);
      await flow.shot('sandbox-plan', await chatBox(page));
    },
    150_000,
  );
  const ok = flow.results.every((r) => r.ok);
  log(`screenshots: ${outDir}/`);
  return ok;
}

export async function realSmoke(wb: Workbench, outDir: string, log: (m: string) => void): Promise<boolean> {
  fs.rmSync(outDir, { recursive: true, force: true });
  const { page } = await openBrowser(wb.toolchain, wb.root, outDir);
  const flow = new UiFlow(page, { outDir, log });
  await flow.step('the workbench opens with the sample project and the Cursor status bar item', () => opened(flow, wb, 'Cursor'), 120_000);
  await flow.step(
    '@cursor answers',
    async () => {
      await flow.ask(`@cursor ${QUESTION}`);
      const response = await flow.answer(120_000);
      await UiFlow.waitUntilFinished(response, 180_000);
      const text = await response.innerText();
      log(`answer: ${text.split('\n').find((l) => l.trim() && !/^(Completed|Used)/.test(l)) ?? text}`);
      await flow.shot('sandbox-answer');
    },
    240_000,
  );
  const ok = flow.results.every((r) => r.ok);
  log(`screenshots: ${outDir}/`);
  return ok;
}
