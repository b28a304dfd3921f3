/**
 * The one ask both `cursor_ask` and the ask server's `ask_cursor` run (src/vscode/ask/askCursor.ts), on the
 * `vscode` stand-in with a stand-in flow: what the turn is given, and how each way it ends comes back.
 */
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { askCursorOnce, type AskCursorDeps } from '../../../src/vscode/ask/askCursor';
import type { ChatTurnRequest, ChatTurnResult, TurnConversation } from '../../../src/services/engine/chatTurn';
import type { TurnEvent } from '../../../src/turn/events';
import { DEFAULT_SETTINGS } from '../../../src/services/settingsSchema';
import { shimState } from '../../support/vscodeShim';
import { MemoryLogger } from '../../support/logger';
import { cancellationSource } from '../../support/cancellation';

const folder = path.resolve('/work/project');
const read = (p: string): TurnEvent => ({ type: 'tool', callId: p, phase: 'completed', kind: 'read', summary: p, path: p, mutating: false });

function setUp(end: (req: ChatTurnRequest) => ChatTurnResult, events: TurnEvent[] = []) {
  shimState.workspaceFolder = folder;
  const seen: { conversations: TurnConversation[]; folders: Array<string | undefined> } = {
    conversations: [],
    folders: [],
  };
  const flow = {
    run: async (req: ChatTurnRequest): Promise<ChatTurnResult> => {
      const f = (await req.folder()) ?? '';
      seen.folders.push(f);
      seen.conversations.push(await req.conversation(f));
      for (const e of events) req.onEvent(e);
      return end(req);
    },
  };
  const logger = new MemoryLogger();
  const deps = {
    flow,
    logger,
    settings: () => ({ ...DEFAULT_SETTINGS, mode: 'ask' as const }),
    host: { platform: 'linux' },
    catalog: { peek: () => ({ models: [] }) },
  } as unknown as AskCursorDeps;
  const ask = (input: unknown, cancel = cancellationSource()) => askCursorOnce(deps, 'ask_cursor', input, cancel.token);
  return { ask, seen, logger };
}
const answered = (text: string) => (): ChatTurnResult =>
  ({ status: 'answered', workspace: folder, backend: 'acp', resumed: false, text, cancelled: false }) as unknown as ChatTurnResult;

describe('askCursorOnce (the turn behind cursor_ask and ask_cursor)', () => {
  const original = shimState.workspaceFolder;
  after(() => void (shimState.workspaceFolder = original));

  it('runs one fresh read-only question in the workspace folder and returns the answer and the files read', async () => {
    const { ask, seen } = setUp(answered('fallback'), [{ type: 'text', text: 'It greets.' } as TurnEvent, read('src/hello.ts')]);
    const outcome = await ask({ question: ' What does hello.ts do? ' });
    assert.deepEqual(outcome, { status: 'answered', text: 'It greets.', filesLine: 'Files the Cursor agent read: src/hello.ts.' });
    assert.deepEqual(seen.folders, [folder]);
    assert.deepEqual(seen.conversations, [{ mode: 'ask', model: undefined, history: [], message: 'What does hello.ts do?', references: [] }]);
  });

  it('a bad input or a file outside the folder is an error for the caller, and no turn runs for a bad input', async () => {
    const { ask, seen } = setUp(answered('x'));
    const bad = await ask({ question: 3 });
    assert.equal(bad.status, 'error');
    assert.match(bad.status === 'error' ? bad.message : '', /^Invalid input: question must be a string/);
    assert.equal(seen.folders.length, 0);
    const outside = await ask({ question: 'q', files: ['../secrets.txt'] });
    assert.match(outside.status === 'error' ? outside.message : '', /only files inside the workspace folder/);
  });

  it('a refused turn, a failed one (the login is checked again by the flow) and a cancelled one come back as such', async () => {
    const refused = await setUp(() => ({ status: 'refused', reason: 'untrustedWorkspace' })).ask({ question: 'q' });
    assert.match(refused.status === 'error' ? refused.message : '', /trust/i);
    const failure = { kind: 'loggedOut', userMessage: 'You are not logged in to the Cursor CLI.' };
    const failed = setUp(
      () => ({ status: 'failed', workspace: folder, error: failure, shownText: false, resumed: false }) as unknown as ChatTurnResult,
    );
    assert.deepEqual(await failed.ask({ question: 'q' }), { status: 'error', message: 'You are not logged in to the Cursor CLI.' });
    assert.ok(failed.logger.lines.some((l) => l === 'warn [tool] ask_cursor failed: loggedOut'));
    const cancel = cancellationSource();
    const cancelled = setUp((req) => {
      assert.equal(req.cancellation, cancel.token, "the caller's cancellation reaches the turn");
      cancel.cancel();
      return answered('partial')();
    });
    assert.deepEqual(await cancelled.ask({ question: 'q' }, cancel), { status: 'cancelled' });
  });
});
