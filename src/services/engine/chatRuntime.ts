/**
 * The extension's services wired once, with the run policies that join them: the
 * extension, the bench and the test stacks all build their stack here. Pure: the
 * processes, files, workspace and storage come in as adapters (src/node/, or
 * VS Code's through src/extension.ts), so a test can run the real policies on fakes.
 */
import type { EditorToolsAccess, RunningEditorTools } from '../../turn/editorTools';
import type { AcpBackend } from '../../acp/acpBackend';
import { acpModelInfos } from '../../acp/models';
import { parseModelsOutput } from '../../cli/models';
import type { ResolveDeps } from '../../cli/binaryResolution';
import type { Clock } from '../../cli/clock';
import { findProxyProblems } from '../../cli/env';
import type { Logger } from '../../cli/logger';
import type { HostEnvironment, ProcessRunner } from '../../cli/process';
import { WorkspaceGate, type WorkspacePort } from './workspaceGate';
import type { RunSettings } from '../../print/printBackend';
import { PrintBackend } from '../../print/printBackend';
import type { Disposable } from '../emitter';
import { ConversationIndex } from '../conversation/conversationIndex';
import { AskServerService, type RunningAskServer } from '../mcp/askServerService';
import { EditorToolsService } from '../mcp/editorToolsService';
import type { PersistentStore } from '../persistentStore';
import { modelIdsOf, modelNote, unavailableModel } from '../models/modelAvailability';
import { modelInstead } from '../models/modelMapping';
import { listingOf, ModelCatalog } from '../models/modelCatalog';
import { ModelChoice } from '../models/modelChoice';
import { ModelMemory } from '../models/modelMemory';
import { shownModel, type ShownModel } from '../models/shownModel';
import { AuthService } from '../readiness/authService';
import { BinaryEnvironment, BinaryService } from '../readiness/binaryService';
import { CliAuthProbe } from './cliAuthProbe';
import { RecentErrorKinds } from '../readiness/issueReport';
import type { Settings } from '../settingsSchema';
import type { SettingSelector } from './backendSelector';
import { BackendsDeps, createBackends } from './backends';
import { AgentFeatures } from './agentFeatures';
import { ChatTurnFlow } from './chatTurn';
import { RecentPlans } from '../plans/recentPlans';
import { CursorAgentService } from './cursorAgentService';
import { Launcher } from './launcher';

/** The workspace as the runtime sees it (VS Code's `workspace`, or a test's plain object): declared once, by the gate. */
export type { WorkspacePort } from './workspaceGate';

/** How long a process gets between SIGTERM and SIGKILL, and a short command (`status`, `models`) in all: not settings. */
export const PROCESS_LIMITS = { killGraceMs: 2000, shortCommandTimeoutMs: 30_000 } as const;
/** Window focus re-probes the CLI at most this often. */
const FOCUS_PROBE_INTERVAL_MS = 60_000;
/** How many CLI chats the conversation record keeps. */
const MAX_CONVERSATIONS = 500;

/** The run settings from the user's: the turn deadlines are settings, the process limits are not. */
export function runSettingsOf(s: Settings): RunSettings {
  return { firstOutputTimeoutMs: s.firstOutputTimeoutSeconds * 1000, inactivityTimeoutMs: s.inactivityTimeoutSeconds * 1000, ...PROCESS_LIMITS };
}

export interface RuntimeAdapters {
  runner: ProcessRunner;
  host: HostEnvironment;
  /** What the deadlines, idle times and back-offs of the core run on (`systemClock`; a fake one in timing tests). */
  clock: Clock;
  resolveDeps: ResolveDeps;
  binaryEnvironment: BinaryEnvironment;
  /** Starts `cursor-agent acp` (src/node/acpProcess.ts: through `runner`, for its kill policy). */
  startTransport: BackendsDeps['startTransport'];
  logger: Logger;
  settings(): Settings;
  workspace: WorkspacePort;
  /** `workspaceState` (which CLI chat holds which conversation) and `globalState` (the ACP support verdicts). */
  stores: { workspace: PersistentStore; global: PersistentStore };
  clientVersion: string;
  /** Starts this window's two loopback MCP servers (the VS Code edge's, loaded on first use); the runtime decides when. */
  servers?: LoopbackServerStarters;
  /** A test's stand-in for the editor tools of every ACP session (the extension gives `servers`). */
  editorTools?: EditorToolsAccess;
  /**
   * Replaces {@link runSettingsOf}: tests run shorter deadlines and kill graces than a user
   * can set. The extension and the bench leave it out.
   */
  runSettings?: () => RunSettings;
}

