import * as assert from 'node:assert/strict';
import { MAX_CMD_LINE, parseShimText, planKillTree, launchCommandFor, terminalShell, type LaunchDeps } from '../../../src/cli/windowsLaunch';

const DIR = 'C:\\Users\\A User\\AppData\\Local\\cursor-agent';
const SHIM = `${DIR}\\cursor-agent.cmd`;
const V_NEW = `${DIR}\\versions\\2026.10.01-e373342`;
const V_OLD = `${DIR}\\versions\\2026.9.30-aaaaaaa`;

function winDeps(files: string[], extra: Partial<LaunchDeps> = {}): LaunchDeps {
  return { platform: 'win32', comSpec: 'C:\\Windows\\System32\\cmd.exe', systemRoot: 'C:\\Windows', fileExists: (p) => files.includes(p), ...extra };
}
const ARGS = ['-p', '--mode', 'plan', '--workspace', 'C:\\Users\\A User\\proj'];

describe('launchCommandFor', () => {
  it('spawns the binary directly on macOS and Linux', () => {
    assert.deepEqual(launchCommandFor('/home/u/.local/bin/cursor-agent', ARGS, { platform: 'linux', fileExists: () => false }), {
      ok: true,
      plan: { command: '/home/u/.local/bin/cursor-agent', args: ARGS, description: 'direct' },
    });
  });

  it('spawns a Windows .exe directly', () => {
    const r = launchCommandFor('C:\\tools\\cursor-agent.EXE', ARGS, winDeps([]));
    assert.ok(r.ok && r.plan.command === 'C:\\tools\\cursor-agent.EXE' && !r.plan.windowsVerbatimArguments);
  });

  it('runs the shim’s own node.exe index.js found from the newest versions folder', () => {
    const files = [`${V_NEW}\\node.exe`, `${V_NEW}\\index.js`, `${V_OLD}\\node.exe`, `${V_OLD}\\index.js`];
    const r = launchCommandFor(
      SHIM,
      ARGS,
      winDeps(files, { listDir: (p) => (p === `${DIR}\\versions` ? ['2026.9.30-aaaaaaa', '2026.10.01-e373342', 'junk'] : undefined) }),
    );
    assert.ok(r.ok);
    assert.equal(r.plan.command, `${V_NEW}\\node.exe`);
    assert.deepEqual(r.plan.args, [`${V_NEW}\\index.js`, ...ARGS]);
    assert.ok(!r.plan.windowsVerbatimArguments);
  });

  it('runs the node.exe index.js named in the shim text', () => {
    const text =
      '@echo off\r\nsetlocal\r\n"%~dp0versions\\2026.10.01-e373342\\node.exe" --no-warnings "%~dp0versions\\2026.10.01-e373342\\index.js" %*\r\n';
    const r = launchCommandFor(
      SHIM,
      ARGS,
      winDeps([`${V_NEW}\\node.exe`, `${V_NEW}\\index.js`], { readFile: (p) => (p === SHIM ? text : undefined) }),
    );
    assert.ok(r.ok);
    assert.equal(r.plan.command, `${V_NEW}\\node.exe`);
    assert.deepEqual(r.plan.args, ['--no-warnings', `${V_NEW}\\index.js`, ...ARGS]);
  });

  it('also uses node.exe directly for a .ps1 shim', () => {
    const text =
      '$ErrorActionPreference = "Stop"\n& "$PSScriptRoot\\versions\\2026.10.01-e373342\\node.exe" "$PSScriptRoot\\versions\\2026.10.01-e373342\\index.js" @args\n';
    const ps1 = `${DIR}\\cursor-agent.ps1`;
    const r = launchCommandFor(ps1, ARGS, winDeps([`${V_NEW}\\node.exe`, `${V_NEW}\\index.js`], { readFile: () => text }));
    assert.ok(r.ok && r.plan.command === `${V_NEW}\\node.exe`);
  });

  it('falls back to a validated, quoted cmd.exe /d /s /c line without a shell', () => {
    const r = launchCommandFor(SHIM, ARGS, winDeps([]));
    assert.ok(r.ok);
    assert.equal(r.plan.command, 'C:\\Windows\\System32\\cmd.exe');
    assert.equal(r.plan.windowsVerbatimArguments, true);
    assert.deepEqual(r.plan.args, ['/d', '/s', '/c', `""${SHIM}" "-p" "--mode" "plan" "--workspace" "C:\\Users\\A User\\proj""`]);
  });

  it('doubles a trailing backslash so the shim does not see an escaped quote', () => {
    const r = launchCommandFor(SHIM, ['--workspace', 'C:\\proj\\'], winDeps([]));
    assert.ok(r.ok && r.plan.args[3]!.endsWith('"C:\\proj\\\\""'));
  });

  it('refuses cmd.exe arguments that cmd would interpret, naming the character', () => {
    for (const [bad, what] of [
      ['a"b', '"'],
      ['50%', '%'],
      ['hi!', '!'],
      ['a^b', '^'],
      ['a&calc', '&'],
      ['a|b', '|'],
      ['<x', '<'],
      ['x>', '>'],
      ['(x', '('],
      ['x)', ')'],
    ]) {
      const r = launchCommandFor(SHIM, ['--workspace', bad!], winDeps([]));
      assert.ok(!r.ok, bad);
      assert.ok(r.reason.includes(`the character ${what}`), r.reason);
    }
    const nl = launchCommandFor(SHIM, ['a\nb'], winDeps([]));
    assert.ok(!nl.ok && /newline/.test(nl.reason));
    const ctl = launchCommandFor(SHIM, ['a\u0007b'], winDeps([]));
    assert.ok(!ctl.ok && /control character \(U\+0007\)/.test(ctl.reason));
  });

  it('refuses a shim whose own path cmd would interpret', () => {
    const r = launchCommandFor('C:\\Program Files (x86)\\ca\\cursor-agent.cmd', ARGS, winDeps([]));
    assert.ok(!r.ok && /its path contains the character \(/.test(r.reason));
  });

  it('refuses a cmd.exe command line of 8000 characters or more', () => {
    const r = launchCommandFor(SHIM, ['x'.repeat(MAX_CMD_LINE)], winDeps([]));
    assert.ok(!r.ok && /8000/.test(r.reason));
  });

  it('ignores a ComSpec that is not an absolute cmd.exe and uses SystemRoot instead', () => {
    for (const comSpec of ['cmd.exe', 'C:\\evil\\evil.exe', 'C:\\x\\cmd.exe.bat', '\\Windows\\cmd.exe']) {
      const r = launchCommandFor(SHIM, ARGS, winDeps([], { comSpec, systemRoot: 'D:\\Win' }));
      assert.ok(r.ok && r.plan.command === 'D:\\Win\\System32\\cmd.exe', comSpec);
    }
    const none = launchCommandFor(SHIM, ARGS, winDeps([], { comSpec: undefined, systemRoot: undefined }));
    assert.ok(!none.ok && /cmd\.exe/.test(none.reason));
  });

  it('runs a .ps1 shim through powershell.exe -File without a profile', () => {
    const ps1 = `${DIR}\\cursor-agent.ps1`;
    const r = launchCommandFor(ps1, ARGS, winDeps([]));
    assert.ok(r.ok);
    assert.equal(r.plan.command, 'C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe');
    assert.deepEqual(r.plan.args, ['-NoProfile', '-NonInteractive', '-ExecutionPolicy', 'Bypass', '-File', ps1, ...ARGS]);
    assert.ok(!r.plan.windowsVerbatimArguments);
  });

  it('runs a path set to the installed version’s node.exe or index.js as node.exe index.js', () => {
    const files = [`${V_NEW}\\node.exe`, `${V_NEW}\\index.js`];
    for (const p of files) {
      const r = launchCommandFor(p, ARGS, winDeps(files));
      assert.ok(r.ok, p);
      assert.deepEqual([r.plan.command, ...r.plan.args], [`${V_NEW}\\node.exe`, `${V_NEW}\\index.js`, ...ARGS]);
    }
    // A node.exe with no index.js beside it is just a program.
    const lone = launchCommandFor('C:\\nodejs\\node.exe', ARGS, winDeps(['C:\\nodejs\\node.exe']));
    assert.ok(lone.ok && lone.plan.command === 'C:\\nodejs\\node.exe' && lone.plan.args[0] === '-p');
  });

  it('refuses files it does not know how to start on Windows', () => {
    for (const p of ['C:\\x\\cursor-agent', 'C:\\x\\cursor-agent.sh', 'C:\\x\\cursor-agent.js']) {
      const r = launchCommandFor(p, ARGS, winDeps([]));
      assert.ok(!r.ok && /expected a \.exe, \.cmd, \.bat or \.ps1/.test(r.reason), p);
    }
  });
});

describe('parseShimText', () => {
  it('resolves set variables and %~dp0 in a .cmd shim', () => {
    const text =
      '@echo off\nset "SCRIPT_DIR=%~dp0"\nset VER=2026.10.01-e373342\n"%SCRIPT_DIR%versions\\%VER%\\node.exe" "%SCRIPT_DIR%versions\\%VER%\\index.js" %*\n';
    assert.deepEqual(parseShimText(text, DIR), { nodeExe: `${V_NEW}\\node.exe`, indexJs: `${V_NEW}\\index.js`, nodeArgs: [] });
  });

  it('gives up on shims it cannot resolve rather than guessing', () => {
    assert.equal(parseShimText('"%UNKNOWN%\\node.exe" "%UNKNOWN%\\index.js" %*', DIR), undefined);
    assert.equal(parseShimText('"%~dp0node.exe" --eval "evil()" "%~dp0index.js"', DIR), undefined);
    assert.equal(parseShimText('node.exe index.js %*', DIR), undefined);
    assert.equal(parseShimText('@echo off\nexit /b 1', DIR), undefined);
  });
});

describe('planKillTree', () => {
  it('kills the whole process tree with taskkill on Windows, and leaves POSIX to process groups', () => {
    assert.deepEqual(planKillTree(4242, 'win32', 'C:\\Windows'), {
      command: 'C:\\Windows\\System32\\taskkill.exe',
      args: ['/PID', '4242', '/T', '/F'],
    });
    assert.equal(planKillTree(4242, 'linux'), undefined);
    assert.equal(planKillTree(4242, 'darwin'), undefined);
  });
});

describe('planKillTree (Windows taskkill, planned on any OS)', () => {
  it('runs taskkill.exe by its absolute path under %SystemRoot%, never a bare name', () => {
    assert.deepStrictEqual(planKillTree(4242, 'win32', 'C:\\Windows'), {
      command: 'C:\\Windows\\System32\\taskkill.exe',
      args: ['/PID', '4242', '/T', '/F'],
    });
    assert.deepStrictEqual(planKillTree(7, 'win32', ' D:\\WinNT\\ '), {
      command: 'D:\\WinNT\\System32\\taskkill.exe',
      args: ['/PID', '7', '/T', '/F'],
    });
    assert.deepStrictEqual(planKillTree(7, 'win32', '\\\\server\\share\\Windows')?.command, '\\\\server\\share\\Windows\\System32\\taskkill.exe');
  });

  it('plans nothing when %SystemRoot% is not an absolute folder (rather than run what a bare name finds)', () => {
    for (const root of [undefined, '', '   ', 'Windows', '.\\Windows', '\\Windows', 'C:Windows', 'C:\\Win"dows', 'C:\\Win\ndows']) {
      assert.strictEqual(planKillTree(4242, 'win32', root), undefined, JSON.stringify(root));
    }
  });

  it('plans nothing on POSIX (process groups) or for an invalid pid', () => {
    assert.strictEqual(planKillTree(4242, 'linux', 'C:\\Windows'), undefined);
    assert.strictEqual(planKillTree(4242, 'darwin', 'C:\\Windows'), undefined);
    for (const pid of [0, -1, 1.5, NaN]) assert.strictEqual(planKillTree(pid, 'win32', 'C:\\Windows'), undefined, String(pid));
  });
});

describe('terminalShell', () => {
  it('gives a Windows terminal the cmd.exe line as one string, so it arrives once-quoted', () => {
    const r = launchCommandFor(SHIM, ['login'], winDeps([]));
    assert.ok(r.ok);
    assert.deepEqual(terminalShell(r.plan, 'win32'), { shellPath: 'C:\\Windows\\System32\\cmd.exe', shellArgs: `/d /s /c ""${SHIM}" "login""` });
  });

  it('keeps an argument array for every other plan', () => {
    assert.deepEqual(terminalShell({ command: 'C:\\v\\node.exe', args: ['C:\\v\\index.js', 'login'] }, 'win32'), {
      shellPath: 'C:\\v\\node.exe',
      shellArgs: ['C:\\v\\index.js', 'login'],
    });
    assert.deepEqual(terminalShell({ command: '/usr/bin/cursor-agent', args: ['login'] }, 'linux'), {
      shellPath: '/usr/bin/cursor-agent',
      shellArgs: ['login'],
    });
  });
});
