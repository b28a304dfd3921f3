import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import type { TurnEvent } from '../../../src/turn/events';
import { createStack, Stack } from '../../support/stack';
import { FAKE_NARRATION } from '../../fixtures/fakeCli';
import { printTurn } from '../../support/printTurn';

/**
 * Sequential turns for the soak test: 80 in `npm test` (with a slope check, so a leak shows well before 300 turns),
 * 300 in `npm run test:long`; CURSOR_AGENT_SOAK_TURNS sets any count (docs/testing.md).
 */
const SOAK_TURNS = Number(process.env.CURSOR_AGENT_SOAK_TURNS ?? (process.env.npm_lifecycle_event === 'test:long' ? 300 : 80));
/** Growth per turn that counts as a leak: 20 KB of heap (6 MB over 300 turns), a descriptor every 50 turns. */
const MAX_HEAP_SLOPE = 20 * 1024;
const MAX_FD_SLOPE = 0.02;

/** The least-squares slope of `ys` over `xs` (growth per turn). */
export function slope(xs: readonly number[], ys: readonly number[]): number {
  const n = xs.length;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    num += (xs[i]! - mx) * (ys[i]! - my);
    den += (xs[i]! - mx) ** 2;
  }
  return den === 0 ? 0 : num / den;
}

function openFds(): number | undefined {
  try {
    return fs.readdirSync('/proc/self/fd').length;
  } catch {
    return undefined;
  }
}

/** Our own children that are zombies (exited but never reaped), Linux only. */
function zombieChildren(): number[] {
  if (!fs.existsSync('/proc/self/stat')) return [];
  const out: number[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (fields[0] === 'Z' && Number(fields[1]) === process.pid) out.push(Number(name));
    } catch {
      // exited meanwhile
    }
  }
  return out;
}

describe('load, soak and log hygiene (real processes)', function () {
  this.timeout(300_000);
  let s: Stack;
  afterEach(() => {
    const live = s.fake.livePids();
    s.dispose();
    assert.deepEqual(live, []);
  });

  it('keeps the answers and session ids of 8 concurrent turns apart', async () => {
    s = createStack();
    const runs = Array.from({ length: 8 }, (_, i) => {
      const events: TurnEvent[] = [];
      const p = printTurn(s, {
        workspace: s.workspace,
        mode: i % 2 ? 'ask' : 'plan',
        model: i % 2 ? 'gpt-5' : 'auto',
        prompt: `question number ${i}`,
        onEvent: (e) => events.push(e),
      });
      return p.then((r) => ({ r, events, i }));
    });
    const results = await Promise.all(runs);
    const ids = new Set(results.map((x) => x.r.sessionId));
    assert.equal(ids.size, 8, 'every turn has its own CLI chat');
    for (const { r, events, i } of results) {
      const text = events.flatMap((e) => (e.type === 'text' ? [e.text] : [])).join('');
      assert.equal(text, `${FAKE_NARRATION}Demo answer from ${i % 2 ? 'gpt-5' : 'auto'}: you asked "question number ${i}".`);
      assert.equal(r.text, text);
    }
  });

  it(`runs ${SOAK_TURNS} turns in a row with flat memory and file descriptors, and no process left`, async () => {
    s = createStack({ turn: { kind: 'default', delayMs: 0 } });
    const sample = () => ({ fds: openFds(), heap: process.memoryUsage().heapUsed });
    let chatId: string | undefined;
    const warm = 20;
    let before = sample();
    const points: Array<{ turn: number; heap: number; fds?: number }> = [];
    for (let i = 0; i < SOAK_TURNS; i++) {
      if (i === warm) {
        global.gc?.();
        before = sample();
      }
      if (i >= warm && (i - warm) % 10 === 0) {
        global.gc?.();
        points.push({ turn: i, ...sample() });
      }
      const r = await printTurn(s, {
        workspace: s.workspace,
        mode: 'plan',
        prompt: `turn ${i}`,
        resume: chatId ? { sessionId: chatId, fallbackPrompt: `history + turn ${i}` } : undefined,
        onEvent: () => undefined,
      });
      chatId = r.sessionId;
      assert.equal(r.text.endsWith('(resumed)') || i === 0, true, `turn ${i} resumed the chat`);
    }
    global.gc?.();
    const after = sample();
    if (before.fds !== undefined && after.fds !== undefined) assert.ok(after.fds <= before.fds + 2, `fds grew from ${before.fds} to ${after.fds}`);
    assert.ok(after.heap - before.heap < 30 * 1024 * 1024, `heap grew by ${((after.heap - before.heap) / 1048576).toFixed(1)} MB`);
    // The trend, not only the end points (.mocharc.js exposes gc, so each sample is taken after a collection).
    assert.ok(global.gc, 'the unit tier runs with --expose-gc (.mocharc.js node-option)');
    const turns = points.map((p) => p.turn);
    const heapSlope = slope(
      turns,
      points.map((p) => p.heap),
    );
    assert.ok(heapSlope < MAX_HEAP_SLOPE, `the heap grows ${(heapSlope / 1024).toFixed(1)} KB per turn`);
    if (points.every((p) => p.fds !== undefined)) {
      const fdSlope = slope(
        turns,
        points.map((p) => p.fds ?? 0),
      );
      assert.ok(fdSlope < MAX_FD_SLOPE, `file descriptors grow ${fdSlope.toFixed(3)} per turn`);
    }
    assert.equal(s.runner.liveRuns, 0);
    assert.deepEqual(zombieChildren(), [], 'no zombie processes');
  });

  it('logs no prompt text and no token-like strings, even when the CLI and the environment carry them', async () => {
    const planted = 'sk-live-PLANTEDsecret0123456789';
    s = createStack(
      {
        turns: [
          { kind: 'default' },
          {
            kind: 'stderrExit',
            stderr: `Error: upstream said Authorization: Bearer ${planted} was rejected\nConnection lost, reconnecting to https://api2.cursor.sh (attempt 1)...`,
          },
        ],
      },
      { OPENAI_API_KEY: planted, CURSOR_API_KEY: planted },
    );
    const prompt = 'MY-PRIVATE-PROMPT-TEXT about the payroll system';
    await printTurn(s, { workspace: s.workspace, mode: 'plan', prompt, onEvent: () => undefined });
    await printTurn(s, { workspace: s.workspace, mode: 'plan', prompt, onEvent: () => undefined }).catch(() => undefined);
    const log = s.logger.text;
    assert.ok(log.includes('[turn] CLI stderr'), 'the CLI error output is logged (redacted)');
    assert.ok(!log.includes('MY-PRIVATE-PROMPT-TEXT'), 'prompt text must not be logged');
    assert.ok(!log.includes('PLANTEDsecret'), 'token must not be logged');
  });
});
