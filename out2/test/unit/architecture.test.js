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
const assert = __importStar(require("node:assert/strict"));
const fs = __importStar(require("node:fs"));
const path = __importStar(require("node:path"));
const samples_1 = require("./helpers/samples");
/** Runtime imports of a TypeScript file (type-only imports excluded). */
function runtimeImports(file) {
    const text = fs.readFileSync(file, 'utf8');
    const out = [];
    for (const m of text.matchAll(/^\s*import\s+(type\s+)?[^'";]*?from\s+'([^']+)'/gm))
        if (!m[1])
            out.push(m[2]);
    for (const m of text.matchAll(/^\s*import\s+'([^']+)'/gm))
        out.push(m[1]);
    for (const m of text.matchAll(/require\(\s*'([^']+)'\s*\)/g))
        out.push(m[1]);
    return out;
}
function files(dir) {
    return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : []));
}
describe('architecture (pure core, thin VS Code edge)', () => {
    const src = path.join((0, samples_1.repoRoot)(), 'src');
    const layerOf = (f) => path.relative(src, f).split(path.sep)[0];
    it('keeps vscode out of cli/, node/ and services/ at run time, so they are tested in milliseconds', () => {
        const offenders = files(src).filter((f) => ['cli', 'node', 'services', 'acp'].includes(layerOf(f)) && runtimeImports(f).includes('vscode'));
        assert.deepEqual(offenders.map((f) => path.relative(src, f)), []);
    });
    it('imports only downwards: vscode/ → services/ → cli/, node/ → cli/; only extension.ts builds node/ classes', () => {
        // acp/ (the ACP protocol core) sits below services/, beside cli/: it imports services/ for types only.
        const allowed = { cli: ['cli'], node: ['cli', 'node'], services: ['services', 'acp', 'cli'], vscode: ['vscode', 'services', 'cli'], acp: ['acp', 'cli'] };
        const bad = [];
        for (const f of files(src)) {
            const layer = layerOf(f);
            if (layer === 'extension.ts')
                continue;
            for (const imp of runtimeImports(f)) {
                if (!imp.startsWith('.'))
                    continue;
                const target = layerOf(path.resolve(path.dirname(f), imp));
                if (!allowed[layer]?.includes(target))
                    bad.push(`${path.relative(src, f)} → ${imp}`);
            }
        }
        assert.deepEqual(bad, []);
    });
    it('never spawns through a shell or with --force anywhere in the source', () => {
        for (const f of files(src)) {
            const text = fs.readFileSync(f, 'utf8');
            assert.ok(!/shell:\s*true/.test(text), `${f} uses shell: true`);
            assert.ok(!/['"]--force['"]\s*[,\]]/.test(text.replace(/FORBIDDEN[\s\S]*?\]/g, '')), `${f} passes --force`);
        }
    });
});
//# sourceMappingURL=architecture.test.js.map