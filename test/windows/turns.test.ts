// Whole chat turns and the short commands (`--version`, `status --format json`,
// `models`) on Windows Node.js, through both launch routes: the installed
// node.exe run directly, and `cmd.exe /d /s /c` for a launcher the planner
// cannot see through. What the CLI received is what the fake recorded.
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { buildTurnArgs } from '../../src/cli/args';
import { CliError } from '../../src/cli/errors';
import { parseModelsOutput } from '../../src/cli/models';
import type { TurnEvent } from '../../src/turn/events';
import { launchCommandFor } from '../../src/cli/windowsLaunch';
import { FAKE_NARRATION } from '../fixtures/fakeCli';
import { defaultModelListing } from '../support/models';
import { nodeHostEnvironment } from '../../src/node/nodeHost';
import { NodeProcessRunner } from '../../src/node/nodeProcessRunner';
import { freshDir, installFake, npmStyleShim, running, VERSION, windowsEnv, type WindowsInstall } from './windowsInstall';
import { allLaunches, collectText, makeWorld, type World } from './world';
import { printTurn } from '../support/printTurn';

const win = path.win32;
const ANSWER = 'Hello from Windows: "quotes", 100% & <angles>, ünïcödé ✓\nsecond line';

describe('Windows: turns and short commands', function () {
  let install: WindowsInstall;
  let npmShim: string;
  let workspace: string;
  const worlds: World[] = [];

  before(function () {
    if (process.platform !== 'win32') this.skip();
    install = installFake({ scenario: { turn: { kind: 'default', answer: ANSWER }, email: 'a.user@example.com' } });
    npmShim = npmStyleShim(install, win.join(install.localAppData, '..', 'Roaming', 'npm'));
    workspace = freshDir('Users', 'A User', 'source', 'My Project');
  });
  after(() => {
    for (const w of worlds) w.dispose();
    install?.fake.cleanup();
  });

  const routes = {
    'the installed node.exe, directly': () => ({ Path: `${install.installDir};C:\\windows\\system32;C:\\windows` }),
    'cmd.exe /d /s /c and an npm-style .cmd': () => ({ Path: 'C:\\windows\\system32;C:\\windows', configuredPath: npmShim }),
  };
  const worldFor = (route: keyof typeof routes) => {
    const { Path, configuredPath } = routes[route]() as { Path: string; configuredPath?: string };
    const w = makeWorld(windowsEnv({ Path, LOCALAPPDATA: install.localAppData }), { configuredPath });
    worlds.push(w);
    return w;
  };
  const lastInvocation = () => {
    const all = install.fake.invocations();
    return all[all.length - 1];
  };

  for (const route of Object.keys(routes) as Array<keyof typeof routes>) {
    describe(`through ${route}`, () => {
      it('runs a whole turn: the prompt arrives on stdin, the exact answer streams back, the run ends', async () => {
        const w = worldFor(route);
        const events: TurnEvent[] = [];
        const prompt = 'Explain "this" folder: 50% of it, a&b, C:\\path\\ and ünïcödé\n(second line)';
        const result = await printTurn(w, { workspace, mode: 'plan', prompt, onEvent: (e) => events.push(e) });
        assert.equal(collectText(events), FAKE_NARRATION + ANSWER); // the default turn: a first stretch, a tool call, then the answer
        assert.equal(result.text, FAKE_NARRATION + ANSWER);
        assert.equal(result.cancelled, false);
        assert.ok(result.sessionId);
        const inv = lastInvocation();
        assert.equal(inv!.stdin, prompt);
        assert.deepEqual(inv!.argv, buildTurnArgs({ mode: 'plan', workspace, trusted: true }));
        assert.equal(inv!.cwd.toLowerCase(), workspace.toLowerCase());
        assert.ok(!running(inv!.pid), 'the CLI has exited');
        const plan = w.launches[w.launches.length - 1];
        if (route.startsWith('cmd')) {
          assert.match(plan!.command, /\\cmd\.exe$/i);
          assert.notEqual(inv!.ppid, process.pid, 'cmd.exe stands between');
        } else {
          assert.equal(plan!.command, install.nodeExe);
          assert.equal(inv!.ppid, process.pid, 'node.exe is our own child: nothing in between');
        }
      });

      it('answers --version, status --format json and models', async () => {
        const w = worldFor(route);
        const r = await w.binary.resolve();
        assert.ok(r.found && r.version === VERSION, JSON.stringify(r));
        assert.deepEqual(await w.agent.status(), { state: 'loggedIn', email: 'a.user@example.com' });
        assert.deepEqual(lastInvocation()!.argv, ['status', '--format', 'json']);
        const models = parseModelsOutput(await w.agent.modelsText());
        assert.deepEqual(
          models.models.map((m) => m.id),
          // The fake's default: a real account's ~200 models, the four classic ids first.
          defaultModelListing().map(([id]) => id),
        );
        assert.ok(models.models.length >= 190, `${models.models.length} models`);
        assert.deepEqual(lastInvocation()!.argv, ['models']);
      });
    });
  }

  it('hands cmd.exe arguments that need quoting so the CLI gets each one exactly', async () => {
    const host = nodeHostEnvironment(windowsEnv({ LOCALAPPDATA: install.localAppData }), 'win32');
    const args = [
      '--workspace',
      'C:\\Users\\A User\\My Project',
      'C:\\trailing\\',
      'C:\\two trailing\\\\',
      '',
      'ünïcödé ✓',
      '--x=a,b;c',
      "it's",
      '=',
      '-',
    ];
    const planned = launchCommandFor(npmShim, args, { ...host, comSpec: process.env.ComSpec, systemRoot: process.env.SystemRoot });
    assert.ok(planned.ok && planned.plan.windowsVerbatimArguments, JSON.stringify(planned));
    const env = { LOCALAPPDATA: install.localAppData, SystemRoot: process.env.SystemRoot ?? '' };
    const out = await new NodeProcessRunner().run({ launch: planned.plan, cwd: workspace, env, totalTimeoutMs: 30_000 });
    assert.equal(out.kind, 'exited', out.stderrTail);
    assert.deepEqual(lastInvocation()!.argv, args);
  });

  it('refuses to pass cmd.exe what it would interpret, says which character, and starts nothing', async () => {
    const w = worldFor('cmd.exe /d /s /c and an npm-style .cmd');
    await w.binary.resolve();
    const before = install.fake.invocations().length;
    for (const [folder, char] of [
      ['R&D', '&'],
      ['100%', '%'],
      ['Hi!', '!'],
      ['a^b', '^'],
      ['(old)', '('],
    ]) {
      const ws = freshDir('Users', 'A User', folder!);
      await assert.rejects(
        printTurn(w, { workspace: ws, mode: 'plan', prompt: 'hi', onEvent: () => undefined }),
        (e: unknown) => e instanceof CliError && e.kind === 'notExecutable' && e.message.includes(`the character ${char}`),
        folder,
      );
    }
    assert.equal(install.fake.invocations().length, before, 'nothing ran');
  });

  it('never spawns a .cmd without a shell; Node would refuse with EINVAL', async () => {
    const spawned = allLaunches.map((l) => l.command);
    assert.ok(spawned.length > 0);
    assert.deepEqual(
      spawned.filter((c) => /\.(cmd|bat)$/i.test(c)),
      [],
    );
    // What would happen: Node's own Windows check (CVE-2024-27980), from spawn and from the runner.
    assert.throws(
      () => spawn(install.cmdShim, ['--version']),
      (e: NodeJS.ErrnoException) => e.code === 'EINVAL',
    );
    const out = await new NodeProcessRunner().run({
      launch: { command: install.cmdShim, args: ['--version'] },
      cwd: workspace,
      env: {},
      totalTimeoutMs: 10_000,
    });
    assert.equal(out.kind, 'spawnError');
    assert.equal(out.spawnErrorCode, 'EINVAL');
  });

  it('keeps the prompt off the command line on both routes', () => {
    for (const l of allLaunches) assert.ok(!l.args.some((a) => a.includes('Explain')), JSON.stringify(l));
    assert.ok(fs.existsSync(install.indexJs));
  });
});
