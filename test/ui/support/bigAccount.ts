// The start both continuity scripts share (test/ui/continuity.ts: reloads; test/ui/models.ts: the model
// picker, Switch Model, the context line and Continue in Terminal): a real VS Code (code-server) with the fake
// cursor-agent of an account of about 200 models (the 2026.10 listing shape, test/support/models.ts), the chat
// open, and the moves a person makes in it (ask and wait for the whole answer, reload the window).

import * as fs from 'fs';
import * as path from 'path';
import type { Page } from 'playwright-core';
import type { FakeScenario, Invocation } from '../../fixtures/fakeCli';
import { bigModelListing } from '../../support/models';
import { SEL, UiFlow } from '../steps/flow';
import { openBrowser, startWorkbench, VSIX, waitForSavedAnswer, type Workbench } from './workbench';

declare const document: { querySelector(sel: string): unknown };

/** The `-p` turns the fake received, oldest first. */
export function turns(all: Invocation[]): Invocation[] {
  return all.filter((i) => i.argv.includes('-p') || i.argv.includes('--print'));
}

export function resumeOf(inv: Invocation | undefined): string | undefined {
  const i = inv?.argv.indexOf('--resume') ?? -1;
  return i >= 0 ? inv?.argv[i + 1] : undefined;
}

export interface BigAccount {
  t0: number;
  wb: Workbench;
  fake: NonNullable<Workbench['fake']>;
  page: Page;
  flow: UiFlow;
  scenario: FakeScenario;
  listing: ReturnType<typeof bigModelListing>;
  /** A numbered screenshot name. */
  name(s: string): string;
  /** Opens the workbench (again), the chat panel, and waits for our models to be resolved. */
  openChat(): Promise<void>;
  /** Reloads the window once the chat is saved, and opens the chat again. */
  reload(): Promise<void>;
  /** Asks `@cursor <q>` and returns the whole answer's text. */
  askAndWait(q: string): Promise<string>;
}

/** Starts the workbench for one script (`ui-continuity`, `ui-models`) and runs its first step: the chat open. */
export async function openBigAccount(script: string, outDir: string, log: (m: string) => void): Promise<BigAccount> {
  const t0 = Date.now();
  const vsix = process.env.CURSOR_AGENT_UI_VSIX ? path.resolve(process.env.CURSOR_AGENT_UI_VSIX) : VSIX;
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.mkdirSync(outDir, { recursive: true });
  const listing = bigModelListing();
  const scenario: FakeScenario = { models: listing, turn: { kind: 'default', delayMs: 5 } };
  const wb = await startWorkbench(
    { name: script, cli: 'fake', fakeScenario: scenario, fakeOnPath: true, vsix, keep: !!process.env.CURSOR_AGENT_UI_KEEP },
    log,
  );
  const fake = wb.fake;
  if (!fake) throw new Error('no fake CLI');
  const { page } = await openBrowser(wb.toolchain, wb.root, outDir);
  const flow = new UiFlow(page, { outDir, log });
  let n = 0;
  const name = (s: string) => `${String(++n).padStart(2, '0')}-${s}`;

  const openChat = async () => {
    await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    await flow.waitForReadyStatus(60_000);
    if (!(await page.locator(SEL.chatInput).filter({ visible: true }).count())) await flow.runCommand('Chat: Open Chat');
    await page.locator(SEL.chatInput).filter({ visible: true }).first().waitFor({ timeout: 15_000 });
    await page.waitForFunction(
      (sel) => /\S/.test((document.querySelector(sel) as { innerText: string } | null)?.innerText ?? ''),
      SEL.modelPickerName,
      { timeout: 20_000 },
    );
  };
  let lastAsked: string | undefined;
  const reload = async () => {
    // The workbench saves the chat a while after it changes (later on a busy machine); a reload
    // sooner can restore the last answer without its result (VS Code's doing: not what this test
    // is about). Reload once it has saved it, and wait for the new page.
    if (lastAsked) await waitForSavedAnswer(wb, lastAsked);
    const reloaded = page.waitForEvent('domcontentloaded', { timeout: 60_000 });
    await flow.runCommand('Developer: Reload Window');
    await reloaded;
    await openChat();
  };
  // The chat list is virtualised (long chats unrender their first turns), so the answer is
  // found as the last response that answers `q` and carries its usage line.
  const askAndWait = async (q: string) => {
    await flow.ask(`@cursor ${q}`);
    lastAsked = q;
    const last = page
      .locator(SEL.response)
      .filter({ hasText: `you asked "${q}"` })
      .last();
    await last
      .getByText(/output tokens/)
      .first()
      .waitFor({ timeout: 30_000 });
    // The usage line is not the last part (the context warning and buttons follow it), and
    // VS Code renders a response's parts one after another: read it once it is finished.
    await UiFlow.waitUntilFinished(last);
    return last.innerText();
  };

  await flow.step(
    'workbench opens with the chat and an account of 200 models',
    async () => {
      await page.goto(wb.url, { waitUntil: 'domcontentloaded', timeout: 60_000 });
      await openChat();
      await flow.widenChat(300);
    },
    120_000,
  );
  return { t0, wb, fake, page, flow, scenario, listing, name, openChat, reload, askAndWait };
}
