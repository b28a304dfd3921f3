"use strict";
// The code-server toolchain (Node, code-server, Debian's Chromium) for one VS Code version,
// installed and cached by scripts/vscode-toolchain.sh.
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
exports.ensureToolchain = ensureToolchain;
const child_process_1 = require("child_process");
const fs = __importStar(require("fs"));
const path = __importStar(require("path"));
const versions_1 = require("../versions");
const common_1 = require("./common");
/** Installs (once, cached) and returns the toolchain for one VS Code version (default: the newest). */
function ensureToolchain(target = versions_1.NEWEST) {
    const script = path.join(common_1.repoRoot, 'scripts', 'vscode-toolchain.sh');
    const t0 = Date.now();
    const r = (0, child_process_1.spawnSync)('bash', [script], {
        stdio: ['ignore', 'pipe', 'inherit'],
        encoding: 'utf8',
        env: { ...process.env, CODE_SERVER_VERSION: target.codeServer },
    });
    if (r.status !== 0)
        throw new Error(`scripts/vscode-toolchain.sh failed for code-server ${target.codeServer} (exit ${r.status})`);
    const vars = {};
    for (const line of r.stdout.split('\n')) {
        const m = /^([A-Z0-9_]+)=(.*)$/.exec(line.trim());
        if (m)
            vars[m[1]] = m[2];
    }
    for (const k of ['NODE24', 'CODE_SERVER', 'CODE_SERVER_NODE', 'CHROMIUM']) {
        if (!vars[k] || !fs.existsSync(vars[k]))
            throw new Error(`toolchain: ${k} missing (${vars[k] ?? 'not printed'})`);
    }
    (0, common_1.log)(`toolchain for VS Code ${target.vscode} (code-server ${target.codeServer}) ready in ${((Date.now() - t0) / 1000).toFixed(1)}s`);
    return { node24: vars.NODE24, node: vars.CODE_SERVER_NODE, codeServer: vars.CODE_SERVER, chromium: vars.CHROMIUM, target };
}
//# sourceMappingURL=toolchain.js.map