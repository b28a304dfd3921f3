/**
 * Issue 20, item 2: which CLI chat a follow-up to @cursor continues, decided from the history the
 * chat panel shows. After a quick window reload VS Code can restore the last answer with its text
 * but without its `ChatResult.metadata` (chat id, turns), or lose a turn altogether. The real
 * participant (src/vscode/chat/participant.ts) runs on the `vscode` stand-in against the fake CLI; a
 * reload is a new participant over a new record read from the same workspace storage. What is
 * checked is what the CLI received: `--resume <id>` with only the new message, or a fresh chat
 * with the visible history.
 */
import * as assert from 'node:assert/strict';
import { registerChatParticipant } from '../../../src/vscode/chat/participant';
import { readyAuth } from '../../support/auth';
import { ConversationIndex } from '../../../src/services/conversation/conversationIndex';
import { ModelChoice } from '../../../src/services/models/modelChoice';
import { DEFAULT_SETTINGS } from '../../../src/services/settingsSchema';
import { cancellationSource } from '../../support/cancellation';
import { shimState, vscodeShim } from '../../support/vscodeShim';
import type { FakeScenario, Invocation } from '../../fixtures/fakeCli';
import { MemoryLogger } from '../../support/logger';
import { NO_MODEL_PICKS } from '../../support/modelSources';
import { MemoryStore } from '../../support/memoryStore';
import { recordingResponseStream } from '../../support/responseStream';
import { createStack, Stack } from '../../support/stack';

type Result = { errorDetails?: { message: string }; metadata?: Record<string, unknown> };
type Turn = InstanceType<typeof vscodeShim.ChatRequestTurn> | InstanceType<typeof vscodeShim.ChatResponseTurn>;
type Handler = (...args: unknown[]) => Promise<Result>;

/** One chat panel: the turns it shows, and the participant answering in it (a new one after each reload). */
class ChatPanel {
  turns: Turn[] = [];
  private handler!: Handler;
  constructor(
    private readonly s: Stack,
    private readonly store: MemoryStore,
  ) {
    this.reload();
  }

  /** A window reload: the extension starts again and reads its record from the workspace storage. */
  reload(): void {
    const logger = new MemoryLogger();
    const s = this.s;
    shimState.participantHandler = undefined;
    registerChatParticipant({
      modelPicks: NO_MODEL_PICKS,
      flow: s.flow,
      binary: s.binary,
      auth: readyAuth({ binary: s.fake.binPath, logger }),
      catalog: s.runtime.catalog,
      features: s.runtime.features,
      settings: () => ({ ...DEFAULT_SETTINGS }),
      modelChoice: new ModelChoice(),
      conversations: new ConversationIndex(500, this.store),
      logger,
      platform: 'linux',
      backendStatus: s.runtime.backendStatus,
      usesAcp: s.runtime.usesAcp,
    });
    this.handler = shimState.participantHandler as unknown as Handler;
  }

  /** Sends `prompt` with the history the panel shows; the panel then shows the request and the answer (with its metadata). */
  async ask(prompt: string, options: { stopAtFirstText?: boolean } = {}): Promise<{ markdown: string; result: Result; turn: Invocation }> {
    const stop = cancellationSource();
    const { stream, shown } = recordingResponseStream({ onMarkdown: () => (options.stopAtFirstText ? stop.cancel() : undefined) });
    const before = this.s.fake.invocations().length;
    const result = await this.handler(
      { prompt, command: undefined, references: [], toolReferences: [], model: undefined },
      { history: [...this.turns] },
      stream,
      stop.token,
    );
    assert.equal(result.errorDetails, undefined, JSON.stringify(result.errorDetails));
    const turns = this.s.fake
      .invocations()
      .slice(before)
      .filter((i) => i.argv.includes('-p'));
    assert.equal(turns.length, 1, 'one CLI turn per request');
    this.turns.push(
      new vscodeShim.ChatRequestTurn(prompt, undefined),
      new vscodeShim.ChatResponseTurn([new vscodeShim.ChatResponseMarkdownPart(shown.markdown)], result),
    );
    return { markdown: shown.markdown, result, turn: turns[0]! };
  }

  /** As VS Code restores the chat after a quick reload: the last answer shows its text but has no metadata. */
  lastAnswerLosesMetadata(): void {
    const last = this.turns.pop() as InstanceType<typeof vscodeShim.ChatResponseTurn>;
    this.turns.push(new vscodeShim.ChatResponseTurn(last.response, {}));
  }
}

