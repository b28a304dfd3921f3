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
exports.SAMPLES_DIR = void 0;
exports.repoRoot = repoRoot;
exports.streamSamples = streamSamples;
exports.resultTextOf = resultTextOf;
const fs = __importStar(require("node:fs"));
const path = __importStar(require("node:path"));
/** Repository root (the folder holding package.json), found from the compiled test's location. */
function repoRoot() {
    let dir = __dirname;
    while (!fs.existsSync(path.join(dir, 'package.json'))) {
        const up = path.dirname(dir);
        if (up === dir)
            throw new Error('package.json not found above ' + __dirname);
        dir = up;
    }
    return dir;
}
const SAMPLES_DIR = () => path.join(repoRoot(), 'test', 'fixtures', 'samples');
exports.SAMPLES_DIR = SAMPLES_DIR;
/** The stream samples (`*.jsonl`), with any `<seconds> ` timing prefix removed from each line. */
function streamSamples() {
    return fs
        .readdirSync((0, exports.SAMPLES_DIR)())
        .filter((f) => f.endsWith('.jsonl'))
        .sort()
        .map((name) => {
        const text = fs.readFileSync(path.join((0, exports.SAMPLES_DIR)(), name), 'utf8');
        const lines = text.split('\n').filter((l) => l.trim() !== '').map((l) => l.replace(/^\d+(?:\.\d+)? (?=\{)/, ''));
        return { name, lines, bytes: Buffer.from(lines.join('\n') + '\n', 'utf8') };
    });
}
function resultTextOf(lines) {
    for (const l of lines) {
        const o = JSON.parse(l);
        if (o.type === 'result')
            return o.result;
    }
    return undefined;
}
//# sourceMappingURL=samples.js.map