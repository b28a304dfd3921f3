import * as assert from 'assert';
import type { RunRequest } from '../../../src/cli/process';
import { NodeProcessRunner } from '../../../src/node/nodeProcessRunner';
import { RunTimers } from '../../../src/node/runTimers';
import { fakeCliFixture, isResult } from './runHarness';
import { FakeClock } from '../../support/fakeClock';
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

/** The same timers without a process, on a fake clock: each deadline fires at its millisecond, never before, and nothing after clearAll. */
describe('RunTimers (fake clock)', () => {
  const request = (o: Partial<RunRequest>): RunRequest => ({ launch: { command: 'x', args: [] }, cwd: '/', env: {}, ...o });

  it('the first-output deadline fires at its time, not before; the total deadline at its own', async () => {
    const clock = new FakeClock();
    const timers = new RunTimers(clock);
    const fired: Array<[string, number]> = [];
    const t0 = clock.now();
    timers.startDeadlines(request({ firstOutputTimeoutMs: 300, inactivityTimeoutMs: 5000, totalTimeoutMs: 1000 }), (stage) =>
      fired.push([stage, clock.now() - t0]),
    );
    await clock.tick(299);
    assert.deepStrictEqual(fired, []);
    await clock.tick(1000);
    assert.deepStrictEqual(fired, [
      ['first output', 300],
      ['total', 1000],
    ]);
    timers.clearAll();
  });

  it('a line re-arms the output deadline as the inactivity one, from that line', async () => {
    const clock = new FakeClock();
    const timers = new RunTimers(clock);
    const fired: Array<[string, number]> = [];
    const t0 = clock.now();
    const req = request({ firstOutputTimeoutMs: 300, inactivityTimeoutMs: 200 });
    const onDeadline = (stage: string) => void fired.push([stage, clock.now() - t0]);
    timers.startDeadlines(req, onDeadline);
    await clock.tick(250);
    timers.restartInactivity(req, onDeadline); // a line at 250 ms
    await clock.tick(150);
    timers.restartInactivity(req, onDeadline); // another at 400 ms
    await clock.tick(199);
    assert.deepStrictEqual(fired, [], 'a deadline fired while lines came');
    await clock.tick(1);
    assert.deepStrictEqual(fired, [['inactivity', 600]]);
    timers.clearAll();
  });

  it('clearAll leaves nothing to fire: one-shot timers, the deadline and the poller', async () => {
    const clock = new FakeClock();
    const timers = new RunTimers(clock);
    let calls = 0;
    timers.startDeadlines(request({ firstOutputTimeoutMs: 100, totalTimeoutMs: 100 }), () => calls++);
    timers.later(100, () => calls++);
    timers.poll(10, () => calls++);
    timers.poll(10, () => calls++); // a second poll changes nothing
    await clock.tick(30);
    assert.strictEqual(calls, 3, 'the poller runs every 10 ms, once');
    timers.clearAll();
    assert.strictEqual(clock.pending(), 0, 'a timer of a settled run is still pending');
    await clock.tick(1000);
    assert.strictEqual(calls, 3);
  });
});
