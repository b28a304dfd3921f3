// Composition root: builds the adapters, calls the runtime (services and their policies), registers every VS Code surface.
import * as vscode from 'vscode';
import { systemClock } from './cli/clock';
import { NodeAcpTransport } from './node/acpProcess';
import { NodeProcessRunner } from './node/nodeProcessRunner';
import { binaryEnvironment, nodeHostEnvironment, nodeResolveDeps } from './node/nodeHost';
import { createChatRuntime } from './services/engine/chatRuntime';
import { ASK_CURSOR_TOOL } from './turn/askInput';
import { askCursorOnce } from './vscode/ask/askCursor';
import { registerAskServer } from './vscode/mcp/askServerProvider';
import { editorToolHandlers } from './vscode/mcp/editorToolsData';
import { createApi, CursorAgentApi } from './vscode/api';
import { subscribe } from './vscode/subscribe';
import { ASK_TOOL, CursorAskTool } from './vscode/ask/askTool';
import { binaryPathChanged, reportBinaryChoice } from './vscode/status/binaryWatcher';
import { CONTINUE_IN_TERMINAL, continueInTerminal, LastTurn } from './vscode/chat/continuity';
import { registerCommands } from './vscode/commands/commands';
import { Configuration } from './vscode/configuration';
import { CursorChatProvider, VENDOR } from './vscode/lm/lmProvider';
import { ModelPickWatch } from './vscode/chat/modelPickWatch';
import { registerChatParticipant } from './vscode/chat/participant';
import { QuestionBoard } from './vscode/chatUi/questionBoard';
import { NativeChat } from './vscode/chatUi/nativeChat';
import { registerPlanActions } from './vscode/plans/planActions';
import { registerOpenRecentPlan } from './vscode/plans/recentPlanCommand';
import { registerOpenPastChat } from './vscode/chat/agentSlashCommands';
import { followReadiness } from './vscode/status/readiness';
import { reportIssue } from './vscode/commands/reportIssue';
import { CursorStatusBar } from './vscode/status/statusBar';
import { LocalChats } from './vscode/status/localChat';
import { reportStartFailure } from './vscode/startFailure';

export function activate(context: vscode.ExtensionContext): CursorAgentApi {
  const output = vscode.window.createOutputChannel('Cursor', { log: true });
  context.subscriptions.push(output);
  try {
    return activateWith(context, output);
  } catch (err) {
    // VS Code would only log it, and @cursor would be missing without a word.
    void reportStartFailure(output, vscode.l10n.t('start'), err);
    throw err;
  }
}

