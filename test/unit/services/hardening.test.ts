/** Issue 12: what a turn may run, and where (real processes against the fake CLI); the folder rule itself: ../cli/workspaceGuard.test.ts. */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CliError } from '../../../src/cli/errors';
import { createStack, Stack } from '../../support/stack';
import { printTurn } from '../../support/printTurn';

describe('hardening: what a turn runs and where', function () {
  this.timeout(30_000);
  let s: Stack | undefined;
  const temp: string[] = [];
  afterEach(() => {
    s?.dispose();
    s = undefined;
    for (const d of temp.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });

  it("a relative PATH entry never runs the workspace's own `bash` or `dirname` for a `#!/usr/bin/env bash` launcher", async function () {
    if (process.platform === 'win32') this.skip(); // POSIX launchers; Windows PATH handling is unit-tested in env.test
    s = createStack({}, { PATH: `./node_modules/.bin:${process.env.PATH ?? ''}` });
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
    const result = await printTurn(s, { workspace: s.workspace, mode: 'plan', prompt: 'hi', onEvent: () => undefined });
    assert.equal(result.cancelled, false);
    assert.ok(!fs.existsSync(marker), `the workspace's ${fs.existsSync(marker) ? fs.readFileSync(marker, 'utf8').trim() : ''} ran`);
    const env = s.fake.invocations().find((i) => i.argv.includes('-p'))!.env;
    assert.ok(!env.PATH!.split(':').some((d) => !path.isAbsolute(d)), env.PATH);
  });

  it('refuses to run the agent in the home folder or the filesystem root, saying why and what to open instead', async () => {
    s = createStack();
    for (const workspace of [os.homedir(), path.parse(os.homedir()).root, path.dirname(os.homedir()), os.homedir() + path.sep]) {
      let err: unknown;
      await printTurn(s, { workspace, mode: 'plan', prompt: 'hi', onEvent: () => undefined }).catch((e: unknown) => (err = e));
      assert.ok(err instanceof CliError, `${workspace}: ${String(err)}`);
      assert.equal(err.kind, 'unsafeWorkspace');
      assert.match(err.userMessage, /home folder/);
      assert.match(err.userMessage, /Open the project folder/);
      assert.deepEqual(err.actions, ['openFolder']);
    }
    assert.equal(s.fake.invocations().filter((i) => i.argv.includes('-p')).length, 0, 'the CLI never ran');
  });
});
