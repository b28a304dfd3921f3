/**
 * Build in Terminal's prompt on each route the CLI starts through (issue 47 item 3): as an argument when the command
 * line as the terminal builds it fits and the route passes it intact; else in a prompt file; else refused. The
 * limits are written here as the user meets them: 20,000 characters of plan, CreateProcess's 32,767, cmd.exe's 8,000.
 */
import * as assert from 'node:assert/strict';
import { launchCommandFor, terminalShell } from '../../../src/cli/windowsLaunch';
import type { LaunchPlan } from '../../../src/cli/process';
import { readPlanArg } from '../../../src/services/plans/planArg';
import { buildPrompt, planPromptLaunch, promptFileLine, type PromptLaunch } from '../../../src/services/plans/terminalPrompt';

const DIR = 'C:\\Users\\A User\\AppData\\Local\\cursor-agent';
const V = `${DIR}\\versions\\2026.10.01-e373342`;
const FILE = 'C:\\Users\\A User\\AppData\\Roaming\\Code\\User\\globalStorage\\x.y\\plans-to-build\\plan-1-ab.md';

/** The launcher's resolveLaunch for a CLI at `bin`: the installed node.exe (direct), a `.cmd` or a `.ps1` it cannot see through. */
function route(kind: 'direct' | 'cmd' | 'powershell') {
  const bin =
    kind === 'direct' ? `${DIR}\\cursor-agent.cmd` : `C:\\Users\\A User\\AppData\\Roaming\\npm\\cursor-agent.${kind === 'cmd' ? 'cmd' : 'ps1'}`;
  const files = kind === 'direct' ? [`${V}\\node.exe`, `${V}\\index.js`] : [];
  return {
    platform: 'win32',
    resolveLaunch: async (args: string[]): Promise<LaunchPlan> => {
      const r = launchCommandFor(bin, args, {
        platform: 'win32',
        comSpec: 'C:\\Windows\\System32\\cmd.exe',
        systemRoot: 'C:\\Windows',
        fileExists: (p) => files.includes(p),
        listDir: (p) => (p === `${DIR}\\versions` && kind === 'direct' ? ['2026.10.01-e373342'] : undefined),
      });
      if (!r.ok) throw new Error(r.reason);
      return r.plan;
    },
  };
}

