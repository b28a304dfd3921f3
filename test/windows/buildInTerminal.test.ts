// Build in Terminal on Windows (issue 47 item 3): the plan reaches the
// interactive CLI whole, on each route the CLI starts through, and `--force`
// never arrives on its own. A plan is bounded to 20,000 characters; VS Code's
// terminal then quotes it (each `"` becomes `\"`), and CreateProcess takes fewer
// than 32,767 characters; cmd.exe fewer than 8,000 (and no newline, which every
// plan holds). The product decides (services/plans/terminalPrompt.ts); these
// tests start what the terminal would start, with node-pty's command line
// (ptyTerminal.ts), and read what the fake CLI received. The `.ps1` route runs
// through powershell.exe, which Wine lacks (so its launch is planned by the
// product's launch planner, not found by the binary check, which would run it):
// there Windows PowerShell 5.1's way of passing arguments to node.exe (each
// argument holding a space put in quotes as it is, its own quotes not escaped) is
// written out below and started for real.
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { buildChildEnv, envValue } from '../../src/cli/env';
import type { LaunchPlan } from '../../src/cli/process';
import { launchCommandFor, terminalShell } from '../../src/cli/windowsLaunch';
import { nodeHostEnvironment } from '../../src/node/nodeHost';
import { readPlanArg } from '../../src/services/plans/planArg';
import { buildPrompt, planPromptLaunch } from '../../src/services/plans/terminalPrompt';
import { ptyCommandLine, startAsTerminal } from './ptyTerminal';
import { freshDir, installFake, npmStyleShim, VERSION, windowsEnv, type WindowsInstall } from './windowsInstall';
import { makeWorld } from './world';

const win = path.win32;

/** An npm-style `.ps1` elsewhere that reaches the CLI through `$env:LOCALAPPDATA`: the planner must go through powershell.exe. */
function npmStylePs1(dir: string): string {
  fs.mkdirSync(dir, { recursive: true });
  const rel = `cursor-agent\\versions\\${VERSION}`;
  const file = win.join(dir, 'cursor-agent.ps1');
  fs.writeFileSync(file, `& "$env:LOCALAPPDATA\\${rel}\\node.exe" "$env:LOCALAPPDATA\\${rel}\\index.js" @args\r\nexit $LASTEXITCODE\r\n`);
  return file;
}

/** The launch planner's plan for `script` (a `.ps1` it cannot see through: powershell.exe -File), with this machine's files. */
function planThroughPowerShell(script: string, env: Record<string, string | undefined>): (args: string[]) => Promise<LaunchPlan> {
  const host = nodeHostEnvironment(env, 'win32');
  return async (args) => {
    const r = launchCommandFor(script, args, {
      platform: 'win32',
      comSpec: envValue(env, 'ComSpec', 'win32'),
      systemRoot: envValue(env, 'SystemRoot', 'win32'),
      fileExists: (p) => host.fileExists(p),
      readFile: (p) => host.readFile(p),
      listDir: (p) => host.listDir(p),
    });
    if (!r.ok) throw new Error(r.reason);
    return r.plan;
  };
}

/** Windows PowerShell 5.1's command line for a native program: an argument with a space or tab in quotes, as it is; an empty one dropped. */
function ps51Arguments(args: string[]): string {
  return args
    .filter((a) => a !== '')
    .map((a) => (/[ \t]/.test(a) && !(a.startsWith('"') && a.endsWith('"')) ? `"${a}"` : a))
    .join(' ');
}

/** What the `.ps1` shim starts: the installed node.exe index.js with `scriptArgs`, passed on as Windows PowerShell 5.1 does. */
function startAsPowerShell51(install: WindowsInstall, scriptArgs: string[], env: Record<string, string>, cwd: string): Promise<number | null> {
  const rest = `"${install.indexJs}" ${ps51Arguments(scriptArgs)}`;
  return new Promise((resolve) => {
    const child = spawn(install.nodeExe, [rest], { argv0: `"${install.nodeExe}"`, windowsVerbatimArguments: true, env, cwd, stdio: 'ignore' });
    child.on('exit', (code) => resolve(code));
    child.on('error', () => resolve(null));
  });
}

/** The arguments a powershell.exe plan hands its script (after `-File <script>`). */
function scriptArgsOf(plan: LaunchPlan): string[] {
  assert.match(plan.command, /\\powershell\.exe$/i, `not the powershell.exe route: ${plan.command}`);
  const i = plan.args.indexOf('-File');
  assert.ok(i >= 0, plan.args.join(' '));
  return plan.args.slice(i + 2);
}

