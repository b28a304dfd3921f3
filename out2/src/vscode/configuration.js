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
exports.Configuration = void 0;
/** Reads and validates the `cursorAgent.*` settings; logs invalid values once per change. */
const vscode = __importStar(require("vscode"));
const emitter_1 = require("../services/emitter");
const settingsSchema_1 = require("../services/settingsSchema");
class Configuration {
    logger;
    value;
    changed = new emitter_1.Emitter();
    onDidChange = this.changed.event;
    listener;
    constructor(logger) {
        this.logger = logger;
        this.value = this.read();
        this.listener = vscode.workspace.onDidChangeConfiguration((e) => {
            if (!e.affectsConfiguration('cursorAgent'))
                return;
            const before = this.value;
            this.value = this.read();
            const changed = new Set(Object.keys(this.value).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(this.value[k])));
            this.changed.fire({ changed });
        });
    }
    get current() {
        return this.value;
    }
    read() {
        const cfg = vscode.workspace.getConfiguration('cursorAgent');
        // User-only settings (path, model, modelListCacheMinutes): only the user's (or remote machine's) value counts, never a workspace's.
        const { settings, problems } = (0, settingsSchema_1.readSettings)((key) => (0, settingsSchema_1.effectiveValue)(key, cfg.inspect(key)));
        for (const p of problems)
            this.logger.warn(`[settings] ${p}`);
        return settings;
    }
    dispose() {
        this.listener.dispose();
        this.changed.dispose();
    }
}
exports.Configuration = Configuration;
//# sourceMappingURL=configuration.js.map