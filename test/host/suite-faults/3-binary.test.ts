// The binary itself changing under the extension: deleted between turns (then
// restored), and the cursorAgent.path setting changed while a turn runs.
import * as assert from 'assert';
import * as fs from 'fs';
import * as vscode from 'vscode';
import { createFakeCli, FAKE_NARRATION, FakeCli } from '../../fixtures/fakeCli';
import {
  assertAllGone,
  assertChatAnswer,
  assertChatError,
  assertLmAnswer,
  assertLmError,
  chatRequest,
  cursorModel,
  fake,
  fakeAnswer,
  fakeRendered,
  lmRequest,
  logMark,
  setScenario,
  turnRunning,
  turnsSince,
  userMessage,
  waitForLog,
} from '../requests';

describe('the binary changing between and during turns', function () {
  before(async function () {
    this.timeout(30_000);
    setScenario({});
    await cursorModel('auto', 25_000);
  });
  afterEach(() => setScenario({}));

  it('deleted between turns: "not installed" on both surfaces; restored: both answer again', async function () {
    this.timeout(30_000);
    const bin = fake().binPath;
    const saved = fs.readFileSync(bin);
    const mode = fs.statSync(bin).mode;
    // A turn first, so the extension has the binary resolved and cached.
    const warm = 'Warm up. deleted-warm';
    assertLmAnswer(await lmRequest(warm), fakeAnswer('auto', warm));
    const before = fake().invocations().length;
    fs.rmSync(bin);
    try {
      const lm = await lmRequest('Anyone there? deleted-lm');
      assertLmError(lm, userMessage('notInstalled'), 'NotFound');
      const from = logMark();
      const chat = await chatRequest('Anyone there? deleted-chat');
      await assertChatError(chat, 'notInstalled', userMessage('notInstalled'), from);
      assert.deepStrictEqual(turnsSince(before), [], 'nothing ran while the binary was missing');
    } finally {
      fs.writeFileSync(bin, saved, { mode });
    }
    await assertAllGone('binary deleted');

    // The failed chat turn re-probed the CLI: "not installed". The models last listed stay in
    // the picker; asking vscode.lm for them re-checks the CLI (throttled), and the turn runs again.
    const t0 = Date.now();
    const q1 = 'Back again? restored-lm';
    assertLmAnswer(await lmRequest(q1), fakeAnswer('auto', q1));
    console.log(`      (answered ${Date.now() - t0} ms after the binary was restored)`);
    const q2 = 'Back again? restored-chat';
    await assertChatAnswer(await chatRequest(q2), fakeAnswer('auto', q2), fakeRendered('auto', q2));
    await assertAllGone('binary restored');
  });

  describe('cursorAgent.path changed while a turn runs', () => {
    let other: FakeCli | undefined;
    const config = () => vscode.workspace.getConfiguration('cursorAgent');
    let original: string | undefined;

    before(() => {
      original = config().inspect<string>('path')?.globalValue;
    });
    afterEach(async function () {
      this.timeout(10_000);
      if (config().inspect<string>('path')?.globalValue !== original) await config().update('path', original, vscode.ConfigurationTarget.Global);
      other?.cleanup();
      other = undefined;
    });

    it('the running turn ends cleanly, the next turn uses the new binary', async function () {
      this.timeout(30_000);
      other = createFakeCli({ scenario: { turn: { kind: 'default', answer: 'Answered by the second binary.' } } });
      setScenario({ turn: { kind: 'slowStream', intervalMs: 50, durationMs: 2500 } });
      const before = fake().invocations().length;
      const pending = lmRequest('A slow answer. path-change');
      const running = await turnRunning(before);
      const from = logMark();
      await config().update('path', other.binPath, vscode.ConfigurationTarget.Global);
      assert.strictEqual(config().inspect<string>('path')?.globalValue, other.binPath);
      const first = await pending;
      // It ran to its end on the old binary (the setting does not cut a turn short): every delta, in order.
      const n = first.text.trim().split(' ').length;
      assert.ok(n >= 10, `the running turn's answer: ${JSON.stringify(first.text)}`);
      assertLmAnswer(first, Array.from({ length: n }, (_, i) => `s${i} `).join(''));
      await assertAllGone('path changed mid-turn', [fake(), other]);
      assert.ok(!fake().livePids().includes(running.pid));

      const second = await lmRequest('Which binary? path-change-next-lm');
      assertLmAnswer(second, FAKE_NARRATION + 'Answered by the second binary.');
      const chat = await chatRequest('Which binary? path-change-next-chat');
      await assertChatAnswer(chat, FAKE_NARRATION + 'Answered by the second binary.', `${FAKE_NARRATION}\n\nAnswered by the second binary.`);
      assert.strictEqual(turnsSince(before).length, 1, 'the old binary ran only the first turn');
      assert.strictEqual(turnsSince(0, other).length, 2, 'the new binary ran both later turns');
      await waitForLog(`[binary] using ${other.binPath}`, from);
      await assertAllGone('after the path change', [fake(), other]);
    });
  });
});
