// `npm run test:ui` (part): a newcomer's very first `@cursor` question, in fresh windows. Each run is a new
// code-server with fresh user data (nothing picked in the model picker, no chat ever opened, no warm-up), the
// fake CLI found on PATH as the installer puts it, and the default backend (`cursorAgent.backend` unset: auto,
// ACP answering with the start-up delays measured on the real CLI). As soon as the status bar item shows ready,
// the chat is opened and `@cursor …` is sent, whatever the model picker shows at that moment: every one must be
// answered by the Cursor agent, never "Language model unavailable". (VS Code resolves a language model for a
// participant's request before it calls the participant: docs/features.md#which-model-a-request-gets.)
//
// CURSOR_AGENT_FIRST_RUNS=<n> fresh windows per version (default 3; run.ts's first question is the print-mode one, asked
// the same way). CURSOR_AGENT_VSCODE=newest|lowest|all.
//
// To see it fail: make the provider wait for the CLI's list before answering VS Code, and announce the models only after
// the first status probe (as before the fix): every window ends "Language model unavailable" on 1.139 and 1.110.
// Output: test-output/ui-first[-vscode-1.X]/*.png. Last line: `ui-first: N passed, N failed`.

import * as fs from 'fs';
import * as path from 'path';
import { isInterrupted, outputRoot, runCleanups, setLogPrefix } from '../host/launch/common';
import { outputSuffix, selectedTargets, VsCodeTarget } from '../host/versions';
import { FAKE_LISTING, SEL, UiFlow } from './steps/flow';
import { openBrowser, startWorkbench, VSIX } from './support/workbench';

setLogPrefix('ui-first');

function log(msg: string): void {
  console.log(`[ui-first] ${msg}`);
}

/** The fake ACP agent's answer to every prompt. */
const ANSWER = 'Hello from the Cursor agent, first try.';

/** One fresh window: opens, waits for ready, asks at once; returns the step's result. */
async function freshWindow(target: VsCodeTarget, run: number, outDir: string): Promise<boolean> {
  const wb = await startWorkbench(
    {
      name: `ui-first-${run}`,
      cli: 'fake',
      fakeScenario: { models: FAKE_LISTING },
      // The real CLI's measured start-up costs (initialize 400–650 ms, session/new 1.5–2.5 s): ACP's list of models
      // arrives seconds after print mode's would.
      fakeAcp: { turn: { kind: 'answer', text: ANSWER }, initializeDelayMs: 500, sessionNewDelayMs: 2_000 },
      fakeOnPath: true,
      vsix: process.env.CURSOR_AGENT_UI_VSIX ? path.resolve(process.env.CURSOR_AGENT_UI_VSIX) : VSIX,
      keep: !!process.env.CURSOR_AGENT_UI_KEEP,
      target,
    },
    log,
  );
  try {
    const { page } = await openBrowser(wb.toolchain, wb.root, outDir);
    const flow = new UiFlow(page, { outDir, log });
    const question = `hello, fresh window ${run}`;
    await flow.step(
      `fresh window ${run}: the first @cursor question, asked as soon as the status bar says ready, is answered`,
      async () => {
        await page.goto(wb.url, { waitUntil: 'domcontentloaded', timeout: 60_000 });
        await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
        // A person opens the chat at once, then waits for Cursor's item to say ready.
        await flow.runCommand('Chat: Open Chat');
        await page.locator(SEL.chatInput).filter({ visible: true }).first().waitFor({ timeout: 15_000 });
        await flow.waitForReadyStatus(90_000);
        log(`window ${run}: the model picker shows ${JSON.stringify(await flow.pickerLabel().catch(() => '?'))} when the question is sent`);
        await flow.ask(`@cursor ${question}`);
        await flow.waitForAnswer(ANSWER, 60_000);
        await flow.shot(`window-${run}-answer`);
      },
      180_000,
    );
    return flow.results.every((r) => r.ok);
  } finally {
    await wb.stop();
  }
}

async function runOn(target: VsCodeTarget, runs: number): Promise<{ passed: number; failed: number }> {
  const outDir = path.join(outputRoot, 'ui-first' + outputSuffix(target));
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.mkdirSync(outDir, { recursive: true });
  let passed = 0;
  let failed = 0;
  for (let run = 1; run <= runs && !isInterrupted(); run++) {
    if (await freshWindow(target, run, outDir)) passed++;
    else failed++;
  }
  return { passed, failed };
}

async function main(): Promise<number> {
  const runs = Number(process.env.CURSOR_AGENT_FIRST_RUNS ?? 3);
  let passed = 0;
  let failed = 0;
  for (const target of selectedTargets()) {
    log(`VS Code ${target.vscode}: ${runs} fresh windows`);
    const r = await runOn(target, runs);
    passed += r.passed;
    failed += r.failed;
  }
  console.log(`ui-first: ${passed} passed, ${failed} failed`);
  return failed === 0 && !isInterrupted() ? 0 : 1;
}

main()
  .then(async (code) => {
    await runCleanups();
    process.exit(code);
  })
  .catch(async (err: unknown) => {
    console.error(err);
    console.log('ui-first: 0 passed, 1 failed');
    await runCleanups();
    process.exit(1);
  });
