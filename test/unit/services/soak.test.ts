import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import type { TurnEvent } from '../../../src/turn/events';
import { createStack, Stack } from '../../support/stack';
import { FAKE_NARRATION } from '../../fixtures/fakeCli';
import { printTurn } from '../../support/printTurn';

/** Sequential turns for the soak test; CURSOR_AGENT_SOAK_TURNS raises it (documented in the README). */
const SOAK_TURNS = Number(process.env.CURSOR_AGENT_SOAK_TURNS ?? 300);

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
    for (let i = 0; i < SOAK_TURNS; i++) {
      if (i === warm) {
        global.gc?.();
        before = sample();
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
