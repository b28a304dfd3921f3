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
exports.benchActivation = benchActivation;
/**
 * 6. Activation, in the real extension host: the host suite
 * test/host/suite-bench (run through test/host/run.ts with
 * CURSOR_AGENT_HOST_BENCH=1; `npm test` never lists it) times ext.activate()
 * on a not-yet-active extension, records every spawn of the CLI during
 * activate() and in the 5 s after it, and writes test-output/suite-bench/activation.json.
 * The fake's `status` takes 1.5 s there, so an activate() that waited for the
 * probe would show it. Plus the size of dist/extension.js as built by
 * `npm run compile`, and of the minified production bundle (built to a temp file).
 */
const node_child_process_1 = require("node:child_process");
const fs = __importStar(require("node:fs"));
const os = __importStar(require("node:os"));
const path = __importStar(require("node:path"));
const lib_1 = require("./lib");
const HOST_TIMEOUT_MS = 180_000;
function runHostSuite(root) {
    return new Promise((resolve) => {
        const child = (0, node_child_process_1.spawn)(process.execPath, [path.join(root, 'out', 'test', 'host', 'run.js')], {
            cwd: root,
            // Measured on the newest VS Code of the test matrix only (test/host/versions.ts).
            env: { ...process.env, CURSOR_AGENT_HOST_BENCH: '1', CURSOR_AGENT_HOST_SUITES: 'suite-bench', CURSOR_AGENT_VSCODE: process.env.CURSOR_AGENT_VSCODE ?? 'newest' },
            stdio: ['ignore', 'pipe', 'pipe'],
        });
        let tail = '';
        const keep = (c) => (tail = (tail + c.toString()).slice(-4000));
        child.stdout.on('data', keep);
        child.stderr.on('data', keep);
        const timer = setTimeout(() => child.kill('SIGTERM'), HOST_TIMEOUT_MS);
        child.on('close', (code) => {
            clearTimeout(timer);
            resolve({ code, tail });
        });
    });
}
async function productionBundleBytes(root) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const esbuild = require('esbuild');
    const outfile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-bundle-')), 'extension.js');
    try {
        // The options of esbuild.mjs --production.
        await esbuild.build({
            absWorkingDir: root,
            entryPoints: ['src/extension.ts'],
            bundle: true,
            format: 'cjs',
            platform: 'node',
            target: 'node20',
            outfile,
            external: ['vscode'],
            minify: true,
            sourcemap: false,
            legalComments: 'none',
            logLevel: 'silent',
        });
        return fs.statSync(outfile).size;
    }
    finally {
        fs.rmSync(path.dirname(outfile), { recursive: true, force: true });
    }
}
async function benchActivation() {
    const root = (0, lib_1.repoRoot)();
    const out = [];
    const resultFile = path.join(root, 'test-output', 'suite-bench', 'activation.json');
    fs.rmSync(resultFile, { force: true });
    const host = await runHostSuite(root);
    if (host.code === 0 && fs.existsSync(resultFile)) {
        const a = JSON.parse(fs.readFileSync(resultFile, 'utf8'));
        const status = a.spawns.find((s) => s.argv.startsWith('status'));
        const probeStart = a.spawns[0]?.atMs;
        const probeMs = status?.exitMs !== null && status?.exitMs !== undefined && probeStart !== undefined ? status.exitMs - probeStart : null;
        const probeEnd = status?.exitMs ?? Infinity;
        const untilProbeEnd = a.spawns.filter((s) => s.atMs <= probeEnd);
        const probeOnly = untilProbeEnd.every((s) => s.argv === '--version' || s.argv.startsWith('status'));
        const later = a.spawns.filter((s) => s.atMs > probeEnd);
        out.push({
            name: 'activation_activate_ms',
            value: (0, lib_1.round)(a.activateMs, 1),
            unit: 'ms',
            baseline: (0, lib_1.round)(probeMs, 1),
            ratio: probeMs ? (0, lib_1.round)(a.activateMs / probeMs, 3) : null,
            target: 'activate() returns before the status probe ends (not already active)',
            // No status probe seen: the comparison could not be made (not measured, never "met").
            met: a.returnedBeforeProbeFinished === null ? null : a.alreadyActive === false && a.returnedBeforeProbeFinished === true,
            runs: 1,
            detail: `${status ? '' : 'not measured: no `status` probe of the CLI was seen in the window, so there is nothing to compare with; '}` +
                `ext.activate() on an inactive extension (includes loading dist/extension.js): ${a.activateMs.toFixed(1)} ms; ` +
                `baseline = the background status probe (--version + status, the fake's status takes 1.5 s), ` +
                `which ended ${status?.exitMs?.toFixed(0) ?? '?'} ms after activate() was called; readiness afterwards: ${a.readiness}`,
        }, {
            name: 'activation_spawns_during_activate',
            value: a.spawnsDuringActivate,
            unit: 'processes',
            baseline: null,
            ratio: null,
            target: '0',
            // Zero spawns is only a result when the recorder saw the probe's spawns afterwards.
            met: a.spawns.length === 0 ? null : a.spawnsDuringActivate === 0,
            runs: 1,
            detail: `${a.spawns.length ? '' : 'not measured: no CLI process was seen at all in the window; '}` +
                `first CLI process started ${a.spawns[0] ? (a.spawns[0].atMs - a.activateMs).toFixed(1) : '-'} ms after activate() returned`,
        }, {
            name: 'activation_spawns_until_probe_done',
            value: untilProbeEnd.length,
            unit: 'processes',
            baseline: null,
            ratio: null,
            target: 'the status probe only (--version, status)',
            met: status === undefined ? null : probeOnly,
            runs: 1,
            detail: `spawns in the ${a.windowMs / 1000} s after activate() was called: ${a.spawns.map((s) => `\`${s.argv}\` at ${s.atMs.toFixed(0)} ms`).join(', ')}` +
                (later.length ? `; after the probe: ${later.map((s) => `\`${s.argv}\``).join(', ')} (the workbench reading the model list once the probe said ready)` : ''),
        });
    }
    else {
        out.push({
            name: 'activation_activate_ms',
            value: null,
            unit: 'ms',
            baseline: null,
            ratio: null,
            target: 'activate() returns before the status probe ends',
            met: null,
            detail: `the extension-host run failed (exit ${host.code}); activation not measured: ${host.tail.split('\n').slice(-6).join(' | ')}`,
        });
    }
    const dist = path.join(root, 'dist', 'extension.js');
    const distBytes = fs.existsSync(dist) ? fs.statSync(dist).size : NaN;
    let prodBytes = NaN;
    let prodError = '';
    try {
        prodBytes = await productionBundleBytes(root);
    }
    catch (e) {
        prodError = e instanceof Error ? e.message : String(e);
    }
    out.push({
        name: 'bundle_dist_extension_js',
        value: (0, lib_1.round)(distBytes / 1024, 1),
        unit: 'KiB',
        baseline: null,
        ratio: null,
        target: null,
        met: null,
        detail: 'dist/extension.js as `npm run compile` builds it (not minified; source map in a separate file)',
    }, {
        name: 'bundle_production',
        value: (0, lib_1.round)(prodBytes / 1024, 1),
        unit: 'KiB',
        baseline: (0, lib_1.round)(distBytes / 1024, 1),
        ratio: (0, lib_1.round)(prodBytes / distBytes, 3),
        target: null,
        met: null,
        detail: prodError
            ? `production build failed: ${prodError}`
            : 'the same entry point minified as `esbuild.mjs --production` builds it for the .vsix (built to a temp file; dist/ untouched); baseline = the development bundle',
    });
    return out;
}
//# sourceMappingURL=activation.js.map