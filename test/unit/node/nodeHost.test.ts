/**
 * Binary discovery on a real file system, with real executables: what a user with an empty
 * `cursorAgent.path` gets (the most common setup). nodeResolveDeps (PATH lookup, the `--version`
 * probe through the real process runner) under the pure resolution chain.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { resolveBinary, type Resolution } from '../../../src/cli/binaryResolution';
import { nodeHostEnvironment, nodeResolveDeps } from '../../../src/node/nodeHost';
import { NodeProcessRunner } from '../../../src/node/nodeProcessRunner';
import { MemoryLogger } from '../../support/logger';

const IDE_MESSAGE = "No Cursor IDE installation found. Use 'cursor agent' or 'agent' to run the agent.";

describe('finding cursor-agent on PATH (real files and processes)', function () {
  if (process.platform === 'win32') return; // POSIX scripts; the Windows tier covers Windows
  this.timeout(20_000);
  let root: string;
  let runner: NodeProcessRunner;

  /** An executable shell script `<dir>/<name>` (created with its folder). */
  function script(dir: string, name: string, body: string, mode = 0o755): string {
    fs.mkdirSync(path.join(root, dir), { recursive: true });
    const file = path.join(root, dir, name);
    fs.writeFileSync(file, `#!/bin/sh\n${body}\n`, { mode });
    fs.chmodSync(file, mode);
    return file;
  }
  const version = (v: string) => `echo "${v}"`;
  const dir = (d: string) => {
    fs.mkdirSync(path.join(root, d), { recursive: true });
    return path.join(root, d);
  };

  async function resolveWith(pathEntries: string[], configuredPath = ''): Promise<Resolution> {
    const host = nodeHostEnvironment({ PATH: pathEntries.join(':'), HOME: path.join(root, 'home') }, 'linux');
    return resolveBinary(nodeResolveDeps(runner, host, 5000), { platform: 'linux', homeDir: path.join(root, 'home'), configuredPath });
  }

  beforeEach(() => {
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'resolve-')));
    runner = new NodeProcessRunner(new MemoryLogger());
  });
  afterEach(() => {
    runner.dispose();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('uses the first cursor-agent on PATH, in PATH order', async () => {
    const first = script('a', 'cursor-agent', version('2026.10.01-aaaaaaa'));
    script('b', 'cursor-agent', version('2026.11.01-bbbbbbb'));
    const r = await resolveWith([dir('empty'), dir('a'), dir('b')]);
    assert.ok(r.found, JSON.stringify(r));
    assert.equal(r.path, first);
    assert.equal(r.version, '2026.10.01-aaaaaaa');
    assert.equal(r.source, 'path:cursor-agent');
  });

  it('skips a cursor-agent on PATH that is not executable and takes the next one', async () => {
    script('a', 'cursor-agent', version('2026.10.01-aaaaaaa'), 0o644);
    const second = script('b', 'cursor-agent', version('2026.11.01-bbbbbbb'));
    const r = await resolveWith([dir('a'), dir('b')]);
    assert.ok(r.found, JSON.stringify(r));
    assert.equal(r.path, second);
  });

  it('never runs a cursor-agent found through a relative PATH entry (it would resolve against the current folder)', async () => {
    const marker = path.join(root, 'relative-ran');
    // In the home folder, where the `--version` probe runs: a relative path found there would start.
    script('home/rel', 'cursor-agent', `touch '${marker}'\n${version('2026.10.01-rrrrrrr')}`);
    const cwd = process.cwd();
    process.chdir(path.join(root, 'home'));
    try {
      const r = await resolveWith(['rel', './rel', dir('empty')]);
      assert.equal(r.found, false, JSON.stringify(r));
      assert.equal(r.found === false && r.kind, 'notInstalled');
      assert.ok(
        r.rejected.some((c) => c.candidate === 'cursor-agent' && c.reason === 'not found on PATH'),
        JSON.stringify(r.rejected),
      );
    } finally {
      process.chdir(cwd);
    }
    assert.ok(!fs.existsSync(marker), 'the relative cursor-agent ran');
  });

  it('takes `agent` when there is no cursor-agent', async () => {
    const agent = script('a', 'agent', version('2026.10.01-e373342'));
    const r = await resolveWith([dir('a')]);
    assert.ok(r.found && r.path === agent && r.source === 'path:agent', JSON.stringify(r));
  });

  for (const [how, body] of [
    ['on stderr, exiting 1', `echo "${IDE_MESSAGE}" >&2\nexit 1`],
    ['on stdout, exiting 0', `echo "${IDE_MESSAGE}"\nexit 0`],
  ] as const) {
    it(`says "the cursor command is the IDE launcher" when that is all there is (message ${how})`, async () => {
      script('a', 'cursor', `if [ "$1" = agent ]; then ${body.replace(/\n/g, '; ')}; fi\necho "1.99.0"`);
      const r = await resolveWith([dir('a')]);
      assert.equal(r.found, false, JSON.stringify(r));
      assert.equal(r.found === false && r.kind, 'ideLauncherOnly', JSON.stringify(r));
    });
  }

  it('runs the agent through the `cursor` launcher as `cursor agent` when it has the agent', async () => {
    const cursor = script(
      'a',
      'cursor',
      `[ "$1" = agent ] && shift && [ "$1" = --version ] && ${version('2026.10.01-e373342')} && exit 0\necho "1.99.0"`,
    );
    const r = await resolveWith([dir('a')]);
    assert.ok(r.found && r.path === cursor && r.source === 'path:cursor', JSON.stringify(r));
    assert.deepEqual(r.found && r.argsPrefix, ['agent']);
  });

  it('prefers cursorAgent.path over PATH, and falls back to PATH (reporting why) when it is not executable', async () => {
    const explicit = script('opt', 'cursor-agent', version('2026.09.01-ooooooo'));
    const onPath = script('a', 'cursor-agent', version('2026.10.01-aaaaaaa'));
    const r1 = await resolveWith([dir('a')], explicit);
    assert.ok(r1.found && r1.path === explicit && r1.source === 'setting', JSON.stringify(r1));
    fs.chmodSync(explicit, 0o644);
    const r2 = await resolveWith([dir('a')], explicit);
    assert.ok(r2.found && r2.path === onPath && r2.configuredPathFailed, JSON.stringify(r2));
    assert.equal(r2.rejected[0]?.candidate, explicit);
  });
});
