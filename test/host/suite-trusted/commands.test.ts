// The palette commands that hand the user a terminal (Log In, Log Out, Unlock Keychain)
// and `/ask`: what each one starts, as the CLI (the fake) and the terminal saw it.
import * as assert from 'assert';
import * as vscode from 'vscode';
import {
  activateApi,
  argValue,
  chatRequest,
  cursorModels,
  fake,
  fakeRendered,
  invocationsSince,
  isTurn,
  newChat,
  renderedAnswer,
  sleep,
  waitFor,
} from '../helpers';

/** Runs `command`; returns the terminal it opens, and a promise of that terminal's closing. */
async function terminalOpenedBy(command: string): Promise<{ terminal: vscode.Terminal; closed: Promise<void> }> {
  const listeners: vscode.Disposable[] = [];
  const closedTerminals = new Set<vscode.Terminal>();
  const waiters = new Map<vscode.Terminal, () => void>();
  listeners.push(
    vscode.window.onDidCloseTerminal((t) => {
      closedTerminals.add(t);
      waiters.get(t)?.();
    }),
  );
  const opened = new Promise<vscode.Terminal>((resolve) => listeners.push(vscode.window.onDidOpenTerminal(resolve)));
  try {
    await vscode.commands.executeCommand(command);
    const terminal = await Promise.race([
      opened,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${command} opened no terminal within 10 s`)), 10_000)),
    ]);
    const closed = new Promise<void>((resolve) => (closedTerminals.has(terminal) ? resolve() : waiters.set(terminal, resolve)));
    void closed.finally(() => listeners.forEach((l) => l.dispose()));
    return { terminal, closed };
  } catch (err) {
    listeners.forEach((l) => l.dispose());
    throw err;
  }
}

/** Waits (up to 15 s) for `closed`, closing the terminal first if its command has ended but it stays open. */
async function untilClosed(terminal: vscode.Terminal, closed: Promise<void>): Promise<void> {
  await waitFor(`the command in "${terminal.name}" to end`, () => terminal.exitStatus, 15_000);
  const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`"${terminal.name}" not closed within 15 s`)), 15_000));
  await Promise.race([Promise.race([closed, sleep(1000)]).then(() => terminal.dispose()), timeout]);
  await Promise.race([closed, timeout]);
}

/**
 * The command a terminal runs. On POSIX it is started through `/bin/sh -c <filter> <command> <args…>`:
 * the filter drops every variable outside the allowlist (remote windows ignore strictEnv), then execs it.
 */
function launchedCommand(opts: vscode.TerminalOptions): string[] {
  const argv = [opts.shellPath ?? '', ...[opts.shellArgs ?? []].flat()];
  if (process.platform === 'win32') return argv;
  assert.deepStrictEqual(argv.slice(0, 2), ['/bin/sh', '-c'], 'the terminal does not start through the environment filter');
  return argv.slice(3);
}

/** The binary the extension runs (what Refresh Status found, wherever it was found). */
async function resolvedBinary(): Promise<string> {
  const state = await vscode.commands.executeCommand<{ state: string; binary?: string }>('cursorAgent.refreshStatus');
  assert.ok(state?.binary, `no binary found: ${JSON.stringify(state)}`);
  return state.binary;
}

describe('Cursor: Log In / Log Out / Unlock Keychain open a terminal running the right command', () => {
  let api: Awaited<ReturnType<typeof activateApi>>;
  before(async function () {
    this.timeout(30_000);
    api = await activateApi();
  });
  afterEach(async function () {
    this.timeout(20_000);
    fake().setScenario({});
    for (const t of vscode.window.terminals) t.dispose();
    await api.refresh();
  });

  it('Log In opens a "Cursor: Log In" terminal running `cursor-agent login`, and the status turns ready when it is closed', async function () {
    this.timeout(40_000);
    const binary = await resolvedBinary();
    fake().setScenario({ auth: 'loggedOut' });
    await api.refresh();
    await waitFor('the status bar to show logged out', () => api.statusBarText === '$(sign-in) Cursor', 5000);
    const before = fake().invocations().length;

    const { terminal, closed } = await terminalOpenedBy('cursorAgent.login');
    assert.strictEqual(terminal.name, 'Cursor: Log In');
    const opts = terminal.creationOptions as vscode.TerminalOptions;
    assert.deepStrictEqual(launchedCommand(opts), [binary, 'login']);
    // What ran in the terminal: the CLI itself, asked to log in (not a shell, nothing else).
    const login = await waitFor('the CLI to receive `login`', () => invocationsSince(before).find((i) => i.argv[0] === 'login'), 15_000);
    assert.deepStrictEqual(login.argv, ['login']);
    assert.strictEqual(login.stdin, null, 'login got a prompt on stdin');
    await untilClosed(terminal, closed);
    assert.strictEqual(terminal.exitStatus?.code, 0);
    // Closing the terminal re-checks the login: the CLI is asked for its status after `login`.
    await waitFor(
      'a status probe after the login',
      () => invocationsSince(before).some((i) => i.argv.includes('status') && i.startedAt >= login.startedAt),
      10_000,
    );
    await waitFor('the status bar to show ready', () => /^\$\(check\) Cursor/.test(api.statusBarText), 10_000);
  });

  it('Log Out opens a "Cursor: Log Out" terminal running `cursor-agent logout`, and the status shows logged out when it is closed', async function () {
    this.timeout(40_000);
    const binary = await resolvedBinary();
    await waitFor('the status bar to show ready', () => /^\$\(check\) Cursor/.test(api.statusBarText), 5000);
    const before = fake().invocations().length;

    const { terminal, closed } = await terminalOpenedBy('cursorAgent.logout');
    assert.strictEqual(terminal.name, 'Cursor: Log Out');
    const opts = terminal.creationOptions as vscode.TerminalOptions;
    assert.deepStrictEqual(launchedCommand(opts), [binary, 'logout']);
    const logout = await waitFor('the CLI to receive `logout`', () => invocationsSince(before).find((i) => i.argv[0] === 'logout'), 15_000);
    assert.deepStrictEqual(logout.argv, ['logout']);
    await untilClosed(terminal, closed);
    assert.strictEqual(terminal.exitStatus?.code, 0);
    await waitFor('the status bar to show logged out', () => api.statusBarText === '$(sign-in) Cursor', 10_000);
  });

  it('Unlock Keychain opens a "Cursor: Unlock Keychain" terminal running `security unlock-keychain`', async function () {
    this.timeout(20_000);
    // macOS only in the palette (`enablement: isMac`); the command itself runs anywhere, so
    // what it starts can be checked here. /usr/bin/security does not exist on Linux: the
    // terminal reports a launch failure, which is fine for this check.
    const { terminal } = await terminalOpenedBy('cursorAgent.unlockKeychain');
    assert.strictEqual(terminal.name, 'Cursor: Unlock Keychain');
    const opts = terminal.creationOptions as vscode.TerminalOptions;
    assert.deepStrictEqual(launchedCommand(opts), ['/usr/bin/security', 'unlock-keychain']);
  });
});

describe('/ask in the chat panel', () => {
  before(async function () {
    this.timeout(30_000);
    await activateApi();
    fake().setScenario({});
    await cursorModels();
  });

  it('@cursor /ask runs the agent in ask mode (read-only Q&A) with the question, without "/ask", on stdin', async function () {
    this.timeout(30_000);
    await newChat();
    const before = fake().invocations().length;
    const question = 'What does hello return? slash-ask';
    const result = await chatRequest(`@cursor /ask ${question}`);
    assert.strictEqual(result?.errorDetails, undefined, JSON.stringify(result?.errorDetails));
    const turns = invocationsSince(before).filter(isTurn);
    assert.strictEqual(turns.length, 1);
    assert.strictEqual(argValue(turns[0]!.argv, '--mode'), 'ask');
    const stdin = turns[0]!.stdin ?? '';
    assert.ok(stdin.trimEnd().endsWith(question), `the question is not the prompt's end: ${JSON.stringify(stdin.slice(-200))}`);
    assert.ok(!stdin.includes('/ask'), `"/ask" reached the prompt: ${JSON.stringify(stdin.slice(-200))}`);
    assert.strictEqual(
      await renderedAnswer(),
      fakeRendered(argValue(turns[0]!.argv, '--model') ?? 'auto', question),
      'the answer the chat panel shows',
    );
  });
});

