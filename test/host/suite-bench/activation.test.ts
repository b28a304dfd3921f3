// Benchmark 6, inside the real extension host: how long activate() takes, which
// processes it starts, and whether the background status probe stays off the
// activation path. Writes its figures to $CURSOR_AGENT_TEST_OUTPUT/activation.json,
// which bench/activation.ts reads. Measures; asserts only that it could measure.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { performance } from 'perf_hooks';
import * as vscode from 'vscode';
import { createFakeCli } from '../../fixtures/fakeCli';

const EXTENSION_ID = 'cursor-vscode-chat.cursor-agent-vscode';
/** How long after activate() returned spawns are still attributed to activation (the status probe takes 1.5 s here). */
const WINDOW_MS = 5000;

interface SpawnRecord {
  argv: string[];
  /** ms after activate() was called */
  at: number;
  /** ms after activate() was called; undefined while running */
  exitAt?: number;
}

describe('bench: activation', () => {
  it('measures activate() in the real extension host', async function () {
    this.timeout(60_000);
    const fakeBin = process.env.CURSOR_AGENT_TEST_FAKE_BIN;
    // The binary the extension runs: the fake on PATH (~/.local/bin/cursor-agent) or the setting's.
    const userBin = process.env.CURSOR_AGENT_TEST_USER_BINARY ?? fakeBin;
    const fakeDir = process.env.CURSOR_AGENT_TEST_FAKE_DIR;
    const out = process.env.CURSOR_AGENT_TEST_OUTPUT;
    assert.ok(fakeBin && fakeDir && out, 'not run by test/host/run.ts');
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(ext, `extension ${EXTENSION_ID} not found`);
    const alreadyActive = ext.isActive;

    // Record every spawn of the fake CLI (the bundle calls child_process.spawn through the module object).
    const spawns: SpawnRecord[] = [];
    let t0 = performance.now();
    // The module object itself (an `import * as` namespace copy would not reach the bundle).
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const cp = require('child_process') as { spawn: (...a: unknown[]) => import('child_process').ChildProcess };
    const realSpawn = cp.spawn;
    cp.spawn = function (this: unknown, ...a: unknown[]) {
      const child = realSpawn.apply(this, a);
      if (a[0] === userBin || a[0] === fakeBin) {
        const rec: SpawnRecord = { argv: (a[1] as string[]) ?? [], at: performance.now() - t0 };
        spawns.push(rec);
        child.once('exit', () => (rec.exitAt = performance.now() - t0));
      }
      return child;
    };
    const fake = createFakeCli({ dir: fakeDir });
    const invocationsBefore = fake.invocations().length;
    const wallStart = Date.now();
    let activateMs: number;
    try {
      t0 = performance.now();
      await ext.activate();
      activateMs = performance.now() - t0;
      await new Promise((r) => setTimeout(r, WINDOW_MS));
    } finally {
      cp.spawn = realSpawn;
    }
    const wallReturned = wallStart + activateMs;
    const invocations = fake.invocations().slice(invocationsBefore);
    const during = spawns.filter((s) => s.at <= activateMs);
    const status = spawns.find((s) => s.argv[0] === 'status');
    const result = {
      alreadyActive,
      activateMs,
      spawnsDuringActivate: during.length,
      spawnsInWindow: spawns.length,
      windowMs: WINDOW_MS,
      spawns: spawns.map((s) => ({
        argv: s.argv.join(' '),
        atMs: Math.round(s.at * 10) / 10,
        exitMs: s.exitAt === undefined ? null : Math.round(s.exitAt * 10) / 10,
      })),
      firstSpawnAfterReturnMs: spawns.length ? spawns[0]!.at - activateMs : null,
      statusProbeExitMs: status?.exitAt ?? null,
      returnedBeforeProbeFinished: status?.exitAt === undefined ? null : activateMs < status.exitAt,
      fakeInvocations: invocations.map((i) => ({ argv: i.argv.join(' '), startedAfterReturnMs: i.startedAt - wallReturned })),
      readiness: (ext.exports as { readiness?: { state?: string } } | undefined)?.readiness?.state ?? null,
    };
    fs.mkdirSync(out, { recursive: true });
    fs.writeFileSync(path.join(out, 'activation.json'), JSON.stringify(result, null, 2) + '\n');
    console.log(`bench activation: ${JSON.stringify(result)}`);
  });
});
