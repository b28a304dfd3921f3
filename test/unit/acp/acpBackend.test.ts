/** The ACP backend over in-memory fake agents: warm sessions, kept sessions, load, fallback signal, dispose. */
import { settle } from '../../support/waits';
import * as assert from 'assert';
import { AcpBackend } from '../../../src/acp/acpBackend';
import type { BackendTurnRequest } from '../../../src/turn/chatBackend';
import { memoryAcp, MemoryAcp } from '../../fixtures/acp/memoryTransport';
import type { FakeAcpScenario } from '../../fixtures/acp/scenario';
import { WORKSPACE } from './support';

/** `scenario` for every process, or one per process in start order (the last one for the rest). */
function backend(
  scenario: FakeAcpScenario | FakeAcpScenario[],
  limits?: { maxProcesses: number; idleMs: number },
  mayRun?: () => boolean,
): { backend: AcpBackend; processes: MemoryAcp[] } {
  const processes: MemoryAcp[] = [];
  const b = new AcpBackend({
    start: () => {
      const list = Array.isArray(scenario) ? scenario : [scenario];
      const m = memoryAcp({ commandsBytes: 100, ...list[Math.min(processes.length, list.length - 1)] });
      processes.push(m);
      return m.transport;
    },
    client: { initializeTimeoutMs: 1000, setupTimeoutMs: 1000 },
    turn: { cancelGraceMs: 500 },
    ...(limits ? { limits: () => limits } : {}),
    ...(mayRun ? { mayRun } : {}),
  });
  return { backend: b, processes };
}

function req(over: Partial<BackendTurnRequest> = {}): BackendTurnRequest & { shown: () => string } {
  let shown = '';
  return {
    workspace: WORKSPACE,
    mode: 'plan',
    prompt: 'hi',
    onEvent: (e) => void (e.type === 'text' && (shown += e.text)),
    shown: () => shown,
    ...over,
  };
}

const methods = (m: MemoryAcp) => m.sent().map((x) => x.method);