const PLANS = [
  ['20,000 quotes', '"'.repeat(20_000)],
  ['backslash-quote pairs', '\\"'.repeat(10_000)],
  ['x" --force "y', 'x" --force "y'],
] as const;

describe('Windows: Build in Terminal', function () {
  let install: WindowsInstall;

  before(function () {
    if (process.platform !== 'win32') this.skip();
    install = installFake();
  });
  after(() => install?.fake.cleanup());

  const ROUTES = [
    ['the installed node.exe', () => install.cmdShim],
    ['cmd.exe /d /s /c and an npm-style .cmd', () => npmStyleShim(install, win.join(freshDir('Roaming'), 'npm'))],
    ['powershell.exe -File and an npm-style .ps1 (Windows PowerShell 5.1 written out)', () => npmStylePs1(win.join(freshDir('Roaming'), 'npm'))],
  ] as const;

  for (const [route, configured] of ROUTES) {
    for (const [name, markdown] of PLANS) {
      it(`through ${route}: a plan of ${name} reaches the CLI whole, as one argument or in its prompt file, and no --force`, async () => {
        const env = windowsEnv({ LOCALAPPDATA: install.localAppData, Path: 'C:\\windows\\system32;C:\\windows' });
        const w = route.startsWith('powershell') ? undefined : makeWorld(env, { configuredPath: configured() });
        const resolveLaunch = w ? (a: string[]) => w.agent.resolveLaunch(a) : planThroughPowerShell(configured(), env);
        // As a command call hands it over: read back, bounded to 20,000 characters.
        const prompt = buildPrompt(readPlanArg({ markdown, todos: [] })!);
        assert.ok(prompt.length <= 'Build this plan:\n\n'.length + 20_000);
        const file = win.join(freshDir('A User', 'globalStorage'), 'plan-1-ab.md');
        const d = await planPromptLaunch(prompt, file, { platform: 'win32', resolveLaunch });
        w?.dispose();
        assert.notEqual(d.how, 'refused', JSON.stringify(d));
        if (d.how === 'refused') return;
        if (d.how === 'file') fs.writeFileSync(file, d.text, 'utf8'); // as src/vscode/terminal/promptFile.ts writes it
        const shell = terminalShell(d.plan, 'win32');
        const line = ptyCommandLine(shell.shellPath, shell.shellArgs);
        assert.ok(line.length < 32_767, `the terminal's command line is ${line.length} characters`);
        if (route.startsWith('cmd')) assert.ok(line.length < 8_000, `cmd.exe's command line is ${line.length} characters`);

        const before = install.fake.invocations().length;
        const cwd = freshDir('proj');
        const code = route.startsWith('powershell')
          ? await startAsPowerShell51(install, scriptArgsOf(d.plan), buildChildEnv(env, 'win32'), cwd)
          : await startAsTerminal(shell, buildChildEnv(env, 'win32'), cwd);
        const invs = install.fake.invocations();
        assert.equal(invs.length, before + 1, `the CLI did not start (exit ${code}); command line: ${line.slice(0, 300)}`);
        const argv = invs[invs.length - 1]!.argv;
        assert.ok(!argv.includes('--force'), `--force reached the CLI: ${JSON.stringify(argv).slice(0, 300)}`);
        assert.equal(argv.length, 1, `the CLI got ${argv.length} arguments: ${JSON.stringify(argv).slice(0, 300)}`);
        const [, named] = /^Read the file (.+), then build the plan it holds\.$/.exec(argv[0]!) ?? [];
        assert.equal(named === undefined ? argv[0] : fs.readFileSync(named, 'utf8'), prompt, 'the plan the CLI reads is not the plan');
        assert.equal(code, 0);
      });
    }
  }

  it('Windows PowerShell 5.1 as written out here does split x" --force "y: the plan must not go there as an argument', async () => {
    const prompt = buildPrompt(readPlanArg({ markdown: 'x" --force "y', todos: [] })!);
    const env = windowsEnv({ LOCALAPPDATA: install.localAppData });
    const before = install.fake.invocations().length;
    await startAsPowerShell51(install, [prompt], buildChildEnv(env, 'win32'), freshDir('proj'));
    const invs = install.fake.invocations();
    assert.equal(invs.length, before + 1);
    assert.ok(invs[invs.length - 1]!.argv.includes('--force'), JSON.stringify(invs[invs.length - 1]!.argv));
  });
});
