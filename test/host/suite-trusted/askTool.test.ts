// `cursor_ask` (`#cursor`), the Cursor agent as a tool any agent in VS Code can call, in print mode:
// what the caller gets, what the fake cursor-agent received, and what it refuses.
import * as assert from 'assert';
import * as path from 'path';
import * as vscode from 'vscode';
import { activateApi, argValue, cursorModels, fake, fakeAnswer, invocationsSince, isTurn, waitFor, workspacePath } from '../helpers';
import { ASK_TOOL, askTool, errorMessage } from '../askTool';

describe('cursor_ask: the Cursor agent as a language model tool (print mode)', function () {
  this.timeout(30_000);
  before(async function () {
    this.timeout(30_000);
    await activateApi();
    await cursorModels(25_000);
  });
  beforeEach(() => fake().setScenario({}));
  afterEach(() => fake().setScenario({}));

  it('vscode.lm.tools lists cursor_ask, referenceable as #cursor, with its input schema', () => {
    const tool = vscode.lm.tools.find((t) => t.name === ASK_TOOL);
    assert.ok(tool, `not among ${vscode.lm.tools.map((t) => t.name).join(', ')}`);
    assert.match(tool.description, /read-only/);
    assert.deepStrictEqual((tool.inputSchema as { required?: string[] } | undefined)?.required, ['question']);
  });

  it("answers with the Cursor agent's text and the files it read, from one read-only turn with the question on stdin", async () => {
    const question = 'What is this workspace about? tool-answer';
    const before = fake().invocations().length;
    const o = await askTool({ question });
    assert.strictEqual(errorMessage(o), '');
    // The fake's default turn reads the folder's first file (README.md), then answers.
    assert.strictEqual(o.text, `${fakeAnswer('auto', question)}\n\nFiles the Cursor agent read: README.md.`);
    const turns = invocationsSince(before).filter(isTurn);
    assert.strictEqual(turns.length, 1, `expected one turn, got ${turns.length}`);
    const { argv, stdin } = turns[0]!;
    assert.strictEqual(argValue(argv, '--mode'), 'plan');
    assert.strictEqual(argValue(argv, '--workspace'), workspacePath());
    for (const forbidden of ['--force', '-f', '--yolo']) assert.ok(!argv.includes(forbidden), `${forbidden} in ${argv.join(' ')}`);
    assert.ok(stdin?.trimEnd().endsWith(question), `the question is not the end of the prompt: ${JSON.stringify(stdin?.slice(-300))}`);
  });

  it('files named by the caller go into the prompt with their contents; a file outside the folder is refused and nothing runs', async () => {
    const before = fake().invocations().length;
    const o = await askTool({
      question: 'Explain the attached file. tool-files',
      files: ['src/hello.ts', path.join(workspacePath(), 'src/math.py')],
    });
    assert.strictEqual(errorMessage(o), '');
    const [turn] = invocationsSince(before).filter(isTurn);
    assert.ok(turn?.stdin?.includes('return `Hello, ${name}!`;'), `src/hello.ts is not in the prompt: ${JSON.stringify(turn?.stdin?.slice(0, 600))}`);
    assert.ok(turn!.stdin?.includes('def add(a, b):'), 'src/math.py (named by its absolute path) is not in the prompt');

    const since = fake().invocations().length;
    for (const outside of ['../outside.txt', '/etc/hostname']) {
      const refused = await askTool({ question: 'Read this. tool-outside', files: [outside] });
      assert.match(errorMessage(refused), /only files inside the workspace folder/, `${outside}: ${JSON.stringify(refused)}`);
    }
    const missing = await askTool({ question: 'Read this. tool-missing', files: ['src/nope.ts'] });
    assert.match(errorMessage(missing), /No such file in the workspace folder .*src\/nope\.ts/);
    assert.deepStrictEqual(invocationsSince(since).filter(isTurn), [], 'a refused call ran a turn');
  });

  it('a bad input is refused with a message that says what the tool takes, and runs nothing', async () => {
    const since = fake().invocations().length;
    for (const input of [{}, { question: 42 }, { question: '   ' }, { question: 'ok', files: 'src/hello.ts' }]) {
      const o = await askTool(input);
      assert.match(
        errorMessage(o),
        /^Invalid input: .*cursor_ask takes \{"question": string, "files"\?: string\[\]\}/,
        `${JSON.stringify(input)}: ${JSON.stringify(o)}`,
      );
    }
    assert.deepStrictEqual(invocationsSince(since).filter(isTurn), []);
  });

  it('cancelling the call ends the turn at once and leaves no cursor-agent process running', async function () {
    this.timeout(20_000);
    fake().setScenario({ turn: { kind: 'slowStream', intervalMs: 50, durationMs: 10_000 } });
    const before = fake().invocations().length;
    const cts = new vscode.CancellationTokenSource();
    const pending = askTool({ question: 'Stream slowly. tool-cancel' }, cts.token);
    await waitFor('the turn to start', () => invocationsSince(before).find(isTurn) && fake().livePids().length > 0);
    const t0 = Date.now();
    cts.cancel();
    const o = await pending;
    assert.ok(o.error !== undefined, `answered: ${JSON.stringify(o.text)}`);
    assert.match(errorMessage(o), /cancel/i);
    assert.ok(Date.now() - t0 < 5000, `the call ended ${Date.now() - t0} ms after the cancellation`);
    await waitFor('every fake cursor-agent process to exit', () => fake().livePids().length === 0, 3000);
  });
});
