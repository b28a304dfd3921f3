/**
 * What the chat shows for a plan the agent proposed over ACP (`cursor/create_plan`), its todos, and a
 * question it asked: the real @cursor participant and language model provider, run in plain Node on the
 * `vscode` stand-in, over the real ACP backend talking to the fake ACP agent (the real capture replayed).
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { registerChatParticipant } from '../../../src/vscode/chat/participant';
import { CursorChatProvider } from '../../../src/vscode/lm/lmProvider';
import { AcpBackend } from '../../../src/acp/acpBackend';
import { readyAuth } from '../../support/auth';
import { ConversationIndex } from '../../../src/services/conversation/conversationIndex';
import type { BackendSelector } from '../../../src/turn/chatBackend';
import { ChatTurnFlow } from '../../../src/services/engine/chatTurn';
import { ModelCatalog } from '../../../src/services/models/modelCatalog';
import { ModelChoice } from '../../../src/services/models/modelChoice';
import { ModelMemory } from '../../../src/services/models/modelMemory';
import { MemoryStore } from '../../support/memoryStore';
import { DEFAULT_SETTINGS } from '../../../src/services/settingsSchema';
import { shimState, vscodeShim } from '../../support/vscodeShim';
import { CAPTURES } from '../../fixtures/acp/captures';
import { memoryAcp } from '../../fixtures/acp/memoryTransport';
import type { FakeAcpScenario } from '../../fixtures/acp/scenario';
import { cancellationSource } from '../../support/cancellation';
import { MemoryLogger } from '../../support/logger';
import { recordingResponseStream } from '../../support/responseStream';
import { ANY_MODEL, NO_MODEL_PICKS, printModels } from '../../support/modelSources';
import { AgentFeatures } from '../../../src/services/engine/agentFeatures';
import { WorkspaceGate } from '../../../src/services/engine/workspaceGate';
import { planMarkdown, type PlanView } from '../../../src/services/plans/planMarkdown';
import { planTodoScript } from '../../fixtures/acp/planFinal';

interface Rendered {
  markdown: string;
  progress: string[];
  buttons: string[];
  commands: Array<{ title: string; command?: string; arguments?: unknown[] }>;
  result: { errorDetails?: { message: string }; metadata?: Record<string, unknown> };
}

const PLAN_TODOS = [
  '- [ ] Create src/utils/hello-world.ts with exported helloWorld(name?)',
  // Markdown that shows the text as written: `__tests__` would otherwise be bold "tests".
  '- [ ] Add src/\\_\\_tests\\_\\_/hello-world.test.ts covering default and custom name',
  '- [ ] Run npm run typecheck and vitest on the new test file',
].join('\n');

describe('Plans, todos and questions from the agent in the chat (ACP)', function () {
  this.timeout(30_000);
  let workspace = '';
  let backend: AcpBackend | undefined;
  beforeEach(() => {
    workspace = fs.mkdtempSync(path.join(fs.realpathSync(os.tmpdir()), 'ws-'));
    shimState.workspaceFolder = workspace;
  });
  afterEach(() => {
    backend?.dispose();
    backend = undefined;
    fs.rmSync(workspace, { recursive: true, force: true });
  });

  function deps(scenario: FakeAcpScenario) {
    const logger = new MemoryLogger();
    backend = new AcpBackend({
      start: () => memoryAcp({ commandsBytes: 100, ...scenario }).transport,
      client: { initializeTimeoutMs: 2000, setupTimeoutMs: 2000 },
      turn: { cancelGraceMs: 500 },
    });
    const acp = backend;
    const selector: BackendSelector = { current: () => Promise.resolve(acp), fallBack: () => undefined };
    const host = { homeDir: os.homedir(), platform: process.platform, realPath: (p: string) => fs.realpathSync(p) };
    const gate = new WorkspaceGate({ isTrusted: () => true, folders: () => [workspace] }, host);
    const flow = new ChatTurnFlow({ selector, logger, gate, ...ANY_MODEL });
    const features = new AgentFeatures({ selector, acp, gate, mode: () => 'plan' });
    const auth = readyAuth({ binary: '/fake/cursor-agent', logger });
    const catalog = new ModelCatalog(
      printModels(async () => 'Available models\n\nauto - Auto\n'),
      logger,
      () => 3_600_000,
    );
    return {
      flow,
      features,
      auth,
      catalog,
      logger,
      settings: () => ({ ...DEFAULT_SETTINGS, showThinking: true }),
      conversations: new ConversationIndex(),
      memory: new ModelMemory({ store: new MemoryStore(), logger }),
    };
  }

  async function ask(scenario: FakeAcpScenario, opts: { command?: string; backend?: 'acp' | 'print' } = {}): Promise<Rendered> {
    const { command, backend = 'acp' } = opts;
    const usesAcp = backend === 'acp';
    const d = deps(scenario);
    shimState.participantHandler = undefined;
    const binary = {
      resolve: async () => ({
        found: true,
        path: '/fake/cursor-agent',
        version: 'fake',
        source: 'path',
        argsPrefix: [],
        configuredPathFailed: false,
        rejected: [],
      }),
    };
    const backendStatus = () => (usesAcp ? 'ACP (`cursor-agent acp`, warm sessions)' : 'print mode (`cursor-agent -p`)');
    registerChatParticipant({
      ...d,
      binary: binary as never,
      modelChoice: new ModelChoice(),
      platform: 'linux',
      backendStatus,
      usesAcp: () => usesAcp,
      modelPicks: NO_MODEL_PICKS,
    });
    const handler = shimState.participantHandler as unknown as (...args: unknown[]) => Promise<Rendered['result']>;
    const { stream, shown } = recordingResponseStream();
    const { token } = cancellationSource();
    const result = await handler(
      { prompt: 'Make a brief plan', command, references: [], toolReferences: [], model: undefined },
      { history: [] },
      stream,
      token,
    );
    return { ...shown, result };
  }

  it("@cursor shows the agent's plan: its name as a heading, the overview, the plan, and the todos as a checklist", async () => {
    const r = await ask({ turn: { kind: 'capture', file: CAPTURES.createPlan } });
    assert.equal(r.result.errorDetails, undefined, JSON.stringify(r.result));
    assert.match(r.markdown, /(^|\n)## Hello World Function\n\nAdd a minimal exported `helloWorld` utility/);
    assert.ok(r.markdown.includes('## Step 1 — Add the utility module'), 'the markdown plan itself');
    assert.ok(r.markdown.includes(`**To-dos**\n\n${PLAN_TODOS}`), r.markdown.slice(-800));
    // The todo list never changed after the plan showed it: no second checklist under the answer.
    assert.equal(r.markdown.split('- [ ] Create src/utils/hello-world.ts').length, 2);
    // The answer text (for a fresh chat's history) holds the plan too.
    assert.match(String(r.result.metadata?.answerText), /## Hello World Function/);
    // ACP sends no token counts: no usage line (and no invented one); an ACP chat cannot go to the terminal CLI
    // (no Continue in Terminal): only the plan's own buttons.
    assert.doesNotMatch(r.markdown, /tokens/);
    assert.deepEqual(r.buttons, ['Open Plan', 'Build with Agent', 'Build in Terminal']);
    assert.equal(r.result.metadata?.backend, 'acp');
  });

  it('@cursor shows todo changes as progress lines and the final checklist under the answer, and notes a skipped question', async () => {
    const r = await ask({ turn: { kind: 'requests', text: 'Done.' } });
    assert.equal(r.result.errorDetails, undefined, JSON.stringify(r.result));
    assert.ok(r.progress.includes('To-dos: 1 of 2 done; working on: Write the plan'), JSON.stringify(r.progress));
    assert.match(r.markdown, /^> The agent asked a question this chat cannot answer mid-turn; it was skipped\..*\n\n## Fake Plan/);
    assert.match(
      r.markdown,
      /## Fake Plan\n\nTwo steps\.\n\n# Plan\n\n1\. Read\n2\. Write\n\n\*\*To-dos\*\*\n\n- \[x\] Read the code\n- \[ \] \*\*Write the plan\*\* \*\(in progress\)\*/,
    );
    assert.ok(r.markdown.includes('Done.'));
  });

  it('the plan buttons carry the to-dos as they ended (moved by cursor/update_todos after the plan), as the final checklist shows them', async () => {
    const r = await ask({ turn: planTodoScript('Planned.') });
    assert.equal(r.result.errorDetails, undefined, JSON.stringify(r.result));
    const final = '- [x] Read the code\n- [ ] **Write the plan** *(in progress)*\n- [ ] ~~Ship it~~ *(cancelled)*';
    assert.ok(r.markdown.includes(`**To-dos**\n\n${final}`), r.markdown.slice(-400));
    const plans = r.commands.map((c) => c.arguments?.[0] as PlanView);
    assert.deepEqual(
      r.commands.map((c) => c.command),
      ['cursorAgent.openPlan', 'cursorAgent.buildPlanWithAgent', 'cursorAgent.buildPlanInTerminal'],
    );
    // What Open Plan's document and the terminal's prompt hold: the plan, then the to-dos in their final states.
    for (const p of plans) assert.equal(planMarkdown(p), `## Final plan\n\nThree steps.\n\n# Final plan\n\n**To-dos**\n\n${final}`);
    // And the folder the turn ran in, where Build in Terminal builds it (a multi-root window has others).
    for (const p of plans) assert.equal(p.folder, shimState.workspaceFolder);
  });

  it('/status says which backend runs turns, and that usage is not available in ACP mode', async () => {
    const acp = await ask({}, { command: 'status' });
    assert.match(acp.markdown, /- Backend: ACP \(`cursor-agent acp`, warm sessions\)\n- Usage: not available in ACP mode/);
    const print = await ask({}, { command: 'status', backend: 'print' });
    assert.match(print.markdown, /- Backend: print mode/);
    assert.doesNotMatch(print.markdown, /Usage:/);
  });

  it('a caller of vscode.lm gets the plan and its checklist as text', async () => {
    const d = deps({ turn: { kind: 'capture', file: CAPTURES.createPlan } });
    const provider = new CursorChatProvider(d);
    const parts: string[] = [];
    const msg = {
      role: vscodeShim.LanguageModelChatMessageRole.User,
      content: [new vscodeShim.LanguageModelTextPart('Make a brief plan')],
      name: undefined,
    };
    const { token } = cancellationSource();
    const model = { id: 'auto', name: 'Auto', family: 'auto', version: 'auto', maxInputTokens: 1, maxOutputTokens: 1 };
    await provider.provideLanguageModelChatResponse(
      model as never,
      [msg] as never,
      {} as never,
      { report: (p: { value: string }) => parts.push(p.value) } as never,
      token as never,
    );
    provider.dispose();
    const text = parts.join('');
    assert.ok(text.startsWith('Exploring the repo structure'), text.slice(0, 200));
    assert.ok(text.includes('## Hello World Function'), text);
    assert.ok(text.includes(PLAN_TODOS), text);
  });
});
