// Faults of a running turn, each driven from the fake CLI through both surfaces:
// the language model API (the error the caller gets, with the text that arrived)
// and the @cursor participant (the chat result and the kind the extension logs).
// After every fault: every process of the turn is gone and the next turn answers.
import * as assert from 'assert';
import * as path from 'path';
import * as vscode from 'vscode';
import type { CliErrorKind } from '../../../src/cli/errors';
import { shownText } from '../../fixtures/userTexts';
import type { FakeTurnScenario } from '../../fixtures/fakeCli';
import {
  assertAllGone,
  assertChatAnswer,
  assertChatError,
  assertChatRecovered,
  assertLmAnswer,
  assertLmError,
  assertLmRecovered,
  chatRequest,
  cursorModel,
  env,
  fake,
  lmRequest,
  logMark,
  setScenario,
  renderedAnswer,
  turnsSince,
  waitForLog,
} from '../requests';

/** The fixes the user reads after the message, written out from the requirement. */
const TIMEOUT_FIX =
  'Check your network and `cursor-agent status`, then ask again. The timeouts are the `cursorAgent.firstOutputTimeoutSeconds` and `cursorAgent.inactivityTimeoutSeconds` settings.';
const MALFORMED_FIX = 'Update the CLI (`cursor-agent update`) and try again; the log has the details.';
const BREACH_FIX =
  'Review your workspace for changes (e.g. `git status`). Report this to Cursor; this extension only runs the agent in plan/ask mode.';

const ANSWER = 'The quick brown fox jumps over the lazy dog, twice.';
/** The fake streams 12 code points per delta; `afterEvents: 10` stops after init, user, 4 thinking, 2 tool and 2 deltas. */
const TWO_DELTAS = ANSWER.slice(0, 24);

/** The rows of issue 11's table: deltas that repeat the stretch so far, and the recap. */
const REPEATS: Array<{ deltas: string[]; recap: string }> = [
  { deltas: ['ha', 'ha', '!'], recap: 'haha!' },
  { deltas: ['=', '=', '= title'], recap: '=== title' },
  { deltas: ['\n', '\nHello'], recap: '\n\nHello' },
];
const assistantEvent = (text: string, extra: object = {}) => ({
  type: 'assistant',
  message: { role: 'assistant', content: [{ type: 'text', text }] },
  ...extra,
});
const resultEvent = (text: string) => ({
  type: 'result',
  subtype: 'success',
  is_error: false,
  result: text,
  duration_ms: 5,
  usage: { inputTokens: 10, outputTokens: 5, cacheReadTokens: 0, cacheWriteTokens: 0 },
});

interface FaultCase {
  name: string;
  turn: FakeTurnScenario;
  /** The error the user sees, or none (the answer arrives). */
  kind?: CliErrorKind;
  /** The exact text the user reads (message, then fix); default: the kind's text without details (test/fixtures/userTexts.ts). */
  message?: string;
  /** The text that reaches the user: the answer, or what arrived before the error. */
  text: string;
  /** What the chat panel shows when it differs from `text` (a paragraph break after a tool call). */
  rendered?: string;
  /** A line the extension must log for this case. */
  logs?: string;
  /**
   * Deadlines (first output, inactivity) far beyond the test's own timeout for this case, so
   * that only ending the turn at `result` can pass it (not the inactivity deadline ending it later).
   */
  farDeadlines?: boolean;
}

const LM_CODE: Partial<Record<CliErrorKind, string>> = {
  loggedOut: 'NoPermissions',
  keychainLocked: 'NoPermissions',
  invalidApiKey: 'NoPermissions',
  unknownModel: 'NotFound',
  notInstalled: 'NotFound',
  policyBreach: 'Blocked',
};