function activateWith(context: vscode.ExtensionContext, output: vscode.LogOutputChannel): CursorAgentApi {
  const config = new Configuration(output);
  const settings = () => config.current;
  const host = nodeHostEnvironment();
  const clock = systemClock;
  const runner = new NodeProcessRunner(output, { clock });
  const version = String((context.extension.packageJSON as { version?: unknown }).version ?? '0.0.0');
  const log = (l: string) => output.info(l);
  const rt = createChatRuntime({
    runner,
    host,
    clock,
    resolveDeps: nodeResolveDeps(runner, host),
    binaryEnvironment: binaryEnvironment(host),
    logger: output,
    settings,
    // Run by the same runner as print mode: the same kill policy, marker and sweep; its dispose ends them too.
    startTransport: (o) => new NodeAcpTransport(o, runner),
    workspace: { isTrusted: () => vscode.workspace.isTrusted, folders: () => (vscode.workspace.workspaceFolders ?? []).map((f) => f.uri.fsPath) },
    stores: { workspace: context.workspaceState, global: context.globalState },
    clientVersion: version,
    // The window's MCP servers, in a bundle of their own loaded on first use (the MCP SDK stays out of activation).
    servers: {
      editorTools: async () => {
        const { startEditorToolsServer } = await import('./node/editorToolsServer.js');
        return startEditorToolsServer({ handlers: editorToolHandlers(host), version, log });
      },
      ask: async (services) => {
        const { startAskServer } = await import('./node/editorToolsServer.js');
        const deps = { ...services, settings, logger: output, host };
        return startAskServer({ ask: (input, c) => askCursorOnce(deps, ASK_CURSOR_TOOL, input, c), version, log });
      },
    },
  });
  const { agent, binary, auth, catalog, flow, conversations, editorTools, askServer } = rt;
  const demo = process.env.CURSOR_AGENT_VSCODE_DEMO === '1';
  const statusBar = new CursorStatusBar(auth, settings, demo, host.platform);
  statusBar.watchModel(rt.modelNote, (l) => catalog.onDidChange(l));
  statusBar.watchNextModel(rt.nextModel, (l) => rt.modelChoice.onDidChange(l));
  // Where new chats start: VS Code 1.139+ may start them in the Copilot harness, where @cursor answers only with a Copilot model.
  const localChats = new LocalChats({ logger: output, store: context.globalState, onDidChange: () => statusBar.update() });
  statusBar.watchLocalChat(
    () => localChats.advice(),
    () => localChats.adviceFollowed(),
  );
  const provider = new CursorChatProvider({
    flow,
    auth,
    catalog,
    settings,
    logger: output,
    conversations,
    memory: rt.modelMemory,
    onModelsAsked: rt.warm,
  });
  const lastTurn = new LastTurn(
    () => statusBar,
    () => localChats.followed(),
  );
  const nativeChat = new NativeChat(() => settings().nativeChatUi, output);
  const questions = new QuestionBoard({ carousel: (t) => nativeChat.carousel(t), logger: output });
  const askDeps = { flow, catalog, settings, logger: output, host };
  const deps = { agent, binary, auth, catalog, settings, logger: output, platform: host.platform };

  context.subscriptions.push(
    config,
    runner,
    ...rt.disposables,
    statusBar,
    provider,
    localChats,
    vscode.lm.registerLanguageModelChatProvider(VENDOR, provider),
    vscode.lm.registerTool(ASK_TOOL, new CursorAskTool(askDeps)),
    ...registerAskServer(askServer, version),
    registerChatParticipant({
      ...deps,
      flow,
      features: rt.features,
      modelChoice: rt.modelChoice,
      nextModel: rt.nextModel,
      conversations,
      lastTurn,
      backendStatus: rt.backendStatus,
      usesAcp: rt.usesAcp,
      editorToolsStatus: (acp) => editorTools.status(acp),
      modelPicks: new ModelPickWatch(),
      iconPath: vscode.Uri.joinPath(context.extensionUri, 'media', 'cursor-participant.png'),
      localChat: () => localChats.advice(),
      questions,
      nativeTodos: (t) => nativeChat.todosFor(t),
      recentPlans: rt.recentPlans,
    }),
    questions.register(),
    ...registerPlanActions({
      agent,
      logger: output,
      gate: rt.gate,
      // Where a plan the terminal's command line cannot carry is written for the CLI to read.
      promptFolder: vscode.Uri.joinPath(context.globalStorageUri, 'plans-to-build').fsPath,
    }),
    registerOpenRecentPlan({ plans: rt.recentPlans, gate: rt.gate, now: () => clock.now() }),
    ...registerCommands({
      ...deps,
      output,
      statusBar: () => statusBar,
      terminalListeners: new Set(),
      reportIssue: () => reportIssue({ context, rt, host }),
    }),
    registerOpenPastChat(rt.features),
    vscode.commands.registerCommand(CONTINUE_IN_TERMINAL, (arg: unknown) =>
      continueInTerminal({ agent, logger: output, lastTurn, gate: rt.gate }, arg),
    ),
    subscribe(config.onDidChange, ({ changed }) => {
      if (changed.has('path')) binaryPathChanged({ binary, catalog, auth, output }, settings().path);
      rt.settingsChanged(changed);
      provider.settingsChanged(changed);
      statusBar.update();
    }),
    followReadiness(auth, catalog),
    vscode.window.onDidChangeWindowState((w) => {
      if (w.focused) rt.windowFocused();
    }),
    vscode.workspace.onDidGrantWorkspaceTrust(() => void rt.trustGranted()),
  );

  // Never block activation: the first probe runs after activate() returns.
  setTimeout(() => {
    // Our models first (the last list shown, or Auto), before the CLI answers anything: VS Code resolves a model for
    // every chat request before it calls @cursor, and does not ask a third-party vendor by itself.
    provider.announce();
    rt.start().then(
      () => provider.announce(),
      (err: unknown) => reportStartFailure(output, vscode.l10n.t('probe the Cursor CLI'), err),
    );
    localChats.noticeOnce();
    if (settings().path) reportBinaryChoice(binary, settings().path, output).catch((err) => output.error(String(err)));
  }, 0);
  output.info(`Cursor for VS Code Chat activated${demo ? ' (demo mode)' : ''}`);

  return createApi(statusBar, auth, questions, () => catalog.peek(), nativeChat);
}

export type { CursorAgentApi };

// Everything is disposed through context.subscriptions.
export function deactivate(): void {}
