// Composition root: builds every service, registers every VS Code surface, and wires their events.
import * as vscode from 'vscode';
import { findProxyProblems } from './cli/env';
import { NodeAcpTransport } from './node/acpProcess';
import { NodeProcessRunner } from './node/nodeProcessRunner';
import { binaryEnvironment, nodeHostEnvironment, nodeResolveDeps } from './node/nodeHost';
import { AuthService } from './services/readiness/authService';
import { createBackends } from './services/engine/backends';
import { BinaryService } from './services/readiness/binaryService';
import { ConversationIndex } from './services/memory/conversationIndex';
import { CliAuthProbe } from './services/readiness/cliAuthProbe';
import { CursorAgentService } from './services/engine/cursorAgentService';
import { ModelCatalog } from './services/models/modelCatalog';
import { acpModelInfos } from './acp/models';
import { unsafeWorkspace } from './cli/workspaceGuard';
import { ModelChoice } from './services/models/modelChoice';
import { modelNote, unavailableModel } from './services/models/modelAvailability';
import { createApi, CursorAgentApi, subscribe } from './vscode/api';
import { binaryPathChanged, reportBinaryChoice } from './vscode/binaryWatcher';
import { CONTINUE_IN_TERMINAL, continueInTerminal, LastTurn } from './vscode/continuity';
import { registerCommands } from './vscode/commands';
import { Configuration } from './vscode/configuration';
import { CursorChatProvider, VENDOR } from './vscode/lmProvider';
import { registerChatParticipant } from './vscode/participant';
import { followReadiness } from './vscode/readiness';
import { CursorStatusBar } from './vscode/statusBar';

