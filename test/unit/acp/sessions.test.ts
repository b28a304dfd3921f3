/**
 * Chats sharing one `cursor-agent acp` process: one chat's failure or stuck turn leaves the
 * others' answers whole, one session runs one turn at a time, plans and todos reach the chat
 * whose tool call announced them, and read-only mode counts only when the agent confirms it
 * after we asked (never from replayed history).
 */
import * as assert from 'assert';
import { AcpBackend } from '../../../src/acp/acpBackend';
import type { AcpTurnOptions } from '../../../src/acp/turn';
import type { TurnEvent } from '../../../src/turn/events';
import type { BackendTurnOutcome, BackendTurnRequest } from '../../../src/turn/chatBackend';
import { memoryAcp, MemoryAcp } from '../../fixtures/acp/memoryTransport';
import type { FakeAcpScenario } from '../../fixtures/acp/scenario';
import { settle } from '../../support/waits';
import { FakeClock } from '../../support/fakeClock';
import { cancellationSource } from '../../support/cancellation';
import { WORKSPACE } from './support';

function backend(scenario: FakeAcpScenario, turn: Partial<AcpTurnOptions> = {}): { backend: AcpBackend; processes: MemoryAcp[] } {
  const processes: MemoryAcp[] = [];
  const b = new AcpBackend({
    start: () => {
      const m = memoryAcp({ commandsBytes: 100, ...scenario });
      processes.push(m);
      return m.transport;
    },
    client: { initializeTimeoutMs: 1000, setupTimeoutMs: 1000 },
    turn: { cancelGraceMs: 100, ...turn },
  });
  return { backend: b, processes };
}

interface Chat {
  req: BackendTurnRequest;
  events: TurnEvent[];
  shown(): string;
}

function chat(over: Partial<BackendTurnRequest> = {}): Chat {
  const events: TurnEvent[] = [];
  const req: BackendTurnRequest = { workspace: WORKSPACE, mode: 'plan', prompt: 'hi', onEvent: (e) => void events.push(e), ...over };
  return { req, events, shown: () => events.map((e) => (e.type === 'text' ? e.text : '')).join('') };
}

const sentBy = (m: MemoryAcp, sessionId: string) =>
  m
    .sent()
    .filter((x) => (x.params as { sessionId?: string } | undefined)?.sessionId === sessionId)
    .map((x) => x.method);
const prompts = (m: MemoryAcp) => m.sent().filter((x) => x.method === 'session/prompt').length;
/** An id session/load accepts (the fake loads any UUID). */
const STORED = '0b6e1d2a-5f44-4c1e-9a51-2f7c3d9e8a10';
const LONG = 'B streams a long answer in small pieces while the other chat fails. '.repeat(3);

function assertFailed(o: BackendTurnOutcome): asserts o is Extract<BackendTurnOutcome, { ok: false }> {
  assert.ok(!o.ok, `answered: ${JSON.stringify(o)}`);
}