describe('ACP backend', () => {
  it('a prepared session takes the first turn with no process start, no session/new and no mode switch after Enter', async () => {
    const { backend: b, processes } = backend({
      turns: [
        { kind: 'answer', text: 'One.' },
        { kind: 'answer', text: 'Two.' },
      ],
    });
    b.prepare(WORKSPACE);
    await settle(() => processes.length > 0 && methods(processes[0]!).includes('session/set_mode'));
    // Prepared in the background: the process, the session, and plan mode, before the user presses Enter.
    assert.deepStrictEqual(methods(processes[0]!), ['initialize', 'session/new', 'session/set_mode']);
    assert.deepStrictEqual(processes[0]!.sent().find((m) => m.method === 'session/set_mode')?.params, {
      sessionId: (processes[0]!.sent()[2]!.params as { sessionId: string }).sessionId,
      modeId: 'plan',
    });
    const r1 = req();
    const o1 = await b.runTurn(r1);
    assert.ok(o1.ok && o1.sessionId);
    assert.strictEqual(r1.shown(), 'One.');
    assert.deepStrictEqual(methods(processes[0]!).slice(0, 4), ['initialize', 'session/new', 'session/set_mode', 'session/prompt']);
    // The chat's second turn: the same session, the same process, no setup at all.
    const before = processes[0]!.sent().length;
    const r2 = req({ resumeId: o1.sessionId });
    const o2 = await b.runTurn(r2);
    assert.ok(o2.ok && o2.sessionId === o1.sessionId);
    assert.strictEqual(r2.shown(), 'Two.');
    // (The spare prepared for the next new chat has its own session/new and mode switch.)
    const forChat = processes[0]!
      .sent()
      .slice(before)
      .filter((m) => (m.params as { sessionId?: string } | undefined)?.sessionId === o1.sessionId);
    assert.deepStrictEqual(
      forChat.map((m) => m.method),
      ['session/prompt'],
    );
    assert.strictEqual(processes.length, 1);
    b.dispose();
  });

  it('a chat whose session is not in this process is loaded, its history not shown', async () => {
    const { backend: b, processes } = backend({ turn: { kind: 'answer', text: 'Loaded answer.' } });
    const r = req({ resumeId: '351d70d2-a44d-4b4f-b200-2d8e80297a02' });
    const o = await b.runTurn(r);
    assert.ok(o.ok);
    assert.strictEqual(r.shown(), 'Loaded answer.');
    assert.ok(methods(processes[0]!).includes('session/load'));
    b.dispose();
  });

  it('a process that dies before any text is a transport failure, and the next turn starts a new process', async () => {
    const { backend: b, processes } = backend([{ turn: { kind: 'die' } }, {}]);
    const o = await b.runTurn(req());
    assert.ok(!o.ok && o.transport && !o.shownText);
    const o2 = await b.runTurn(req());
    assert.ok(o2.ok, JSON.stringify(o2));
    assert.strictEqual(processes.length, 2);
    b.dispose();
  });

  it('a warm process that died while idle, its exit not heard yet: the turn is answered by a fresh process, not failed', async () => {
    // The first process dies the moment a prompt reaches it, as one that had already exited would look to the turn.
    const { backend: b, processes } = backend([{ turn: { kind: 'die' } }, { turn: { kind: 'answer', text: 'Fresh.' } }]);
    b.prepare(WORKSPACE);
    await settle(() => processes.length > 0 && methods(processes[0]!).includes('session/set_mode'));
    const r = req();
    const o = await b.runTurn(r);
    assert.ok(o.ok, JSON.stringify(o));
    assert.strictEqual(r.shown(), 'Fresh.');
    assert.strictEqual(processes.length, 2);
    b.dispose();
  });

  it('a fresh process that fails as well is the transport failure (auto falls back), after one retry only', async () => {
    const { backend: b, processes } = backend({ turn: { kind: 'die' } });
    b.prepare(WORKSPACE);
    await settle(() => processes.length > 0 && methods(processes[0]!).includes('session/set_mode'));
    const o = await b.runTurn(req());
    assert.ok(!o.ok && o.transport && !o.shownText, JSON.stringify(o));
    assert.strictEqual(processes.length, 2);
    b.dispose();
  });

  it('signed out is reported as logged out, not as a transport failure to fall back from', async () => {
    const { backend: b } = backend({ auth: 'loggedOut' });
    const o = await b.runTurn(req());
    assert.ok(!o.ok && o.error.kind === 'loggedOut' && !o.transport);
    b.dispose();
  });

  it('dispose ends every process it started', async () => {
    const { backend: b, processes } = backend({});
    b.prepare(WORKSPACE);
    b.prepare('/work/other');
    await settle(() => processes.length === 2);
    b.dispose();
    await settle(() => processes.every((p) => p.transport.exited));
    assert.strictEqual(processes.length, 2);
    assert.ok(processes.every((p) => p.transport.exited));
  });

  it('an idle process ends after the idle time; the chat is loaded in a new one on its next turn', async () => {
    const { backend: b, processes } = backend({ turn: { kind: 'answer', text: 'Again.' } }, { maxProcesses: 2, idleMs: 40 });
    const o1 = await b.runTurn(req());
    assert.ok(o1.ok && o1.sessionId);
    await settle(() => processes[0]!.transport.exited);
    assert.ok(processes[0]!.transport.exited, 'the idle process still runs');
    assert.strictEqual(b.processes, 0);
    const o2 = await b.runTurn(req({ resumeId: o1.sessionId }));
    assert.ok(o2.ok, JSON.stringify(o2));
    assert.strictEqual(processes.length, 2);
    assert.ok(methods(processes[1]!).includes('session/load'));
    b.dispose();
  });

  it('after a switch to print mode no ACP process starts for a spare session or a model list, and one that ran a turn ends with it', async () => {
    let acpRuns = true;
    const { backend: b, processes } = backend(
      { turn: { kind: 'answer', text: 'Finishing the answer slowly.', chunk: 4, delayMs: 20 } },
      { maxProcesses: 2, idleMs: 60_000 },
      () => acpRuns,
    );
    b.prepare('/w/idle');
    await settle(() => processes.length === 1 && methods(processes[0]!).includes('session/set_mode'));
    const running = b.runTurn(req({ workspace: '/w/busy' }));
    await settle(() => processes.length === 2 && methods(processes[1]!).includes('session/prompt'));
    // The user sets cursorAgent.backend to print while a turn runs.
    acpRuns = false;
    b.endIdle();
    await settle(() => processes[0]!.transport.exited);
    assert.ok(processes[0]!.transport.exited, 'the idle process still runs after the switch to print mode');
    assert.ok(!processes[1]!.transport.exited, 'the switch ended a process that was running a turn');
    const o = await running;
    assert.ok(o.ok, JSON.stringify(o));
    await settle(() => processes[1]!.transport.exited);
    assert.ok(processes[1]!.transport.exited, 'the process of the finished turn still runs in print mode');
    // A warm-up or a model list asked for just before the switch starts nothing now.
    b.prepare('/w/idle');
    await assert.rejects(b.models('/w/other'));
    assert.strictEqual(processes.length, 2, 'a process started in print mode');
    b.dispose();
  });

  it('never more live processes than maxProcesses: the least recently used idle one ends first', async () => {
    const { backend: b, processes } = backend({ turn: { kind: 'answer', text: 'x' } }, { maxProcesses: 2, idleMs: 60_000 });
    assert.ok((await b.runTurn(req({ workspace: '/w/a' }))).ok);
    assert.ok((await b.runTurn(req({ workspace: '/w/b' }))).ok);
    assert.ok((await b.runTurn(req({ workspace: '/w/c' }))).ok);
    await settle(() => processes[0]!.transport.exited);
    assert.strictEqual(processes.length, 3);
    assert.deepStrictEqual(
      processes.map((p) => p.transport.exited),
      [true, false, false],
    );
    assert.strictEqual(b.processes, 2);
    b.dispose();
    await settle(() => processes.every((p) => p.transport.exited));
    assert.ok(
      processes.every((p) => p.transport.exited),
      'dispose left a process running',
    );
  });
});
