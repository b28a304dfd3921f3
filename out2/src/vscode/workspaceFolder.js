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
exports.pickWorkspaceFolder = pickWorkspaceFolder;
exports.defaultWorkspaceFolder = defaultWorkspaceFolder;
const vscode = __importStar(require("vscode"));
/**
 * The folder a turn runs in: the only folder; in a multi-root window the active
 * editor's folder; otherwise the user picks (undefined when they don't, or when
 * no folder is open).
 */
async function pickWorkspaceFolder() {
    const folders = vscode.workspace.workspaceFolders ?? [];
    if (folders.length === 0)
        return undefined;
    if (folders.length === 1)
        return folders[0];
    const active = vscode.window.activeTextEditor?.document.uri;
    const own = active ? vscode.workspace.getWorkspaceFolder(active) : undefined;
    if (own)
        return own;
    return vscode.window.showWorkspaceFolderPick({ placeHolder: vscode.l10n.t('Which folder should Cursor work in?') });
}
/** Non-interactive variant for the language model API (no UI may be shown there). */
function defaultWorkspaceFolder() {
    const folders = vscode.workspace.workspaceFolders ?? [];
    const active = vscode.window.activeTextEditor?.document.uri;
    return (active && vscode.workspace.getWorkspaceFolder(active)) || folders[0];
}
//# sourceMappingURL=workspaceFolder.js.map