// `npm run test:ui`: a newcomer's first minutes with the PACKAGED extension, in a real
// VS Code (code-server) driven like a person with Playwright (headless Debian Chromium):
// open the chat from the command palette, ask @cursor, see the streamed answer, find
// the Cursor models in the model picker, use the status bar item, switch the model from
// the palette, and find `cursorAgent.path` in the Settings UI. The CLI is the project's
// fake cursor-agent (test/fixtures/fake-cursor-agent.js).
//
// `npm run screenshots` (`--screenshots`): the same flow, with a written-out first answer
// and a slower stream; on success copies the key screenshots into media/ for the README.
//
// Output: test-output/ui/*.png (every step; FAILED-<n>-<step>.png on failure),
// code-server.log, browser.log. Last line: `ui: N passed, N failed`. Exit 1 on any failure.
// A warm run takes about a minute (code-server and Chromium start in ~15 s).
//
// Environment:
//   CURSOR_AGENT_UI_VSIX=<file>   test this .vsix instead of cursor-agent-vscode.vsix
//   CURSOR_AGENT_UI_KEEP=1        keep the temporary folder (workspace, user data, logs)
//
// To see it fail: package a copy without the participant and test that:
//   python3 -c "import zipfile,json; zi=zipfile.ZipFile('cursor-agent-vscode.vsix'); zo=zipfile.ZipFile('/tmp/broken.vsix','w');
//     [zo.writestr(i, (lambda d: json.dumps({**d, 'contributes': {k: v for k, v in d['contributes'].items() if k != 'chatParticipants'}}).encode())(json.loads(zi.read(i)))
//      if i.filename == 'extension/package.json' else zi.read(i)) for i in zi.infolist()]; zo.close()"
//   CURSOR_AGENT_UI_VSIX=/tmp/broken.vsix node out/test/ui/run.js   # → "@cursor answers …" FAIL, exit 1
//   (without the participant, "@cursor …" is plain text for the default agent, which asks to sign in to Copilot)

import * as fs from 'fs';
import * as path from 'path';
import { FakeScenario } from '../fixtures/fakeCli';
import { isInterrupted, outputRoot, repoRoot, runCleanups, setLogPrefix } from '../host/launch/common';
import { hidesParticipantReferences } from '../../src/services/chatUi/vscodeVersion';
import { outputSuffix, selectedTargets, VsCodeTarget } from '../host/versions';
import { featureSteps } from './steps/features';
import { statusSteps } from './steps/statusSteps';
import { FAKE_LISTING, FAKE_MODELS, SEL, UiFlow } from './steps/flow';
import { openBrowser, startWorkbench, VSIX } from './support/workbench';
import { typeSettingsSearch } from './settingsSearch';
import { README_ANSWER, README_ANSWER_START, SCREENSHOT_WORKSPACE } from './support/screenshotData';

// Functions passed to page.evaluate() run in the browser (no DOM lib in this tsconfig).
declare const document: { activeElement: { closest(sel: string): unknown } | null; querySelector(sel: string): unknown };

setLogPrefix('ui');
const screenshotsMode = process.argv.includes('--screenshots');

function log(msg: string): void {
  console.log(`[ui] ${msg}`);
}

/** media/<name> ← test-output/ui/<shot>.png (the README shows these; media/acp-plan.png comes from acpChat.ts). */
// (The README's first image, media/screenshot-chat.png, comes from the sandbox's demo on ACP: sandbox.ts --smoke --screenshots.)
const MEDIA: Array<[string, string]> = [
  ['screenshot-model-picker.png', 'media-model-picker'],
  ['screenshot-status-bar.png', 'media-status-bar'],
];

