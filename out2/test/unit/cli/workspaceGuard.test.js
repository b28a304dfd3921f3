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
/** Issue 12: where a turn may run (the folder rule of src/cli/workspaceGuard.ts; the turns themselves: ../services/hardening.test.ts). */
const assert = __importStar(require("node:assert/strict"));
const fs = __importStar(require("node:fs"));
const os = __importStar(require("node:os"));
const path = __importStar(require("node:path"));
const workspaceGuard_1 = require("../../../src/cli/workspaceGuard");
describe('hardening: what a turn runs and where', () => {
    const temp = [];
    afterEach(() => {
        for (const d of temp.splice(0))
            fs.rmSync(d, { recursive: true, force: true });
    });
    it('treats a symbolic link to the home folder as the home folder', () => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'link-'));
        temp.push(dir);
        const link = path.join(dir, 'home');
        fs.symlinkSync(os.homedir(), link);
        const realPath = (p) => fs.realpathSync(p);
        assert.equal((0, workspaceGuard_1.unsafeWorkspace)(link, { homeDir: os.homedir(), platform: process.platform, realPath }), 'home');
        assert.equal((0, workspaceGuard_1.unsafeWorkspace)(dir, { homeDir: os.homedir(), platform: process.platform, realPath }), undefined);
        assert.equal((0, workspaceGuard_1.unsafeWorkspace)('C:\\', { homeDir: 'C:\\Users\\a', platform: 'win32' }), 'root');
        assert.equal((0, workspaceGuard_1.unsafeWorkspace)('c:\\users\\A\\', { homeDir: 'C:\\Users\\a', platform: 'win32' }), 'home');
        assert.equal((0, workspaceGuard_1.unsafeWorkspace)('C:\\Users', { homeDir: 'C:\\Users\\a', platform: 'win32' }), 'holdsHome');
        assert.equal((0, workspaceGuard_1.unsafeWorkspace)('C:\\Users\\a\\proj', { homeDir: 'C:\\Users\\a', platform: 'win32' }), undefined);
    });
});
//# sourceMappingURL=workspaceGuard.test.js.map