const CASES: FaultCase[] = [
  {
    name: 'no first line (silent from the start)',
    turn: { kind: 'noFirstLine' },
    kind: 'timeout',
    message: `The Cursor CLI printed nothing for 5 s after starting. ${TIMEOUT_FIX}`,
    text: '',
  },
  {
    name: 'silence mid-stream',
    turn: { kind: 'silenceMidStream', afterEvents: 10, answer: ANSWER },
    kind: 'timeout',
    message: `The Cursor CLI stopped responding (no output for 5 s). ${TIMEOUT_FIX}`,
    text: TWO_DELTAS,
  },
  {
    name: 'crash mid-stream (SIGKILL)',
    turn: { kind: 'crashMidStream', afterEvents: 10, signal: true, answer: ANSWER },
    kind: 'unknown',
    message: 'The Cursor CLI failed: it was killed by SIGKILL. See the Cursor log for details.',
    text: TWO_DELTAS,
  },
  {
    name: 'crash mid-stream (exit 1, RetriableError on stderr)',
    turn: { kind: 'crashMidStream', afterEvents: 10, answer: ANSWER },
    kind: 'network',
    text: TWO_DELTAS,
  },
  {
    name: 'exit 1: logged out',
    turn: {
      kind: 'stderrExit',
      stderr: "Error: Authentication required. Please run 'agent login' first, or set CURSOR_API_KEY environment variable.",
    },
    kind: 'loggedOut',
    text: '',
  },
  {
    name: 'exit 1: keychain locked',
    turn: { kind: 'stderrExit', stderr: 'Error: Your macOS login keychain is locked.\nRun security unlock-keychain and try again.' },
    kind: 'keychainLocked',
    text: '',
  },
  { name: 'exit 1: invalid API key', turn: { kind: 'stderrExit', stderr: 'The provided API key is invalid.' }, kind: 'invalidApiKey', text: '' },
  {
    name: 'exit 1: unknown model',
    turn: { kind: 'stderrExit', stderr: 'Cannot use this model: gpt-9. Available models: auto, composer-2.5-fast, gpt-5' },
    kind: 'unknownModel',
    message:
      'Cursor does not offer the model `gpt-9` to this account. Available: auto, composer-2.5-fast, gpt-5. Pick another model with "Cursor: Switch Model" or in the model picker.',
    text: '',
  },
  {
    name: 'exit 1: usage limit',
    turn: { kind: 'stderrExit', stderr: "Error: You've hit your usage limit for this billing period." },
    kind: 'usageLimit',
    text: '',
  },
  {
    name: 'exit 1: network (reconnecting, then RetriableError)',
    turn: {
      kind: 'stderrExit',
      stderr:
        'Connection lost, reconnecting to https://api2.cursor.sh (attempt 1)...\nConnection lost, reconnecting to https://api2.cursor.sh (attempt 2)...\nRetriableError: [unavailable] Error',
    },
    kind: 'network',
    text: '',
  },
  {
    name: 'exit 1: session in use',
    turn: { kind: 'stderrExit', stderr: 'Error: Session ID "6c1f3a52-8f0e-4b8e-9a51-2d3c4b5a6f70" is already in use.' },
    kind: 'sessionInUse',
    text: '',
  },
  {
    name: 'exit 0 with no output at all',
    turn: { kind: 'exitSilently' },
    kind: 'malformedStream',
    message: `The Cursor CLI's output could not be understood (it exited without printing anything; very large prompts do this). ${MALFORMED_FIX}`,
    text: '',
  },
  {
    name: 'no result line (exit 0)',
    turn: { kind: 'noResult', answer: ANSWER },
    kind: 'malformedStream',
    message: `The Cursor CLI's output could not be understood (it ended without finishing its answer; what arrived is shown above). ${MALFORMED_FIX}`,
    text: ANSWER,
  },
  { name: 'result, then never exiting', turn: { kind: 'resultThenHang', answer: ANSWER }, text: ANSWER, farDeadlines: true },
  { name: 'a grandchild that outlives its parent', turn: { kind: 'grandchild', delayMs: 5, answer: ANSWER }, text: ANSWER },
  {
    name: 'a grandchild in its own session (setsid) that outlives its parent',
    turn: { kind: 'grandchild', delayMs: 5, detached: true, answer: ANSWER },
    text: ANSWER,
  },
  { name: 'a 5 MB line (a big file read)', turn: { kind: 'hugeLine', bytes: 5 * 1024 * 1024, answer: ANSWER }, text: ANSWER },
  {
    name: 'a 50 MB line (over the line limit: dropped)',
    turn: { kind: 'hugeLine', bytes: 50 * 1024 * 1024, answer: ANSWER },
    text: ANSWER,
    logs: '[runner] dropped a stdout line over',
  },
  { name: 'binary noise and invalid UTF-8 between events', turn: { kind: 'binaryNoise', answer: ANSWER }, text: ANSWER },
  { name: 'unknown event types and fields', turn: { kind: 'unknownEvents', answer: ANSWER }, text: ANSWER },
  {
    name: 'a write tool call completing in a read-only turn',
    turn: { kind: 'writeToolSuccess', tool: 'write', answer: ANSWER },
    kind: 'policyBreach',
    message: `The Cursor agent changed something in a read-only turn (Writing ${path.join(env('CURSOR_AGENT_TEST_WORKSPACE'), 'fake-written.txt')}), so the turn was stopped. ${BREACH_FIX}`,
    text: '',
  },
  {
    name: 'a shell tool call completing in a read-only turn',
    turn: { kind: 'writeToolSuccess', tool: 'shell', answer: ANSWER },
    kind: 'policyBreach',
    message: `The Cursor agent changed something in a read-only turn (Running \`touch fake-written.txt\`), so the turn was stopped. ${BREACH_FIX}`,
    text: '',
  },
  // Text that repeats itself (issue 11): deltas equal to the stretch so far, then the recap.
  ...REPEATS.map(({ deltas, recap }): FaultCase => ({
    name: `deltas ${JSON.stringify(deltas)} and the end recap`,
    turn: {
      kind: 'script',
      events: [...deltas.map((d, i) => assistantEvent(d, { timestamp_ms: 1000 + i })), assistantEvent(recap), resultEvent(recap)],
    },
    text: recap,
  })),
  ...REPEATS.map(({ deltas, recap }): FaultCase => ({
    name: `deltas ${JSON.stringify(deltas)}, a model_call_id recap, a tool call, the same again`,
    turn: {
      kind: 'script',
      events: [
        ...deltas.map((d, i) => assistantEvent(d, { timestamp_ms: 1000 + i })),
        assistantEvent(recap, { model_call_id: 'a1b2-0-xyz', timestamp_ms: 1100 }),
        { type: 'tool_call', subtype: 'started', call_id: 'tool_1', tool_call: { lsToolCall: { args: { path: '.' } } } },
        { type: 'tool_call', subtype: 'completed', call_id: 'tool_1', tool_call: { lsToolCall: { args: { path: '.' }, result: { success: {} } } } },
        ...deltas.map((d, i) => assistantEvent(d, { timestamp_ms: 1200 + i })),
        assistantEvent(recap),
        resultEvent(recap + recap),
      ],
    },
    text: recap + recap,
    // @cursor starts a new paragraph for text after a tool call, unless the text so far ends in white space.
    rendered: recap + (/\s$/.test(recap) ? '' : '\n\n') + recap,
  })),
  {
    name: 'network trouble the CLI recovers from (connection/reconnecting, retry/starting, reconnected)',
    turn: { kind: 'reconnect', answer: ANSWER, stallMs: 300 },
    text: ANSWER,
  },
  {
    name: 'network trouble the CLI gives up on (no result, RetriableError on stderr)',
    turn: { kind: 'reconnect', answer: ANSWER, giveUp: true },
    kind: 'network',
    text: ANSWER.slice(0, 12),
  },
  {
    name: 'an error result: usage limit',
    turn: { kind: 'errorResult', message: "Error: You've hit your usage limit" },
    kind: 'usageLimit',
    text: '',
  },
  {
    name: 'an error result after some text, in words the extension does not know',
    turn: { kind: 'errorResult', message: 'The agent could not finish this request.', afterText: true, answer: ANSWER },
    kind: 'unknown',
    message: 'The Cursor CLI failed: The agent could not finish this request. See the Cursor log for details.',
    text: ANSWER.slice(0, 12),
  },
  {
    name: 'exit 1: a reconnect the CLI recovered from, then a session in use',
    turn: {
      kind: 'stderrExit',
      stderr:
        'Connection lost, reconnecting to https://api2.cursor.sh (attempt 1)...\nError: Session ID "6c1f3a52-8f0e-4b8e-9a51-2d3c4b5a6f70" is already in use.',
    },
    kind: 'sessionInUse',
    text: '',
  },
  {
    name: 'exit 1: a network error whose stack frame holds line 429',
    turn: {
      kind: 'stderrExit',
      stderr:
        'Error: read ECONNRESET\n    at TLSWrap.onStreamRead (node:internal/stream_base_commons:218:20)\n    at ConnectError.from (file:///agent/index.js:429:17)',
    },
    kind: 'network',
    text: '',
  },
  {
    name: 'exit 1: RetriableError [resource_exhausted]',
    turn: { kind: 'stderrExit', stderr: 'RetriableError: [resource_exhausted] Error\n    at ConnectError.from (file:///agent/index.js:1:1)' },
    kind: 'rateLimit',
    text: '',
  },
];

