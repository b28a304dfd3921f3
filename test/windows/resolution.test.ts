// Binary resolution on Windows Node.js: where the installer puts the CLI, what
// is on Path, and what a user types into cursorAgent.path. Every candidate is
// really probed with `--version` (node.exe, or cmd.exe for a launcher it
// cannot see through).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { freshDir, installFake, npmStyleShim, VERSION, windowsEnv, type WindowsInstall } from './windowsInstall';
import { makeWorld, type World } from './world';
import { printTurn } from '../support/printTurn';

const win = path.win32;

describe('Windows: finding cursor-agent', function () {
  let install: WindowsInstall;
  const worlds: World[] = [];
  const world = (...args: Parameters<typeof makeWorld>) => {
    const w = makeWorld(...args);
    worlds.push(w);
    return w;
  };

  before(function () {
    if (process.platform !== 'win32') this.skip();
    install = installFake();
  });
  after(() => {
    for (const w of worlds) w.dispose();
    install?.fake.cleanup();
  });

  /** Path with only Windows' own folders and `dirs`; LOCALAPPDATA elsewhere unless given. */
  const env = (dirs: string[], extra: Record<string, string> = {}) =>
    windowsEnv({ Path: [...dirs, 'C:\\windows\\system32', 'C:\\windows'].join(';'), LOCALAPPDATA: freshDir('empty LocalAppData'), ...extra });

  it('finds the installer’s cursor-agent.cmd on Path, before the cursor-agent.ps1 beside it', async () => {
    const r = await world(env([install.installDir])).binary.resolve();
    assert.ok(r.found, JSON.stringify(r.rejected));
    assert.equal(r.path.toLowerCase(), install.cmdShim.toLowerCase());
    assert.equal(r.source, 'path:cursor-agent');
    assert.equal(r.version, VERSION);
  });

  it('takes the launcher kinds in PATHEXT order within a Path folder', async () => {
    const dir = freshDir('both kinds');
    fs.cpSync(install.installDir, dir, { recursive: true });
    fs.renameSync(win.join(dir, 'agent.cmd'), win.join(dir, 'cursor-agent.bat'));
    const batFirst = await world(env([dir], { PATHEXT: '.COM;.EXE;.BAT;.CMD;.VBS' })).binary.resolve();
    assert.ok(batFirst.found && batFirst.path.toLowerCase().endsWith('cursor-agent.bat'), JSON.stringify(batFirst));
    const cmdFirst = await world(env([dir], { PATHEXT: '.COM;.EXE;.CMD;.BAT' })).binary.resolve();
    assert.ok(cmdFirst.found && cmdFirst.path.toLowerCase().endsWith('cursor-agent.cmd'), JSON.stringify(cmdFirst));
  });

  it('skips a POSIX cursor-agent script without extension (as npm writes beside its .cmd), even with a trailing ; in PATHEXT', async () => {
    const npmDir = freshDir('AppData', 'Roaming', 'npm');
    fs.writeFileSync(win.join(npmDir, 'cursor-agent'), '#!/bin/sh\nexec node "$basedir/index.js" "$@"\n');
    const r = await world(env([npmDir, install.installDir], { PATHEXT: '.COM;.EXE;.BAT;.CMD;' })).binary.resolve();
    assert.ok(r.found, JSON.stringify(r.rejected));
    assert.equal(r.path.toLowerCase(), install.cmdShim.toLowerCase());
  });

  it('falls back to agent.cmd when only the agent name is on Path', async () => {
    const dir = freshDir('agent only');
    fs.cpSync(install.installDir, dir, { recursive: true });
    for (const n of ['cursor-agent.cmd', 'cursor-agent.ps1']) fs.rmSync(win.join(dir, n));
    const r = await world(env([dir])).binary.resolve();
    assert.ok(r.found && r.source === 'path:agent' && r.path.toLowerCase().endsWith('agent.cmd'), JSON.stringify(r));
  });

  it('finds the install in %LOCALAPPDATA%\\cursor-agent when nothing is on Path, wherever LOCALAPPDATA points', async () => {
    const r = await world(env([], { LOCALAPPDATA: install.localAppData })).binary.resolve();
    assert.ok(r.found, JSON.stringify(r));
    assert.equal(r.source, 'install-dir');
    assert.equal(r.path.toLowerCase(), install.cmdShim.toLowerCase());
    assert.equal(r.version, VERSION);
  });

  it('finds the newest unpacked version in %LOCALAPPDATA%\\cursor-agent\\versions when its launchers are gone', async () => {
    const base = freshDir('no launchers');
    const bare = installFake({ base });
    try {
      for (const f of [bare.cmdShim, bare.ps1Shim, bare.agentCmd, bare.agentPs1]) fs.rmSync(f);
      fs.mkdirSync(win.join(bare.installDir, 'versions', '2026.9.30-0000000')); // older, and empty
      const w = world(env([], { LOCALAPPDATA: bare.localAppData }));
      const r = await w.binary.resolve();
      assert.ok(r.found, JSON.stringify(r));
      assert.equal(r.source, 'install-dir');
      assert.equal(r.path, bare.indexJs);
      assert.equal(r.version, VERSION);
      const turn = await printTurn(w, { workspace: freshDir('ws'), mode: 'plan', prompt: 'hi', onEvent: () => undefined });
      assert.equal(turn.cancelled, false);
      assert.ok(turn.text.length > 0);
    } finally {
      bare.fake.cleanup();
    }
  });

  it('says nothing was found, and where it looked, when Path and LOCALAPPDATA hold no CLI', async () => {
    const r = await world(env([])).binary.resolve();
    assert.ok(!r.found);
    assert.equal(r.kind, 'notInstalled');
    assert.deepEqual(
      r.rejected.map((x) => x.candidate),
      ['cursor-agent', 'agent', 'cursor'],
    );
  });

  for (const [what, file] of [
    ['the installer’s .cmd launcher', (i: WindowsInstall) => i.cmdShim],
    ['the installer’s .ps1 launcher (no PowerShell needed: its node.exe runs directly)', (i: WindowsInstall) => i.ps1Shim],
    ['the version’s node.exe', (i: WindowsInstall) => i.nodeExe],
    ['the version’s index.js', (i: WindowsInstall) => i.indexJs],
  ] as const) {
    it(`uses cursorAgent.path set to ${what}`, async () => {
      const configured = file(install);
      const w = world(env([]), { configuredPath: configured });
      const r = await w.binary.resolve();
      assert.ok(r.found, JSON.stringify(r));
      assert.equal(r.source, 'setting');
      assert.equal(r.path, configured);
      assert.equal(r.version, VERSION);
      assert.equal(w.launches[0]!.command, install.nodeExe, 'the probe ran the installed node.exe directly');
      assert.deepEqual(w.launches[0]!.args, [install.indexJs, '--version']);
    });
  }

  it('uses cursorAgent.path set to an npm-style .cmd it cannot see through, by way of cmd.exe', async () => {
    const shim = npmStyleShim(install, freshDir('Users', 'A User', 'AppData', 'Roaming', 'npm'));
    const w = world(env([], { LOCALAPPDATA: install.localAppData }), { configuredPath: shim });
    const r = await w.binary.resolve();
    assert.ok(r.found && r.source === 'setting' && r.version === VERSION, JSON.stringify(r));
    assert.match(w.launches[0]!.command, /\\cmd\.exe$/i);
  });

  it('reports why a cursorAgent.path .ps1 that PowerShell would have to run is not used, and falls back to Path', async () => {
    const lone = win.join(freshDir('lone script'), 'cursor-agent.ps1');
    fs.writeFileSync(lone, 'Write-Output 2026.10.01-e373342\r\n');
    const w = world(env([install.installDir]), { configuredPath: lone });
    const r = await w.binary.resolve();
    assert.ok(r.found && r.source === 'path:cursor-agent', JSON.stringify(r));
    assert.ok(r.configuredPathFailed);
    const rejected = r.rejected.find((x) => x.source === 'setting');
    assert.ok(rejected && rejected.candidate === lone, JSON.stringify(r.rejected));
    assert.match(w.launches[0]!.command, /\\WindowsPowerShell\\v1\.0\\powershell\.exe$/i, 'planned through powershell.exe -File');
  });

  describe('in folders with spaces and parentheses', () => {
    let programFiles: WindowsInstall;
    before(() => {
      const base = freshDir('machine');
      programFiles = installFake({ base, installDir: win.join(base, 'Program Files (x86)', 'Cursor Agent') });
    });
    after(() => programFiles?.fake.cleanup());

    it('finds C:\\Program Files (x86)\\…\\cursor-agent.cmd on Path, quoted or not', async () => {
      for (const entry of [programFiles.installDir, `"${programFiles.installDir}"`, `${programFiles.installDir}\\`]) {
        const r = await world(env([entry])).binary.resolve();
        assert.ok(r.found, `${entry}: ${JSON.stringify(r)}`);
        assert.equal(r.path.toLowerCase(), programFiles.cmdShim.toLowerCase(), entry);
        assert.equal(r.version, VERSION);
      }
    });

    it('finds the install under a user name with a space', async () => {
      assert.match(install.installDir, /\\Users\\A User\\AppData\\Local\\cursor-agent$/);
      const r = await world(env([], { LOCALAPPDATA: install.localAppData })).binary.resolve();
      assert.ok(r.found && r.version === VERSION, JSON.stringify(r));
    });
  });
});
