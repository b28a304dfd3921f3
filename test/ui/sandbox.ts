// `npm run sandbox`: try the extension in a real VS Code in your browser, in a minute.
//
// Builds and packages the extension (npm script), then starts code-server (the real VS
// Code workbench; cached by scripts/vscode-toolchain.sh) with cursor-agent-vscode.vsix
// installed into a temporary extensions folder and a small sample project open, and
// prints the URL. Ctrl+C stops it and removes the temporary folder.
//
// The CLI: your own `cursor-agent` when one is on PATH (written to the Machine setting
// cursorAgent.path; it keeps using your login). Otherwise a clearly labelled DEMO: the project's fake
// cursor-agent (test/fixtures/fake-cursor-agent.js) answers every question with a
// "[demo] …" line, and the status bar item says "Cursor (demo)"
// (CURSOR_AGENT_VSCODE_DEMO=1 for the extension).
//
// Everything code-server writes stays in the temporary folder: user data, extensions,
// XDG_* folders, TMPDIR, its config file; in the demo, HOME too. (With your real CLI,
// HOME and XDG_CONFIG_HOME stay yours: that is where cursor-agent keeps its login.)
//
// Options (after `npm run sandbox --`):
//   --demo        use the demo CLI even if cursor-agent is on PATH
//   --port <n>    listen on 127.0.0.1:<n> (default: a free port)
//   --keep        keep the temporary folder when stopping
//   --smoke       check it instead of serving: open it in headless Chromium, ask @cursor a
//                 question, save test-output/sandbox/*.png, stop (exit 0 when it answered)

import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { cleanups, isInterrupted, outputRoot, runCleanups, setLogPrefix } from '../host/launch/common';
import { UiFlow } from './flow';
import { openBrowser, startWorkbench, Workbench } from './workbench';

setLogPrefix('sandbox');
const argv = process.argv.slice(2);
const flag = (name: string) => argv.includes(name);
const portArg = argv.indexOf('--port') >= 0 ? Number(argv[argv.indexOf('--port') + 1]) : undefined;

function log(msg: string): void {
  console.log(`[sandbox] ${msg}`);
}

/** The user's `cursor-agent` on PATH, if any. */
function realCli(): string | undefined {
  const r = spawnSync('sh', ['-c', 'command -v cursor-agent'], { encoding: 'utf8' });
  const found = r.status === 0 ? r.stdout.trim() : '';
  return found || undefined;
}

async function smoke(wb: Workbench, demo: boolean): Promise<boolean> {
  const outDir = path.join(outputRoot, 'sandbox');
  fs.rmSync(outDir, { recursive: true, force: true });
  const { page } = await openBrowser(wb.toolchain, wb.root, outDir);
  const flow = new UiFlow(page, { outDir, answerPrefix: demo ? '[demo] ' : '', log });
  await flow.step(
    'the workbench opens with the sample project and the Cursor status bar item',
    async () => {
      await page.goto(wb.url, { waitUntil: 'domcontentloaded', timeout: 60_000 });
      const text = await flow.waitForReadyStatus(60_000);
      const want = demo ? 'Cursor (demo)' : 'Cursor';
      if (!text.startsWith(want)) throw new Error(`status bar item says ${JSON.stringify(text)}, not ${want}`);
      await page.locator('.explorer-folders-view').getByText('src').first().waitFor({ timeout: 10_000 });
      await flow.shot('sandbox-start');
    },
    90_000,
  );
  await flow.step(
    demo ? '@cursor answers, labelled as a demo' : '@cursor answers',
    async () => {
      await flow.runCommand('Chat: Open Chat');
      const q = 'what does src/hello.ts do?';
      // The picker must hold a Cursor model before a request can go out.
      await page.locator('.model-picker-item .model-picker-name').filter({ hasText: /\S/ }).first().waitFor({ timeout: 20_000 });
      await flow.ask(`@cursor ${q}`);
      const text = demo ? await flow.waitForAnswer(flow.expectedAnswer('auto', q)) : await flow.waitForFinishedAnswer(120_000);
      log(`answer: ${text.split('\n').find((l) => l.trim() && !/^(Completed|Used)/.test(l)) ?? text}`);
      await flow.shot('sandbox-answer');
    },
    150_000,
  );
  const ok = flow.results.every((r) => r.ok);
  log(`screenshots: ${path.relative(process.cwd(), outDir)}/`);
  return ok;
}

async function main(): Promise<number> {
  const real = flag('--demo') ? undefined : realCli();
  const demo = !real;
  // Registered first, so it runs last on Ctrl+C (cleanups run newest first).
  let root: string | undefined;
  cleanups.add(() => {
    if (root) log(flag('--keep') ? `stopped; kept ${root}` : `stopped; removed ${root}`);
  });
  const wb = await startWorkbench(
    {
      name: 'sandbox',
      cli: demo ? 'fake' : 'real',
      realCliPath: real,
      demo,
      // `demo: true` makes the fake prefix every answer with "[demo] "; a visible stream.
      fakeScenario: { demo: true, turn: { kind: 'default', delayMs: 60 } },
      port: portArg,
      keep: flag('--keep'),
    },
    log,
  );
  root = wb.root;

  if (flag('--smoke')) {
    const ok = await smoke(wb, demo);
    await runCleanups();
    console.log(`sandbox: ${ok ? 'ok' : 'FAILED'}`);
    return ok ? 0 : 1;
  }

  const line = '─'.repeat(72);
  console.log(
    [
      '',
      line,
      ' Cursor for VS Code Chat: sandbox (a real VS Code in your browser)',
      '',
      ` Open     ${wb.url}`,
      demo
        ? ' CLI      DEMO: no cursor-agent on PATH, so a simulated CLI answers.\n' +
          '          Answers start with "[demo]"; the status bar says "Cursor (demo)".'
        : ` CLI      your cursor-agent: ${real} (found on PATH; uses your login)`,
      ` Try      in the chat panel (or F1 → "Chat: Open Chat"), type: @cursor what does src/hello.ts do?`,
      '          pick a Cursor model in the chat\'s model picker; click "Cursor" in the status bar',
      ` Files    ${wb.root}`,
      ` Stop     Ctrl+C${flag('--keep') ? '' : ' (removes the folder above)'}`,
      line,
      '',
    ].join('\n'),
  );
  const why = await wb.exited;
  // Ctrl+C: run.ts's signal handler is stopping everything and exits when done.
  if (isInterrupted()) await new Promise(() => undefined);
  log(`${why}; see ${wb.serverLog}`);
  await runCleanups();
  return 1;
}

main()
  .then((code) => process.exit(code))
  .catch(async (err) => {
    console.error(`[sandbox] ${(err as Error).stack ?? err}`);
    await runCleanups();
    process.exit(1);
  });
