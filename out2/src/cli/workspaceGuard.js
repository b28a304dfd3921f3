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
exports.unsafeWorkspace = unsafeWorkspace;
/**
 * Folders the agent is never pointed at, trusted or not: the home folder, any
 * folder that holds it (`/home`, `C:\Users`) and a filesystem root. With
 * `--trust` the agent could read everything below them: `~/.ssh`, cloud
 * credentials, other projects. Pure.
 */
const path = __importStar(require("node:path"));
/**
 * Why `workspace` must not be the agent's workspace, or undefined when it may.
 * `realPath` resolves symbolic links (a link to the home folder is the home
 * folder); names compare case-insensitively on Windows and macOS.
 */
function unsafeWorkspace(workspace, opts) {
    const p = opts.platform === 'win32' ? path.win32 : path.posix;
    const caseless = opts.platform === 'win32' || opts.platform === 'darwin';
    const norm = (x) => {
        const resolved = p.resolve(opts.realPath?.(x) ?? x);
        const trimmed = resolved.length > p.parse(resolved).root.length ? resolved.replace(/[\\/]+$/, '') : resolved;
        return caseless ? trimmed.toLowerCase() : trimmed;
    };
    const ws = norm(workspace);
    if (p.parse(ws).root === ws)
        return 'root';
    if (!opts.homeDir)
        return undefined;
    const home = norm(opts.homeDir);
    if (ws === home)
        return 'home';
    const rel = p.relative(ws, home);
    if (rel !== '' && !rel.startsWith('..') && !p.isAbsolute(rel))
        return 'holdsHome';
    return undefined;
}
//# sourceMappingURL=workspaceGuard.js.map