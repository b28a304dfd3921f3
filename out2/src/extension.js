"use strict";
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __setModuleDefault = (this && this.__setModuleDefault) || (Object.create ? (function(o, v) {
    Object.defineProperty(o, "default", { enumerable: true, value: v });
}) : function(o, v) {
    o["default"] = v;
});
var __importStar = (this && this.__importStar) || (function () {
    var ownKeys = function(o) {
        ownKeys = Object.getOwnPropertyNames || function (o) {
            var ar = [];
            for (var k in o) if (Object.prototype.hasOwnProperty.call(o, k)) ar[ar.length] = k;
            return ar;
        };
        return ownKeys(o);
    };
    return function (mod) {
        if (mod && mod.__esModule) return mod;
        var result = {};
        if (mod != null) for (var k = ownKeys(mod), i = 0; i < k.length; i++) if (k[i] !== "default") __createBinding(result, mod, k[i]);
        __setModuleDefault(result, mod);
        return result;
    };
})();
Object.defineProperty(exports, "__esModule", { value: true });
exports.activate = activate;
exports.deactivate = deactivate;
// Composition root: builds every service, registers every VS Code surface, and wires their events.
const vscode = __importStar(require("vscode"));
const env_1 = require("./cli/env");
const acpProcess_1 = require("./node/acpProcess");
const nodeProcessRunner_1 = require("./node/nodeProcessRunner");
const nodeHost_1 = require("./node/nodeHost");
const authService_1 = require("./services/authService");
const backends_1 = require("./services/backends");
const binaryService_1 = require("./services/binaryService");
const conversationIndex_1 = require("./services/conversationIndex");
const cliAuthProbe_1 = require("./services/cliAuthProbe");
const cursorAgentService_1 = require("./services/cursorAgentService");
const modelCatalog_1 = require("./services/modelCatalog");
const models_1 = require("./acp/models");
const workspaceGuard_1 = require("./cli/workspaceGuard");
const modelChoice_1 = require("./services/modelChoice");
const modelAvailability_1 = require("./services/modelAvailability");
const api_1 = require("./vscode/api");
const binaryWatcher_1 = require("./vscode/binaryWatcher");
const continuity_1 = require("./vscode/continuity");
const commands_1 = require("./vscode/commands");
const configuration_1 = require("./vscode/configuration");
const lmProvider_1 = require("./vscode/lmProvider");
const participant_1 = require("./vscode/participant");
const readiness_1 = require("./vscode/readiness");
const statusBar_1 = require("./vscode/statusBar");
function activate(context) {
    const output = vscode.window.createOutputChannel('Cursor', { log: true });
    const config = new configuration_1.Configuration(output);
    const settings = () => config.current;
    const host = (0, nodeHost_1.nodeHostEnvironment)();
    const runner = new nodeProcessRunner_1.NodeProcessRunner(output);
    const binary = new binaryService_1.BinaryService((0, nodeHost_1.nodeResolveDeps)(runner, host), (0, nodeHost_1.binaryEnvironment)(host), () => settings().path, output);
    const runSettings = () => ({
        firstOutputTimeoutMs: settings().firstOutputTimeoutSeconds * 1000,
        inactivityTimeoutMs: settings().inactivityTimeoutSeconds * 1000,
        killGraceMs: 2000,
        shortCommandTimeoutMs: 30_000,
    });
    const agent = new cursorAgentService_1.CursorAgentService(binary, runner, host, runSettings, output);
    const auth = new authService_1.AuthService(new cliAuthProbe_1.CliAuthProbe(binary, agent), output);
    const demo = process.env.CURSOR_AGENT_VSCODE_DEMO === '1';
    const statusBar = new statusBar_1.CursorStatusBar(auth, settings, demo, host.platform);
    // Which CLI chat holds which visible conversation (@cursor and vscode.lm), in the workspace storage so that a reload keeps it (no prompt text).
    const storeError = (why) => output.warn(`[storage] could not save the record of Cursor chats: ${why}`);
    const conversations = new conversationIndex_1.ConversationIndex(500, context.workspaceState, storeError);
    // One chat-turn flow for @cursor and the language model provider, over print mode and ACP (cursorAgent.backend).
    const startTransport = (o) => new acpProcess_1.NodeAcpTransport(o);
    const clientVersion = String(context.extension.packageJSON.version ?? '0.0.0');
    const backends = (0, backends_1.createBackends)({ agent, binary, settings, runSettings, startTransport, store: context.globalState, logger: output, clientVersion });
    const selector = backends.selector;
    // The models of the backend in use: in ACP mode the ACP server's own list (a spare session's; never outside a trusted, safe folder).
    const acpFolder = () => {
        const folder = vscode.workspace.isTrusted ? vscode.workspace.workspaceFolders?.[0]?.uri.fsPath : undefined;
        if (!folder || (0, workspaceGuard_1.unsafeWorkspace)(folder, host))
            throw new Error('ACP lists its models in a trusted workspace folder: open one');
        return folder;
    };
    const catalog = new modelCatalog_1.ModelCatalog({
        fetchModelsText: () => agent.modelsText(),
        // Untrusted: print mode's list, and no ACP support check (a restricted window runs nothing but the status probe).
        backend: async () => (vscode.workspace.isTrusted ? (await selector.current()).id : 'print'),
        fetchAcpModels: async () => (0, models_1.acpModelInfos)(await backends.acp.models(acpFolder())),
    }, output, () => settings().modelListCacheMinutes * 60_000);
    statusBar.watchModel((m) => (0, modelAvailability_1.modelNote)(catalog.peek(), m), (l) => catalog.onDidChange(l));
    const flow = agent.chatFlow(() => vscode.workspace.isTrusted, selector, {
        // A model of the other backend is reported, never run.
        modelCheck: (model, backend) => (0, modelAvailability_1.unavailableModel)(catalog.peek(), model, backend),
        // A print-mode turn while the picker holds ACP's list (auto fell back): list print mode's models (no ACP process).
        onBackend: (backend) => {
            if (backend === 'print' && catalog.peek().backend === 'acp')
                void catalog.get();
        },
    });
    // A warm ACP session, only in a trusted window with one folder (asking which folder is the turn's business) and a ready CLI.
    const warm = () => {
        const folders = vscode.workspace.workspaceFolders ?? [];
        if (vscode.workspace.isTrusted && folders.length === 1 && auth.state.state === 'ready')
            selector.warm(folders[0].uri.fsPath, settings().mode);
    };
    const provider = new lmProvider_1.CursorChatProvider({ flow, auth, catalog, settings, logger: output, conversations, onModelsAsked: warm });
    const modelChoice = new modelChoice_1.ModelChoice();
    const lastTurn = new continuity_1.LastTurn(() => statusBar);
    const deps = { agent, binary, auth, catalog, settings, logger: output, platform: host.platform };
    context.subscriptions.push(output, config, runner, binary, catalog, auth, statusBar, provider, selector, vscode.lm.registerLanguageModelChatProvider(lmProvider_1.VENDOR, provider), (0, participant_1.registerChatParticipant)({
        ...deps, flow, modelChoice, conversations, lastTurn, backendStatus: () => selector.describe(), usesAcp: () => selector.usesAcp(),
        iconPath: vscode.Uri.joinPath(context.extensionUri, 'media', 'cursor-participant.png'),
    }), ...(0, commands_1.registerCommands)({ ...deps, output, statusBar: () => statusBar, terminalListeners: new Set() }), vscode.commands.registerCommand(continuity_1.CONTINUE_IN_TERMINAL, (arg) => (0, continuity_1.continueInTerminal)({ agent, logger: output, lastTurn }, arg)), (0, api_1.subscribe)(config.onDidChange, ({ changed }) => {
        if (changed.has('path'))
            (0, binaryWatcher_1.binaryPathChanged)({ binary, catalog, auth, output }, settings().path);
        if (changed.has('model'))
            modelChoice.settingChanged(settings().model);
        if (changed.has('backend'))
            selector.settingChanged();
        provider.settingsChanged(changed);
        statusBar.update();
    }), (0, readiness_1.followReadiness)(auth, catalog), 
    // The ACP support check starts after the first successful status probe, in the background, in a trusted window only
    // (a restricted window runs no turn, so nothing but the status probe).
    (0, api_1.subscribe)(auth.onDidChange, (s) => {
        if (s.state === 'ready' && vscode.workspace.isTrusted)
            selector.detectInBackground();
    }), vscode.window.onDidChangeWindowState((w) => {
        if (w.focused)
            void auth.refreshThrottled(60_000);
    }), vscode.workspace.onDidGrantWorkspaceTrust(() => void auth.refresh(true).then((s) => s.state === 'ready' && selector.detectInBackground())));
    // Never block activation: the first probe runs after activate() returns.
    setTimeout(() => {
        void auth.refresh().then(() => provider.announce());
        for (const problem of (0, env_1.findProxyProblems)(process.env))
            output.warn(`[env] ${problem}`);
        if (settings().path)
            (0, binaryWatcher_1.reportBinaryChoice)(binary, settings().path, output).catch((err) => output.error(String(err)));
    }, 0);
    output.info(`Cursor for VS Code Chat activated${demo ? ' (demo mode)' : ''}`);
    return (0, api_1.createApi)(statusBar, auth);
}
// Everything is disposed through context.subscriptions.
function deactivate() { }
//# sourceMappingURL=extension.js.map