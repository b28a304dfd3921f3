"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.bareTurn = bareTurn;
exports.runBare = runBare;
/**
 * The baseline of every process benchmark: the same fake CLI spawned directly
 * with child_process (no runner, no parser, no argv/env building at run time),
 * its prompt written to stdin, its stdout read.
 */
const node_child_process_1 = require("node:child_process");
const args_1 = require("../src/cli/args");
const env_1 = require("../src/cli/env");
const lib_1 = require("./lib");
/** The same argv and environment the service would use for a fresh plan-mode turn in `workspace`. */
function bareTurn(binPath, workspace, prompt) {
    return {
        command: binPath,
        args: (0, args_1.buildTurnArgs)({ mode: 'plan', workspace, trusted: true }),
        cwd: workspace,
        env: (0, env_1.buildChildEnv)(process.env, process.platform),
        prompt,
    };
}
/** Spawns, feeds stdin, reads stdout to the end. */
function runBare(t, onSpawn) {
    return new Promise((resolve, reject) => {
        const t0 = (0, lib_1.nowMs)();
        let firstLineMs;
        let bytes = 0;
        const child = (0, node_child_process_1.spawn)(t.command, t.args, { cwd: t.cwd, env: t.env, stdio: ['pipe', 'pipe', 'pipe'] });
        child.on('error', reject);
        child.stdout.on('data', (chunk) => {
            if (firstLineMs === undefined && chunk.includes(0x0a))
                firstLineMs = (0, lib_1.nowMs)() - t0;
            bytes += chunk.length;
        });
        child.stderr.resume();
        child.stdin.on('error', () => undefined);
        child.stdin.end(t.prompt);
        if (child.pid !== undefined)
            onSpawn?.(child.pid);
        child.on('close', (code) => resolve({ firstLineMs, wallMs: (0, lib_1.nowMs)() - t0, stdoutBytes: bytes, exitCode: code }));
    });
}
//# sourceMappingURL=bare.js.map