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
exports.INSTALL_URL = void 0;
exports.actionCommand = actionCommand;
const vscode = __importStar(require("vscode"));
exports.INSTALL_URL = 'https://cursor.com/docs/cli/installation';
/** The VS Code command behind each error action (undefined: nothing to click). */
function actionCommand(action) {
    switch (action) {
        case 'installCli':
            return { title: vscode.l10n.t('How to Install'), command: 'vscode.open', arguments: [vscode.Uri.parse(exports.INSTALL_URL)] };
        case 'openPathSetting':
            return { title: vscode.l10n.t('Open Settings'), command: 'workbench.action.openSettings', arguments: ['cursorAgent.path'] };
        case 'selectBinary':
            return { title: vscode.l10n.t('Select Binary…'), command: 'cursorAgent.selectBinary' };
        case 'login':
            return { title: vscode.l10n.t('Log In'), command: 'cursorAgent.login' };
        case 'unlockKeychain':
            return { title: vscode.l10n.t('Unlock Keychain'), command: 'cursorAgent.unlockKeychain' };
        case 'switchModel':
            return { title: vscode.l10n.t('Switch Model'), command: 'cursorAgent.switchModel' };
        case 'showLogs':
            return { title: vscode.l10n.t('Show Logs'), command: 'cursorAgent.showLogs' };
        case 'manageTrust':
            return { title: vscode.l10n.t('Manage Workspace Trust'), command: 'workbench.trust.manage' };
        case 'openFolder':
            return { title: vscode.l10n.t('Open Folder…'), command: 'workbench.action.files.openFolder' };
        case 'retry':
            return undefined;
    }
}
//# sourceMappingURL=errorActions.js.map