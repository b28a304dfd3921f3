/**
 * The terminals the extension opens (Log In, Log Out, Continue in Terminal, Build in Terminal), as VS Code is asked to
 * create them: the real commands (src/vscode/commands/commands.ts, src/vscode/chat/continuity.ts) on the `vscode`
 * stand-in, with the real launch planner and a fake CLI. The host tier cannot see `strictEnv`
 * (code-server is a remote window and ignores it); on desktop Windows nothing else keeps the
 * extension host's variables out of the terminal.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { registerCommands } from '../../../src/vscode/commands/commands';
import { continueInTerminal, LastTurn, renderAnswerFooter, type HandOff } from '../../../src/vscode/chat/continuity';
import { BUILD_IN_TERMINAL, registerPlanActions } from '../../../src/vscode/plans/planActions';
import type { TerminalHandOffDeps } from '../../../src/vscode/terminal/handOff';
import { launchCommandFor } from '../../../src/cli/windowsLaunch';
import { shimState, vscodeShim } from '../../support/vscodeShim';
import { MemoryLogger } from '../../support/logger';
import { createStack, Stack } from '../../support/stack';
import { waitFor } from '../../support/waits';

/** What the extension host has and no terminal may inherit. */
const HOST_ONLY: Record<string, string> = {
  NODE_OPTIONS: '--max-old-space-size=4096',
  ELECTRON_RUN_AS_NODE: '1',
  VSCODE_IPC_HOOK: '/tmp/ipc.sock',
  SOME_TOKEN_OF_THE_HOST: 'secret',
};
const CHAT_ID = '065d6699-0bd7-4d0c-86f5-3cfc5be0e336';

type TerminalOptions = {
  name?: string;
  cwd?: string | { fsPath: string };
  env?: Record<string, string>;
  strictEnv?: boolean;
  shellPath?: string;
  shellArgs?: string[];
};

