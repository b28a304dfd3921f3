// `npm run test:ui` (part): a prompt WITHOUT `@cursor` while a Cursor model is selected in the chat's
// model picker, with no GitHub account signed in. What the user gets depends on the VS Code version
// (docs/features.md#github-copilot): this run shows it on the real workbench and records what the
// fake cursor-agent received.
//
// Output: test-output/ui-own-agent[-vscode-1.X]/*.png. Last line: `ui-own-agent: N passed, N failed`.
// CURSOR_AGENT_VSCODE=newest|lowest|all (default all), as for the other UI runs.

import * as fs from 'fs';
import * as path from 'path';
import { isInterrupted, outputRoot, runCleanups, setLogPrefix } from '../host/launch/common';
import { outputSuffix, selectedTargets, VsCodeTarget } from '../host/versions';
import { FAKE_LISTING, SEL, UiFlow } from './flow';
import { openBrowser, startWorkbench, VSIX } from './workbench';

setLogPrefix('ui-own-agent');

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

  await flow.step('workbench opens with the chat, Cursor ready and a Cursor model in the picker', async () => {
    await page.goto(wb.url, { waitUntil: 'domcontentloaded', timeout: 60_000 });
    await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    await flow.waitForReadyStatus(60_000);
    await flow.runCommand('Chat: Open Chat');
    await page.locator(SEL.chatInput).filter({ visible: true }).first().waitFor({ timeout: 15_000 });
    await flow.widenChat(420);
    const label = await flow.waitForPickerLabel('Auto', 30_000);
    log(`picker: ${JSON.stringify(label)}`);
  }, 120_000);

  await flow.step('PROBE: a prompt without @cursor', async () => {
    const before = await flow.responseCount();
    const invocations = fake.invocations().length;
    await flow.ask('what does src/hello.ts export? own-agent-probe');
    const until = Date.now() + 100_000;
    let text = '';
    for (let i = 0; Date.now() < until; i++) {
      const responses = page.locator(SEL.response);
      const n = await responses.count();
      if (n > before) text = await responses.nth(n - 1).innerText().catch(() => text);
      if (i % 25 === 0) {
        log(`t+${i / 5}s responses ${n}: ${JSON.stringify(text.slice(0, 600))}`);
        await flow.shot(`probe-${String(i / 5).padStart(3, '0')}s`);
      }
      await page.waitForTimeout(200);
    }
    const turns = fake.invocations().slice(invocations).filter((inv) => inv.argv.includes('-p'));
    log(`turns run: ${turns.length}`);
    for (const t of turns) log(`turn argv ${JSON.stringify(t.argv)} stdin ${t.stdin?.length ?? 0} chars, ends ${JSON.stringify(t.stdin?.slice(-400))}`);
    const dialogs = await page.locator('.monaco-dialog-box').allInnerTexts();
    log(`dialogs: ${JSON.stringify(dialogs)}`);
  }, 150_000);

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