/** The whole flow on one VS Code version; its screenshots go to test-output/ui[-vscode-1.X]/. */
async function runOn(target: VsCodeTarget): Promise<{ passed: number; failed: number }> {
  const t0 = Date.now();
  const outDir = path.join(outputRoot, 'ui' + outputSuffix(target));
  const vsix = process.env.CURSOR_AGENT_UI_VSIX ? path.resolve(process.env.CURSOR_AGENT_UI_VSIX) : VSIX;
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.mkdirSync(outDir, { recursive: true });

  const workspaceName = screenshotsMode ? SCREENSHOT_WORKSPACE : undefined;
  // (Screenshots mode: no sessions list beside the chat, so the panel's crop is the chat alone.)
  const userSettings = screenshotsMode ? { 'chat.viewSessions.enabled': false } : undefined;
  const firstQuestion = screenshotsMode ? 'what does this project do?' : 'what does src/hello.ts do?';
  const scenario: FakeScenario = screenshotsMode
    ? { models: FAKE_LISTING, turns: [{ kind: 'default', delayMs: 90, answer: README_ANSWER }], turn: { kind: 'default', delayMs: 30 } }
    : { models: FAKE_LISTING, turn: { kind: 'default', delayMs: 30 } };

  log(`VS Code ${target.vscode}: installing ${path.relative(process.cwd(), vsix) || vsix} into a fresh code-server ${target.codeServer}`);
  // The usual setup: cursorAgent.path is empty and cursor-agent is found on PATH
  // (~/.local/bin/cursor-agent, as the installer puts it).
  const wb = await startWorkbench(
    {
      name: 'ui',
      cli: 'fake',
      fakeScenario: scenario,
      fakeOnPath: true,
      vsix,
      keep: !!process.env.CURSOR_AGENT_UI_KEEP,
      target,
      workspaceName,
      userSettings,
    },
    log,
  );
  const fake = wb.fake;
  if (!fake) throw new Error('no fake CLI');
  const { page } = await openBrowser(wb.toolchain, wb.root, outDir);

  const flow = new UiFlow(page, { outDir, log });
  const notes: string[] = [];
  let n = 0;
  const name = (s: string) => `${String(++n).padStart(2, '0')}-${s}`;

  // 1. The workbench opens on the sample project; the status bar item reports Cursor ready.
  await flow.step(
    'workbench opens with "Cursor" ready in the status bar',
    async () => {
      await page.goto(wb.url, { waitUntil: 'domcontentloaded', timeout: 60_000 });
      await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
      const text = await flow.waitForReadyStatus(60_000);
      if (!/^Cursor\b/.test(text)) throw new Error(`status bar item says ${JSON.stringify(text)}`);
      await flow.shot(name('workbench'));
    },
    90_000,
  );

  await flow.step("the installed extension's folder holds its license, README, changelog and third-party notices", async () => {
    const installed = fs.readdirSync(wb.extensions).filter((d) => /cursor-agent-vscode/i.test(d));
    if (installed.length !== 1) throw new Error(`installed extensions: ${JSON.stringify(fs.readdirSync(wb.extensions))}`);
    const files = fs.readdirSync(path.join(wb.extensions, installed[0]!)).map((f) => f.toLowerCase());
    for (const want of [/^license(\.txt|\.md)?$/, /^readme\.md$/, /^changelog\.md$/, /^third_party_notices\.md$/])
      if (!files.some((f) => want.test(f))) throw new Error(`the installed extension has no ${want.source}: ${JSON.stringify(files)}`);
  });

  // 2. Chat: Open Chat from the command palette; give the panel room; open a file beside it.
  await flow.step(
    '"Chat: Open Chat" from the command palette focuses the chat input',
    async () => {
      await flow.openFile('src/hello.ts');
      await flow.runCommand('Chat: Open Chat');
      await page.locator(SEL.chatInput).filter({ visible: true }).first().waitFor({ timeout: 10_000 });
      const focused = await page.evaluate(() => !!document.activeElement?.closest('.interactive-input-part'));
      if (!focused) throw new Error('the chat input does not have the focus');
      // (Screenshots mode: a wider panel, since media/screenshot-chat.png is the panel alone.)
      const width = await flow.widenChat(screenshotsMode ? 460 : 300);
      if (width < 400) throw new Error(`the chat panel is only ${width}px wide after widening it`);
      await flow.shot(name('chat-open'));
      // (Quick Open, the palette and the drag each wait for a state; with both cores busy and the
      // TypeScript server analysing the file just opened, VS Code 1.110 took over 45 s for all of them.)
    },
    90_000,
  );

  // 3. @cursor + a question + Enter: the streamed answer appears in the chat panel.
  let firstAnswered = false;
  await flow.step('@cursor answers a question typed into the chat', async () => {
    // Asked at once, whatever the model picker shows (print mode's first question of a fresh window; the default
    // backend's are test/ui/firstQuestion.ts): VS Code resolves a model before it calls @cursor, and the provider
    // answers it before the CLI has listed any.
    await flow.ask(`@cursor ${firstQuestion}`);
    // While it streams: progress ("Thinking…", "Reading …") then text (best effort).
    await flow.answer(15_000);
    await flow.shot(name('chat-streaming'));
    const expected = screenshotsMode ? README_ANSWER_START : flow.expectedAnswer('auto', firstQuestion);
    const text = await flow.waitForAnswer(expected);
    // The participant adds a line with the model and token usage when the turn ends.
    await page
      .locator(SEL.response)
      .last()
      .getByText(/output tokens/)
      .waitFor({ timeout: 15_000 });
    if (!screenshotsMode && !text.includes('Demo answer from auto')) throw new Error(`unexpected answer: ${text}`);
    flow.expectShownOnce(await flow.waitForFinishedAnswer(), expected);
    firstAnswered = true;
    await flow.shot(name('chat-answer'));
  });

  // 4. The answer lists the file the agent read (a reference).
  await flow.step('the answer lists the file the agent read as a reference', async () => {
    if (!firstAnswered) throw new Error('no answer to look at');
    const last = page.locator(SEL.response).last();
    if (hidesParticipantReferences(`${target.vscode}.0`)) {
      // VS Code 1.110 shows no "Used N references" under a participant's answer in Agent mode:
      // @cursor lists the files read in a line under the answer instead.
      await last
        .getByText(/^Read:/)
        .first()
        .waitFor({ timeout: 15_000 });
      const text = await last.innerText();
      if (!/Read:\s*README\.md/.test(text)) throw new Error(`no "Read: README.md" line under the answer: ${JSON.stringify(text)}`);
      await flow.shot(name('chat-references'));
      return;
    }
    // "Used 1 reference" (collapsed) sits under "Completed N steps" (collapsed once the answer
    // is done, which can happen just after it is shown): expand whichever is collapsed until
    // the file shows.
    const file = last.locator('.monaco-list-row', { hasText: 'README.md' }).filter({ visible: true });
    const used = last.locator('.monaco-button', { hasText: /Used \d+ references?/ }).filter({ visible: true });
    const completed = last.locator('.monaco-button', { hasText: /Completed \d+ steps?/ }).filter({ visible: true });
    const until = Date.now() + 15_000;
    while (!(await file.count())) {
      if (Date.now() > until) throw new Error(`no README.md reference in the answer: ${JSON.stringify(await last.innerText())}`);
      if (await used.count()) {
        // (The list re-renders while the answer settles: every action here is short and may miss.)
        const expanded = await used
          .first()
          .getAttribute('aria-expanded', { timeout: 1_000 })
          .catch(() => null);
        if (expanded === 'false')
          await used
            .first()
            .click({ timeout: 1_000 })
            .catch(() => undefined);
      } else if (await completed.count()) {
        await completed
          .first()
          .click({ timeout: 1_000 })
          .catch(() => undefined);
      }
      await page.waitForTimeout(500);
    }
    await flow.pointerAway(10, 450); // no hover card over the answer
    await flow.shot(name('chat-references'));
    // For the README: the chat panel alone (the question, the steps, the file read, the answer, the usage line).
    const panel = await page.locator('.part.auxiliarybar').boundingBox();
    await flow.shot('media-chat', panel ?? undefined);
  });

  // 5. The model picker lists the Cursor models; pick one there.
  await flow.step('the chat model picker lists the Cursor models', async () => {
    const rows = await flow.openModelPicker();
    const missing = FAKE_MODELS.filter(([, label]) => !rows.some((r) => r.startsWith(`${label}, Cursor`)));
    if (missing.length) throw new Error(`missing from the picker: ${missing.map(([, l]) => l).join(', ')} (rows: ${rows.join(' | ')})`);
    // The model's hover card (id, context size), for the screenshot: the pointer onto its row (not
    // Playwright's hover, which waits for a list that re-renders under the pointer to hold still).
    const sonnet = await page.locator(SEL.actionWidgetRow).filter({ hasText: 'Sonnet 4.5' }).first().boundingBox();
    if (sonnet) {
      await page.mouse.move(sonnet.x + 20, sonnet.y + 5);
      await page.mouse.move(sonnet.x + sonnet.width / 2, sonnet.y + sonnet.height / 2, { steps: 3 });
    }
    await flow.shot(name('model-picker'));
    // (1.110's picker has no action-widget-dropdown class: no crop there.)
    const widget = await page
      .locator('.action-widget.action-widget-dropdown')
      .first()
      .boundingBox({ timeout: 3_000 })
      .catch(() => null);
    // The model's hover card (a submenu panel beside the list): a nicety, not waited for long.
    const card = await page
      .locator('.action-list-submenu-panel')
      .filter({ hasText: 'claude-4.5-sonnet' })
      .filter({ visible: true })
      .first()
      .boundingBox({ timeout: 3_000 })
      .catch(() => null);
    const chat = await page.locator('.part.auxiliarybar').boundingBox();
    if (widget) {
      // The picker over the chat panel it belongs to (and the model's hover card, if shown).
      const x = Math.max(0, Math.min(widget.x, card?.x ?? widget.x, chat?.x ?? widget.x) - 12);
      const y = Math.max(0, Math.min(widget.y, card?.y ?? widget.y) - 12);
      await flow.shot('media-model-picker', { x, y, width: 1400 - x, height: 900 - y });
    } else {
      await flow.shot('media-model-picker');
    }
    await flow.pickInModelPicker('Composer 2.5 Fast');
    await page.waitForFunction(
      (sel) => (document.querySelector(sel) as { innerText: string } | null)?.innerText.trim() === 'Composer 2.5 Fast',
      SEL.modelPickerName,
      {
        timeout: 15_000,
      },
    );
  });

  await flow.step('the next answer uses the model picked in the picker', async () => {
    const q = 'which model answers now?';
    await flow.ask(`@cursor ${q}`);
    const expected = flow.expectedAnswer('composer-2.5-fast', q);
    flow.expectShownOnce(await flow.waitForFinishedAnswer(), expected);
    await flow.shot(name('answer-picker-model'));
  });

  // 6. The status bar item: tooltip on hover, menu on click.
  await flow.step('the status bar item shows a tooltip and opens the Cursor menu', async () => {
    const item = page.locator(SEL.statusItem);
    await item.hover();
    const hover = page.locator(SEL.hover).filter({ hasText: 'Cursor' }).filter({ visible: true }).first();
    await hover.waitFor({ timeout: 10_000 });
    const tip = await hover.innerText();
    for (const want of ['is ready', 'user@example.com', 'CLI 2026.10.01', 'Switch Model', 'Show Logs']) {
      if (!tip.includes(want)) throw new Error(`tooltip lacks ${JSON.stringify(want)}: ${JSON.stringify(tip)}`);
    }
    await flow.shot(name('status-bar-tooltip'));
    await item.click();
    await flow.waitForQuickInputRows(['Switch Model', 'Refresh Status', 'Show Logs'], 'the status menu');
    const title = (await page.locator(SEL.quickInputTitle).innerText()).trim();
    if (!title.startsWith('Cursor')) throw new Error(`status menu title ${JSON.stringify(title)}`);
    await flow.shot(name('status-bar-menu'));
    await page.keyboard.press('Escape');
  });

  // 7. Cursor: Switch Model from the palette; the status bar shows the choice.
  await flow.step('"Cursor: Switch Model" from the palette sets the model', async () => {
    await flow.runCommand('Cursor: Switch Model');
    await page.locator(SEL.quickInputRow).filter({ hasText: 'Sonnet 4.5' }).waitFor({ state: 'visible', timeout: 15_000 });
    const rows = await flow.quickInputRows();
    if (!rows.some((r) => r.startsWith("CLI's default"))) throw new Error(`no "CLI's default" entry: ${rows.join(' | ')}`);
    await flow.shot(name('switch-model'));
    await flow.pickQuickInputRow((l) => l.startsWith('Sonnet 4.5'), 'Sonnet 4.5');
    await page.locator(SEL.statusItem).getByText('Sonnet 4.5').waitFor({ timeout: 15_000 });
  });

  // 8. …and the next answer comes from that model: what a user expects after Switch Model,
  // even though they picked Composer in the picker before (the most recent choice wins).
  await flow.step(
    'the next answer uses the model chosen with Switch Model',
    async () => {
      const q = 'and which model answers now?';
      // The picker follows Switch Model through the workbench, on a busy machine a moment later; a
      // person asks once it shows the model (asking while it changes raced the change under load).
      const label = await flow.waitForPickerLabel('Sonnet 4.5', 15_000);
      await flow.ask(`@cursor ${q}`);
      const text = await flow.waitForFinishedAnswer();
      await flow.shot(name('answer-switched-model'));
      const expected = flow.expectedAnswer('claude-4.5-sonnet', q);
      const shown = text.split('\n').find((l) => l.includes('Demo answer')) ?? text;
      if (!text.includes(expected))
        throw new Error(`expected ${JSON.stringify(expected)}, the chat shows ${JSON.stringify(shown)} (picker: ${label})`);
      flow.expectShownOnce(text, expected);
      // Switch Model moves the chat's model picker too (README: "Switch Model … also selects it in the picker").
      if (label !== 'Sonnet 4.5') throw new Error(`after Switch Model the chat's model picker shows "${label}", not "Sonnet 4.5"`);
      // For the README: the status bar item and its tooltip with the model just chosen.
      const item = page.locator(SEL.statusItem);
      await page.mouse.move(700, 400);
      await item.hover();
      // The tooltip names the model by its label, and says it came from Switch Model.
      const hover = page
        .locator(SEL.hover)
        .filter({ hasText: 'Model: Sonnet 4.5' })
        .filter({ hasText: 'Switch Model' })
        .filter({ visible: true })
        .first();
      await hover.waitFor({ timeout: 10_000 });
      const hb = await hover.boundingBox();
      const ib = await item.boundingBox();
      if (hb && ib) {
        const x = Math.max(0, Math.min(hb.x, ib.x) - 12);
        const y = Math.max(0, hb.y - 12);
        await flow.shot('media-status-bar', { x, y, width: Math.min(1400, Math.max(hb.x + hb.width, ib.x + ib.width) + 12) - x, height: 900 - y });
      }
      await page.mouse.move(700, 400);
      // Its waits add up (the picker, the answer, the tooltip): a budget above their sum, so a stuck one names itself.
    },
    90_000,
  );

  // 9. Settings UI: search cursorAgent.path.
  await flow.step('the Settings UI shows cursorAgent.path with its description', async () => {
    await flow.runCommand('Preferences: Open Settings (UI)');
    await page.locator(SEL.settingsEditor).waitFor({ timeout: 15_000 });
    // A person types once the search box has the focus (the editor gives it a moment after opening).
    await page.waitForFunction(() => !!document.activeElement?.closest('.settings-editor .settings-header'), undefined, { timeout: 15_000 });
    await typeSettingsSearch(page, 'cursorAgent.path');
    const item = page.locator(SEL.settingItem).filter({ hasText: 'Path to the cursor-agent binary' }).filter({ visible: true });
    // The search runs once typing stops: on a busy machine it takes a while; a person waits for the count.
    await page.locator('.settings-editor .settings-count-widget').filter({ hasText: /Found/ }).waitFor({ timeout: 30_000 });
    if (!(await item.isVisible())) {
      // A code-server window is a remote window: a machine-scoped setting is not on the
      // User tab ("No Settings Found") but on the "Remote [host]" tab. A person clicks it.
      notes.push('Settings UI: the User tab says "No Settings Found" for cursorAgent.path; it is on the "Remote [127.0.0.1:…]" tab');
      await flow.shot(name('settings-user-tab'));
      await page.locator('.settings-editor .settings-tabs-widget .action-label', { hasText: /^Remote/ }).click();
    }
    await item.waitFor({ state: 'visible', timeout: 10_000 });
    const label = (await item.locator('.setting-item-label').innerText()).trim();
    const category = (await item.locator('.setting-item-category').innerText()).trim();
    const value = await item.locator('input').inputValue();
    if (label !== 'Path' || !/Cursor Agent/.test(category)) throw new Error(`setting shown as ${JSON.stringify(category + label)}`);
    // Empty: this workbench finds cursor-agent on PATH, the usual setup.
    if (value !== '') throw new Error(`the value is ${JSON.stringify(value)}, not empty (cursor-agent is found on PATH here)`);
    await flow.pointerAway(10, 880);
    await flow.shot(name('settings'));
    // VS Code 1.139 shows the Settings editor in a modal (.modal-editor-part): crop to its upper part.
    // (VS Code 1.110 opens it as an ordinary editor: no modal to wait for.)
    const modalPart = page.locator('.modal-editor-part').filter({ visible: true }).first();
    const modal = (await modalPart.count()) > 0 ? ((await modalPart.boundingBox({ timeout: 5_000 }).catch(() => null)) ?? null) : null;
    const setting = await item.boundingBox();
    await flow.shot(
      'media-settings',
      modal && setting
        ? { x: modal.x, y: modal.y, width: modal.width, height: Math.min(modal.height, setting.y + setting.height + 24 - modal.y) }
        : undefined,
    );
    await page.keyboard.press('Escape');
  });

  // 10, 11. What the status bar item shows when the CLI is logged out or gone (test/ui/steps/statusSteps.ts).
  if (!screenshotsMode) await statusSteps(flow, fake, scenario, name, wb.root);

  // 12. The README's other promises: /models, /status, /ask, the logged-out follow-up and
  // Log In button, Select Binary's file picker (test/ui/steps/features.ts).
  if (!screenshotsMode) await featureSteps(flow, fake, scenario, name);

  // ------------------------------------------------------------------ report
  fs.copyFileSync(wb.serverLog, path.join(outDir, 'code-server.log'));
  await runCleanups();

  const passed = flow.results.filter((r) => r.ok).length;
  const failed = flow.results.length - passed;
  for (const note of notes) log(`note: ${note}`);
  if (screenshotsMode) flow.copyToMedia(MEDIA, path.join(repoRoot, 'media'), failed === 0);
  log(
    `VS Code ${target.vscode}: ${passed} passed, ${failed} failed; screenshots: ${path.relative(process.cwd(), outDir)}/ (${((Date.now() - t0) / 1000).toFixed(1)}s in all)`,
  );
  return { passed, failed };
}

async function main(): Promise<number> {
  // Screenshots for the README come from the newest VS Code only.
  const targets = screenshotsMode ? selectedTargets('newest') : selectedTargets();
  let passed = 0;
  let failed = 0;
  for (const target of targets) {
    if (isInterrupted()) break;
    try {
      const r = await runOn(target);
      passed += r.passed;
      failed += r.failed;
    } catch (err) {
      console.error(`[ui] VS Code ${target.vscode}: ${(err as Error).stack ?? err}`);
      await runCleanups();
      failed += 1;
    }
  }
  console.log(`ui: ${passed} passed, ${failed} failed`);
  return failed === 0 && !isInterrupted() ? 0 : 1;
}

main()
  .then((code) => process.exit(code))
  .catch(async (err) => {
    console.error(`[ui] ${(err as Error).stack ?? err}`);
    await runCleanups();
    console.log('ui: 0 passed, 1 failed');
    process.exit(1);
  });