describe('ACP chats sharing one process', () => {
  it("chat A's session/load failing with -32603 while chat B streams: B's answer arrives whole, only A fails, the process lives", async () => {
    const { backend: b, processes } = backend({
      loadError: { code: -32603, message: 'Internal error' },
      byPrompt: [{ match: 'chat B', turn: { kind: 'answer', text: LONG, chunk: 3, delayMs: 5 } }],
    });
    const B = chat({ prompt: 'chat B' });
    const running = b.runTurn(B.req);
    await settle(() => B.shown().length > 10);
    const a = await b.runTurn(chat({ prompt: 'chat A', resumeId: STORED }).req);
    assertFailed(a);
    const ob = await running;
    assert.ok(ob.ok, JSON.stringify(ob));
    assert.strictEqual(B.shown(), LONG);
    assert.strictEqual(processes.length, 1);
    assert.ok(!processes[0]!.transport.exited, 'the process of the chat still answering was killed');
  });

  it("chat A stalls and ignores session/cancel while chat B streams: A ends with a timeout, B's answer arrives whole, the process lives", async () => {
    const clock = new FakeClock();
    const { backend: b, processes } = backend(
      {
        byPrompt: [
          { match: 'chat A', turn: { kind: 'stuck', text: 'A starts' } },
          { match: 'chat B', turn: { kind: 'answer', text: LONG, chunk: 3, delayMs: 5 } },
        ],
      },
      // The deadlines on a fake clock: B streams in real time while no deadline can pass, then A's passes.
      { cancelGraceMs: 100, inactivityTimeoutMs: 150, clock },
    );
    const A = chat({ prompt: 'chat A' });
    let ended: BackendTurnOutcome | undefined;
    const stuck = b.runTurn(A.req).then((o) => (ended = o));
    await settle(() => A.shown() === 'A starts');
    const B = chat({ prompt: 'chat B' });
    const ob = await b.runTurn(B.req);
    assert.strictEqual(ended, undefined, 'A ended before its inactivity deadline');
    await clock.tick(150); // A's deadline: session/cancel, which A ignores
    await clock.tick(100); // the cancel grace
    const oa = await stuck;
    assertFailed(oa);
    assert.strictEqual(oa.error.kind, 'timeout');
    assert.ok(ob.ok, JSON.stringify(ob));
    assert.strictEqual(B.shown(), LONG);
    assert.ok(!processes[0]!.transport.exited, 'the process was killed');
    assert.strictEqual(processes.length, 1);
  });

  it('a chat stopped by the user whose agent ignores the cancel ends at once as stopped, and the next chat answers in the same process', async () => {
    const { backend: b, processes } = backend({ byPrompt: [{ match: 'stuck', turn: { kind: 'stuck', text: 'Half' } }] });
    const c = cancellationSource();
    const A = chat({ prompt: 'stuck', cancellation: c.token });
    const running = b.runTurn(A.req);
    await settle(() => A.shown() === 'Half');
    c.cancel();
    const oa = await running;
    assert.ok(oa.ok && oa.cancelled, JSON.stringify(oa));
    const B = chat({ prompt: 'next' });
    const ob = await b.runTurn(B.req);
    assert.ok(ob.ok, JSON.stringify(ob));
    assert.strictEqual(B.shown(), 'Hello from the fake ACP agent.');
    assert.strictEqual(processes.length, 1);
    // The given-up session is never prompted again in this process: continuing it needs a fresh one.
    const again = await b.runTurn(chat({ prompt: 'continue', resumeId: oa.sessionId }).req);
    assertFailed(again);
    assert.strictEqual(again.error.kind, 'sessionInUse');
  });

  it('a second turn in a session that is still answering is refused as in use (the flow reruns it fresh), and the first answer arrives whole', async () => {
    const { backend: b, processes } = backend({
      turns: [
        { kind: 'answer', text: 'Start.' },
        { kind: 'answer', text: LONG, chunk: 3, delayMs: 5 },
      ],
    });
    const first = await b.runTurn(chat().req);
    assert.ok(first.ok && first.sessionId);
    const one = chat({ resumeId: first.sessionId, prompt: 'one' });
    const running = b.runTurn(one.req);
    await settle(() => one.shown().length > 5);
    const two = await b.runTurn(chat({ resumeId: first.sessionId, prompt: 'two' }).req);
    assertFailed(two);
    assert.strictEqual(two.error.kind, 'sessionInUse');
    const o1 = await running;
    assert.ok(o1.ok && !o1.cancelled, JSON.stringify(o1));
    assert.strictEqual(one.shown(), LONG);
    assert.strictEqual(
      sentBy(processes[0]!, first.sessionId).filter((m) => m === 'session/prompt').length,
      2,
      'the second prompt reached the busy session',
    );
  });

  it('plans and todos of two chats answering at once each reach the chat whose tool call announced them', async () => {
    const { backend: b } = backend({
      byPrompt: [
        { match: 'chat A', turn: { kind: 'announced', label: 'Alpha', text: 'A done.', delayMs: 15 } },
        { match: 'chat B', turn: { kind: 'announced', label: 'Beta', text: 'B done.', delayMs: 15 } },
      ],
    });
    const A = chat({ prompt: 'chat A' });
    const B = chat({ prompt: 'chat B' });
    const [oa, ob] = await Promise.all([b.runTurn(A.req), b.runTurn(B.req)]);
    assert.ok(oa.ok && ob.ok);
    const planOf = (c: Chat) => c.events.flatMap((e) => (e.type === 'plan' ? [e.name] : []));
    const todosOf = (c: Chat) => c.events.flatMap((e) => (e.type === 'todos' ? e.todos.map((t) => t.content) : []));
    assert.deepStrictEqual(planOf(A), ['Alpha plan']);
    assert.deepStrictEqual(planOf(B), ['Beta plan']);
    assert.deepStrictEqual(todosOf(A), ['Alpha step']);
    assert.deepStrictEqual(todosOf(B), ['Beta step']);
  });
});

describe('ACP read-only mode, confirmed only after we ask', () => {
  it('a session loaded in a process gets session/set_mode before its first prompt, even when its replayed history says plan', async () => {
    const { backend: b, processes } = backend({ loadReplaysMode: 'plan', turn: { kind: 'answer', text: 'Loaded answer.' } });
    const c = chat({ resumeId: STORED, prompt: 'again' });
    const o = await b.runTurn(c.req);
    assert.ok(o.ok, JSON.stringify(o));
    assert.strictEqual(c.shown(), 'Loaded answer.');
    // The first set_mode fences the load's replay (its window proves nothing); the second is the one the agent must confirm.
    assert.deepStrictEqual(sentBy(processes[0]!, STORED), ['session/load', 'session/set_mode', 'session/set_mode', 'session/prompt']);
  });

  it('a replayed plan mode is no confirmation: a loaded session the agent never confirms in plan mode is never prompted', async () => {
    const { backend: b, processes } = backend({ loadReplaysMode: 'plan', confirmModes: [] });
    const o = await b.runTurn(chat({ resumeId: STORED }).req);
    assertFailed(o);
    assert.strictEqual(prompts(processes[0]!), 0, 'a prompt went to a session the agent holds in agent mode');
  });

  it('switching a plan session to ask mode that the agent does not confirm fails the turn, with nothing prompted in plan mode instead', async () => {
    const { backend: b, processes } = backend({ confirmModes: ['plan'], turn: { kind: 'answer', text: 'Planned.' } });
    const first = await b.runTurn(chat({ mode: 'plan' }).req);
    assert.ok(first.ok && first.sessionId);
    const o = await b.runTurn(chat({ mode: 'ask', resumeId: first.sessionId }).req);
    assertFailed(o);
    assert.match(o.error.message, /did not confirm ask mode/);
    assert.strictEqual(sentBy(processes[0]!, first.sessionId).filter((m) => m === 'session/prompt').length, 1, 'the ask-mode turn was prompted');
  });

  it('an agent that leaves plan mode while the model is set is never prompted', async () => {
    const { backend: b, processes } = backend({ configSwitchesMode: 'agent' });
    const o = await b.runTurn(chat({ model: 'default[]' }).req);
    assertFailed(o);
    assert.strictEqual(prompts(processes[0]!), 0, 'a prompt went to a session in agent mode');
  });
});
