import * as assert from 'assert';
import { NodeProcessRunner } from '../../../src/node/nodeProcessRunner';
import { ENV, fakeCliFixture, isResult } from './runHarness';
import { MemoryLogger } from '../../support/logger';

/** What a run keeps of its output (src/node/runCapture.ts): lines, a short command's stdout, the stderr tail. */
describe('NodeProcessRunner (real processes, fake cursor-agent)', function () {
  this.timeout(10000);
  let runner: NodeProcessRunner;
  beforeEach(() => (runner = new NodeProcessRunner(new MemoryLogger())));
  const { fake, turn } = fakeCliFixture(() => runner);

  it('passes a 5 MB line', async () => {
    const f = fake({ turn: { kind: 'hugeLine', bytes: 5 * 1024 * 1024 } });
    let longest = 0;
    const lines: string[] = [];
    const outcome = await runner.run(turn(f, { onLine: (l) => void (lines.push(l), (longest = Math.max(longest, l.length))) }));
    assert.strictEqual(outcome.kind, 'exited');
    assert.strictEqual(outcome.oversizedLines, 0);
    assert.ok(longest >= 5 * 1024 * 1024 - 100, `longest line ${longest}`);
    assert.ok(isResult(lines[lines.length - 1] ?? ''));
  });

  it('drops and counts a line over maxLineBytes; the rest of the turn still arrives', async () => {
    const f = fake({ turn: { kind: 'hugeLine', bytes: 2 * 1024 * 1024 } });
    const lines: string[] = [];
    const outcome = await runner.run(turn(f, { maxLineBytes: 1024 * 1024, onLine: (l) => void lines.push(l) }));
    assert.strictEqual(outcome.kind, 'exited');
    assert.strictEqual(outcome.oversizedLines, 1);
    assert.ok(lines.every((l) => l.length <= 1024 * 1024));
    const types = lines.map((l) => (JSON.parse(l) as { type: string; subtype?: string }).type);
    assert.ok(types.includes('tool_call'), 'the started event arrives');
    assert.strictEqual(types[types.length - 1], 'result');
  });

  it('collects stdout of a short command (no onLine) and honours the total deadline', async () => {
    const f = fake({ statusDelayMs: 5000 });
    const version = await runner.run({ launch: { command: f.binPath, args: ['--version'] }, cwd: f.dir, env: ENV, totalTimeoutMs: 5000 });
    assert.strictEqual(version.kind, 'exited');
    assert.strictEqual(version.stdout, '2026.10.01-e373342\n');
    assert.strictEqual(version.lines, 1);
    const status = await runner.run({
      launch: { command: f.binPath, args: ['status', '--format', 'json'] },
      cwd: f.dir,
      env: ENV,
      totalTimeoutMs: 300,
    });
    assert.strictEqual(status.kind, 'timeout');
    assert.strictEqual(status.timeoutStage, 'total');
  });

  it('keeps a stderr tail and the exit code of a failing run', async () => {
    const f = fake({ turn: { kind: 'stderrExit', stderr: "Error: You've hit your usage limit", exitCode: 1 } });
    const outcome = await runner.run(turn(f, { onLine: () => undefined }));
    assert.strictEqual(outcome.kind, 'exited');
    assert.strictEqual(outcome.exitCode, 1);
    assert.strictEqual(outcome.stderrTail.trim(), "Error: You've hit your usage limit");
    assert.strictEqual(outcome.lines, 0);
  });
});
