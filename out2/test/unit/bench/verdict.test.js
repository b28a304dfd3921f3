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
const run_1 = require("../../../bench/run");
const entry = (name, value, met, target = 'x < 1') => ({
    name,
    value,
    unit: 'ms',
    baseline: null,
    ratio: null,
    target,
    met,
    detail: value === null ? 'the extension-host run failed (exit 1)' : undefined,
});
describe('npm run bench: what the closing line claims', () => {
    it('never counts a figure without a value as met, even when its entry says met', () => {
        assert.equal((0, run_1.verdict)(entry('activation_activate_ms', null, true)), 'not measured');
        assert.equal((0, run_1.verdict)(entry('activation_activate_ms', null, null)), 'not measured');
    });
    it('counts a figure whose verdict could not be established (met null) as not measured', () => {
        assert.equal((0, run_1.verdict)(entry('activation_spawns_during_activate', 0, null)), 'not measured');
        assert.equal((0, run_1.verdict)(entry('bundle_size', 117, null, null)), '-');
    });
    it('counts met, missed and not measured apart, naming why a figure was not measured', () => {
        const line = (0, run_1.closingLine)([entry('a', 1, true), entry('b', 2, false), entry('activation_activate_ms', null, null), entry('size', 3, null, null)]);
        assert.equal(line, 'bench: 1 of 3 targets met, 1 missed (b), 1 not measured (activation_activate_ms: the extension-host run failed (exit 1))');
    });
    it('says every target was met only when each has a value that meets it', () => {
        assert.equal((0, run_1.closingLine)([entry('a', 1, true), entry('b', 0, true)]), 'bench: 2 of 2 targets met');
    });
});
//# sourceMappingURL=verdict.test.js.map