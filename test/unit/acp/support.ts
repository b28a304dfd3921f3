/** Shared set-up for the ACP unit tests: the client wired in memory to the fake ACP agent. */
import { AcpClient, AcpSessionState } from '../../../src/acp/client';
import { runAcpTurn, AcpTurnOptions } from '../../../src/acp/turn';
import type { TurnEvent } from '../../../src/turn/events';
import type { BackendTurnOutcome, BackendTurnRequest } from '../../../src/turn/chatBackend';
import { memoryAcp, MemoryAcp } from '../../fixtures/acp/memoryTransport';
import type { FakeAcpLogLine, FakeAcpScenario } from '../../fixtures/acp/scenario';

export const WORKSPACE = '/work/project';

export interface Harness extends MemoryAcp {
  client: AcpClient;
}

export function harness(scenario: FakeAcpScenario = {}): Harness {
  const mem = memoryAcp({ commandsBytes: 2000, ...scenario });
  const client = new AcpClient(mem.transport, { initializeTimeoutMs: 2000, setupTimeoutMs: 2000, platform: 'linux' });
  return { ...mem, client };
}

export async function openSession(h: Harness): Promise<AcpSessionState> {
  await h.client.initialize();
  return h.client.newSession(WORKSPACE);
}

export interface TurnRun {
  outcome: BackendTurnOutcome;
  events: TurnEvent[];
  notices: string[];
  /** The text the user saw: every `text` event joined. */
  shown: string;
}

export async function turn(
  h: Harness,
  session: AcpSessionState,
  over: Partial<BackendTurnRequest> = {},
  opts: Partial<AcpTurnOptions> = {},
): Promise<TurnRun> {
  const events: TurnEvent[] = [];
  const notices: string[] = [];
  const outcome = await runAcpTurn(
    h.client,
    session,
    { workspace: WORKSPACE, mode: 'plan', prompt: 'Explain this repo', ...over, onEvent: (e) => (events.push(e), over.onEvent?.(e)) },
    { cancelGraceMs: 2000, onNotice: (n) => notices.push(n), ...opts },
  );
  const shown = events.map((e) => (e.type === 'text' ? e.text : '')).join('');
  return { outcome, events, notices, shown };
}

/** Agent requests the fake sent that never got an answer (each would hang a real session). */
export function unansweredAgentRequests(log: FakeAcpLogLine[]): string[] {
  const asked = log.filter((l) => l.dir === 'out' && typeof l.msg.method === 'string' && l.msg.id !== undefined);
  const answered = new Set(log.filter((l) => l.dir === 'in' && l.msg.method === undefined).map((l) => l.msg.id));
  return asked.filter((l) => !answered.has(l.msg.id)).map((l) => String(l.msg.method));
}

/** The answer the client gave to the fake's request `method` (its `result`, or `{error}`). */
export function answerTo(log: FakeAcpLogLine[], method: string): unknown {
  const req = log.find((l) => l.dir === 'out' && l.msg.method === method && l.msg.id !== undefined);
  const res = req && log.find((l) => l.dir === 'in' && l.msg.method === undefined && l.msg.id === req.msg.id);
  return res ? (res.msg.result ?? { error: res.msg.error }) : undefined;
}