/** How the VS Code edge starts the window's MCP servers: the editor tools, and the ask server over the runtime's own turns. */
export interface LoopbackServerStarters {
  editorTools(): Promise<RunningEditorTools>;
  ask(services: { flow: ChatTurnFlow; catalog: ModelCatalog }): Promise<RunningAskServer>;
}

const NO_SERVERS: LoopbackServerStarters = {
  editorTools: () => Promise.reject(new Error('this runtime starts no MCP servers')),
  ask: () => Promise.reject(new Error('this runtime starts no MCP servers')),
};

export interface ChatRuntime {
  binary: BinaryService;
  agent: CursorAgentService;
  auth: AuthService;
  catalog: ModelCatalog;
  selector: SettingSelector;
  /** The ACP backend (the selector runs turns on it; the catalog lists its models). */
  acp: AcpBackend;
  flow: ChatTurnFlow;
  /** Past Cursor chats and the agent's own slash commands (ACP). */
  features: AgentFeatures;
  conversations: ConversationIndex;
  /** Trust, folders and the safe-folder rule: the one answer to "may the agent run here?" (the editor tools and the ask server ask it too). */
  gate: WorkspaceGate;
  /** The editor tools' server for ACP sessions, and the ask server for VS Code's own agents (off without `servers`). */
  editorTools: EditorToolsService;
  askServer: AskServerService;
  recentPlans: RecentPlans;
  modelChoice: ModelChoice;
  /** The models VS Code is told about before this window's CLI has listed any (the last list shown, or Auto). */
  modelMemory: ModelMemory;
  runSettings(): RunSettings;
  /** Which backend runs turns and why, for /status; whether that is ACP (it sends no token counts). */
  backendStatus(): string;
  usesAcp(): boolean;
  /** The kinds of the last failed turns (for "Cursor: Report Issue…"). */
  errorKinds: RecentErrorKinds;
  /** The status bar's note for `model`: why the backend in use cannot run it, if so. */
  modelNote(model: string | undefined): string | undefined;
  /** The model the next @cursor turn uses (the participant's own decision), with its label and where it comes from. */
  nextModel(): ShownModel;
  /** The workbench asked for our models: a chance to warm an ACP session. */
  warm(): void;
  /** After activation: the first status probe (resolves with it), and the proxy variables that would not work, logged. */
  start(): Promise<unknown>;
  /** The window got focus: the CLI may have been logged in or out meanwhile. */
  windowFocused(): void;
  /** The user trusted the workspace: probe again, and check ACP support once ready. */
  trustGranted(): Promise<void>;
  /** `model` or `backend` changed (the path's change is the VS Code edge's: it tells the user). */
  settingsChanged(changed: ReadonlySet<string>): void;
  /** The services and subscriptions to dispose with the extension (the runner is the caller's). */
  disposables: Disposable[];
}

