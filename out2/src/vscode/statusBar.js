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
exports.CursorStatusBar = void 0;
/**
 * The status bar item: at a glance, whether Cursor is ready, and with which
 * model. Theme colours only; the tooltip links to the fixes.
 */
const vscode = __importStar(require("vscode"));
const statusBarView_1 = require("../services/statusBarView");
class CursorStatusBar {
    auth;
    settings;
    demo;
    platform;
    item = vscode.window.createStatusBarItem('cursorAgent.status', vscode.StatusBarAlignment.Right, 100);
    subscriptions = [];
    lastTurn;
    /** Why the chosen model cannot run on the backend in use (set once the model catalog exists). */
    modelNote = () => undefined;
    constructor(auth, settings, demo, platform) {
        this.auth = auth;
        this.settings = settings;
        this.demo = demo;
        this.platform = platform;
        this.item.name = 'Cursor';
        this.item.command = 'cursorAgent.showStatusMenu';
        this.subscriptions.push({ dispose: auth.onDidChange(() => this.update()).dispose });
        this.update();
        this.item.show();
    }
    /** What the item shows now (for tests and the status menu). */
    get view() {
        const model = this.settings().model || undefined;
        return (0, statusBarView_1.statusBarView)(this.auth.state, model, this.demo, this.platform, this.lastTurn, this.modelNote(model));
    }
    /** Flags a chosen model that the backend in use does not know (after the backend changed); `changes` fires when that may change. */
    watchModel(note, changes) {
        this.modelNote = note;
        this.subscriptions.push(changes(() => this.update()));
        this.update();
    }
    /** The last answer's model and usage, for the tooltip (undefined: the CLI gave no numbers). */
    setLastTurn(turn) {
        this.lastTurn = turn;
        this.update();
    }
    update() {
        const v = this.view;
        this.item.text = v.text;
        const md = new vscode.MarkdownString(v.tooltip, true);
        md.isTrusted = { enabledCommands: ['cursorAgent.login', 'cursorAgent.switchModel', 'cursorAgent.selectBinary', 'cursorAgent.showLogs', 'cursorAgent.refreshStatus', 'cursorAgent.unlockKeychain'] };
        this.item.tooltip = md;
        this.item.backgroundColor = v.background ? new vscode.ThemeColor(`statusBarItem.${v.background}Background`) : undefined;
        this.item.accessibilityInformation = { label: v.text.replace(/\$\([^)]*\)\s*/g, '') };
    }
    dispose() {
        for (const d of this.subscriptions)
            d.dispose();
        this.item.dispose();
    }
}
exports.CursorStatusBar = CursorStatusBar;
//# sourceMappingURL=statusBar.js.map