/** Runs `fn` with the case's deadlines: the suite's 5 s, or 3600 s for `farDeadlines` cases. */
async function withDeadlines<T>(c: FaultCase, fn: () => Promise<T>): Promise<T> {
  if (!c.farDeadlines) return fn();
  const config = () => vscode.workspace.getConfiguration('cursorAgent');
  const keys = ['firstOutputTimeoutSeconds', 'inactivityTimeoutSeconds'];
  const before = keys.map((k) => config().inspect<number>(k)?.globalValue);
  for (const k of keys) await config().update(k, 3600, vscode.ConfigurationTarget.Global);
  try {
    return await fn();
  } finally {
    for (const [i, k] of keys.entries()) await config().update(k, before[i], vscode.ConfigurationTarget.Global);
  }
}

describe('faults of a turn, through vscode.lm and @cursor', function () {
  before(async function () {
    this.timeout(30_000);
    setScenario({});
    await cursorModel('auto', 25_000);
  });
  afterEach(() => setScenario({}));

  CASES.forEach((c, i) => {
    const tag = `fault-${i}`;
    const expected = c.kind ? (c.message ?? shownText(c.kind)) : undefined;

    it(`${c.name}: vscode.lm ${c.kind ? `→ ${c.kind}` : 'answers'}`, async function () {
      this.timeout(20_000);
      setScenario({ turn: c.turn });
      const before = fake().invocations().length;
      const from = logMark();
      const o = await withDeadlines(c, () => lmRequest(`A question for the fault "${c.name}". ${tag}-lm`));
      assert.strictEqual(turnsSince(before).length, 1, 'exactly one turn ran (no silent retry)');
      if (expected) {
        assertLmError(o, expected, LM_CODE[c.kind!] ?? '');
      } else {
        assertLmAnswer(o, c.text);
      }
      assert.strictEqual(o.text, c.text, 'the text that reached the caller');
      if (c.logs) await waitForLog(c.logs, from);
      const ms = await assertAllGone(c.name);
      console.log(`      (${o.ms} ms; processes gone ${ms} ms after)`);
      await assertLmRecovered(`${tag}-lm`);
    });

    it(`${c.name}: @cursor ${c.kind ? `→ ${c.kind}` : 'answers'}`, async function () {
      this.timeout(20_000);
      setScenario({ turn: c.turn });
      const before = fake().invocations().length;
      const from = logMark();
      const t0 = Date.now();
      const r = await withDeadlines(c, () => chatRequest(`A question for the fault "${c.name}". ${tag}-chat`));
      const ms = Date.now() - t0;
      assert.strictEqual(turnsSince(before).length, 1, 'exactly one turn ran (no silent retry)');
      if (expected) {
        await assertChatError(r, c.kind!, expected, from);
        assert.strictEqual(r.metadata?.answerText ?? '', c.text, 'the partial answer kept in the chat');
        if (c.text) assert.strictEqual(await renderedAnswer(), c.text, 'the partial answer the chat panel shows');
      } else {
        await assertChatAnswer(r, c.text, c.rendered ?? c.text);
      }
      if (c.logs) await waitForLog(c.logs, from);
      const gone = await assertAllGone(c.name);
      console.log(`      (${ms} ms; processes gone ${gone} ms after)`);
      await assertChatRecovered(`${tag}-chat`);
    });
  });
});
