/**
 * What a `vscode.lm` caller gets from the real language model provider
 * (src/vscode/lm/lmProvider.ts, run in plain Node on the `vscode` stand-in of
 * test/support) for turns of the fake CLI: the text parts, the error kinds,
 * and what the CLI received on a second request of the same conversation.
 * The extension-host suites check the same requests through `vscode.lm`.
 */
import * as assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import { CursorChatProvider } from '../../../src/vscode/lm/lmProvider';
import { readyAuth } from '../../support/auth';
import { DEFAULT_SETTINGS } from '../../../src/services/settingsSchema';
import { shimState, vscodeShim } from '../../support/vscodeShim';
import { FakeScenario } from '../../fixtures/fakeCli';
import { cancellationSource } from '../../support/cancellation';
import { MemoryLogger } from '../../support/logger';
import { createStack, Stack } from '../../support/stack';
import { waitFor } from '../../support/waits';

type Msg = { role: number; content: unknown[]; name: string | undefined };
const MODEL = { id: 'auto', name: 'Auto', family: 'cursor', version: '1', maxInputTokens: 200_000, maxOutputTokens: 32_000, capabilities: {} };

describe('vscode.lm callers get what the CLI answered (language model provider on a vscode stand-in)', function () {
  this.timeout(30_000);
  let s: Stack | undefined;
  let provider: CursorChatProvider | undefined;
  afterEach(() => {
    provider?.dispose();
    provider = undefined;
    s?.dispose();
    s = undefined;
  });

  async function start(scenario: FakeScenario): Promise<CursorChatProvider> {
    s = createStack(scenario);
    shimState.workspaceFolder = s.workspace;
    const logger = new MemoryLogger();
    const stack = s;
    const auth = readyAuth({ binary: stack.fake.binPath, logger });
    await auth.refresh();
    provider = new CursorChatProvider({
      flow: stack.flow,
      auth,
      catalog: stack.runtime.catalog,
      settings: () => ({ ...DEFAULT_SETTINGS }),
      logger,
      conversations: stack.runtime.conversations,
      memory: stack.runtime.modelMemory,
    });
    return provider;
  }

  async function send(p: CursorChatProvider, messages: Msg[], options: object = {}): Promise<string> {
    let text = '';
    const progress = { report: (part: unknown) => (text += part instanceof vscodeShim.LanguageModelTextPart ? part.value : '') };
    const { token } = cancellationSource();
    await p.provideLanguageModelChatResponse(
      MODEL as unknown as vscode.LanguageModelChatInformation,
      messages as unknown as vscode.LanguageModelChatRequestMessage[],
      options as vscode.ProvideLanguageModelChatResponseOptions,
      progress as vscode.Progress<vscode.LanguageModelResponsePart>,
      token as unknown as vscode.CancellationToken,
    );
    return text;
  }

  const user = (text: string): Msg => ({
    role: vscodeShim.LanguageModelChatMessageRole.User,
    content: [new vscodeShim.LanguageModelTextPart(text)],
    name: undefined,
  });
  const assistant = (text: string): Msg => ({
    role: vscodeShim.LanguageModelChatMessageRole.Assistant,
    content: [new vscodeShim.LanguageModelTextPart(text)],
    name: undefined,
  });

  it('streams the answer as text parts, exactly as the CLI wrote it', async () => {
    const p = await start({ turn: { kind: 'default', answer: 'The answer is 42.', narration: '' } });
    assert.equal(await send(p, [user('What is the answer?')]), 'The answer is 42.');
  });

  it('a second request of the same conversation resumes the CLI chat and sends only the new question', async () => {
    const p = await start({ turn: { kind: 'default', answer: 'First answer.', narration: '' } });
    const first = await send(p, [user('First question about app.ts')]);
    await send(p, [user('First question about app.ts'), assistant(first), user('Second question')]);
    const turns = s!.fake.invocations().filter((i) => i.argv.includes('-p'));
    assert.equal(turns.length, 2);
    assert.ok(turns[1]!.argv.includes('--resume'), turns[1]!.argv.join(' '));
    assert.ok(turns[1]!.stdin?.includes('Second question'), String(turns[1]!.stdin));
    assert.ok(!turns[1]!.stdin?.includes('First question'), String(turns[1]!.stdin));
  });

  it("a request that offers tools (VS Code's own agent) gets the Cursor agent's answer and a note that none of them was run; the next turn still resumes", async () => {
    const p = await start({ turn: { kind: 'default', answer: 'It exports hello.', narration: '' } });
    const tools = [
      { name: 'copilot_readFile', description: 'Read a file', inputSchema: {} },
      { name: 'run_in_terminal', description: 'Run', inputSchema: {} },
    ];
    const first = await send(p, [user('What does hello.ts export?')], { tools, toolMode: 1 });
    assert.equal(
      first,
      'It exports hello.\n\n*Answered by the Cursor agent with its own read-only tools in this folder; none of the 2 tools this chat offered was run, ' +
        'and nothing was edited. Ask `@cursor` to talk to the Cursor agent directly.*',
    );
    assert.equal(await send(p, [user('What does hello.ts export?')]), 'It exports hello.', 'no tools offered: no note');
    await send(p, [user('What does hello.ts export?'), assistant(first), user('And math.py?')], { tools });
    const turns = s!.fake.invocations().filter((i) => i.argv.includes('-p'));
    assert.ok(turns[2]!.argv.includes('--resume'), `the answer with the note did not continue its CLI chat: ${turns[2]!.argv.join(' ')}`);
  });

  it('a signed-out CLI rejects the request as NoPermissions, with what to do, and the login is checked again', async () => {
    const p = await start({
      auth: 'loggedOut',
      turn: { kind: 'stderrExit', stderr: 'Error: Authentication required. Please run `cursor-agent login` first.', exitCode: 1 },
    });
    assert.equal(s!.runtime.auth.state.state, 'checking');
    await assert.rejects(send(p, [user('Hello')]), (err: Error & { code?: string }) => {
      assert.equal(err.code, 'NoPermissions');
      assert.match(err.message, /log ?in/i);
      return true;
    });
    // The flow probes the runtime's readiness again (the status bar and the model list follow).
    assert.ok(await waitFor(() => s!.runtime.auth.state.state === 'loggedOut', 10_000), s!.runtime.auth.state.state);
  });

  it('an unknown model rejects the request as NotFound', async () => {
    const p = await start({ turn: { kind: 'errorResult', message: 'Cannot use this model: nope-1. Available models: auto, gpt-5', exitCode: 1 } });
    await assert.rejects(send(p, [user('Hello')]), (err: Error & { code?: string }) => {
      assert.equal(err.code, 'NotFound', err.message);
      return true;
    });
  });

  it('an agent that edits a file in read-only mode rejects the request as Blocked', async () => {
    const p = await start({ turn: { kind: 'writeToolSuccess', tool: 'edit' } });
    await assert.rejects(send(p, [user('Fix it')]), (err: Error & { code?: string }) => {
      assert.equal(err.code, 'Blocked', err.message);
      return true;
    });
  });
});
