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
const groupWatch_1 = require("../../../src/node/groupWatch");
const runHarness_1 = require("./runHarness");
describe('GroupWatch', function () {
    this.timeout(10000);
    it('tells a group of unreaped zombies from a live one, and a gone one', async function () {
        if (process.platform !== 'linux')
            this.skip(); // zombies are told apart by reading /proc/<pid>/stat (Linux only)
        // A group leader whose child outlives it: the child keeps the group alive after the leader exits.
        const script = "const c=require('child_process').spawn(process.execPath,['-e','setTimeout(()=>{},8000)'],{stdio:'ignore'});console.log(c.pid);setTimeout(()=>process.exit(0),50)";
        const leader = (0, child_process_1.spawn)(process.execPath, ['-e', script], { detached: true, stdio: ['ignore', 'pipe', 'ignore'] });
        let out = '';
        leader.stdout.on('data', (d) => (out += d.toString()));
        await new Promise((r) => leader.on('close', r));
        const member = Number(out.trim());
        try {
            assert.ok(member > 0 && leader.pid !== undefined);
            const watch = new groupWatch_1.GroupWatch(leader.pid, 'linux');
            assert.strictEqual((0, runHarness_1.procState)(leader.pid), undefined, 'the leader is gone (reaped)');
            assert.strictEqual(watch.alive(), true, 'its orphaned child still runs in the group');
            assert.strictEqual(new groupWatch_1.GroupWatch(leader.pid, 'linux').alive(), true);
            process.kill(member, 'SIGKILL');
            // Orphaned: reaped by PID 1 (or a subreaper), possibly late; meanwhile a zombie that kill(-pgid, 0) still sees.
            assert.ok(await (0, runHarness_1.waitFor)(() => !watch.alive(), 2000), 'a group of zombies or no group at all counts as ended');
            assert.strictEqual(new groupWatch_1.GroupWatch(leader.pid, 'linux').alive(), false);
        }
        finally {
            try {
                process.kill(member, 'SIGKILL');
            }
            catch {
                /* gone */
            }
        }
    });
});
//# sourceMappingURL=groupWatch.test.js.map