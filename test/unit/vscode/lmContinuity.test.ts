/**
 * A `vscode.lm` conversation after a request the caller stopped: the CLI chat then holds a turn
 * (part of an answer, or the whole of it) that no transcript records, so no later request may
 * resume it. The real provider (src/vscode/lm/lmProvider.ts) on the `vscode` stand-in, with the fake CLI.
 */
import * as assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import { CursorChatProvider } from '../../../src/vscode/lm/lmProvider';
import { readyAuth } from '../../support/auth';
import { ConversationIndex } from '../../../src/services/conversation/conversationIndex';
import { DEFAULT_SETTINGS } from '../../../src/services/settingsSchema';
import { shimState, vscodeShim } from '../../support/vscodeShim';
import { cancellationSource } from '../../support/cancellation';
import { MemoryLogger } from '../../support/logger';
import { createStack, Stack } from '../../support/stack';

type Msg = { role: number; content: unknown[]; name: string | undefined };
const MODEL = { id: 'auto', name: 'Auto', family: 'cursor', version: '1', maxInputTokens: 200_000, maxOutputTokens: 32_000, capabilities: {} };
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

describe('vscode.lm after a stopped request (language model provider on a vscode stand-in)', function () {
  this.timeout(30_000);
  let s: Stack | undefined;
  let provider: CursorChatProvider | undefined;
  afterEach(() => {
    provider?.dispose();
    s?.dispose();
    provider = s = undefined;
  });

  async function send(p: CursorChatProvider, messages: Msg[], stopAtFirstText = false): Promise<string> {
    let text = '';
    const stop = cancellationSource();
    const progress = {
      report: (part: unknown) => {
        text += part instanceof vscodeShim.LanguageModelTextPart ? part.value : '';
        if (stopAtFirstText && text) stop.cancel();
      },
    };
    await p.provideLanguageModelChatResponse(
      MODEL as unknown as vscode.LanguageModelChatInformation,
      messages as unknown as vscode.LanguageModelChatRequestMessage[],
      {} as vscode.ProvideLanguageModelChatResponseOptions,
      progress as vscode.Progress<vscode.LanguageModelResponsePart>,
      stop.token as unknown as vscode.CancellationToken,
    );
    return text;
  }

  it('a request stopped mid-answer retires its CLI chat: the next request of the conversation starts fresh with the history', async () => {
    s = createStack({
      turns: [
        { kind: 'default', answer: 'First answer.', narration: '' },
        { kind: 'slowStream', intervalMs: 50, durationMs: 10_000 },
      ],
    });
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
      conversations: new ConversationIndex(),
      memory: stack.runtime.modelMemory,
    });
    const q1 = 'First question about app.ts';
    const a1 = await send(provider, [user(q1)]);
    const partial = await send(provider, [user(q1), assistant(a1), user('A long second question')], true);
    const turns = () => stack.fake.invocations().filter((i) => i.argv.includes('-p'));
    const stoppedChat = turns()[1]!.argv[turns()[1]!.argv.indexOf('--resume') + 1];
    assert.ok(turns()[1]!.argv.includes('--resume') && partial !== '', 'the second request did not resume and stream');
    // The caller asks again from the first answer (the stopped one discarded), or goes on after the partial answer.
    for (const messages of [
      [user(q1), assistant(a1), user('Another question instead')],
      [user(q1), assistant(a1), user('A long second question'), assistant(partial), user('Go on')],
    ]) {
      const before = turns().length;
      await send(provider, messages);
      const next = turns()[before];
      assert.ok(!next!.argv.includes('--resume'), `resumed ${stoppedChat}, which holds the stopped turn: ${next!.argv.join(' ')}`);
      assert.ok(next!.stdin?.includes(q1), `the fresh chat lacks the history: ${next!.stdin}`);
    }
  });
});
