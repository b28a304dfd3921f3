// `npm run sandbox`: try the extension in a real VS Code in your browser, in a minute.
//
// Builds and packages the extension (npm script), then starts code-server (the real VS
// Code workbench; cached by scripts/vscode-toolchain.sh) with cursor-agent-vscode.vsix
// installed into a temporary extensions folder and a small sample project open, and
// prints the URL. Ctrl+C stops it and removes the temporary folder.
//
// The CLI: your own `cursor-agent` when one on PATH is signed in (`cursor-agent status`; written to
// the Machine setting cursorAgent.path, it keeps using your login). Otherwise a clearly labelled
// DEMO on the extension's default backend: the project's fake `cursor-agent acp`
// (test/fixtures/acp/, installed as ~/.local/bin/cursor-agent in the temporary HOME) plays the
// scripted turns of demoAgent.ts about the sample project: tool calls (a search, files read), a
// question with buttons and a plan with its to-dos. Its texts start with "[demo]", and the status
// bar item says "Cursor (demo)" (CURSOR_AGENT_VSCODE_DEMO=1 for the extension).
//
// Everything code-server writes stays in the temporary folder: user data, extensions,
// XDG_* folders, TMPDIR, its config file; in the demo, HOME too. (With your real CLI,
// HOME and XDG_CONFIG_HOME stay yours: that is where cursor-agent keeps its login.)
//
// Options (after `npm run sandbox --`):
//   --demo        use the demo agent even if a signed-in cursor-agent is on PATH
//   --port <n>    listen on 127.0.0.1:<n> (default: a free port)
//   --keep        keep the temporary folder when stopping
//   --smoke       check it instead of serving: open it in headless Chromium, ask @cursor (in the
//                 demo: a question, then a plan, answering the agent's question with a click), save
//                 test-output/sandbox/*.png, stop (exit 0 when every step passed)
//   --screenshots with --smoke: also copy the demo's plan to media/screenshot-chat.png (the README's first image)

import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import type { FakeAcpCli } from '../fixtures/acp/fakeAcpCli';
import { cleanups, isInterrupted, outputRoot, repoRoot, runCleanups, setLogPrefix } from '../host/launch/common';
import { DEMO_PLAN_QUESTION, demoAcpScenario } from './support/demoAgent';
import { demoSmoke, realSmoke } from './steps/sandboxSmoke';
import { startWorkbench } from './support/workbench';

setLogPrefix('sandbox');
const argv = process.argv.slice(2);
const flag = (name: string) => argv.includes(name);
const portArg = argv.indexOf('--port') >= 0 ? Number(argv[argv.indexOf('--port') + 1]) : undefined;

function log(msg: string): void {
  console.log(`[sandbox] ${msg}`);
}

/** The user's `cursor-agent` on PATH, if there is one and `cursor-agent status` says it is signed in. */
function signedInCli(): string | undefined {
  const r = spawnSync('sh', ['-c', 'command -v cursor-agent'], { encoding: 'utf8' });
  const found = r.status === 0 ? r.stdout.trim() : '';
  if (!found) return undefined;
  const status = spawnSync(found, ['status', '--format', 'json'], { encoding: 'utf8', timeout: 30_000 });
  const signedIn = /"isAuthenticated"\s*:\s*true/.test(status.stdout ?? '');
  if (!signedIn) log(`${found} is not signed in (\`cursor-agent login\` signs it in): using the demo agent`);
  return signedIn ? found : undefined;
}

async function main(): Promise<number> {
  const real = flag('--demo') ? undefined : signedInCli();
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
      // The demo agent, found on PATH as most users have cursor-agent (its scenario names the workspace: set below,
      // before the window opens and starts it). Print mode (cursorAgent.backend: print) answers "[demo] …" too.
      fakeScenario: { demo: true, turn: { kind: 'default', delayMs: 60 } },
      ...(demo ? { fakeAcp: {}, fakeOnPath: true } : {}),
      port: portArg,
      keep: flag('--keep'),
    },
    log,
  );
  root = wb.root;
  const fake = wb.fake as FakeAcpCli | undefined;
  fake?.setAcpScenario(demoAcpScenario(wb.workspace));

  if (flag('--smoke')) {
    const outDir = path.join(outputRoot, 'sandbox');
    const ok = fake ? await demoSmoke(wb, fake, outDir, log) : await realSmoke(wb, outDir, log);
    if (ok && fake && flag('--screenshots')) {
      fs.copyFileSync(path.join(outDir, 'sandbox-plan.png'), path.join(repoRoot, 'media', 'screenshot-chat.png'));
      log('media/screenshot-chat.png ← test-output/sandbox/sandbox-plan.png (then: bash scripts/compress-screenshots.sh)');
    }
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
        ? " CLI      DEMO: no signed-in cursor-agent on PATH, so the project's fake agent answers\n" +
          '          with scripted turns. Its texts start with "[demo]"; the status bar says "Cursor (demo)".'
        : ` CLI      your cursor-agent: ${real} (found on PATH; uses your login)`,
      ` Try      in the chat panel (or F1 → "Chat: Open Chat"), type: @cursor what does src/hello.ts do?`,
      `          then: @cursor ${DEMO_PLAN_QUESTION}  (a question with buttons, then a plan)`,
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
