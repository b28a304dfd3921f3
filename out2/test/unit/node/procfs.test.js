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
const assert = __importStar(require("assert"));
const child_process_1 = require("child_process");
const procfs_1 = require("../../../src/node/procfs");
const runHarness_1 = require("./runHarness");
describe('findByEnvironment', function () {
    this.timeout(10000);
    it('finds the live processes whose environment holds the entry, and only those (Linux)', async function () {
        if (process.platform !== 'linux')
            this.skip();
        const value = `test-${process.pid}-${Date.now()}`;
        const spawnWith = (env) => (0, child_process_1.spawn)(process.execPath, ['-e', 'setTimeout(()=>{},10000)'], { env: { ...runHarness_1.ENV, ...env }, stdio: 'ignore' });
        const marked = spawnWith({ MARK_UNDER_TEST: value });
        const prefixOnly = spawnWith({ MARK_UNDER_TEST: `${value}-other` });
        const otherName = spawnWith({ XMARK_UNDER_TEST: value });
        try {
            assert.ok(await (0, runHarness_1.waitForAsync)(async () => (await (0, procfs_1.findByEnvironment)('MARK_UNDER_TEST', value)).length > 0, 3000));
            assert.deepStrictEqual((await (0, procfs_1.findByEnvironment)('MARK_UNDER_TEST', value)).map((r) => r.pid), [marked.pid]);
            assert.deepStrictEqual(await (0, procfs_1.findByEnvironment)('MARK_UNDER_TEST', value, 'darwin'), [], 'no /proc elsewhere');
        }
        finally {
            for (const c of [marked, prefixOnly, otherName])
                c.kill('SIGKILL');
        }
        assert.ok(await (0, runHarness_1.waitForAsync)(async () => (await (0, procfs_1.findByEnvironment)('MARK_UNDER_TEST', value)).length === 0, 3000), 'dead processes are not reported');
    });
});
//# sourceMappingURL=procfs.test.js.map