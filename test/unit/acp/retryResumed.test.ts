/**
 * The one retry of a transient failure (Cursor unreachable before any text) through the ACP backend: a new chat is tried
 * again in a fresh session after 1.5 s; a resumed chat never is (a fresh session would answer without the chat's context).
 */
import * as assert from 'assert';
import { AcpBackend } from '../../../src/acp/acpBackend';
import type { BackendTurnOutcome, BackendTurnRequest } from '../../../src/turn/chatBackend';
import { CLI_FAILURES } from '../../fixtures/acp/fakeAcpFailures';
import { memoryAcp, MemoryAcp } from '../../fixtures/acp/memoryTransport';
import type { FakeAcpScenario } from '../../fixtures/acp/scenario';
import { FakeClock } from '../../support/fakeClock';
import { WORKSPACE } from './support';

/** The backoff before the one retry, as the user meets it (stated here, not imported from src/). */
const BACKOFF_MS = 1500;

function backend(scenario: FakeAcpScenario, clock: FakeClock): { backend: AcpBackend; processes: MemoryAcp[] } {
  const processes: MemoryAcp[] = [];
  const b = new AcpBackend({
    start: () => {
      const m = memoryAcp({ commandsBytes: 100, ...scenario });
      processes.push(m);
      return m.transport;
    },
    client: { initializeTimeoutMs: 1000, setupTimeoutMs: 1000 },
    turn: { cancelGraceMs: 500 },
    clock,
  });
  return { backend: b, processes };
}

const req = (over: Partial<BackendTurnRequest> = {}): BackendTurnRequest => ({
  workspace: WORKSPACE,
  mode: 'plan',
  prompt: 'hi',
  onEvent: () => undefined,
  ...over,
});
const count = (m: MemoryAcp, method: string) => m.sent().filter((x) => x.method === method).length;

/** Runs the turn, moving the clock on (by the backoff, one millisecond before and at it) until it ends. */
async function run(b: AcpBackend, r: BackendTurnRequest, clock: FakeClock): Promise<{ outcome: BackendTurnOutcome; at: number }> {
  const start = clock.now();
  let done: BackendTurnOutcome | undefined;
  const p = b.runTurn(r).then((o) => (done = o));
  for (let i = 0; i < 200 && done === undefined; i++) {
    await new Promise((res) => setTimeout(res, 5));
    if (done === undefined) await clock.tick(BACKOFF_MS / 2);
  }
  return { outcome: await p, at: clock.now() - start };
}

describe('ACP: the one retry of a transient failure, new chats only', () => {
  it('a new chat is tried again once in a fresh session; a resumed chat gets the failure, never a fresh session', async () => {
    const clock = new FakeClock();
    const network = { kind: 'cliFailure', failure: CLI_FAILURES.network } as const;
    const { backend: b, processes } = backend(
      { turns: [{ kind: 'answer', text: 'One.' }, network, network, { kind: 'answer', text: 'Retried.' }] },
      clock,
    );
    try {
      const first = await run(b, req(), clock);
      assert.ok(first.outcome.ok && first.outcome.sessionId, JSON.stringify(first.outcome));
      const newBefore = count(processes[0]!, 'session/new');
      const resumed = await run(b, req({ resumeId: first.outcome.sessionId }), clock);
      assert.ok(!resumed.outcome.ok && resumed.outcome.error.kind === 'network', JSON.stringify(resumed.outcome));
      assert.strictEqual(count(processes[0]!, 'session/new'), newBefore, 'a resumed chat was retried in a fresh session');
      assert.strictEqual(count(processes[0]!, 'session/prompt'), 2, 'a resumed chat was prompted again');
      // A new chat: tried again once, in a fresh session, and answered.
      const fresh = await run(b, req(), clock);
      assert.ok(fresh.outcome.ok, JSON.stringify(fresh.outcome));
      assert.ok(fresh.at >= BACKOFF_MS, `retried after ${fresh.at} ms`);
    } finally {
      b.dispose();
    }
  });
});
