/**
 * Past chats and the agent's commands over the fake ACP agent in memory: the listing of this window's
 * chats, opening exactly the chat asked for (its replay only a recap), the next turn in that session,
 * refusals that say why, and a prompt invoking one of the agent's commands sent as written.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { AcpBackend } from '../../../src/acp/acpBackend';
import { AgentFeatures } from '../../../src/services/engine/agentFeatures';
import { ChatTurnFlow, ChatTurnResult } from '../../../src/services/engine/chatTurn';
import type { ChatBackend } from '../../../src/turn/chatBackend';
import { memoryAcp, MemoryAcp } from '../../fixtures/acp/memoryTransport';
import type { FakeAcpScenario } from '../../fixtures/acp/scenario';
import { MemoryLogger } from '../../support/logger';
import { ANY_MODEL } from '../../support/modelSources';
import { WorkspaceGate } from '../../../src/services/engine/workspaceGate';

const OLD = '11111111-1111-4111-8111-111111111111';
const NEW = '22222222-2222-4222-8222-222222222222';
const ELSEWHERE = '33333333-3333-4333-8333-333333333333';
const UNLISTED = '44444444-4444-4444-8444-444444444444';

describe('past chats and the agent commands (ACP)', () => {
  let workspace = '';
  let backend: AcpBackend | undefined;
  let processes: MemoryAcp[] = [];
  beforeEach(() => {
    workspace = fs.mkdtempSync(path.join(fs.realpathSync(os.tmpdir()), 'ws-'));
    processes = [];
  });
  afterEach(() => {
    backend?.dispose();
    fs.rmSync(workspace, { recursive: true, force: true });
  });

  function stack(scenario: FakeAcpScenario = {}, opts: { print?: boolean; trusted?: boolean } = {}) {
    const pastSessions = [
      {
        sessionId: OLD,
        cwd: workspace,
        title: 'Old *chat*',
        updatedAt: '2026-01-01T00:00:00Z',
        history: { user: 'What is foo?', agent: 'Foo is a helper.' },
      },
      { sessionId: NEW, cwd: workspace, title: 'New chat', updatedAt: '2026-02-01T00:00:00Z' },
      { sessionId: ELSEWHERE, cwd: '/some/other/project', title: 'Not here', updatedAt: '2026-03-01T00:00:00Z' },
    ];
    backend = new AcpBackend({
      start: () => {
        const m = memoryAcp({ commandsBytes: 300, pastSessions, turn: { kind: 'answer', text: 'Fresh answer.' }, ...scenario });
        processes.push(m);
        return m.transport;
      },
      client: { initializeTimeoutMs: 2000, setupTimeoutMs: 2000 },
      turn: { cancelGraceMs: 500 },
    });
    const acp = backend;
    const print = { id: 'print', runTurn: () => Promise.reject(new Error('print mode ran')), dispose: () => undefined } as ChatBackend;
    const selector = { current: () => Promise.resolve(opts.print ? print : acp), fallBack: () => undefined };
    const host = { homeDir: os.homedir(), platform: process.platform, realPath: (p: string) => fs.realpathSync(p) };
    const gate = new WorkspaceGate({ isTrusted: () => opts.trusted ?? true, folders: () => [workspace] }, host);
    const features = new AgentFeatures({ selector, acp, gate, mode: () => 'plan' });
    const logger = new MemoryLogger();
    const flow = new ChatTurnFlow({
      selector,
      logger,
      gate,
      ...ANY_MODEL,
      invokesAgentCommand: (w, m) => features.invokesAgentCommand(w, m),
    });
    return { features, flow };
  }

  const wireIn = (method: string) => processes.flatMap((p) => p.sent()).filter((m) => m.method === method);
  const params = (m: Record<string, unknown>) => m.params as { sessionId?: string; prompt?: Array<{ text?: string }> };
  const ask = (flow: ChatTurnFlow, message: string, previous?: string): Promise<ChatTurnResult> =>
    flow.run({
      folder: () => workspace,
      conversation: () => ({
        mode: 'plan',
        history: [],
        message,
        references: [],
        ...(previous ? { previous: { backend: 'acp' as const, sessionId: previous } } : {}),
      }),
      onEvent: () => undefined,
    });

  it("lists this window's chats, newest first, never another folder's", async () => {
    const { features } = stack();
    const r = await features.pastChats();
    assert.equal(r.kind, 'chats');
    assert.deepEqual(r.kind === 'chats' && r.chats.map((c) => [c.id, c.title]), [
      [NEW, 'New chat'],
      [OLD, 'Old *chat*'],
    ]);
  });

  it('opens exactly the chat asked for: session/load of that id, the replay kept as a recap only; the turn continues that session', async () => {
    const { features, flow } = stack();
    const opened = await features.openPastChat(OLD);
    assert.equal(opened.kind, 'opened');
    assert.deepEqual(opened.kind === 'opened' && opened.recap, { asked: 'What is foo?', answered: 'Foo is a helper.' });
    assert.deepEqual(
      wireIn('session/load').map((m) => params(m).sessionId),
      [OLD],
    );
    const news = wireIn('session/new').length;
    const r = await ask(flow, 'And bar?', OLD);
    assert.equal(r.status, 'answered');
    assert.equal(r.status === 'answered' && r.text, 'Fresh answer.');
    assert.equal(r.status === 'answered' && r.sessionId, OLD);
    const prompt = wireIn('session/prompt').at(-1)!;
    assert.deepEqual([params(prompt).sessionId, params(prompt).prompt?.[0]!.text], [OLD, 'And bar?']);
    assert.equal(wireIn('session/load').length, 1, 'loaded twice');
    assert.equal(wireIn('session/new').length, news, 'a new session was opened for the turn');
  });

  it('an id of another folder, an unlisted one or one that is no chat id is never loaded: the list comes back', async () => {
    const { features } = stack();
    for (const [id, kind] of [
      [ELSEWHERE, 'unknown'],
      [UNLISTED, 'unknown'],
      ['../../x', 'invalid'],
    ] as const) {
      const r = await features.openPastChat(id);
      assert.equal(r.kind, kind, id);
      assert.deepEqual((r.kind === 'unknown' || r.kind === 'invalid') && r.chats.map((c) => c.id), [NEW, OLD]);
    }
    assert.deepEqual(wireIn('session/load'), []);
  });

  it('says why when it cannot list: print mode, an untrusted window, a CLI without session/list, signed out', async () => {
    assert.equal((await stack({}, { print: true }).features.pastChats()).kind, 'print');
    assert.equal((await stack({}, { print: true }).features.commands()).kind, 'print');
    assert.deepEqual(await stack({}, { trusted: false }).features.pastChats(), { kind: 'refused', reason: 'untrustedWorkspace' });
    assert.equal((await stack({ sessionList: false }).features.pastChats()).kind, 'unsupported');
    assert.deepEqual(wireIn('session/list'), [], 'session/list sent to a CLI that does not advertise it');
    const out = await stack({ auth: 'loggedOut' }).features.pastChats();
    assert.equal(out.kind === 'failed' && out.error.kind, 'loggedOut');
  });

  it("lists the agent's commands, and a prompt starting with one goes to session/prompt as written", async () => {
    const { features, flow } = stack();
    const r = await features.commands();
    assert.equal(r.kind, 'commands');
    assert.deepEqual(r.kind === 'commands' && r.commands.slice(0, 2).map((c) => c.name), ['skill-0', 'skill-1']);
    await ask(flow, '/skill-1 check 123');
    assert.equal(params(wireIn('session/prompt').at(-1)!).prompt?.[0]!.text, '/skill-1 check 123');
    await ask(flow, '/not-a-command 123');
    const framed = params(wireIn('session/prompt').at(-1)!).prompt?.[0]!.text ?? '';
    assert.ok(framed.endsWith('/not-a-command 123') && framed !== '/not-a-command 123', framed);
  });
});
