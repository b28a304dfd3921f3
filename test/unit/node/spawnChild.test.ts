import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { NodeProcessRunner } from '../../../src/node/nodeProcessRunner';
import { RUN_MARKER_ENV } from '../../../src/node/escapedSweep';
import { ENV, fakeCliFixture, TURN_ARGS } from './runHarness';
import { MemoryLogger } from '../../support/logger';

/** Starting a run's child (src/node/spawnChild.ts): argv, stdin, environment, spawn errors. */
describe('NodeProcessRunner (real processes, fake cursor-agent)', function () {
  this.timeout(10000);
  let runner: NodeProcessRunner;
  let logger: MemoryLogger;
  beforeEach(() => {
    logger = new MemoryLogger();
    runner = new NodeProcessRunner(logger);
  });
  const { fake, turn } = fakeCliFixture(() => runner);

  it('passes a 300 KB multibyte prompt intact on stdin, never in argv or the log', async () => {
    const f = fake();
    const unit = 'Grüße, 世界 🚀 — ';
    const prompt = unit.repeat(Math.ceil((300 * 1024) / Buffer.byteLength(unit))) + '\nlast line: naïve café 🚀';
    assert.ok(Buffer.byteLength(prompt) > 300 * 1024);
    const outcome = await runner.run(turn(f, { stdin: prompt, onLine: () => undefined }));
    assert.strictEqual(outcome.kind, 'exited');
    assert.strictEqual(outcome.exitCode, 0);
    const [inv] = f.invocations();
    assert.ok(inv);
    assert.strictEqual(inv.stdin, prompt);
    assert.deepStrictEqual(inv.argv, TURN_ARGS);
    assert.ok(
      logger.lines.some((m) => m.startsWith('debug') && m.includes('--stream-partial-output')),
      'argv is logged at debug',
    );
    assert.ok(!logger.lines.some((m) => m.includes('Grüße') || m.includes('naïve')), 'the prompt is never logged');
  });

  it("marks the child's environment with a value of its own run", async () => {
    const f = fake();
    await runner.run(turn(f, { onLine: () => undefined }));
    await runner.run(turn(f, { onLine: () => undefined }));
    const marks = f.invocations().map((i) => i.env[RUN_MARKER_ENV]);
    assert.strictEqual(marks.length, 2);
    assert.ok(
      marks.every((m) => typeof m === 'string' && m.length > 0),
      JSON.stringify(marks),
    );
    assert.notStrictEqual(marks[0], marks[1]);
  });

  it('reports ENOENT for a missing binary', async () => {
    const outcome = await runner.run({
      launch: { command: path.join(os.tmpdir(), 'no-such-dir-xyz', 'cursor-agent'), args: ['--version'] },
      cwd: os.tmpdir(),
      env: ENV,
    });
    assert.strictEqual(outcome.kind, 'spawnError');
    assert.strictEqual(outcome.spawnErrorCode, 'ENOENT');
    assert.strictEqual(outcome.pid, undefined);
  });

  it('reports EACCES for a file that is not executable', async () => {
    const f = fake();
    const file = path.join(f.dir, 'not-executable');
    fs.writeFileSync(file, '#!/bin/sh\necho hi\n', { mode: 0o644 });
    const outcome = await runner.run({ launch: { command: file, args: [] }, cwd: f.dir, env: ENV });
    assert.strictEqual(outcome.kind, 'spawnError');
    assert.strictEqual(outcome.spawnErrorCode, 'EACCES');
  });

  it('reports E2BIG for an argument over the OS limit (why the prompt goes on stdin)', async function () {
    if (process.platform !== 'linux') this.skip(); // the 128 KiB per-argument limit (MAX_ARG_STRLEN) is Linux's
    const f = fake();
    const outcome = await runner.run({ launch: { command: f.binPath, args: ['-p', 'x'.repeat(200 * 1024)] }, cwd: f.dir, env: ENV });
    assert.strictEqual(outcome.kind, 'spawnError');
    assert.strictEqual(outcome.spawnErrorCode, 'E2BIG');
    assert.strictEqual(f.invocations().length, 0);
  });

  it('turns a synchronous spawn throw into a spawnError outcome', async () => {
    const f = fake();
    const outcome = await runner.run({ launch: { command: f.binPath, args: ['bad\0arg'] }, cwd: f.dir, env: ENV });
    assert.strictEqual(outcome.kind, 'spawnError');
    assert.strictEqual(outcome.spawnErrorCode, 'ERR_INVALID_ARG_VALUE');
  });
});
