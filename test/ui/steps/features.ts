// README features checked by what a person sees in the real workbench: `#file`, `/models`,
// `/status` and `/ask` typed into the chat panel; the follow-up and the Log In button
// under a "not logged in" error; Cursor: Select Binary…'s file picker. Steps of
// `npm run test:ui` (test/ui/run.ts runs them after the first-minutes flow).
//
// Each step checks what the panel rendered and what the fake CLI received (argv, stdin).

import type { Locator } from 'playwright-core';
import type { FakeCli, FakeScenario, Invocation } from '../../fixtures/fakeCli';
import { sendChatInput } from '../support/chatInput';
import { FAKE_MODELS, SEL, UiFlow } from './flow';
import { pickRow, waitForQuickInputValue, waitForRow } from '../support/lists';

const isTurn = (i: Invocation) => i.argv.includes('-p') || i.argv.includes('--print');
const argValue = (argv: string[], flag: string) => (argv.indexOf(flag) >= 0 ? argv[argv.indexOf(flag) + 1] : undefined);

/** The visible text of a response (or any element), as a person reads it. */
function visibleText(el: Locator): Promise<string> {
  return el.evaluate((e) => (e as unknown as { innerText: string }).innerText);
}

/** `scenario`: the fake's scenario for the flow (kept, with logged-out added where a step needs it). */
export async function featureSteps(flow: UiFlow, fake: FakeCli, scenario: FakeScenario, shotName: (s: string) => string): Promise<void> {
  const page = flow.page;
  const responses = page.locator(SEL.response);

  /**
   * Types `text` into the chat input, sends it, and waits for the newest response to show
   * `expected` (which earlier responses must not show); returns that response. (The chat
   * list drops responses scrolled out of view, so responses are found by content, not index.)
   */
  async function askAndRead(text: string, expected: RegExp, timeoutMs = 30_000): Promise<{ response: Locator; text: string }> {
    // (ask() sends it as a person does: Enter again when Enter only accepted a slash command's suggestion.)
    await flow.ask(text);
    return readNewest(expected, `the response to ${JSON.stringify(text)}`, timeoutMs);
  }

  async function readNewest(expected: RegExp, what: string, timeoutMs = 30_000): Promise<{ response: Locator; text: string }> {
    const response = responses.last();
    const until = Date.now() + timeoutMs;
    let shown = '';
    while (Date.now() < until) {
      shown = (await response.count()) ? await visibleText(response) : '';
      if (expected.test(shown)) {
        // VS Code renders a response's parts one after another: what is checked is the whole of it.
        await UiFlow.waitUntilFinished(response, Math.max(1_000, until - Date.now()));
        return { response, text: await visibleText(response) };
      }
      await page.waitForTimeout(200);
    }
    throw new Error(`${what} never showed ${expected}; the last response shows ${JSON.stringify(shown.slice(0, 600))}`);
  }

  await flow.step('"@cursor /models" typed into the chat lists every Cursor model', async () => {
    const turnsBefore = fake.invocations().filter(isTurn).length;
    const { response, text } = await askAndRead('@cursor /models', /Cursor models/);
    if (!text.includes(`${FAKE_MODELS.length} Cursor models`))
      throw new Error(`no "${FAKE_MODELS.length} Cursor models" heading: ${JSON.stringify(text)}`);
    // One table row per model: its id and its name.
    const rows = await response
      .locator('table tbody tr')
      .evaluateAll((trs) => trs.map((tr) => (tr as unknown as { innerText: string }).innerText.split('\t').map((c) => c.trim())));
    const shown = rows.map((r) => `${r[0]} ${r[1]}`);
    const want = FAKE_MODELS.map(([id, label]) => `${id} ${label}`);
    if (JSON.stringify(shown) !== JSON.stringify(want)) throw new Error(`the table shows ${JSON.stringify(shown)}, expected ${JSON.stringify(want)}`);
    if (fake.invocations().filter(isTurn).length !== turnsBefore) throw new Error('/models ran an agent turn');
    await flow.shot(shotName('slash-models'));
  });

  await flow.step('"@cursor /status" typed into the chat shows the binary, version, login and model', async () => {
    const { text } = await askAndRead('@cursor /status', /Login:/);
    for (const want of [
      /Cursor CLI status/,
      /Binary: \S*cursor-agent/,
      /Version: 2026\.10\.01-e373342/,
      /Login: logged in as user@example\.com/,
      /Model: /,
    ]) {
      if (!want.test(text)) throw new Error(`/status lacks ${want}: ${JSON.stringify(text)}`);
    }
    await flow.shot(shotName('slash-status'));
  });

  await flow.step('"@cursor /ask" typed into the chat answers in ask mode, the question alone on stdin', async () => {
    const q = 'what does hello return?';
    const before = fake.invocations().length;
    const { text } = await askAndRead(`@cursor /ask ${q}`, /output tokens/);
    const turns = fake.invocations().slice(before).filter(isTurn);
    if (turns.length !== 1) throw new Error(`expected one turn, the CLI ran ${turns.length}`);
    const mode = argValue(turns[0]!.argv, '--mode');
    if (mode !== 'ask') throw new Error(`the CLI ran with --mode ${mode}`);
    const stdin = turns[0]!.stdin ?? '';
    if (!stdin.trimEnd().endsWith(q) || stdin.includes('/ask')) throw new Error(`the prompt on stdin ends ${JSON.stringify(stdin.slice(-120))}`);
    const answer = `Demo answer from ${argValue(turns[0]!.argv, '--model') ?? 'auto'}: you asked "${q}".`;
    if (text.split(answer).length !== 2) throw new Error(`the answer ${JSON.stringify(answer)} is not shown exactly once: ${JSON.stringify(text)}`);
    await flow.shot(shotName('slash-ask'));
  });

  await flow.step('a file attached with "#file:" typed into the chat reaches the prompt with its contents', async () => {
    const input = page.locator(SEL.chatInput).filter({ visible: true }).first();
    await input.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('@cursor what does ', { delay: 15 });
    await page.keyboard.type('#', { delay: 15 });
    // The suggestion list opens on "#"; typing narrows it to the workspace's files: pick src/math.ts.
    const suggest = page.locator('.suggest-widget.visible');
    if (
      !(await suggest.waitFor({ timeout: 3_000 }).then(
        () => true,
        () => false,
      ))
    )
      await page.keyboard.press('Control+Space');
    await suggest.waitFor({ timeout: 5_000 });
    await page.keyboard.type('math', { delay: 80 });
    // Tab on the suggestion once the list has settled (test/ui/support/lists.ts: why not a click).
    await pickRow(page, 'suggest', (label) => /\bmath\.ts\b/.test(label), 'math.ts among the suggestions', { key: 'Tab' });
    await suggest.waitFor({ state: 'hidden', timeout: 10_000 }).catch(() => undefined);
    await page.keyboard.type(' do? file-typed', { delay: 15 });
    const before = fake.invocations().length;
    await sendChatInput(page, 'do? file-typed');
    await readNewest(/file-typed/, 'the answer to the #file question');
    const turn = fake.invocations().slice(before).find(isTurn);
    if (!turn) throw new Error('no agent turn ran');
    const stdin = turn.stdin ?? '';
    const math = 'export function add(a: number, b: number): number {\n  return a + b;\n}\n';
    if (!/File: \S*src\/math\.ts\n/.test(stdin) || !stdin.includes(math))
      throw new Error(`src/math.ts and its contents are not in the prompt: ${JSON.stringify(stdin.slice(-900))}`);
    await flow.shot(shotName('file-typed'));
  });

  // Logged out: the error, its Log In button and the follow-up to /status.
  await flow.step('when the CLI is logged out, @cursor says so and offers a follow-up that shows the status', async () => {
    fake.setScenario({ ...scenario, auth: 'loggedOut', loginDelayMs: 4000 });
    const { text } = await askAndRead('@cursor what is in src?', /The Cursor CLI is not logged in/);
    const followup = page
      .locator('.interactive-session-followups .monaco-button', { hasText: 'Check the Cursor CLI status' })
      .filter({ visible: true });
    await followup
      .first()
      .waitFor({ timeout: 10_000 })
      .catch(async () => {
        const shown = await page.locator('.interactive-session-followups').allInnerTexts();
        throw new Error(
          `no "Check the Cursor CLI status" follow-up under ${JSON.stringify(text.slice(0, 300))}; follow-ups shown: ${JSON.stringify(shown)}`,
        );
      });
    await flow.shot(shotName('logged-out-followup'));
    await followup.first().click();
    await readNewest(/Login: not logged in/, 'the follow-up (/status)', 20_000);
    await flow.shot(shotName('followup-status'));
  });

  await flow.step('the Log In button under the error opens a "Cursor: Log In" terminal running cursor-agent login', async () => {
    const errorResponse = responses.filter({ hasText: 'The Cursor CLI is not logged in' }).last();
    // VS Code 1.110 scrolls each new question to the top and stops rendering the turns above
    // it: scroll the chat back up to the error, as a person would.
    // (The list scrolls itself, not the page: Playwright cannot scroll a button into view there.)
    const list = page.locator('.interactive-list').filter({ visible: true }).first();
    const logIn = errorResponse.locator('.monaco-button', { hasText: /^Log In$/ }).first();
    const before = fake.invocations().length;
    // The list may re-render the row while it scrolls: scroll to it and click again, up to three times.
    for (let attempt = 1; ; attempt++) {
      for (let i = 0; i < 30; i++) {
        const box = await list.boundingBox();
        if (!box) break;
        const button = (await logIn.count()) > 0 ? await logIn.boundingBox({ timeout: 1_000 }).catch(() => null) : null;
        // Below the request the list pins at its top (it covers what scrolls under it), and above its bottom.
        if (button && button.y >= box.y + 100 && button.y + button.height <= box.y + box.height) break;
        await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
        await page.mouse.wheel(0, -300);
        await page.waitForTimeout(150);
      }
      try {
        await logIn.click({ timeout: 5_000 });
        break;
      } catch (err) {
        if (attempt >= 3) throw err;
      }
    }
    // The terminal, named for what it does, shows the CLI's login output while it waits for the browser.
    await page
      .locator('.terminal-tabs-entry, .single-terminal-tab, .pane-header .title', { hasText: 'Cursor: Log In' })
      .filter({ visible: true })
      .first()
      .waitFor({ timeout: 30_000 });
    await page.locator('.terminal-wrapper .xterm-rows', { hasText: 'Opening browser for login' }).first().waitFor({ timeout: 30_000 });
    await flow.shot(shotName('login-terminal'));
    const until = Date.now() + 15_000;
    let login: Invocation | undefined;
    while (!login && Date.now() < until) {
      login = fake
        .invocations()
        .slice(before)
        .find((i) => i.argv[0] === 'login');
      if (!login) await page.waitForTimeout(200);
    }
    if (!login)
      throw new Error(
        `the CLI was not run with login (ran: ${JSON.stringify(
          fake
            .invocations()
            .slice(before)
            .map((i) => i.argv),
        )})`,
      );
    if (login.argv.join(' ') !== 'login') throw new Error(`the terminal ran cursor-agent ${login.argv.join(' ')}`);
    // Logged in now (the fake remembers its login): once the terminal closes, the status bar says ready.
    await flow.waitForReadyStatus(30_000);
  });

  await flow.step('"Cursor: Select Binary…" opens a file picker, and the chosen binary is checked and saved', async () => {
    fake.setScenario(scenario);
    await flow.runCommand('Cursor: Select Binary…');
    const title = page.locator(SEL.quickInputTitle).filter({ visible: true });
    await title.filter({ hasText: 'Select the cursor-agent binary' }).waitFor({ timeout: 10_000 });
    await flow.shot(shotName('select-binary-picker'));
    const before = fake.invocations().length;
    await page.locator(SEL.quickInputBox).fill(fake.binPath);
    // Enter once the picker has listed that folder (it is busy meanwhile).
    await waitForQuickInputValue(page, (v) => v === fake.binPath, fake.binPath);
    await waitForRow(page, 'quickInput', 'any', 'the file picker settled');
    await page.keyboard.press('Enter');
    const note = page.locator('.notification-list-item', { hasText: `Cursor will use ${fake.binPath}` }).filter({ visible: true });
    await note.first().waitFor({ timeout: 15_000 });
    if (
      !fake
        .invocations()
        .slice(before)
        .some((i) => i.argv.includes('--version'))
    )
      throw new Error('the chosen binary was not run with --version');
    await flow.shot(shotName('select-binary-done'));
  });
}
