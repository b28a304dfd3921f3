// `npm run test:ui` (acpChat): the ACP backend in the real chat panel (plan mode, issue 38, questions, to-dos, images). A real VS Code
// (code-server) driven like a person with Playwright, the fake cursor-agent speaking ACP, one workbench for:
// 0. the ACP plan steps (acpPlanSteps.ts): the picker's ACP models, the create-plan capture rendered as a plan, a pasted
//    screenshot reaching the agent, `/resume`;
// 1. @cursor's question shows in VS Code's question carousel with its options; a click answers it and the
//    agent's next text says what came back (nativeSteps.ts; the buttons of the fallback: host suite 11-questions);
// 2. the plan's to-dos show in VS Code's own to-do list in their final state (after the agent's update);
// 3. each button under the plan does what it says: Open Plan (an untitled Markdown editor), Build in Terminal
//    (cursor-agent with the plan, never --force), Build with Agent (no Copilot here: a notification that says what it
//    needs, whose Build in Terminal carries the plan on).
// `--screenshots`: also copies five screenshots to media/ (acp-plan, screenshot-image, plan-*; when every step passed).
// Output: test-output/ui-plan/*.png. Last line: `ui-plan: N passed, N failed`.
// CURSOR_AGENT_VSCODE=newest|lowest|all (default all).

import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import type { Locator, Page } from 'playwright-core';
import type { FakeAcpCli } from '../fixtures/acp/fakeAcpCli';
import type { FakeAcpTurn } from '../fixtures/acp/scenario';
import type { Invocation } from '../fixtures/fakeCli';
import { isInterrupted, outputRoot, repoRoot, runCleanups, setLogPrefix } from '../host/launch/common';
import { outputSuffix, selectedTargets, VsCodeTarget } from '../host/versions';
import { SEL, UiFlow } from './steps/flow';
import { carouselQuestionStep, nativeTodoStep } from './steps/nativeSteps';
import { openBrowser, startWorkbench, VSIX } from './support/workbench';
import { SCREENSHOT_WORKSPACE } from './support/screenshotData';
import { planReloadSteps } from './steps/planReloadSteps';
import { ACP_PLAN_MEDIA, ACP_PLAN_TURNS, acpPlanSteps } from './steps/acpPlanSteps';
import { imageAttachmentsVsix } from './support/imageAttachments';

setLogPrefix('ui-plan');

declare const document: { querySelector(sel: string): unknown };
const screenshotsMode = process.argv.includes('--screenshots');

function log(msg: string): void {
  console.log(`[ui-plan] ${msg}`);
}

const QUESTION = 'which database should the signup flow use?';
const PLAN_ASK = 'plan the signup flow';
const PLAN_NAME = 'Signup Flow';
const TODOS = ['Add the users table', 'Write the signup handler', 'Test the signup form'];

/** create_plan with three pending to-dos, then the agent's update: the first done, the second under way. */
const PLAN_TURN: FakeAcpTurn = {
  kind: 'script',
  steps: [
    { update: { sessionUpdate: 'tool_call', toolCallId: 'tool_p_plan', title: 'Create Plan', kind: 'other', status: 'pending', rawInput: {} } },
    {
      ask: 'cursor/create_plan',
      params: {
        toolCallId: 'tool_p_plan',
        name: PLAN_NAME,
        overview: 'A signup form that stores users in SQLite.',
        plan: `# ${PLAN_NAME}\n\n1. ${TODOS[0]}\n2. ${TODOS[1]}\n3. ${TODOS[2]}\n`,
        todos: TODOS.map((content, i) => ({ id: `t${i + 1}`, content, status: 'pending' })),
        isProject: false,
        phases: [],
      },
    },
    { update: { sessionUpdate: 'tool_call_update', toolCallId: 'tool_p_plan', status: 'completed' } },
    { update: { sessionUpdate: 'tool_call', toolCallId: 'tool_p_todo', title: 'Update TODOs', kind: 'other', status: 'pending', rawInput: {} } },
    {
      ask: 'cursor/update_todos',
      params: {
        toolCallId: 'tool_p_todo',
        merge: true,
        todos: [
          { id: 't1', status: 'completed' },
          { id: 't2', status: 'in_progress' },
        ],
      },
    },
    { update: { sessionUpdate: 'tool_call_update', toolCallId: 'tool_p_todo', status: 'completed' } },
  ],
  text: 'The plan is ready.',
};

