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
exports.LastTurn = exports.CONTINUE_IN_TERMINAL = void 0;
exports.renderAnswerFooter = renderAnswerFooter;
exports.continueInTerminal = continueInTerminal;
/**
 * What comes after an answer: the usage line with how full the context is (and
 * a New Chat button past ~80%), and Continue in Terminal, which hands the same
 * CLI chat to the interactive `cursor-agent` in an integrated terminal, where
 * the agent can act under its own approvals (this extension stays read-only).
 *
 * Print-mode chats only: the interactive CLI resumes a `--resume` chat id but
 * cannot open an ACP session. An ACP backend passes `backend: 'acp'` and gets
 * no button; the command explains why if called for one.
 */
const vscode = __importStar(require("vscode"));
const args_1 = require("../cli/args");
const errors_1 = require("../cli/errors");
const turnUsage_1 = require("../services/turnUsage");
const commands_1 = require("./commands");
exports.CONTINUE_IN_TERMINAL = 'cursorAgent.continueInTerminal';
/** The last answered chat (for the palette command) and the status bar's last-turn note. */
class LastTurn {
    statusBar;
    handOff;
    constructor(statusBar) {
        this.statusBar = statusBar;
    }
    answered(turn, handOff) {
        if (handOff && (0, args_1.isChatId)(handOff.chatId))
            this.handOff = handOff;
        this.statusBar()?.setLastTurn(turn);
    }
}
exports.LastTurn = LastTurn;
/** The usage line, the context warning, and the hand-off button under an answer. */
function renderAnswerFooter(f) {
    const models = f.catalog.peek().models;
    const info = f.modelId ? models.find((m) => m.id === f.modelId) : (models.find((m) => m.isCurrent) ?? models.find((m) => m.isDefault));
    const turn = f.usage ? { model: f.modelName ?? f.modelId, usage: f.usage, ...(info?.contextTokens ? { contextTokens: info.contextTokens } : {}) } : undefined;
    if (turn) {
        const line = (0, turnUsage_1.usageLine)(turn);
        f.stream.markdown(`\n\n*${line.text}*`);
        const warn = (0, turnUsage_1.contextWarning)(line);
        if (warn) {
            f.stream.markdown(new vscode.MarkdownString(`\n\n$(warning) ${warn}`, true));
            f.stream.button({ title: vscode.l10n.t('New Chat'), command: 'workbench.action.chat.newChat' });
        }
    }
    if (f.handOff?.backend === 'print' && (0, args_1.isChatId)(f.handOff.chatId)) {
        f.stream.button({ title: vscode.l10n.t('Continue in Terminal'), command: exports.CONTINUE_IN_TERMINAL, arguments: [f.handOff] });
    }
    f.lastTurn?.answered(turn, f.handOff);
}
/**
 * Opens an integrated terminal in the chat's workspace folder running
 * `cursor-agent --resume <chat id>` (never `--force`), through the same launch
 * planner as every turn (Windows shims included).
 */
async function continueInTerminal(deps, arg) {
    if (!vscode.workspace.isTrusted) {
        const manage = vscode.l10n.t('Manage Workspace Trust');
        const choice = await vscode.window.showInformationMessage(vscode.l10n.t('Trust this folder first: the Cursor agent continues a chat only in a trusted folder.'), manage);
        if (choice === manage)
            await vscode.commands.executeCommand('workbench.trust.manage');
        return undefined;
    }
    // Only a chat id that passes isChatId ever follows --resume, whichever path it came by. A button's
    // argument that fails the check is refused (never replaced by another chat: the last one answered).
    const handOff = arg === undefined ? validHandOff(deps.lastTurn.handOff) : readHandOff(arg);
    if (arg !== undefined && !handOff) {
        void vscode.window.showErrorMessage(vscode.l10n.t('This Cursor chat cannot be continued in a terminal: its chat id is not one the Cursor CLI issues.'));
        return undefined;
    }
    if (!handOff) {
        void vscode.window.showInformationMessage(vscode.l10n.t('No Cursor chat to continue yet: ask @cursor something first, then use Continue in Terminal under the answer.'));
        return undefined;
    }
    if (handOff.backend !== 'print') {
        void vscode.window.showInformationMessage(vscode.l10n.t('This chat runs over ACP, which the interactive cursor-agent cannot open: continue it in the chat panel.'));
        return undefined;
    }
    // Only a folder that is open in this window (the chat's own, or else the first one).
    const folders = vscode.workspace.workspaceFolders ?? [];
    const folder = folders.find((f) => f.uri.fsPath === handOff.workspace) ?? folders[0];
    if (!folder) {
        void vscode.window.showErrorMessage(vscode.l10n.t('Open the folder of this chat first: the agent continues in that folder.'));
        return undefined;
    }
    let plan;
    try {
        plan = await deps.agent.resolveLaunch(['--resume', handOff.chatId]);
    }
    catch (err) {
        const message = err instanceof errors_1.CliError ? err.userMessage : String(err);
        const select = vscode.l10n.t('Select Binary…');
        const choice = await vscode.window.showErrorMessage(vscode.l10n.t('Cannot continue in the terminal: {0}', message), select);
        if (choice === select)
            await vscode.commands.executeCommand('cursorAgent.selectBinary');
        return undefined;
    }
    deps.logger.info(`[handoff] continuing chat ${handOff.chatId} in a terminal`);
    // The same terminal launch as Log In (environment allowlist, Windows quoting), in the chat's folder.
    const terminal = vscode.window.createTerminal({ name: vscode.l10n.t('Cursor Agent'), ...(0, commands_1.terminalLaunch)(deps, plan), cwd: folder.uri });
    terminal.show();
    return terminal;
}
function readHandOff(arg) {
    if (!arg || typeof arg !== 'object')
        return undefined;
    const a = arg;
    if (!(0, args_1.isChatId)(a.chatId) || typeof a.workspace !== 'string')
        return undefined;
    return { chatId: a.chatId, workspace: a.workspace, backend: a.backend === 'acp' ? 'acp' : 'print' };
}
function validHandOff(h) {
    return h && (0, args_1.isChatId)(h.chatId) ? h : undefined;
}
//# sourceMappingURL=continuity.js.map