describe('@cursor when the CLI is logged out', () => {
  let api: Awaited<ReturnType<typeof activateApi>>;
  before(async function () {
    this.timeout(30_000);
    api = await activateApi();
    fake().setScenario({});
    await cursorModels();
  });
  after(async function () {
    this.timeout(20_000);
    fake().setScenario({});
    await api.refresh();
  });

  it('@cursor still answers, with "not logged in" (not "Language model unavailable"), and /status still reports', async function () {
    this.timeout(40_000);
    fake().setScenario({ auth: 'loggedOut' });
    await api.refresh();
    await waitFor('the status bar to show logged out', () => api.statusBarText === '$(sign-in) Cursor', 5000);
    await newChat();
    const asked = await chatRequest('@cursor What is in src? logged-out-ask');
    assert.match(asked?.errorDetails?.message ?? '', /The Cursor CLI is not logged in/, `the chat said: ${JSON.stringify(asked)}`);
    const status = await chatRequest('@cursor /status');
    assert.strictEqual(status?.errorDetails, undefined, `/status failed: ${JSON.stringify(status?.errorDetails)}`);
    assert.match(await renderedAnswer(), /Login: not logged in/, 'what /status shows in the chat panel');
    // The models the CLI listed while logged in are still offered to other extensions too.
    const models = await vscode.lm.selectChatModels({ vendor: 'cursor' });
    assert.ok(models.length > 0, 'no Cursor model left to select');
  });
});
