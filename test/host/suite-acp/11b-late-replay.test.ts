// A chat continued after its ACP process ended (a window reload, an idle timeout): the CLI's `session/load`
// replays the history, part of it late, in any ordering against our next requests and the new turn.
// None of it is ever shown as the answer, and the new answer is complete.
import * as assert from 'assert';
import type { LateReplayOrder } from '../../fixtures/acp/lateReplay';
import { chatRequest } from '../requests';
import { renderedAnswer } from '../helpers';
import { acpReady, freshAgents, wire } from './support';

const ORDERS: LateReplayOrder[] = ['beforeAnswers', 'betweenAnswers', 'afterAnswers', 'duringTurn'];

describe('a continued chat never shows its replayed history as the new answer (ACP)', function () {
  this.timeout(60_000);
  before(async function () {
    this.timeout(30_000);
    await acpReady();
  });

  for (const at of ORDERS) {
    it(`history replayed late (${at}) is not the answer; the new answer is shown whole`, async () => {
      await freshAgents({ turn: { kind: 'answer', text: 'Second answer: the first part.' } });
      const first = await chatRequest(`Remember this. late-${at}-1`);
      assert.strictEqual(first.metadata?.errorKind, undefined, JSON.stringify(first));
      const loadsBefore = wire().filter((l) => l.dir === 'in' && l.msg.method === 'session/load').length;
      // A new process: the chat's session is loaded and the replay's last answer comes late, in this ordering.
      await freshAgents({
        loadedMode: 'plan',
        loadedModel: 'default[]',
        lateTail: { at, ms: 50 },
        turn: { kind: 'answer', text: 'Third answer: the new part, whole.', chunk: 6, delayMs: 20 },
      });
      const second = await chatRequest(`And now? late-${at}-2`, false);
      assert.strictEqual(second.metadata?.errorKind, undefined, JSON.stringify(second));
      assert.strictEqual(await renderedAnswer(), 'Third answer: the new part, whole.');
      assert.strictEqual(wire().filter((l) => l.dir === 'in' && l.msg.method === 'session/load').length, loadsBefore + 1, 'not loaded');
    });
  }
});
