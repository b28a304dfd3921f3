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
exports.binaryPathChanged = binaryPathChanged;
exports.reportBinaryChoice = reportBinaryChoice;
/** Re-validates the binary when `cursorAgent.path` changes, and tells the user when it doesn't work. */
const vscode = __importStar(require("vscode"));
/** `cursorAgent.path` changed (the user's value: a workspace value changes nothing): look again, list again, probe again. */
function binaryPathChanged(deps, configured) {
    deps.binary.invalidate();
    deps.catalog.invalidate();
    void deps.auth.refresh(true);
    reportBinaryChoice(deps.binary, configured, deps.output).catch((err) => deps.output.error(String(err)));
}
async function reportBinaryChoice(binary, configured, output) {
    const r = await binary.resolve();
    if (!configured)
        return;
    const reason = r.rejected.find((x) => x.source === 'setting')?.reason ?? '';
    const openSettings = vscode.l10n.t('Open Settings');
    let message;
    if (r.found && r.configuredPathFailed) {
        message = vscode.l10n.t('cursorAgent.path "{0}" does not work ({1}). Using {2} instead.', configured, reason, r.path);
    }
    else if (!r.found) {
        message = vscode.l10n.t('cursorAgent.path "{0}" does not work ({1}), and no other cursor-agent was found.', configured, reason);
    }
    if (!message)
        return;
    const remoteHint = vscode.env.remoteName ? ' ' + vscode.l10n.t('(In a remote window this setting is read from the remote machine\'s settings.)') : '';
    const choice = await vscode.window.showWarningMessage(message + remoteHint, openSettings, vscode.l10n.t('Show Logs'));
    if (choice === openSettings)
        await vscode.commands.executeCommand('workbench.action.openSettings', 'cursorAgent.path');
    else if (choice)
        output.show(true);
}
//# sourceMappingURL=binaryWatcher.js.map