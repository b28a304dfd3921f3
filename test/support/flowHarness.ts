// Fake backends and a chat-turn flow around them, for the flow's unit tests (no processes).
import { CliError, describeError, type CliErrorKind } from '../../src/cli/errors';
import type { TurnEvent } from '../../src/turn/events';
import type { BackendId, BackendSelector, BackendTurnOutcome, BackendTurnRequest, ChatBackend } from '../../src/turn/chatBackend';
import { ChatTurnFlow, ChatTurnRequest, TurnConversation } from '../../src/services/engine/chatTurn';
import { MemoryLogger } from './logger';
import { ANY_MODEL } from './modelSources';
import { WorkspaceGate } from '../../src/services/engine/workspaceGate';

export type Script = (req: BackendTurnRequest) => BackendTurnOutcome;

/** A backend that answers by script and records what it was asked to run. */
export class FakeBackend implements ChatBackend {
  readonly calls: BackendTurnRequest[] = [];
  constructor(
    readonly id: BackendId,
    private readonly script: Script[],
  ) {}
  runTurn(req: BackendTurnRequest): Promise<BackendTurnOutcome> {
    this.calls.push(req);
    const step = this.script[Math.min(this.calls.length - 1, this.script.length - 1)];
    if (!step) throw new Error('the scripted flow has no steps');
    return Promise.resolve(step(req));
  }
  dispose(): void {}
}

export const answer =
  (text: string, sessionId = 'chat-new'): Script =>
  (req) => {
    req.onEvent({ type: 'text', text } as TurnEvent);
    return { ok: true, cancelled: false, sessionId, text, durationMs: 1, promptBytes: Buffer.byteLength(req.prompt) };
  };
export const fail =
  (kind: CliErrorKind, extra: { shownText?: boolean; transport?: boolean; sessionId?: string } = {}): Script =>
  () => ({
    ok: false,
    error: new CliError(describeError(kind)),
    shownText: extra.shownText ?? false,
    ...(extra.transport ? { transport: true } : {}),
    ...(extra.sessionId ? { sessionId: extra.sessionId } : {}),
  });

export function selector(first: ChatBackend, fallback?: ChatBackend): BackendSelector & { fellBack: string[] } {
  const fellBack: string[] = [];
  return {
    fellBack,
    current: () => Promise.resolve(first),
    fallBack: (failed, reason) => {
      fellBack.push(`${failed.id}: ${reason}`);
      return fallback;
    },
  };
}

export const HISTORY = [
  { role: 'user' as const, text: 'What is X?' },
  { role: 'assistant' as const, text: 'X is a thing.' },
];

export function run(flow: ChatTurnFlow, conv: Partial<TurnConversation> = {}, extra: Partial<ChatTurnRequest> = {}) {
  const notices: string[] = [];
  const shown: string[] = [];
  const result = flow.run({
    folder: () => '/work/project',
    conversation: () => ({ mode: 'plan', history: HISTORY, message: 'And Y?', references: [], ...conv }),
    onEvent: (e) => {
      if (e.type === 'text') shown.push(e.text);
    },
    onNotice: (m) => notices.push(m),
    ...extra,
  });
  return { result, notices, shown };
}

export function makeFlow(sel: BackendSelector, trusted = true) {
  const logger = new MemoryLogger();
  return {
    logger,
    flow: new ChatTurnFlow({ selector: sel, logger, gate: trustedGate(trusted), ...ANY_MODEL }),
  };
}

/** The real workspace gate over a window that is trusted (or not), with `folders` open, for a Linux user `u`. */
export function trustedGate(trusted = true, folders: string[] = []): WorkspaceGate {
  return new WorkspaceGate({ isTrusted: () => trusted, folders: () => folders }, { platform: 'linux', homeDir: '/home/u' });
}