export function activate(context: vscode.ExtensionContext): CursorAgentApi {
  const output = vscode.window.createOutputChannel('Cursor', { log: true });
  const config = new Configuration(output);
  const settings = () => config.current;
  const host = nodeHostEnvironment();
  const runner = new NodeProcessRunner(output);
  const binary = new BinaryService(nodeResolveDeps(runner, host), binaryEnvironment(host), () => settings().path, output);
  const runSettings = () => ({
    firstOutputTimeoutMs: settings().firstOutputTimeoutSeconds * 1000,
    inactivityTimeoutMs: settings().inactivityTimeoutSeconds * 1000,
    killGraceMs: 2000,
    shortCommandTimeoutMs: 30_000,
  });
  const agent = new CursorAgentService(binary, runner, host, runSettings, output);
  const auth = new AuthService(new CliAuthProbe(binary, agent), output);
  const demo = process.env.CURSOR_AGENT_VSCODE_DEMO === '1';
  const statusBar = new CursorStatusBar(auth, settings, demo, host.platform);
  // Which CLI chat holds which visible conversation (@cursor and vscode.lm), in the workspace storage so that a reload keeps it (no prompt text).
  const storeError = (why: string) => output.warn(`[storage] could not save the record of Cursor chats: ${why}`);
  const conversations = new ConversationIndex(500, context.workspaceState, storeError);
  // One chat-turn flow for @cursor and the language model provider, over print mode and ACP (cursorAgent.backend).
  // Run by the same runner as print mode: the same kill policy, marker and sweep; its dispose ends them too.
  const startTransport = (o: ConstructorParameters<typeof NodeAcpTransport>[0]) => new NodeAcpTransport(o, runner);
  const clientVersion = String((context.extension.packageJSON as { version?: unknown }).version ?? '0.0.0');
  const backends = createBackends({ agent, binary, settings, runSettings, startTransport, store: context.globalState, logger: output, clientVersion });
  const selector = backends.selector;
  // The models of the backend in use: in ACP mode the ACP server's own list (a spare session's; never outside a trusted, safe folder).
  const acpFolder = () => {
    const folder = vscode.workspace.isTrusted ? vscode.workspace.workspaceFolders?.[0]?.uri.fsPath : undefined;
    if (!folder || unsafeWorkspace(folder, host)) throw new Error('ACP lists its models in a trusted workspace folder: open one');
    return folder;
  };
  const catalog = new ModelCatalog(
    {
      fetchModelsText: () => agent.modelsText(),
      // Untrusted: print mode's list, and no ACP support check (a restricted window runs nothing but the status probe).
      backend: async () => (vscode.workspace.isTrusted ? (await selector.current()).id : 'print'),
      fetchAcpModels: async () => acpModelInfos(await backends.acp.models(acpFolder())),
    },
    output,
    () => settings().modelListCacheMinutes * 60_000,
  );
  statusBar.watchModel((m) => modelNote(catalog.peek(), m), (l) => catalog.onDidChange(l));
  const flow = agent.chatFlow(() => vscode.workspace.isTrusted, selector, {
    // A model of the other backend is reported, never run.
    modelCheck: (model, backend) => unavailableModel(catalog.peek(), model, backend),
    // A print-mode turn while the picker holds ACP's list (auto fell back): list print mode's models (no ACP process).
    onBackend: (backend) => {
      if (backend === 'print' && catalog.peek().backend === 'acp') void catalog.get();
    },
  });
  // A warm ACP session, only in a trusted window with one folder (asking which folder is the turn's business) and a ready CLI.
  const warm = () => {
    const folders = vscode.workspace.workspaceFolders ?? [];
    if (vscode.workspace.isTrusted && folders.length === 1 && auth.state.state === 'ready') selector.warm(folders[0].uri.fsPath, settings().mode);
  };
  const provider = new CursorChatProvider({ flow, auth, catalog, settings, logger: output, conversations, onModelsAsked: warm });
  const modelChoice = new ModelChoice();
  const lastTurn = new LastTurn(() => statusBar);
  const deps = { agent, binary, auth, catalog, settings, logger: output, platform: host.platform };

  context.subscriptions.push(
    output, config, runner, binary, catalog, auth, statusBar, provider, selector,
    vscode.lm.registerLanguageModelChatProvider(VENDOR, provider),
    registerChatParticipant({
      ...deps, flow, modelChoice, conversations, lastTurn, backendStatus: () => selector.describe(), usesAcp: () => selector.usesAcp(),
      iconPath: vscode.Uri.joinPath(context.extensionUri, 'media', 'cursor-participant.png'),
    }),
    ...registerCommands({ ...deps, output, statusBar: () => statusBar, terminalListeners: new Set() }),
    vscode.commands.registerCommand(CONTINUE_IN_TERMINAL, (arg: unknown) => continueInTerminal({ agent, logger: output, lastTurn }, arg)),
    subscribe(config.onDidChange, ({ changed }) => {
      if (changed.has('path')) binaryPathChanged({ binary, catalog, auth, output }, settings().path);
      if (changed.has('model')) modelChoice.settingChanged(settings().model);
      if (changed.has('backend')) selector.settingChanged();
      provider.settingsChanged(changed);
      statusBar.update();
    }),
    followReadiness(auth, catalog),
    // The ACP support check starts after the first successful status probe, in the background, in a trusted window only
    // (a restricted window runs no turn, so nothing but the status probe).
    subscribe(auth.onDidChange, (s) => {
      if (s.state === 'ready' && vscode.workspace.isTrusted) selector.detectInBackground();
    }),
    vscode.window.onDidChangeWindowState((w) => {
      if (w.focused) void auth.refreshThrottled(60_000);
    }),
    vscode.workspace.onDidGrantWorkspaceTrust(() => void auth.refresh(true).then((s) => s.state === 'ready' && selector.detectInBackground())),
  );

  // Never block activation: the first probe runs after activate() returns.
  setTimeout(() => {
    void auth.refresh().then(() => provider.announce());
    for (const problem of findProxyProblems(process.env)) output.warn(`[env] ${problem}`);
    if (settings().path) reportBinaryChoice(binary, settings().path, output).catch((err) => output.error(String(err)));
  }, 0);
  output.info(`Cursor for VS Code Chat activated${demo ? ' (demo mode)' : ''}`);

  return createApi(statusBar, auth);
}

export type { CursorAgentApi };

// Everything is disposed through context.subscriptions.
export function deactivate(): void {}