/** The chat panel's box, for a screenshot of the chat alone (a little less high: small files). */
async function chatClip(page: Page, top: number, height: number): Promise<{ x: number; y: number; width: number; height: number } | undefined> {
  const chat = await page.locator('.part.auxiliarybar').boundingBox();
  if (!chat) return undefined;
  const y = Math.max(chat.y, Math.min(top, chat.y + chat.height - height));
  return { x: chat.x, y, width: chat.width, height: Math.min(height, chat.y + chat.height - y) };
}

/** Clicks a button until `done` holds (a click landing while the chat list re-renders can be lost: one more try). */
async function clickUntil<T>(page: Page, button: Locator, done: () => Promise<T | undefined>, what: string, timeoutMs = 15_000): Promise<T> {
  for (let attempt = 0; attempt < 2; attempt++) {
    await button.click({ timeout: 10_000 });
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      const r = await done();
      if (r !== undefined) return r;
      await page.waitForTimeout(200);
    }
  }
  throw new Error(`${what}: nothing after two clicks`);
}

async function runOn(target: VsCodeTarget): Promise<{ passed: number; failed: number }> {
  const t0 = Date.now();
  const outDir = path.join(outputRoot, 'ui-plan' + outputSuffix(target));
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.mkdirSync(outDir, { recursive: true });
  const vsix = process.env.CURSOR_AGENT_UI_VSIX ? path.resolve(process.env.CURSOR_AGENT_UI_VSIX) : VSIX;
  // (A helper extension that attaches an image to the chat input, for the pasted-screenshot step.)
  const helper = await imageAttachmentsVsix(fs.mkdtempSync(path.join(os.tmpdir(), 'ui-plan-helper-')));
  const wb = await startWorkbench(
    {
      name: 'ui-plan',
      cli: 'fake',
      fakeScenario: {},
      fakeAcp: {
        turn: { kind: 'answer', text: 'Ask me for a plan.' },
        // (Plan mode's first: the fake answers a prompt with the first entry it contains.)
        byPrompt: [
          { match: QUESTION, turn: { kind: 'ask', preset: 'one', text: 'Planning with what came back:' } },
          { match: PLAN_ASK, turn: PLAN_TURN },
          ...ACP_PLAN_TURNS,
        ],
        timing: 0.05,
        commandsBytes: 4000,
      },
      fakeOnPath: true,
      userSettings: { 'cursorAgent.backend': 'acp', 'chat.viewSessions.enabled': false },
      vsix,
      alsoInstall: [helper],
      keep: !!process.env.CURSOR_AGENT_UI_KEEP,
      target,
      // (Screenshots mode: the sample folder under a believable project name, not sample-project.)
      ...(screenshotsMode ? { workspaceName: SCREENSHOT_WORKSPACE } : {}),
    },
    log,
  );
  const fake = wb.fake as FakeAcpCli | undefined;
  if (!fake) throw new Error('no fake CLI');
  // A tall window first: the whole ACP plan, heading to checklist, in one screenshot.
  const { page } = await openBrowser(wb.toolchain, wb.root, outDir, { width: 1400, height: 1500 });
  const flow = new UiFlow(page, { outDir, log });
  let planResponse: Locator | undefined;
  const planButton = (title: string) => planResponse!.locator('.monaco-button', { hasText: title }).first();

  await flow.step(
    'workbench opens with the chat and Cursor ready (cursorAgent.backend: acp)',
    async () => {
      await page.goto(wb.url, { waitUntil: 'domcontentloaded', timeout: 60_000 });
      await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
      await flow.waitForReadyStatus(60_000);
      await flow.runCommand('Chat: Open Chat');
      await page.locator(SEL.chatInput).filter({ visible: true }).first().waitFor({ timeout: 15_000 });
      await flow.widenChat(420);
      await page.waitForFunction(
        (sel) => /\S/.test((document.querySelector(sel) as { innerText: string } | null)?.innerText ?? ''),
        SEL.modelPickerName,
        { timeout: 30_000 },
      );
    },
    120_000,
  );

  await acpPlanSteps(flow, fake, outDir);
  // Plan mode's steps as if in a workbench of their own: a new chat (the chat view's New Chat button; the model stays the
  // one the image step picked, an ACP model of the fake's list), in a window of the usual height, the chat as wide as they
  // had it (the editor beside it shows a plan's lines unwrapped).
  await flow.step(
    'New Chat in the chat view opens an empty chat for the plan-mode steps (no answer of the steps before)',
    async () => {
      await page.locator('.part.auxiliarybar .action-label[aria-label^="New Chat"]').filter({ visible: true }).first().click();
      await page.locator(SEL.response).filter({ visible: true }).first().waitFor({ state: 'detached', timeout: 15_000 });
    },
    60_000,
  );
  await page.setViewportSize({ width: 1400, height: 1000 });
  await flow.widenChat(-120);

  await flow.step(
    "@cursor's question shows in VS Code's question carousel; a click on an option answers it, and the agent's next text reflects the choice",
    () => carouselQuestionStep(flow, fake, QUESTION),
    120_000,
  );

  await flow.step(
    "the plan's to-dos show in VS Code's own to-do list in their final state (the first done, the second under way, the third open)",
    async () => {
      planResponse = await nativeTodoStep(flow, PLAN_ASK, TODOS, ['completed', 'in-progress', 'not-started']);
    },
    120_000,
  );

  await flow.step(
    'under the plan: Open Plan opens an untitled Markdown editor holding the plan',
    async () => {
      for (const b of ['Open Plan', 'Build with Agent', 'Build in Terminal']) await planButton(b).waitFor({ timeout: 15_000 });
      const box = await planButton('Open Plan').boundingBox();
      await flow.pointerAway(10, 450);
      await flow.shot('plan-buttons', await chatClip(page, (box?.y ?? 0) - 110, 230));
      const editor = page.locator('.editor-group-container .monaco-editor .view-lines', { hasText: PLAN_NAME }).first();
      await clickUntil(page, planButton('Open Plan'), async () => ((await editor.isVisible()) ? true : undefined), 'Open Plan');
      // An untitled document's tab: its first line, then "Untitled-N".
      const tab = (await page.locator('.tabs-container .tab.active').first().innerText()).replace(/\s+/g, ' ').trim();
      if (!/Untitled-\d+/.test(tab)) throw new Error(`the plan opened in "${tab}", not an untitled document`);
      const lang = (await page.locator('.statusbar-item[id="status.editor.mode"]').first().innerText()).trim();
      if (lang !== 'Markdown') throw new Error(`the plan's document is ${JSON.stringify(lang)}, not Markdown`);
      const lines = (await editor.innerText()).replace(/\u00a0/g, ' ');
      if (!lines.includes(TODOS[0]!))
        throw new Error(`the document lacks the to-do ${JSON.stringify(TODOS[0])}: ${JSON.stringify(lines.slice(0, 400))}`);
      await flow.shot('plan-document');
    },
    60_000,
  );

  await flow.step(
    'Build in Terminal opens a Cursor terminal running cursor-agent with the plan as its prompt, never --force',
    async () => {
      const before = fake.invocations().length;
      const inv = await clickUntil<Invocation>(
        page,
        planButton('Build in Terminal'),
        async () =>
          fake
            .invocations()
            .slice(before)
            .find((i) => !i.argv.includes('-p') && !i.argv.includes('acp')),
        'Build in Terminal',
      );
      fs.writeFileSync(path.join(outDir, 'terminal-argv.json'), JSON.stringify(inv.argv, null, 2));
      if (inv.argv.some((a) => a === '--force' || a === '-f' || a === '--yolo')) throw new Error(`the terminal runs ${JSON.stringify(inv.argv)}`);
      const prompt = inv.argv[inv.argv.length - 1] ?? '';
      if (!prompt.startsWith('Build this plan:') || !prompt.includes(PLAN_NAME) || !prompt.includes(TODOS[2]!))
        throw new Error(`cursor-agent's prompt is not the plan: ${JSON.stringify(inv.argv)}`);
      if (inv.cwd !== wb.workspace) throw new Error(`the terminal runs in ${inv.cwd}, not in the workspace folder ${wb.workspace}`);
      await page.locator('.terminal-wrapper, .xterm').filter({ visible: true }).first().waitFor({ timeout: 30_000 });
      const names = page.locator('.terminal-tabs-entry, .single-terminal-tab, .terminal-tab, .panel .composite-title', {
        hasText: 'Cursor Agent: Build Plan',
      });
      await names.first().waitFor({ timeout: 15_000 });
      // The fake cursor-agent's banner: it started, in the workspace, with the plan.
      // (The shown terminal: on a loaded machine a second click may have opened a second one, the first then hidden.)
      await page
        .locator('.terminal-wrapper .xterm-rows', { hasText: 'Build this plan:' })
        .filter({ visible: true })
        .first()
        .waitFor({ timeout: 30_000 });
      await flow.shot('plan-terminal');
    },
    60_000,
  );

  await flow.step(
    'Build with Agent with no Copilot: a notification says it needs a chat model that can edit and offers Build in Terminal, which starts the Cursor agent with the plan; no chat opens',
    async () => {
      const input = page.locator(SEL.chatInput).filter({ visible: true }).first();
      const note = page
        .locator('.notification-list-item', { hasText: 'Build with Agent needs a chat model that can edit files' })
        .filter({ visible: true })
        .first();
      await clickUntil(page, planButton('Build with Agent'), async () => ((await note.isVisible()) ? true : undefined), 'Build with Agent');
      const text = (await note.innerText()).replace(/\s+/g, ' ');
      log(`Build with Agent with no Copilot: ${JSON.stringify(text)}`);
      if (!/such as GitHub Copilot's, and none is available here/.test(text) || !/Build in Terminal hands the plan to the Cursor agent/.test(text))
        throw new Error(`the notification does not say what Build with Agent needs: ${JSON.stringify(text)}`);
      const inputText = (await input.innerText().catch(() => '')).replace(/\u00a0/g, ' ');
      if (inputText.includes('Build this plan:')) throw new Error('Build with Agent put the plan into a chat that cannot build it');
      await flow.shot('plan-agent-no-model');
      const before = fake.invocations().length;
      const inv = await clickUntil<Invocation>(
        page,
        note.locator('.monaco-button', { hasText: 'Build in Terminal' }).first(),
        async () =>
          fake
            .invocations()
            .slice(before)
            .find((i) => !i.argv.includes('-p') && !i.argv.includes('acp')),
        "the notification's Build in Terminal",
      );
      const prompt = inv.argv[inv.argv.length - 1] ?? '';
      if (!prompt.startsWith('Build this plan:') || !prompt.includes(PLAN_NAME) || inv.argv.includes('--force'))
        throw new Error(`the notification's Build in Terminal ran ${JSON.stringify(inv.argv)}`);
    },
    60_000,
  );

  await planReloadSteps({ flow, page, wb, fake, outDir, log });
  fs.copyFileSync(wb.serverLog, path.join(outDir, 'code-server.log'));
  await runCleanups();
  fs.rmSync(path.dirname(helper), { recursive: true, force: true });
  const passed = flow.results.filter((r) => r.ok).length;
  const failed = flow.results.length - passed;
  if (screenshotsMode && target.role === 'newest')
    flow.copyToMedia(
      [...ACP_PLAN_MEDIA, ['plan-question.png', 'plan-question'], ['plan-todos.png', 'plan-todos'], ['plan-buttons.png', 'plan-buttons']],
      path.join(repoRoot, 'media'),
      failed === 0,
    );
  log(`VS Code ${target.vscode}: screenshots in ${path.relative(process.cwd(), outDir)}/ (${((Date.now() - t0) / 1000).toFixed(1)}s)`);
  return { passed, failed };
}

async function main(): Promise<number> {
  let passed = 0;
  let failed = 0;
  for (const target of selectedTargets()) {
    const r = await runOn(target);
    passed += r.passed;
    failed += r.failed;
  }
  console.log(`ui-plan: ${passed} passed, ${failed} failed`);
  return failed === 0 && !isInterrupted() ? 0 : 1;
}

main()
  .then((code) => process.exit(code))
  .catch(async (err) => {
    console.error(`[ui-plan] ${(err as Error).stack ?? err}`);
    await runCleanups();
    console.log('ui-plan: 0 passed, 1 failed');
    process.exit(1);
  });
