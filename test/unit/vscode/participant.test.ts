/**
 * What the chat panel receives from the real @cursor participant
 * (src/vscode/chat/participant.ts, run in plain Node on the benchmarks' minimal
 * `vscode` stand-in) for turns of the fake CLI: the markdown, the progress
 * lines and the buttons. The extension-host suites check the same turns end to
 * end, but VS Code gives a test no way to read a response's progress lines.
 */
import * as assert from 'node:assert/strict';
import { registerChatParticipant } from '../../../src/vscode/chat/participant';
import { readyAuth } from '../../support/auth';
import { ConversationIndex } from '../../../src/services/conversation/conversationIndex';
import { ModelChoice } from '../../../src/services/models/modelChoice';
import { DEFAULT_SETTINGS } from '../../../src/services/settingsSchema';
import { shimState } from '../../support/vscodeShim';
import { FAKE_NARRATION, FakeScenario } from '../../fixtures/fakeCli';
import { cancellationSource } from '../../support/cancellation';
import { MemoryLogger } from '../../support/logger';
import { NO_MODEL_PICKS } from '../../support/modelSources';
import { recordingResponseStream } from '../../support/responseStream';
import { createStack, Stack } from '../../support/stack';
import type { ModelPickWatch } from '../../../src/vscode/chat/modelPickWatch';

interface Rendered {
  markdown: string;
  progress: string[];
  buttons: string[];
  result: { errorDetails?: { message: string }; metadata?: Record<string, unknown> };
}

describe('@cursor renders what the CLI streams (participant on a vscode stand-in)', function () {
  this.timeout(30_000);
  let s: Stack | undefined;
  afterEach(() => {
    s?.dispose();
    s = undefined;
  });

  type Extra = { model?: { vendor: string; id: string }; modelPicks?: ModelPickWatch };
  async function ask(scenario: FakeScenario, prompt = 'What does app.ts export?', extra: Extra = {}): Promise<Rendered> {
    s = createStack(scenario);
    shimState.workspaceFolder = s.workspace;
    const logger = new MemoryLogger();
    const stack = s;
    shimState.participantHandler = undefined;
    registerChatParticipant({
      flow: stack.flow,
      binary: stack.binary,
      auth: readyAuth({ binary: stack.fake.binPath, logger }),
      catalog: stack.runtime.catalog,
      features: stack.runtime.features,
      settings: () => ({ ...DEFAULT_SETTINGS, showThinking: true }),
      modelChoice: new ModelChoice(),
      conversations: new ConversationIndex(),
      logger,
      platform: 'linux',
      backendStatus: stack.runtime.backendStatus,
      usesAcp: stack.runtime.usesAcp,
      modelPicks: extra.modelPicks ?? NO_MODEL_PICKS,
    });
    const handler = shimState.participantHandler as unknown as (...args: unknown[]) => Promise<Rendered['result']>;
    const { stream, shown } = recordingResponseStream();
    const { token } = cancellationSource();
    const result = await handler(
      { prompt, command: undefined, references: [], toolReferences: [], model: extra.model },
      { history: [] },
      stream,
      token,
    );
    return { ...shown, result };
  }

  it('starts a new paragraph for the text after a tool call, and keeps the answer as the CLI states it', async () => {
    const r = await ask({});
    const answer = 'Demo answer from auto: you asked "What does app.ts export?".';
    assert.ok(r.markdown.startsWith(`${FAKE_NARRATION}\n\n${answer}`), JSON.stringify(r.markdown));
    assert.equal(r.result.metadata?.answerText, FAKE_NARRATION + answer);
    assert.ok(
      r.progress.some((p) => p.startsWith('Reading ')),
      JSON.stringify(r.progress),
    );
  });

  // Issue 11's table: deltas that repeat the stretch so far, then the recap. The chat shows the recap's text once.
  for (const { deltas, recap } of [
    { deltas: ['ha', 'ha', '!'], recap: 'haha!' },
    { deltas: ['=', '=', '= title'], recap: '=== title' },
    { deltas: ['\n', '\nHello'], recap: '\n\nHello' },
  ]) {
    it(`shows deltas ${JSON.stringify(deltas)} and the recap ${JSON.stringify(recap)} exactly once in the chat`, async () => {
      const events = [
        ...deltas.map((text, i) => ({
          type: 'assistant',
          message: { role: 'assistant', content: [{ type: 'text', text }] },
          timestamp_ms: 1000 + i,
        })),
        { type: 'assistant', message: { role: 'assistant', content: [{ type: 'text', text: recap }] } },
        { type: 'result', subtype: 'success', is_error: false, result: recap, usage: { inputTokens: 1, outputTokens: 1 } },
      ];
      const r = await ask({ turn: { kind: 'script', events } });
      assert.equal(r.markdown.slice(0, r.markdown.lastIndexOf('\n\n*')), recap);
      assert.equal(r.result.metadata?.answerText, recap);
    });
  }

  it('shows a reconnecting line while the CLI reconnects, then the whole answer', async () => {
    const r = await ask({ turn: { kind: 'reconnect', answer: 'The answer after a reconnect.' } });
    assert.ok(r.progress.includes('Connection to Cursor lost, reconnecting…'), JSON.stringify(r.progress));
    assert.ok(r.markdown.startsWith('The answer after a reconnect.'), JSON.stringify(r.markdown));
    assert.equal(r.result.errorDetails, undefined);
  });

  it('shows the reconnecting line, the text so far and a network error when the CLI gives up', async () => {
    const r = await ask({ turn: { kind: 'reconnect', answer: 'The answer after a reconnect.', giveUp: true } });
    assert.ok(r.progress.includes('Connection to Cursor lost, reconnecting…'));
    assert.equal(r.markdown, 'The answer a');
    assert.equal(r.result.metadata?.errorKind, 'network');
    assert.match(r.result.errorDetails?.message ?? '', /could not reach Cursor/);
  });

  it("shows the CLI's error result as the error, with its buttons", async () => {
    const r = await ask({ turn: { kind: 'errorResult', message: "Error: You've hit your usage limit" } });
    assert.equal(r.result.metadata?.errorKind, 'usageLimit');
    assert.equal(
      r.result.errorDetails?.message,
      "You've hit your Cursor usage limit. Check your plan at cursor.com/settings, or switch to a model your plan still covers.",
    );
    assert.deepEqual(r.buttons, ['Switch Model', 'Show Logs']);
    assert.equal(r.markdown, '');
  });
  it("tells the model-pick watch each request's Cursor model (the walkthrough's model step ticks on a picker choice)", async () => {
    const seen: Array<string | undefined> = [];
    const modelPicks = { requested: (id: string | undefined) => seen.push(id) } as unknown as ModelPickWatch;
    await ask({}, 'q', { modelPicks, model: { vendor: 'cursor', id: 'auto' } });
    s?.dispose();
    await ask({}, 'q', { modelPicks, model: { vendor: 'copilot', id: 'gpt-4o' } });
    assert.deepEqual(seen, ['auto', undefined]);
  });
});
