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
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.CONSOLE_MARKER = exports.RESULT_MARKER = void 0;
exports.runSuiteFolder = runSuiteFolder;
// Runs, inside the extension host, every `*.test.js` file of one compiled suite
// folder with mocha's programmatic API. Each suite's index.ts is just
// `export function run() { return runSuiteFolder(__dirname); }`.
//
// Prints one marker line with the counts, which test/host/run.ts reads from the
// forwarded extension-host console to print the overall "N passed, N failed".
const fs = __importStar(require("fs"));
const path = __importStar(require("path"));
const util = __importStar(require("util"));
const mocha_1 = __importDefault(require("mocha"));
exports.RESULT_MARKER = '__HOST_SUITE_RESULT__';
/**
 * Prefix of every extension-host console line. The workbench hands run.ts its
 * own log lines and the extension host's console through the same channel;
 * run.ts prints only the marked ones (the rest goes to test-output/<suite>/host.log).
 */
exports.CONSOLE_MARKER = '\u2063exthost\u2063 ';
let consolePatched = false;
/**
 * Tags this extension host's console output (tests, mocha, and the extension
 * itself). The host's console forwarder ignores assignments to console.log, so
 * the global `console` is replaced by an object that prefixes, then forwards.
 */
function markConsole() {
    if (consolePatched)
        return;
    consolePatched = true;
    const forward = globalThis.console;
    const marked = Object.create(forward);
    for (const level of ['log', 'info', 'warn', 'error', 'debug', 'trace']) {
        const fn = forward[level];
        Object.defineProperty(marked, level, {
            value: (...args) => fn.call(forward, exports.CONSOLE_MARKER + util.format(...args)),
            writable: true,
            configurable: true,
        });
    }
    try {
        globalThis.console = marked;
    }
    catch {
        /* not replaceable: only mocha's own output is marked */
    }
}
function runSuiteFolder(folder) {
    markConsole();
    // mocha's reporters captured console.log when mocha loaded: point them at the marked one.
    mocha_1.default.reporters.Base.consoleLog = (...a) => globalThis.console.log(...a);
    const mocha = new mocha_1.default({
        ui: 'bdd',
        color: false,
        timeout: 60_000,
        reporter: 'spec',
        // In CI a focused test (`.only`) fails the run instead of silently skipping the rest.
        forbidOnly: !!process.env.CI,
    });
    // (test/host/run.ts passes no grep in CI.)
    const grep = process.env.CURSOR_AGENT_HOST_GREP;
    if (grep)
        mocha.grep(grep);
    const files = fs
        .readdirSync(folder)
        .filter((f) => f.endsWith('.test.js'))
        .sort();
    for (const f of files)
        mocha.addFile(path.join(folder, f));
    return new Promise((resolve, reject) => {
        try {
            const runner = mocha.run((failures) => {
                const s = runner.stats ?? { passes: 0, failures, pending: 0 };
                console.log(`${exports.RESULT_MARKER} ${JSON.stringify({ passed: s.passes, failed: s.failures, pending: s.pending, files: files.length })}`);
                if (failures > 0)
                    reject(new Error(`${failures} host test(s) failed`));
                else if (files.length === 0)
                    reject(new Error(`no *.test.js files in ${folder}`));
                else
                    resolve();
            });
        }
        catch (err) {
            console.error(err);
            reject(err);
        }
    });
}
//# sourceMappingURL=mochaRunner.js.map