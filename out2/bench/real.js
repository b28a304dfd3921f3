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
exports.runReal = runReal;
/**
 * `npm run bench -- --real [--turns N] [--prompt TEXT]`: the backend comparison
 * on a real, signed-in `cursor-agent` (CURSOR_AGENT_PATH, else PATH and the
 * known install places, as the extension resolves it). Both backends run N
 * turns of the same short prompt in one chat each, in plan mode, in a scratch
 * folder, turns alternating between them; ACP's session is prepared before
 * turn 1, as when the chat view opens. Prints time to first text and total
 * time per turn. Never in CI: it spends the account's requests. No model is
 * set (setting one over ACP saves it as the user's CLI default).
 */
const node_child_process_1 = require("node:child_process");
const fs = __importStar(require("node:fs"));
const os = __importStar(require("node:os"));
const path = __importStar(require("node:path"));
const backendStack_1 = require("./backendStack");
const lib_1 = require("./lib");
const realArgs_1 = require("./realArgs");
const wireTap_1 = require("./wireTap");
const PREPARE_TIMEOUT_MS = 60_000;
async function realTurn(backend, tap, workspace, prompt, resumeId) {
    let firstAt;
    const t0 = (0, lib_1.nowMs)();
    const outcome = await backend.runTurn({
        workspace,
        mode: 'plan',
        prompt,
        ...(resumeId ? { resumeId } : {}),
        onEvent: (e) => {
            if (e.type === 'text' && firstAt === undefined)
                firstAt = (0, lib_1.nowMs)();
        },
    });
    const turn = { totalMs: (0, lib_1.nowMs)() - t0, processes: tap.spawnedSince(t0).length, ...(firstAt !== undefined ? { firstTextMs: firstAt - t0 } : {}) };
    tap.clear();
    if (!outcome.ok)
        return { turn: { ...turn, error: `${outcome.error.kind}: ${outcome.error.message.split('\n')[0]}` }, sessionId: outcome.sessionId ?? resumeId };
    return { turn, sessionId: outcome.sessionId };
}
/** RSS of a process in MB, from `ps` (Linux and macOS), or undefined. */
function rssOf(pid) {
    if (pid === undefined || process.platform === 'win32')
        return undefined;
    const r = (0, node_child_process_1.spawnSync)('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' });
    const kb = Number(r.stdout.trim());
    return r.status === 0 && Number.isFinite(kb) && kb > 0 ? kb / 1024 : undefined;
}
async function prepareAcp(b, tap, workspace) {
    const t0 = (0, lib_1.nowMs)();
    b.acp.prepare(workspace);
    const child = tap.spawnedSince(t0).find((c) => c.args.includes('acp'));
    // The spare is ready when the agent's session/new answer (it carries the session's modes) has arrived.
    const ready = await (0, lib_1.waitFor)(() => (child?.reads ?? []).some((r) => r.text.includes('"availableModes"')), PREPARE_TIMEOUT_MS, 20);
    if (ready === undefined)
        return { note: `no session/new answer within ${PREPARE_TIMEOUT_MS / 1000} s (turn 1 waits for it)`, pid: child?.pid };
    return { ms: ready - t0, pid: child?.pid };
}
/** Runs the comparison and prints the report; the exit code (0, or 1 when refused or nothing ran). */
async function runReal(turns, prompt) {
    const refusal = (0, realArgs_1.refuseReal)(process.env);
    if (refusal) {
        console.error(`[bench] ${refusal}`);
        return 1;
    }
    const tap = new wireTap_1.WireTap();
    tap.install();
    const workspace = fs.mkdtempSync(path.join(fs.realpathSync(os.tmpdir()), 'cursor-bench-real-'));
    fs.writeFileSync(path.join(workspace, 'README.md'), '# Scratch folder of npm run bench -- --real\n');
    let backends;
    try {
        backends = await (0, backendStack_1.createBackends)(() => process.env.CURSOR_AGENT_PATH || undefined);
        console.log(`[bench] --real: ${backends.binPath} (${backends.version}), ${turns} turns per backend in ${workspace}`);
        const prepared = await prepareAcp(backends, tap, workspace);
        tap.clear();
        const run = { cli: backends.binPath, version: backends.version, workspace, prompt, print: [], acp: [], acpPrepareMs: prepared.ms, acpPrepareNote: prepared.note };
        let printChat;
        let acpChat;
        for (let i = 0; i < turns; i++) {
            // Alternate which backend goes first, so a slow minute on the network hits both.
            const order = i % 2 === 0 ? ['print', 'acp'] : ['acp', 'print'];
            for (const which of order) {
                const r = await realTurn(backends[which], tap, workspace, prompt, which === 'print' ? printChat : acpChat);
                run[which].push(r.turn);
                if (which === 'print')
                    printChat = r.sessionId;
                else
                    acpChat = r.sessionId;
                console.log(`[bench] ${which} turn ${i + 1}: first text ${r.turn.firstTextMs?.toFixed(0) ?? '-'} ms, total ${r.turn.totalMs.toFixed(0)} ms${r.turn.error ? `, failed: ${r.turn.error}` : ''}`);
            }
        }
        run.acpRssMb = rssOf(prepared.pid);
        console.log('');
        console.log((0, realArgs_1.formatRealReport)(run));
        return run.print.every((t) => t.error) && run.acp.every((t) => t.error) ? 1 : 0;
    }
    finally {
        tap.uninstall();
        backends?.dispose();
        fs.rmSync(workspace, { recursive: true, force: true });
    }
}
//# sourceMappingURL=real.js.map