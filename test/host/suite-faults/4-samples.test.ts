// Every real capture in test/fixtures/samples/*.jsonl, replayed by the fake CLI line for line
// and answered through vscode.lm and @cursor in the extension host: the exact text for the
// answers, and the read-only breach for the one recorded with --force.
import * as assert from 'assert';
import * as fs from 'fs';
import type { CliErrorKind } from '../../../src/cli/errors';
import { resultTextOf, sampleLines, SAMPLES_DIR } from '../../support/samples';
import {
  assertAllGone,
  assertChatAnswer,
  assertChatError,
  assertLmAnswer,
  assertLmError,
  chatRequest,
  cursorModel,
  fake,
  lmRequest,
  logMark,
  setScenario,
  turnsSince,
  userMessage,
} from '../requests';

interface SampleCase {
  /** What the user sees: the answer, or the text shown before the error. */
  text: string;
  kind?: CliErrorKind;
  /** The exact text the user reads for the error (message, then fix). */
  message?: string;
  lmCode?: string;
}

/** The result.result of a sample (its answer). */
function resultOf(name: string): string {
  const result = resultTextOf(sampleLines(name));
  if (typeof result !== 'string') throw new Error(`${name} has no result`);
  return result;
}

const EXPECTED: Record<string, SampleCase> = {
  'dsh-stream-json-nopartial.jsonl': { text: 'alpha' },
  'fusion-cursor-mcp-server-failure.jsonl': { text: 'No MCP servers were available.' },
  'fusion-cursor-mcp-tool-call.jsonl': { text: 'ECHO:hello' },
  'senpi-stream-partial-thinking-success.jsonl': {
    text: 'STREAMTEST OK\n\nI enjoy a freshly brewed cup of coffee every morning before starting my work day.',
  },
  // Recorded with --force: the shell command ran, which a read-only turn must not allow.
  'senpi-stream-shell-success-force.jsonl': {
    text: '명령을 실행해 stdout을 확인합니다.\n',
    kind: 'policyBreach',
    message:
      'The Cursor agent changed something in a read-only turn (Running `echo tooltest-force-77`), so the turn was stopped. ' +
      'Review your workspace for changes (e.g. `git status`). Report this to Cursor; this extension only runs the agent in plan/ask mode.',
    lmCode: 'Blocked',
  },
};

describe('every real sample, replayed through vscode.lm and @cursor', function () {
  before(async function () {
    this.timeout(30_000);
    setScenario({});
    await cursorModel('auto', 25_000);
  });
  afterEach(() => setScenario({}));

  const names = fs
    .readdirSync(SAMPLES_DIR())
    .filter((n) => n.endsWith('.jsonl'))
    .sort();

  it('knows what each sample must show (a new sample needs an expectation here)', () => {
    assert.deepStrictEqual(names, Object.keys(EXPECTED).sort());
    for (const [name, c] of Object.entries(EXPECTED)) if (!c.kind) assert.strictEqual(c.text, resultOf(name), name);
  });

  for (const name of names) {
    const c = EXPECTED[name];
    if (!c) continue;
    const expected = c.kind ? (c.message ?? userMessage(c.kind)) : undefined;

    it(`${name}: vscode.lm ${c.kind ? `→ ${c.kind}` : 'shows the answer exactly once'}`, async function () {
      this.timeout(20_000);
      setScenario({ turn: { kind: 'replay', sample: name, timing: 'none' } });
      const before = fake().invocations().length;
      const o = await lmRequest(`Replay ${name} (lm)`);
      assert.strictEqual(turnsSince(before).length, 1);
      if (expected) {
        assertLmError(o, expected, c.lmCode ?? '');
        assert.ok(c.text.startsWith(o.text), `not a prefix of what was shown: ${JSON.stringify(o.text)}`);
      } else {
        assertLmAnswer(o, c.text);
      }
      await assertAllGone(name);
    });

    it(`${name}: @cursor ${c.kind ? `→ ${c.kind}` : 'shows the answer exactly once'}`, async function () {
      this.timeout(20_000);
      setScenario({ turn: { kind: 'replay', sample: name, timing: 'none' } });
      const before = fake().invocations().length;
      const from = logMark();
      const r = await chatRequest(`Replay ${name} (chat)`);
      assert.strictEqual(turnsSince(before).length, 1);
      if (expected) {
        await assertChatError(r, c.kind!, expected, from);
        assert.strictEqual(r.metadata?.answerText ?? '', c.text, 'the partial answer kept in the chat');
      } else {
        await assertChatAnswer(r, c.text);
      }
      await assertAllGone(name);
    });
  }
});
