// A follow-up resumes the CLI chat that holds the conversation. When the CLI no longer knows
// that chat, it may say so ("No previous chats found.") or silently start an empty chat under
// another id; either way the turn reruns as a fresh chat with the visible history, once.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { FakeScenario } from '../../fixtures/fakeCli';
import { assertAllGone, chatRequest, cursorModel, fake, fakeAnswer, setScenario, turnsSince } from '../requests';

const argValue = (argv: string[], flag: string) => (argv.includes(flag) ? argv[argv.indexOf(flag) + 1] : undefined);

/** The fake forgets every chat it issued (as after a CLI reinstall or on another machine). */
function forgetChats(): void {
  fs.rmSync(path.join(fake().dir, 'sessions'), { recursive: true, force: true });
}

const BEHAVIOURS: Array<[string, FakeScenario]> = [
  ['says "No previous chats found."', { unknownResume: 'noPreviousChats' }],
  ['silently starts a new chat', { unknownResume: 'freshChat' }],
];

describe('resuming a chat the CLI has forgotten', function () {
  before(async function () {
    this.timeout(30_000);
    setScenario({});
    await cursorModel('auto', 25_000);
  });
  afterEach(() => setScenario({}));

  BEHAVIOURS.forEach(([what, scenario], i) => {
    it(`@cursor: when the CLI ${what}, the follow-up reruns as a fresh chat with the history`, async function () {
      this.timeout(30_000);
      setScenario(scenario);
      const q1 = `Where is hello defined? forgot-chat-${i}-one`;
      const q2 = `And what does it return? forgot-chat-${i}-two`;
      const first = await chatRequest(q1);
      assert.strictEqual(first.errorDetails, undefined, JSON.stringify(first));
      forgetChats();
      const before = fake().invocations().length;
      const second = await chatRequest(q2, false);
      assert.strictEqual(second.errorDetails, undefined, JSON.stringify(second));
      const turns = turnsSince(before);
      assert.strictEqual(turns.length, 2, 'one resume attempt, then one fresh run');
      assert.strictEqual(argValue(turns[0]!.argv, '--resume'), first.metadata?.cursorSessionId);
      assert.strictEqual(argValue(turns[1]!.argv, '--resume'), undefined);
      assert.ok(
        turns[1]!.stdin?.includes(q1) && turns[1]!.stdin.includes(q2),
        `the fresh chat lacks the history: ${JSON.stringify(turns[1]!.stdin)}`,
      );
      assert.strictEqual(second.metadata?.answerText, fakeAnswer('auto', turns[1]!.stdin ?? ''));
      assert.notStrictEqual(second.metadata?.cursorSessionId, first.metadata?.cursorSessionId);
      await assertAllGone(what);
    });

    it(`vscode.lm: when the CLI ${what}, the follow-up reruns as a fresh chat with the history`, async function () {
      this.timeout(30_000);
      setScenario(scenario);
      const model = await cursorModel('auto');
      const q1 = `First question. forgot-lm-${i}-one`;
      const q2 = `Second question. forgot-lm-${i}-two`;
      const read = async (r: vscode.LanguageModelChatResponse) => {
        let t = '';
        for await (const p of r.text) t += p;
        return t;
      };
      const a1 = await read(await model.sendRequest([vscode.LanguageModelChatMessage.User(q1)], {}, new vscode.CancellationTokenSource().token));
      forgetChats();
      const before = fake().invocations().length;
      const a2 = await read(
        await model.sendRequest(
          [vscode.LanguageModelChatMessage.User(q1), vscode.LanguageModelChatMessage.Assistant(a1), vscode.LanguageModelChatMessage.User(q2)],
          {},
          new vscode.CancellationTokenSource().token,
        ),
      );
      const turns = turnsSince(before);
      assert.strictEqual(turns.length, 2, 'one resume attempt, then one fresh run');
      assert.ok(argValue(turns[0]!.argv, '--resume'));
      assert.strictEqual(argValue(turns[1]!.argv, '--resume'), undefined);
      assert.ok(turns[1]!.stdin?.includes(q1) && turns[1]!.stdin.includes(a1) && turns[1]!.stdin.includes(q2));
      // Only the fresh chat's answer reaches the caller (nothing from the abandoned run).
      assert.strictEqual(a2, fakeAnswer('auto', turns[1]!.stdin ?? ''));
      await assertAllGone(what);
    });
  });
});