const resumeOf = (i: Invocation) => (i.argv.includes('--resume') ? i.argv[i.argv.indexOf('--resume') + 1] : undefined);

describe('@cursor after a quick reload: resume decided from the visible history (issue 20, item 2)', function () {
  this.timeout(30_000);
  let s: Stack | undefined;
  afterEach(() => {
    s?.dispose();
    s = undefined;
  });

  function panel(turns: FakeScenario['turns'] = []): ChatPanel {
    s = createStack({ turns, turn: { kind: 'default', narration: '' } });
    shimState.workspaceFolder = s.workspace;
    return new ChatPanel(s, new MemoryStore());
  }

  it('a restored last answer without its metadata, and the CLI chat holding exactly the visible turns: --resume with only the new message', async () => {
    const chat = panel();
    const first = await chat.ask('first question about hello');
    const second = await chat.ask('second question about math');
    const chatId = resumeOf(second.turn);
    assert.ok(chatId, 'the second question did not resume the first chat');
    assert.equal(chatId, first.result.metadata?.cursorSessionId);
    chat.reload();
    chat.lastAnswerLosesMetadata();
    const third = await chat.ask('third question after the reload');
    assert.equal(resumeOf(third.turn), chatId, `the follow-up ran with ${third.turn.argv.join(' ')}`);
    assert.ok(third.turn.stdin?.includes('third question after the reload'), String(third.turn.stdin));
    assert.ok(
      !third.turn.stdin?.includes('first question') && !third.turn.stdin?.includes('second question'),
      `the resumed turn re-sent the history: ${third.turn.stdin}`,
    );
  });

  it('every restored answer without metadata, after one turn: still resumes the chat that holds it', async () => {
    const chat = panel();
    const first = await chat.ask('only question so far');
    chat.reload();
    chat.lastAnswerLosesMetadata();
    const next = await chat.ask('a follow-up');
    assert.equal(resumeOf(next.turn), first.result.metadata?.cursorSessionId);
    assert.ok(!next.turn.stdin?.includes('only question so far'), String(next.turn.stdin));
  });

  it('a restored chat that lost its last turn starts a fresh chat with the visible history (the CLI chat holds a turn the panel does not show)', async () => {
    const chat = panel();
    await chat.ask('first question about hello');
    await chat.ask('second question about math');
    chat.reload();
    chat.turns.splice(2); // VS Code restored the chat without the second turn
    chat.lastAnswerLosesMetadata();
    const next = await chat.ask('third question after the reload');
    assert.equal(resumeOf(next.turn), undefined, `resumed a chat holding a turn the panel lost: ${next.turn.argv.join(' ')}`);
    assert.ok(next.turn.stdin?.includes('first question about hello'), `the fresh chat lacks the visible history: ${next.turn.stdin}`);
    assert.ok(!next.turn.stdin?.includes('second question about math'), `the fresh chat carries the lost turn: ${next.turn.stdin}`);
  });

  it('an edit of an earlier request starts a fresh chat with the history before it, after a reload too', async () => {
    const chat = panel();
    await chat.ask('first question about hello');
    await chat.ask('second question about math');
    await chat.ask('third question about tests');
    chat.reload();
    chat.turns.splice(2); // editing the second request removes it and what followed
    chat.lastAnswerLosesMetadata();
    const edited = await chat.ask('second question, edited');
    assert.equal(resumeOf(edited.turn), undefined, `the edited request resumed ${resumeOf(edited.turn)}, which holds the discarded turns`);
    assert.ok(edited.turn.stdin?.includes('first question about hello'), String(edited.turn.stdin));
    assert.ok(
      !edited.turn.stdin?.includes('math') && !edited.turn.stdin?.includes('tests'),
      `the fresh chat carries discarded turns: ${edited.turn.stdin}`,
    );
  });

  it('a retry of the last request starts a fresh chat (the CLI chat already holds the first try)', async () => {
    const chat = panel();
    await chat.ask('first question about hello');
    await chat.ask('second question about math');
    chat.turns.splice(2); // Retry: the second turn goes, the same question is sent again
    const retried = await chat.ask('second question about math');
    assert.equal(resumeOf(retried.turn), undefined, `the retry resumed ${resumeOf(retried.turn)}`);
    assert.ok(retried.turn.stdin?.includes('first question about hello'), String(retried.turn.stdin));
  });

  // Issue 45 (item 4) changed this rule: a quick reload restores a chat with part of its last answer (VS Code saved it
  // while it streamed) or none; the CLI chat holds the whole answer, so the follow-up continues it and is sent alone,
  // as in a chat VS Code saved in time (before: a fresh chat with what the panel showed, the question sent again).
  it('a restored answer cut short (saved while it streamed) still continues the CLI chat, and only the follow-up is sent', async () => {
    const chat = panel();
    const first = await chat.ask('first question about hello');
    chat.reload();
    const last = chat.turns.pop() as InstanceType<typeof vscodeShim.ChatResponseTurn>;
    const shown = (last.response[0] as InstanceType<typeof vscodeShim.ChatResponseMarkdownPart>).value.value;
    chat.turns.push(new vscodeShim.ChatResponseTurn([new vscodeShim.ChatResponseMarkdownPart(shown.slice(0, 12))], {}));
    const next = await chat.ask('a follow-up');
    assert.equal(resumeOf(next.turn), first.result.metadata?.cursorSessionId, next.turn.argv.join(' '));
    assert.ok(!next.turn.stdin?.includes('first question about hello'), `the question was sent again: ${next.turn.stdin}`);
  });

  it('a restored chat whose last answer was not saved at all still continues the CLI chat, and only the follow-up is sent', async () => {
    const chat = panel();
    const first = await chat.ask('first question about hello');
    chat.reload();
    chat.turns.pop();
    chat.turns.push(new vscodeShim.ChatResponseTurn([], {}));
    const next = await chat.ask('a follow-up');
    assert.equal(resumeOf(next.turn), first.result.metadata?.cursorSessionId, next.turn.argv.join(' '));
    assert.ok(!next.turn.stdin?.includes('first question about hello'), `the question was sent again: ${next.turn.stdin}`);
  });

  it('a restored answer saved before its usage line was drawn still resumes (the line is ours, not the answer)', async () => {
    const chat = panel();
    const first = await chat.ask('first question about hello');
    const shown = first.markdown;
    assert.match(shown, /\n\n\*[^\n]* output tokens[^\n]*\*$/, 'the answer has no usage line to lose');
    chat.reload();
    chat.turns.pop();
    chat.turns.push(new vscodeShim.ChatResponseTurn([new vscodeShim.ChatResponseMarkdownPart(shown.slice(0, shown.lastIndexOf('\n\n*')))], {}));
    const next = await chat.ask('a follow-up');
    assert.equal(resumeOf(next.turn), first.result.metadata?.cursorSessionId, next.turn.argv.join(' '));
  });

  it('after Stop, the next request starts a fresh chat with what the panel shows (the CLI chat holds an answer the panel shows only in part)', async () => {
    const chat = panel([
      { kind: 'default', narration: '' },
      { kind: 'slowStream', intervalMs: 50, durationMs: 10_000 },
    ]);
    await chat.ask('first question about hello');
    const stopped = await chat.ask('a long second question', { stopAtFirstText: true });
    assert.ok(resumeOf(stopped.turn), 'the second request did not resume the first chat');
    const next = await chat.ask('third question after the stop');
    assert.equal(resumeOf(next.turn), undefined, `resumed the stopped chat: ${next.turn.argv.join(' ')}`);
    assert.ok(next.turn.stdin?.includes('first question about hello') && next.turn.stdin.includes('a long second question'), String(next.turn.stdin));
  });

  it('an answer the CLI filed under an id that is not a chat id: the next request starts fresh with the whole visible history', async () => {
    const answer = 'Second answer.';
    const events = [
      { type: 'assistant', message: { role: 'assistant', content: [{ type: 'text', text: answer }] } },
      {
        type: 'result',
        subtype: 'success',
        is_error: false,
        result: answer,
        session_id: 'not.a/chat-id',
        usage: { inputTokens: 1, outputTokens: 1 },
      },
    ];
    const chat = panel([
      { kind: 'default', narration: '' },
      { kind: 'script', events },
    ]);
    await chat.ask('first question about hello');
    await chat.ask('second question about math');
    const next = await chat.ask('third question');
    assert.equal(resumeOf(next.turn), undefined, `resumed a chat that does not hold the second answer: ${next.turn.argv.join(' ')}`);
    assert.ok(next.turn.stdin?.includes('second question about math') && next.turn.stdin.includes(answer), String(next.turn.stdin));
  });
});
