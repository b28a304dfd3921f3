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
const fs = __importStar(require("fs"));
const os = __importStar(require("os"));
const path = __importStar(require("path"));
const child_process_1 = require("child_process");
const groupWatch_1 = require("../../../src/node/groupWatch");
const processTree_1 = require("../../../src/node/processTree");
const procfs_1 = require("../../../src/node/procfs");
const signals_1 = require("../../../src/node/signals");
const fakeCli_1 = require("../../fixtures/fakeCli");
const runHarness_1 = require("./runHarness");
/** Killing whole trees (src/node/processTree.ts). */
describe('killProcessTree', function () {
    this.timeout(10000);
    let f;
    afterEach(() => {
        const leaks = f?.livePids() ?? [];
        f?.cleanup();
        f = undefined;
        assert.deepStrictEqual(leaks, []);
    });
    async function startTree() {
        f = (0, fakeCli_1.createFakeCli)({ scenario: { turn: { kind: 'grandchild', delayMs: 50, hang: true, detached: true } }, wrapperStyle: 'child' });
        const child = (0, child_process_1.spawn)(f.binPath, runHarness_1.TURN_ARGS, { cwd: f.dir, env: runHarness_1.ENV, detached: true, stdio: ['pipe', 'ignore', 'ignore'] });
        child.stdin.end('x');
        const fc = f;
        assert.ok(await (0, runHarness_1.waitFor)(() => fc.livePids().length === 3, 3000), 'wrapper, node and a grandchild in its own session');
        const grandchild = fc.pids().find((p) => p.role === 'grandchild')?.pid ?? 0;
        assert.ok(child.pid !== undefined && new groupWatch_1.GroupWatch(child.pid).alive());
        return { leader: child.pid, grandchild };
    }
    for (const platform of ['linux', 'darwin']) {
        it(`ends the group and a descendant that left it (${platform === 'linux' ? '/proc walk' : '/bin/ps walk'})`, async function () {
            if (process.platform !== 'linux')
                this.skip();
            if (platform === 'darwin' && !fs.existsSync(processTree_1.PS_PATH))
                this.skip(); // slim containers have no procps
            const { leader, grandchild } = await startTree();
            const signalled = await (0, processTree_1.killProcessTree)(leader, 'SIGTERM', platform);
            assert.ok(signalled.some((r) => r.pid === leader));
            assert.ok(await (0, runHarness_1.waitFor)(() => !new groupWatch_1.GroupWatch(leader).alive() && !(0, signals_1.isAlive)(grandchild), 2000), 'group and escaped grandchild gone');
        });
    }
    it('signals the group before the tree walk (/bin/ps walk: nothing waits for ps)', async function () {
        if (process.platform !== 'linux')
            this.skip(); // reads /proc for the state of each process
        if (!fs.existsSync(processTree_1.PS_PATH))
            this.skip(); // slim containers have no procps
        const { leader, grandchild } = await startTree();
        const group = f.pids().filter((p) => p.role !== 'grandchild').map((p) => p.pid);
        assert.strictEqual(group.length, 2, 'wrapper and node in the group');
        const pending = (0, processTree_1.killProcessTree)(leader, 'SIGTERM', 'darwin');
        // Before any event-loop turn (the walk's callback can't have run): every group member is stopped or gone.
        const reached = (p) => ['T', 't', 'Z', undefined].includes((0, runHarness_1.procState)(p));
        assert.ok((0, runHarness_1.waitSync)(() => group.every(reached), 500), `group states: ${group.map((p) => `${p}=${(0, runHarness_1.procState)(p)}`).join(', ')}`);
        const signalled = await pending;
        assert.ok(signalled.some((r) => r.pid === leader));
        assert.ok(await (0, runHarness_1.waitFor)(() => !new groupWatch_1.GroupWatch(leader).alive() && !(0, signals_1.isAlive)(grandchild), 2000), 'group and escaped grandchild gone');
    });
});
describe('pid reuse: nothing the extension did not start is ever signalled', function () {
    this.timeout(15000);
    const victims = [];
    afterEach(() => {
        for (const v of victims.splice(0))
            v.kill('SIGKILL');
    });
    const victim = async () => {
        const v = (0, child_process_1.spawn)(process.execPath, ['-e', 'setInterval(()=>{},1000)'], { stdio: 'ignore' });
        victims.push(v);
        assert.ok(v.pid !== undefined && (await (0, runHarness_1.waitFor)(() => (0, procfs_1.refOf)(v.pid) !== undefined, 2000)));
        return v.pid;
    };
    it('a pid found earlier that now belongs to another process (other start time) is left alone at shutdown and after the grace period', async function () {
        if (process.platform !== 'linux')
            this.skip(); // start times come from /proc
        const pid = await victim();
        const now = (0, procfs_1.refOf)(pid);
        // What the run recorded when it found this pid: the same number, an earlier process.
        const recorded = { pid, start: now.start - 1 };
        (0, processTree_1.killTreesNow)([{ pid: 999_999_999, running: false, groupAlive: false, known: [recorded] }], 'linux');
        assert.strictEqual((0, signals_1.signalRef)(recorded, 'SIGKILL', 'linux'), false);
        await new Promise((r) => setTimeout(r, 300));
        assert.ok((0, signals_1.isAlive)(pid), 'the unrelated process that took the pid over still runs');
        // The very process that was found is ended.
        (0, processTree_1.killTreesNow)([{ pid: 999_999_999, running: false, groupAlive: false, known: [now] }], 'linux');
        assert.ok(await (0, runHarness_1.waitFor)(() => !(0, signals_1.isAlive)(pid), 2000), 'the process found is ended');
    });
});
describe('helpers the extension starts are run by absolute path', function () {
    this.timeout(15000);
    it('the macOS/BSD tree walk never runs a `ps` or `pgrep` found on PATH', async function () {
        if (process.platform !== 'linux' || !fs.existsSync(processTree_1.PS_PATH))
            this.skip(); // drives the non-/proc walk with a real /bin/ps
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'planted-'));
        const marker = path.join(dir, 'ran');
        for (const name of ['ps', 'pgrep'])
            fs.writeFileSync(path.join(dir, name), `#!/bin/sh\necho ${name} >> '${marker}'\nexit 1\n`, { mode: 0o755 });
        const savedPath = process.env.PATH;
        process.env.PATH = `${dir}:${savedPath ?? ''}`;
        const withChild = "require('child_process').spawn(process.execPath,['-e','setInterval(()=>{},1000)'],{stdio:'ignore'});setInterval(()=>{},1000)";
        const leader = (0, child_process_1.spawn)(process.execPath, ['-e', withChild], { detached: true, stdio: 'ignore' });
        try {
            assert.ok(leader.pid !== undefined);
            const pid = leader.pid;
            await new Promise((r) => setTimeout(r, 300)); // its child has started
            await (0, processTree_1.killProcessTree)(pid, 'SIGKILL', 'darwin');
            assert.ok(await (0, runHarness_1.waitFor)(() => !new groupWatch_1.GroupWatch(pid).alive(), 2000), 'the tree is ended');
        }
        finally {
            process.env.PATH = savedPath;
            try {
                process.kill(-leader.pid, 'SIGKILL');
            }
            catch {
                /* gone */
            }
            const ran = fs.existsSync(marker) ? fs.readFileSync(marker, 'utf8').trim() : '';
            fs.rmSync(dir, { recursive: true, force: true });
            assert.strictEqual(ran, '', `a helper from PATH ran: ${ran}`);
        }
    });
});
//# sourceMappingURL=processTree.test.js.map