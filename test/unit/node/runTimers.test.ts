import * as assert from 'assert';
import { NodeProcessRunner } from '../../../src/node/nodeProcessRunner';
import { fakeCliFixture, isResult } from './runHarness';
import { MemoryLogger } from '../../support/logger';

/** A run's deadlines (src/node/runTimers.ts): first output, inactivity. */
describe('NodeProcessRunner (real processes, fake cursor-agent)', function () {
  this.timeout(10000);
  let runner: NodeProcessRunner;
  beforeEach(() => (runner = new NodeProcessRunner(new MemoryLogger())));
  const { fake, turn } = fakeCliFixture(() => runner);

  it('times out when the first line never comes', async () => {
    const f = fake({ turn: { kind: 'noFirstLine' } });
    const outcome = await runner.run(turn(f, { firstOutputTimeoutMs: 300, inactivityTimeoutMs: 5000, onLine: () => undefined }));
    assert.strictEqual(outcome.kind, 'timeout');
    assert.strictEqual(outcome.timeoutStage, 'first output');
    assert.strictEqual(outcome.lines, 0);
    assert.ok(outcome.durationMs >= 280 && outcome.durationMs < 3000, `duration ${outcome.durationMs}`);
  });

  it('times out on silence mid-stream', async () => {
    const f = fake({ turn: { kind: 'silenceMidStream', afterEvents: 3 } });
    const outcome = await runner.run(turn(f, { firstOutputTimeoutMs: 5000, inactivityTimeoutMs: 300, onLine: () => undefined }));
    assert.strictEqual(outcome.kind, 'timeout');
    assert.strictEqual(outcome.timeoutStage, 'inactivity');
    assert.strictEqual(outcome.lines, 3);
  });

  it('never cuts a long stream whose lines come more often than the inactivity deadline', async () => {
    const f = fake({ turn: { kind: 'slowStream', intervalMs: 60, durationMs: 1200 } });
    const lines: string[] = [];
    const outcome = await runner.run(turn(f, { firstOutputTimeoutMs: 2000, inactivityTimeoutMs: 300, onLine: (l) => void lines.push(l) }));
    assert.strictEqual(outcome.kind, 'exited');
    assert.strictEqual(outcome.exitCode, 0);
    assert.ok(outcome.durationMs > 1100, `ran ${outcome.durationMs} ms`);
    assert.ok(lines.length > 10);
    assert.ok(isResult(lines[lines.length - 1] ?? ''));
  });
});
