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
exports.recordingTaskkill = recordingTaskkill;
/**
 * A taskkill.exe that records what it receives. Wine's taskkill has no `/T`, so
 * %SystemRoot% is pointed at a folder of ours whose System32\taskkill.exe is the
 * Windows node.exe with a preloaded script (NODE_OPTIONS, which taskkill inherits
 * from this process). The script writes its arguments down, then either ends the
 * tree the way Windows' `/T /F` does (`tree: 'emulate'`: the process's descendants
 * from Wine's `wmic`, each ended with Wine's `taskkill /F /PID`, the root first) or
 * runs Wine's taskkill without `/T` (`tree: 'drop'`).
 */
const fs = __importStar(require("node:fs"));
const path = __importStar(require("node:path"));
const windowsInstall_1 = require("./windowsInstall");
const win = path.win32;
function script(record, system32, tree) {
    const real = JSON.stringify(win.join(system32, 'taskkill.exe'));
    const end = tree === 'drop'
        ? `  process.exit(cp.spawnSync(${real}, args.filter((a) => a !== '/T'), { stdio: 'ignore' }).status ?? 1);\n`
        : `  const tree = [args[args.indexOf('/PID') + 1]];
  if (args.includes('/T')) {
    const out = cp.spawnSync(${JSON.stringify(win.join(system32, 'wbem', 'wmic.exe'))}, ['process', 'get', 'ParentProcessId,ProcessId']).stdout;
    const text = out.includes(0) ? out.toString('utf16le') : out.toString();
    const links = text.split(/\\r?\\n/).map((l) => l.trim().split(/\\s+/)).filter((l) => l.length === 2 && /^\\d+$/.test(l[0] + l[1]));
    for (let i = 0; i < tree.length; i++) for (const [parent, pid] of links) if (parent === tree[i] && !tree.includes(pid)) tree.push(pid);
  }
  let status = 0;
  // The root first: its pipes stay open until the last descendant is gone, so the client sees the exit after every taskkill ran.
  for (const pid of tree) status = cp.spawnSync(${real}, ['/F', '/PID', pid], { stdio: 'ignore', timeout: 5000 }).status ?? 1;
  process.exit(status);
`;
    return `const fs = require('fs'), cp = require('child_process'), path = require('path');
if (path.win32.basename(process.execPath).toLowerCase() === 'taskkill.exe') {
  // node.exe took the first argument (/PID) for its script and made it absolute (Z:\\PID): undo that.
  const args = ['/' + path.win32.basename(process.argv[1]), ...process.argv.slice(2)];
  fs.appendFileSync(${JSON.stringify(record)}, JSON.stringify(args) + '\\n');
${end}}
`;
}
/** Installs the recording taskkill.exe for this process and what it starts; `restore()` undoes it. */
function recordingTaskkill(tree) {
    const saved = { SystemRoot: process.env.SystemRoot, NODE_OPTIONS: process.env.NODE_OPTIONS };
    const root = (0, windowsInstall_1.freshDir)('FakeWindows');
    const record = win.join(root, 'taskkill-calls.txt');
    (0, windowsInstall_1.linkNode)(win.join(root, 'System32', 'taskkill.exe'));
    const preload = win.join(root, 'taskkill.js');
    fs.writeFileSync(preload, script(record, win.join(saved.SystemRoot ?? 'C:\\windows', 'System32'), tree));
    process.env.SystemRoot = root; // where startTaskkill finds taskkill.exe
    process.env.NODE_OPTIONS = `--require ${preload}`;
    return {
        realSystemRoot: saved.SystemRoot,
        calls: () => fs.existsSync(record)
            ? fs
                .readFileSync(record, 'utf8')
                .split('\n')
                .filter(Boolean)
                .map((l) => JSON.parse(l))
            : [],
        clear: () => fs.rmSync(record, { force: true }),
        restore: () => {
            for (const [k, v] of Object.entries(saved)) {
                if (v === undefined)
                    delete process.env[k];
                else
                    process.env[k] = v;
            }
        },
    };
}
//# sourceMappingURL=taskkill.js.map