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
/** Issue 12: what a turn may run, and where (real processes against the fake CLI); the folder rule itself: ../cli/workspaceGuard.test.ts. */
const assert = __importStar(require("node:assert/strict"));
const fs = __importStar(require("node:fs"));
const os = __importStar(require("node:os"));
const path = __importStar(require("node:path"));
const errors_1 = require("../../../src/cli/errors");
const stack_1 = require("../helpers/stack");
const printTurn_1 = require("../../support/printTurn");
describe('hardening: what a turn runs and where', function () {
    this.timeout(30_000);
    let s;
    const temp = [];
    afterEach(() => {
        s?.dispose();
        s = undefined;
        for (const d of temp.splice(0))
            fs.rmSync(d, { recursive: true, force: true });
    });
    it('a relative PATH entry never runs the workspace\'s own `bash` or `dirname` for a `#!/usr/bin/env bash` launcher', async function () {
        if (process.platform === 'win32')
            this.skip(); // POSIX launchers; Windows PATH handling is unit-tested in env.test
        s = (0, stack_1.createStack)({}, { PATH: `./node_modules/.bin:${process.env.PATH ?? ''}` });
        // The real CLI's launcher: a bash script that calls dirname (and readlink) before starting node.
        const launcherDir = fs.mkdtempSync(path.join(os.tmpdir(), 'launcher-'));
        temp.push(launcherDir);
        const launcher = path.join(launcherDir, 'cursor-agent');
        fs.writeFileSync(launcher, `#!/usr/bin/env bash\nhere="$(dirname "$0")"\nexec ${JSON.stringify(s.fake.binPath)} "$@"\n`, { mode: 0o755 });
        s.configuredPath = launcher;
        // The workspace plants its own bash and dirname.
        const planted = path.join(s.workspace, 'node_modules', '.bin');
        const marker = path.join(launcherDir, 'workspace-code-ran');
        fs.mkdirSync(planted, { recursive: true });
        for (const name of ['bash', 'dirname', 'readlink']) {
            fs.writeFileSync(path.join(planted, name), `#!/bin/sh\necho ${name} >> ${JSON.stringify(marker)}\nexit 1\n`, { mode: 0o755 });
        }
        const result = await (0, printTurn_1.printTurn)(s.agent, { workspace: s.workspace, mode: 'plan', prompt: 'hi', onEvent: () => undefined });
        assert.equal(result.cancelled, false);
        assert.ok(!fs.existsSync(marker), `the workspace's ${fs.existsSync(marker) ? fs.readFileSync(marker, 'utf8').trim() : ''} ran`);
        const env = s.fake.invocations().find((i) => i.argv.includes('-p')).env;
        assert.ok(!env.PATH.split(':').some((d) => !path.isAbsolute(d)), env.PATH);
    });
    it('refuses to run the agent in the home folder or the filesystem root, saying why and what to open instead', async () => {
        s = (0, stack_1.createStack)();
        for (const workspace of [os.homedir(), path.parse(os.homedir()).root, path.dirname(os.homedir()), os.homedir() + path.sep]) {
            let err;
            await (0, printTurn_1.printTurn)(s.agent, { workspace, mode: 'plan', prompt: 'hi', onEvent: () => undefined }).catch((e) => (err = e));
            assert.ok(err instanceof errors_1.CliError, `${workspace}: ${String(err)}`);
            assert.equal(err.kind, 'unsafeWorkspace');
            assert.match(err.userMessage, /home folder/);
            assert.match(err.userMessage, /Open the project folder/);
            assert.deepEqual(err.actions, ['openFolder']);
        }
        assert.equal(s.fake.invocations().filter((i) => i.argv.includes('-p')).length, 0, 'the CLI never ran');
    });
});
//# sourceMappingURL=hardening.test.js.map