/** node-pty's command line for a plan, written out here (not the product's) for the lengths. */
function ptyLine(plan: LaunchPlan): string {
  const shell = terminalShell(plan, 'win32');
  if (typeof shell.shellArgs === 'string') return `${shell.shellPath.includes(' ') ? `"${shell.shellPath}"` : shell.shellPath} ${shell.shellArgs}`;
  return [shell.shellPath, ...shell.shellArgs]
    .map((a) => {
      const body = a.replace(/(\\*)"/g, (_m, bs: string) => `${bs}${bs}\\"`);
      return a === '' || /[ \t]/.test(a) ? `"${body.replace(/(\\+)$/, '$1$1')}"` : body;
    })
    .join(' ');
}

const plan = (markdown: string) => readPlanArg({ markdown, todos: [] })!;
const QUOTES = buildPrompt(plan('"'.repeat(20_000)));
const BACKSLASH_QUOTES = buildPrompt(plan('\\"'.repeat(10_000)));
const SMUGGLE = buildPrompt(plan('x" --force "y'));

function argsOf(d: PromptLaunch): string[] {
  assert.notEqual(d.how, 'refused', JSON.stringify(d));
  return d.how === 'refused' ? [] : d.plan.args;
}

describe('Build in Terminal: how the plan reaches the interactive CLI on each route', () => {
  it('a plan is bounded to 20,000 characters before it is quoted', () => {
    assert.equal(QUOTES.length, 'Build this plan:\n\n'.length + 20_000);
    assert.equal(BACKSLASH_QUOTES.length, 'Build this plan:\n\n'.length + 20_000);
  });

  it('directly (node.exe index.js): a plan of 20,000 quotes or of backslash-quote pairs goes in a prompt file, under 32,767 characters', async () => {
    for (const prompt of [QUOTES, BACKSLASH_QUOTES]) {
      const d = await planPromptLaunch(prompt, FILE, route('direct'));
      assert.equal(d.how, 'file');
      assert.ok(d.how === 'file' && d.text === prompt, 'the file holds the whole prompt');
      assert.deepEqual(argsOf(d).slice(-1), [promptFileLine(FILE)]);
      assert.ok(d.how === 'file' && /32,767/.test(d.why), d.how === 'file' ? d.why : '');
      assert.ok(ptyLine(d.how === 'file' ? d.plan : ({} as LaunchPlan)).length < 32_767);
      // As an argument it would not have fitted: what the terminal would have been asked to start.
      const asArgument = await route('direct').resolveLaunch([prompt]);
      assert.ok(ptyLine(asArgument).length >= 32_767, `${ptyLine(asArgument).length}`);
    }
  });

  it('directly: x" --force "y goes as one argument, quoted, and no --force stands alone', async () => {
    const d = await planPromptLaunch(SMUGGLE, FILE, route('direct'));
    assert.equal(d.how, 'argument');
    assert.deepEqual(argsOf(d).slice(-1), [SMUGGLE]);
    assert.ok(!argsOf(d).includes('--force'));
    assert.ok(ptyLine(d.how === 'argument' ? d.plan : ({} as LaunchPlan)).includes('x\\" --force \\"y'));
  });

  it('directly: the bound is the command line itself (32,766 characters go as an argument, 32,767 in a file)', async () => {
    const base = ptyLine(await route('direct').resolveLaunch(['Build ab'])).length;
    const fits = `Build ${'a'.repeat(32_766 - base + 2)}`;
    assert.equal(ptyLine(await route('direct').resolveLaunch([fits])).length, 32_766);
    assert.equal((await planPromptLaunch(fits, FILE, route('direct'))).how, 'argument');
    assert.equal((await planPromptLaunch(`${fits}a`, FILE, route('direct'))).how, 'file');
  });

  for (const kind of ['cmd', 'powershell'] as const) {
    it(`through ${kind === 'cmd' ? 'cmd.exe (a .cmd shim)' : 'powershell.exe (a .ps1 shim)'}: every plan goes in a prompt file, and only the file's one line is passed`, async () => {
      for (const prompt of [QUOTES, BACKSLASH_QUOTES, SMUGGLE, buildPrompt(plan('# p\n\n1. a step'))]) {
        const d = await planPromptLaunch(prompt, FILE, route(kind));
        assert.equal(d.how, 'file', JSON.stringify(d).slice(0, 300));
        assert.ok(d.how === 'file' && d.text === prompt);
        const line = ptyLine(d.how === 'file' ? d.plan : ({} as LaunchPlan));
        assert.ok(line.endsWith(kind === 'cmd' ? `"${promptFileLine(FILE)}""` : `"${promptFileLine(FILE)}"`), line);
        assert.ok(!line.includes('--force'));
        assert.ok(line.length < (kind === 'cmd' ? 8_000 : 32_767));
      }
    });
  }

  it('through cmd.exe: a prompt file whose one line would not fit 8,000 characters is refused, saying why', async () => {
    const file = `C:\\${'d'.repeat(8_000)}\\plan-1-ab.md`;
    const d = await planPromptLaunch(SMUGGLE, file, route('cmd'));
    assert.equal(d.how, 'refused');
    assert.match(d.how === 'refused' ? d.reason : '', /8,?000/);
  });

  it('through cmd.exe: a prompt file in a folder cmd.exe would read (%, &, parentheses) is refused, saying why', async () => {
    const d = await planPromptLaunch(SMUGGLE, 'C:\\Users\\A&B (x)\\plan-1-ab.md', route('cmd'));
    assert.equal(d.how, 'refused');
    assert.match(d.how === 'refused' ? d.reason : '', /cmd\.exe/);
  });

  it('on Linux and macOS a bounded plan is one argument', async () => {
    const posix = {
      platform: 'linux',
      resolveLaunch: async (args: string[]) => ({ command: '/usr/bin/cursor-agent', args }),
    };
    for (const prompt of [QUOTES, BACKSLASH_QUOTES, SMUGGLE]) assert.deepEqual(argsOf(await planPromptLaunch(prompt, '/tmp/p.md', posix)), [prompt]);
    const d = await planPromptLaunch('é'.repeat(70_000), '/tmp/p.md', posix);
    assert.equal(d.how, 'file', 'over the 131,072 bytes one argument may have');
  });

  it('a CLI that cannot start at all throws (the caller says so), and writes nothing', async () => {
    const none = { platform: 'win32', resolveLaunch: async () => Promise.reject(new Error('no cursor-agent')) };
    await assert.rejects(planPromptLaunch(SMUGGLE, FILE, none), /no cursor-agent/);
  });
});