export function createChatRuntime(a: RuntimeAdapters): ChatRuntime {
  const { logger, settings, workspace, host } = a;
  const runSettings = a.runSettings ?? (() => runSettingsOf(settings()));
  const binary = new BinaryService(a.resolveDeps, a.binaryEnvironment, () => settings().path, logger);
  const launcher = new Launcher(binary, host);
  const print = new PrintBackend(launcher, a.runner, runSettings, logger);
  const agent = new CursorAgentService(launcher, print, a.runner, runSettings);
  const auth = new AuthService(new CliAuthProbe(binary, agent), logger, () => a.clock.now());
  // Which CLI chat holds which visible conversation (@cursor and vscode.lm), in the workspace storage so that a reload keeps it (no prompt text).
  const storeError = (why: string) => logger.warn(`[storage] could not save the record of Cursor chats: ${why}`);
  const conversations = new ConversationIndex(MAX_CONVERSATIONS, a.stores.workspace, storeError);
  // Every "may the agent run here, in this folder?" question is answered by this one gate.
  const gate = new WorkspaceGate(workspace, host);
  // The window's servers listen only where the agent may run (the gate), each while its setting is on.
  const servers = a.servers ?? NO_SERVERS;
  const mayRun = () => gate.mayRun();
  const on = (setting: 'editorTools' | 'askServer') => () => a.servers !== undefined && settings()[setting];
  const editorTools = new EditorToolsService({ enabled: on('editorTools'), mayRun, start: () => servers.editorTools(), logger });
  const { selector, acp } = createBackends({
    launcher,
    print,
    runShort: (args) => agent.runShort(args),
    binary,
    settings,
    runSettings,
    startTransport: a.startTransport,
    store: a.stores.global,
    logger,
    clientVersion: a.clientVersion,
    editorTools: a.editorTools ?? editorTools,
    gate,
    clock: a.clock,
  });
  // The models of the backend in use: in ACP mode the ACP server's own list (a spare session's; never outside a trusted, safe folder).
  const acpFolder = () => {
    const folder = gate.firstSafeFolder();
    if (!folder) throw new Error('ACP lists its models in a trusted workspace folder: open one');
    return folder;
  };
  const catalog = new ModelCatalog(
    {
      // Untrusted: print mode's list, and no ACP support check (a restricted window runs nothing but the status probe).
      backend: async () => (gate.isTrusted() ? (await selector.current()).id : 'print'),
      list: {
        print: async () => parseModelsOutput(await agent.modelsText()),
        acp: async () => listingOf(acpModelInfos(await acp.models(acpFolder()))),
      },
    },
    logger,
    () => settings().modelListCacheMinutes * 60_000,
    () => a.clock.now(),
  );
  const errorKinds = new RecentErrorKinds();
  const toldModels = new Set<string>();
  const features = new AgentFeatures({ selector, acp, gate, mode: () => settings().mode });
  const flow = new ChatTurnFlow({
    selector,
    onFailed: (kind) => errorKinds.push(kind),
    recheckReadiness: () => void auth.refresh({ force: true }),
    invokesAgentCommand: (folder, message) => features.invokesAgentCommand(folder, message),
    logger,
    gate,
    // A model of the other backend with no counterpart here (modelInstead below) is reported, never run.
    modelCheck: (model, backend) => unavailableModel(catalog.peek(), model, backend),
    // A stale id (a CLI update, a backend switch) runs as the listed model of its family and options, told once per id.
    modelInstead: (model, backend) => modelInstead(model, modelIdsOf(catalog.peek(), backend), toldModels),
    // A print-mode turn while the picker holds ACP's list (auto fell back): list print mode's models (no ACP process).
    onBackend: (backend) => {
      if (backend === 'print' && catalog.peek().backend === 'acp') void catalog.get();
    },
  });
  // The ACP support check starts after a successful status probe, in the background, in a trusted window only.
  const detectWhenReady = (state: string) => {
    if (state === 'ready' && gate.isTrusted()) selector.detectInBackground();
  };
  const onReady = auth.onDidChange((s) => detectWhenReady(s.state));
  const modelChoice = new ModelChoice();
  // The next window answers VS Code with this window's list at once (a model its chat input remembers resolves).
  const modelMemory = new ModelMemory({ store: a.stores.global, logger });
  const remembered = catalog.onDidChange((snap) => modelMemory.remember(snap.backend, snap.models));
  // For VS Code's own agents only (ACP sessions get the editor tools alone: the Cursor agent never asks itself).
  const askServer = new AskServerService({ enabled: on('askServer'), mayRun, start: () => servers.ask({ flow, catalog }), logger });
  const stopEditorTools = { dispose: () => void editorTools.stop() };
  // The workspace's last plans (Open Recent Plan… after a reload).
  const recentPlans = new RecentPlans({ store: a.stores.workspace, clock: a.clock, logger });
  return {
    binary,
    agent,
    auth,
    catalog,
    selector,
    acp,
    flow,
    features,
    conversations,
    gate,
    editorTools,
    askServer,
    recentPlans,
    modelChoice,
    modelMemory,
    runSettings,
    backendStatus: () => selector.describe(),
    usesAcp: () => selector.usesAcp(),
    errorKinds,
    modelNote: (model) => modelNote(catalog.peek(), model),
    nextModel: () => shownModel(modelChoice.next(settings().model), catalog.peek().models, catalog.peek().other?.models),
    // A warm ACP session, only in a trusted window with one folder (asking which folder is the turn's business), a ready
    // CLI and `cursorAgent.acp.warmStart` on.
    warm: () => {
      if (!settings()['acp.warmStart']) return;
      const folder = gate.onlyFolder();
      if (folder !== undefined && auth.state.state === 'ready') selector.warm(folder, settings().mode);
    },
    start: () => {
      const probed = auth.refresh();
      for (const problem of findProxyProblems(host.env)) logger.warn(`[env] ${problem}`);
      return probed;
    },
    windowFocused: () => void auth.refreshThrottled(FOCUS_PROBE_INTERVAL_MS),
    trustGranted: async () => detectWhenReady((await auth.refresh({ force: true })).state),
    settingsChanged: (changed) => {
      if (changed.has('model')) modelChoice.settingChanged(settings().model);
      if (changed.has('backend')) selector.settingChanged();
      if (changed.has('editorTools')) editorTools.update();
      if (changed.has('askServer')) askServer.update();
    },
    disposables: [stopEditorTools, onReady, remembered, binary, catalog, auth, selector, modelChoice, askServer],
  };
}