describe('terminals the extension opens get only the allowlisted environment (vscode stand-in)', function () {
  this.timeout(20_000);
  let s: Stack;
  let home: string;
  const logger = new MemoryLogger();
  beforeEach(() => {
    home = fs.mkdtempSync(path.join(fs.realpathSync(os.tmpdir()), 'home-'));
    // In the test process's own environment too: the extension host's is process.env.
    Object.assign(process.env, HOST_ONLY);
    s = createStack({}, HOST_ONLY, home);
    shimState.workspaceFolder = s.workspace;
    shimState.moreFolders = [];
    shimState.terminals = [];
    shimState.messages = [];
    vscodeShim.workspace.isTrusted = true;
  });
  afterEach(() => {
    for (const name of Object.keys(HOST_ONLY)) delete process.env[name];
    vscodeShim.workspace.isTrusted = true;
    shimState.moreFolders = [];
    s.dispose();
    fs.rmSync(home, { recursive: true, force: true });
  });

  const opened = (): TerminalOptions[] => (shimState.terminals ?? []) as TerminalOptions[];
  const cwdOf = (o: TerminalOptions) => (typeof o.cwd === 'string' ? o.cwd : o.cwd?.fsPath);
  /** The strict environment: VS Code adds nothing to it, and it holds none of the extension host's own variables. */
  function assertStrictEnv(o: TerminalOptions, what: string): void {
    assert.equal(o.strictEnv, true, `${what}: the terminal inherits the extension host's environment (strictEnv not set)`);
    const env = o.env ?? {};
    for (const name of Object.keys(HOST_ONLY)) assert.equal(env[name], undefined, `${what}: ${name} reaches the terminal`);
    assert.ok(env.PATH, `${what}: no PATH in the terminal`);
  }
  /** The command the terminal runs, after the POSIX environment filter (`/bin/sh -c <filter> <command> <args…>`). */
  const command = (o: TerminalOptions) => (o.shellArgs ?? []).slice(2);

  async function runCommand(id: 'cursorAgent.login' | 'cursorAgent.logout'): Promise<void> {
    const auth = { state: { state: 'ready' }, refresh: async () => ({ state: 'ready' }) };
    registerCommands({
      agent: s.agent,
      auth: auth as never,
      binary: s.binary,
      catalog: { invalidate() {} } as never,
      settings: () => ({}) as never,
      logger,
      output: { show() {} } as never,
      statusBar: () => undefined,
      platform: 'linux',
      terminalListeners: new Set(),
      reportIssue: async () => undefined,
    });
    await shimState.commands?.get(id)?.();
  }

  for (const [id, sub] of [
    ['cursorAgent.login', 'login'],
    ['cursorAgent.logout', 'logout'],
  ] as const) {
    it(`${id === 'cursorAgent.login' ? 'Log In' : 'Log Out'} opens cursor-agent ${sub} in the home folder with the strict, allowlisted environment`, async () => {
      await runCommand(id);
      assert.equal(opened().length, 1, JSON.stringify(shimState.messages));
      const o = opened()[0];
      assertStrictEnv(o!, sub);
      assert.equal(cwdOf(o!), home);
      assert.deepEqual(command(o!).slice(-1), [sub]);
    });
  }

  async function continueIn(arg: unknown, lastHandOff?: HandOff): Promise<TerminalOptions | undefined> {
    const lastTurn = new LastTurn(() => undefined);
    lastTurn.handOff = lastHandOff;
    await continueInTerminal({ agent: s.agent, logger, lastTurn, gate: { isTrusted: () => vscodeShim.workspace.isTrusted } }, arg);
    return opened()[0];
  }

  it("Continue in Terminal opens cursor-agent --resume <chat id> in the chat's folder, with the strict environment", async () => {
    const other = fs.mkdtempSync(path.join(fs.realpathSync(os.tmpdir()), 'ws2-'));
    try {
      shimState.moreFolders = [other];
      const o = await continueIn({ chatId: CHAT_ID, workspace: other, backend: 'print' });
      assert.ok(o, `no terminal: ${JSON.stringify(shimState.messages)}`);
      assertStrictEnv(o, 'Continue in Terminal');
      assert.equal(cwdOf(o), other, 'the terminal does not run in the folder of the chat');
      assert.deepEqual(command(o).slice(-2), ['--resume', CHAT_ID]);
      assert.ok(!command(o).some((a) => a === '--force' || a === '-f'), command(o).join(' '));
    } finally {
      fs.rmSync(other, { recursive: true, force: true });
    }
  });

  it('Continue in Terminal from the palette continues the last answered chat, in its folder', async () => {
    const o = await continueIn(undefined, { chatId: CHAT_ID, workspace: s.workspace, backend: 'print' });
    assert.ok(o, JSON.stringify(shimState.messages));
    assert.equal(cwdOf(o), s.workspace);
    assert.deepEqual(command(o).slice(-2), ['--resume', CHAT_ID]);
  });

  it('Continue in Terminal refuses an ACP chat (the interactive CLI cannot open it), and says why', async () => {
    assert.equal(await continueIn({ chatId: CHAT_ID, workspace: s.workspace, backend: 'acp' }), undefined);
    assert.match(shimState.messages?.[0]?.text ?? '', /ACP/);
  });

  for (const id of ['--force', '-f', 'a/../../x', 'x.y', 'models:1', 'a'.repeat(101), '']) {
    it(`Continue in Terminal never puts ${JSON.stringify(id.length > 20 ? `${id.slice(0, 8)}…` : id)} after --resume: not from the button, not from the last answer`, async () => {
      assert.equal(
        await continueIn({ chatId: id, workspace: s.workspace, backend: 'print' }, { chatId: CHAT_ID, workspace: s.workspace, backend: 'print' }),
        undefined,
        'opened a terminal',
      );
      assert.equal(
        await continueIn(undefined, { chatId: id, workspace: s.workspace, backend: 'print' }),
        undefined,
        'opened a terminal for the raw session id',
      );
      assert.ok((shimState.messages ?? []).length >= 2, 'no message said why');
    });
  }

  it('an answer whose CLI session id is not a chat id shows no Continue in Terminal button', () => {
    const buttons = (chatId: string) => {
      const titles: string[] = [];
      const stream = { markdown: () => undefined, button: (b: { title: string }) => titles.push(b.title) };
      const catalog = { peek: () => ({ models: [] }) } as never;
      renderAnswerFooter({
        stream: stream as never,
        usage: undefined,
        modelName: undefined,
        modelId: undefined,
        catalog,
        handOff: { chatId, workspace: s.workspace, backend: 'print' },
      });
      return titles;
    };
    assert.deepEqual(buttons(CHAT_ID), ['Continue in Terminal']);
    assert.deepEqual(buttons('--force'), []);
  });

  it('Continue in Terminal in an untrusted window says the folder must be trusted and opens nothing', async () => {
    vscodeShim.workspace.isTrusted = false;
    assert.equal(await continueIn({ chatId: CHAT_ID, workspace: s.workspace, backend: 'print' }), undefined);
    assert.match(shimState.messages?.[0]?.text ?? '', /trust/i);
  });

  /** Build in Terminal as its button runs it: the command, with the plan the button carries. */
  async function buildIn(plan: unknown): Promise<TerminalOptions | undefined> {
    registerPlanActions({ agent: s.agent, logger, gate: { isTrusted: () => vscodeShim.workspace.isTrusted } });
    await shimState.commands?.get(BUILD_IN_TERMINAL)?.(plan);
    return opened()[0];
  }
  const PLAN = { markdown: '# p\n\n1. step', todos: [{ content: 'step', status: 'pending' }] };

  it('Build in Terminal builds a plan made in the second folder of a multi-root window in that folder (issue 46)', async () => {
    const other = fs.mkdtempSync(path.join(fs.realpathSync(os.tmpdir()), 'ws2-'));
    try {
      shimState.moreFolders = [other];
      const o = await buildIn({ ...PLAN, folder: other });
      assert.ok(o, `no terminal: ${JSON.stringify(shimState.messages)}`);
      assertStrictEnv(o, 'Build in Terminal');
      assert.equal(cwdOf(o), other, 'the plan is built in another folder than the one it was made in');
      assert.match(command(o).at(-1) ?? '', /^Build this plan:/);
    } finally {
      fs.rmSync(other, { recursive: true, force: true });
    }
  });

  it('Build in Terminal never goes to a folder that is not open in the window: the first folder then, as without one', async () => {
    const o = await buildIn({ ...PLAN, folder: home });
    assert.equal(cwdOf(o!), s.workspace);
    shimState.terminals = [];
    assert.equal(cwdOf((await buildIn(PLAN))!), s.workspace);
  });

  it('Build in Terminal in an untrusted window says the folder must be trusted and opens nothing', async () => {
    vscodeShim.workspace.isTrusted = false;
    assert.equal(await buildIn({ ...PLAN, folder: s.workspace }), undefined);
    assert.match(shimState.messages?.[0]?.text ?? '', /trust/i);
  });

  /** What the interactive CLI reads: its one argument, or the prompt file that argument names. */
  function promptOf(o: TerminalOptions): string {
    const last = o.shellArgs?.at(-1) ?? '';
    const [, file] = /^Read the file (.+), then build the plan it holds\.$/.exec(last) ?? [];
    return file === undefined ? last : fs.readFileSync(file, 'utf8');
  }

  it('a plan handed to Build in Terminal by a command call is cut to 20,000 characters before the CLI gets it', async () => {
    const huge = { markdown: `# huge\n\n${'step "x"\n'.repeat(200_000)}`, todos: [], name: 'N'.repeat(100_000) };
    const o = await buildIn(huge);
    assert.ok(o, `no terminal: ${JSON.stringify(shimState.messages)}`);
    const prompt = promptOf(o);
    assert.match(prompt, /^Build this plan:\n\n/);
    assert.ok(prompt.length <= 'Build this plan:\n\n'.length + 20_000, `${prompt.length} characters reach the CLI`);
    assert.ok(prompt.includes('step "x"\nstep "x"'), 'the plan itself, cut');
  });

  /** Build in Terminal with a CLI that starts on Windows through `bin` (planned, never run), prompt files in `promptFolder`. */
  async function buildOnWindows(bin: string, plan: unknown, promptFolder: string) {
    const agent = {
      launcher: { platform: 'win32', terminalEnv: () => ({ Path: 'C:\\Windows' }), homeFolder: () => home },
      resolveLaunch: async (args: string[]) => {
        const r = launchCommandFor(bin, args, { platform: 'win32', systemRoot: 'C:\\Windows', fileExists: () => false });
        if (!r.ok) throw new Error(r.reason);
        return r.plan;
      },
    } as unknown as TerminalHandOffDeps['agent'];
    registerPlanActions({ agent, logger, gate: { isTrusted: () => vscodeShim.workspace.isTrusted }, promptFolder });
    return shimState.commands?.get(BUILD_IN_TERMINAL)?.(plan);
  }

  it('on Windows through a .ps1 launcher the plan goes in a prompt file the CLI is told to read, removed when the terminal closes', async () => {
    const folder = path.join(home, 'storage', 'plans-to-build');
    const plan = { markdown: 'x" --force "y', todos: [] };
    const terminal = await buildOnWindows('C:\\npm\\cursor-agent.ps1', plan, folder);
    const o = opened()[0];
    assert.ok(terminal && o, `no terminal: ${JSON.stringify(shimState.messages)}`);
    assert.equal(promptOf(o), 'Build this plan:\n\n## Plan\n\nx" --force "y');
    assert.ok(!o.shellArgs?.includes('--force'));
    assert.equal(fs.readdirSync(folder).length, 1);
    shimState.terminalCloseListeners?.fire(terminal);
    assert.ok(await waitFor(() => fs.readdirSync(folder).length === 0, 5000), 'the prompt file is still there');
  });

  it('a plan that can go neither way is refused, saying what to do, with Copy Plan', async () => {
    shimState.replyTo = (_text, items) => items[0];
    const plan = { markdown: 'x" --force "y', todos: [] };
    // cmd.exe would read the & and the parentheses of this folder: the prompt file's line cannot be passed either.
    assert.equal(await buildOnWindows('C:\\npm\\cursor-agent.cmd', plan, path.join(home, 'A&B (x)')), undefined);
    assert.deepEqual(opened(), []);
    assert.equal(shimState.messages?.length, 1);
    assert.match(shimState.messages?.[0]?.text ?? '', /cmd\.exe.*Copy the plan, run cursor-agent in a terminal and paste it there\./);
    assert.ok(await waitFor(() => shimState.clipboard !== undefined, 5000), 'nothing copied');
    assert.equal(shimState.clipboard, 'Build this plan:\n\n## Plan\n\nx" --force "y');
  });
});
