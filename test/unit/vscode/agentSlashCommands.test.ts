/**
 * Cursor: Open Past Chat… and the buttons of /resume and /commands (vscode stand-in, the fake ACP agent in
 * memory): the quick pick lists this folder's chats newest first and its pick starts `@cursor /resume <id> `
 * in the chat input; in print mode it says ACP is needed.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { AcpBackend } from '../../../src/acp/acpBackend';
import { AgentFeatures } from '../../../src/services/engine/agentFeatures';
import type { ChatBackend } from '../../../src/turn/chatBackend';
import { OPEN_PAST_CHAT, registerOpenPastChat } from '../../../src/vscode/chat/agentSlashCommands';
import { memoryAcp } from '../../fixtures/acp/memoryTransport';
import { shimState } from '../../support/vscodeShim';
import { WorkspaceGate } from '../../../src/services/engine/workspaceGate';

const OLD = '11111111-1111-4111-8111-111111111111';
const NEW = '22222222-2222-4222-8222-222222222222';

describe('Cursor: Open Past Chat… (vscode stand-in)', () => {
  let workspace = '';
  let backend: AcpBackend | undefined;
  beforeEach(() => {
    workspace = fs.mkdtempSync(path.join(fs.realpathSync(os.tmpdir()), 'ws-'));
    Object.assign(shimState, { workspaceFolder: workspace, executed: [], quickPicks: [], messages: [], pickFrom: undefined });
    shimState.workbenchCommands = ['workbench.action.chat.newLocalChat', 'workbench.action.chat.open'];
  });
  afterEach(() => {
    backend?.dispose();
    fs.rmSync(workspace, { recursive: true, force: true });
  });

  async function run(print = false): Promise<void> {
    const pastSessions = [
      { sessionId: OLD, cwd: workspace, title: 'Old chat', updatedAt: new Date(Date.now() - 5 * 60_000).toISOString() },
      { sessionId: NEW, cwd: workspace, title: 'New chat', updatedAt: new Date().toISOString() },
      { sessionId: '33333333-3333-4333-8333-333333333333', cwd: '/elsewhere', title: 'Elsewhere' },
    ];
    backend = new AcpBackend({
      start: () => memoryAcp({ pastSessions }).transport,
      client: { initializeTimeoutMs: 2000, setupTimeoutMs: 2000 },
      turn: { cancelGraceMs: 500 },
    });
    const acp = backend;
    const printBackend = { id: 'print', runTurn: () => Promise.reject(new Error('ran')), dispose: () => undefined } as ChatBackend;
    const host = { homeDir: os.homedir(), platform: process.platform, realPath: (p: string) => fs.realpathSync(p) };
    const features = new AgentFeatures({
      selector: { current: () => Promise.resolve(print ? printBackend : acp) },
      acp,
      gate: new WorkspaceGate({ isTrusted: () => true, folders: () => [workspace] }, host),
      mode: () => 'plan',
    });
    const registration = registerOpenPastChat(features);
    try {
      await shimState.commands?.get(OPEN_PAST_CHAT)?.();
    } finally {
      registration.dispose();
    }
  }

  it("offers this folder's chats, newest first, with when; the pick starts `@cursor /resume <id> ` in the chat input", async () => {
    shimState.pickFrom = (items) => items[1];
    await run();
    const items = (shimState.quickPicks?.[0] ?? []) as Array<{ label: string; description: string }>;
    assert.deepEqual(
      items.map((i) => [i.label, i.description]),
      [
        ['New chat', 'just now'],
        ['Old chat', '5 minutes ago'],
      ],
    );
    assert.deepEqual(shimState.executed?.at(-1), ['workbench.action.chat.open', { query: `@cursor /resume ${OLD} `, isPartialQuery: true }]);
    // A new Local chat first, where VS Code has one (a new chat may start in the Copilot harness, which never calls @cursor).
    assert.deepEqual(shimState.executed?.at(-2), ['workbench.action.chat.newLocalChat']);
  });

  it('Escape opens nothing', async () => {
    await run();
    assert.equal(shimState.quickPicks?.length, 1);
    assert.deepEqual(shimState.executed, []);
  });

  it('print mode: says past chats need the ACP backend, and lists nothing', async () => {
    await run(true);
    assert.deepEqual(shimState.quickPicks, []);
    assert.deepEqual(shimState.messages, [{ level: 'info', text: 'Past Cursor chats need the ACP backend (cursorAgent.backend).' }]);
  });
});
