/**
 * How to start a resolved binary without a shell. Pure (file probes injected);
 * uses `path.win32` so the Windows logic is tested on any OS.
 *
 * On Windows the CLI is a `.cmd`/`.ps1` shim running `versions\<ver>\node.exe
 * index.js`. Node refuses to spawn a `.cmd` without a shell (`EINVAL`, since the
 * CVE-2024-27980 fix), and a shell reopens command injection and makes
 * the pid that of `cmd.exe`. Best first: the shim's own `node.exe index.js`;
 * else `cmd.exe /d /s /c` with every token validated and quoted; `.ps1` through
 * `powershell.exe -File`.
 */
import * as path from 'node:path';
import type { LaunchPlan } from './process';

const win = path.win32;

export interface LaunchDeps {
  platform: string;
  /** `%ComSpec%`; used only if it is an absolute path to `cmd.exe`. */
  comSpec?: string;
  /** `%SystemRoot%`, for the fallback `cmd.exe` and `powershell.exe`. */
  systemRoot?: string;
  fileExists(p: string): boolean;
  /** Shim text, to find the `node.exe … index.js` it runs. */
  readFile?(p: string): string | undefined;
  /** Entry names of a folder (for the `versions\<ver>` layout); optional. */
  listDir?(p: string): string[] | undefined;
}

export type LaunchResult = { ok: true; plan: LaunchPlan } | { ok: false; reason: string };

/** cmd.exe's command line limit is 8,191; keep a margin. */
export const MAX_CMD_LINE = 8000;
/** Characters cmd.exe interprets even inside quotes, or that break quoting. */
const CMD_UNSAFE = /["%!^&|<>()\x00-\x1f\x7f]/;
const VERSION_DIR = /^\d{4}\.\d{1,2}\.\d{1,2}-[A-Za-z0-9]+$/;
/** Node flags a shim may pass before `index.js` that we can safely repeat. */
const NODE_FLAG = /^--?[A-Za-z][\w-]*(?:=[\w.:/=,+-]*)?$/;

/** The launch plan for `resolvedPath args…`, or why it cannot be started safely. */
export function launchCommandFor(resolvedPath: string, args: string[], deps: LaunchDeps): LaunchResult {
  if (deps.platform !== 'win32') return ok({ command: resolvedPath, args: [...args], description: 'direct' });

  const ext = win.extname(resolvedPath).toLowerCase();
  // The installer's own pair, `versions\<ver>\node.exe` + `index.js`, named by either file.
  const pair = installedPair(resolvedPath, deps);
  if (pair) return ok({ command: pair.nodeExe, args: [pair.indexJs, ...args], description: "the installed version's node.exe index.js" });
  if (ext === '.exe' || ext === '.com') return ok({ command: resolvedPath, args: [...args], description: 'direct (.exe)' });
  if (ext === '.cmd' || ext === '.bat' || ext === '.ps1') {
    const node = findShimNode(resolvedPath, deps);
    if (node) {
      return ok({ command: node.nodeExe, args: [...node.nodeArgs, node.indexJs, ...args], description: `shim's node.exe directly (${node.how})` });
    }
    return ext === '.ps1' ? powerShellLaunch(resolvedPath, args, deps) : cmdLaunch(resolvedPath, args, deps);
  }
  return {
    ok: false,
    reason:
      `Don't know how to start "${resolvedPath}" on Windows: ` + 'expected a .exe, .cmd, .bat or .ps1 file, or the index.js of an installed version.',
  };
}

/**
 * `…\node.exe` with an `index.js` beside it, or `…\index.js` with a `node.exe`
 * beside it: the CLI as the installer unpacks it into `versions\<ver>\`
 * (a user may point `cursorAgent.path` at either file).
 */
function installedPair(file: string, deps: LaunchDeps): { nodeExe: string; indexJs: string } | undefined {
  const base = win.basename(file).toLowerCase();
  if (base !== 'node.exe' && base !== 'index.js') return undefined;
  const dir = win.dirname(file);
  const nodeExe = base === 'node.exe' ? file : win.join(dir, 'node.exe');
  const indexJs = base === 'index.js' ? file : win.join(dir, 'index.js');
  return deps.fileExists(nodeExe) && deps.fileExists(indexJs) ? { nodeExe, indexJs } : undefined;
}

/**
 * How to hand a launch plan to an integrated terminal (`shellPath`, `shellArgs`).
 * VS Code's Windows terminal (node-pty) joins an array of `shellArgs` into one
 * command line with the C runtime's rules, escaping every `"` as `\"`, which
 * `cmd.exe` does not understand: the `cmd.exe /d /s /c "…"` plan, already quoted
 * for `cmd.exe`, would arrive quoted twice and fail. A string `shellArgs`
 * (allowed on Windows only) is appended to the command line as it is, so a
 * verbatim plan goes as one string and arrives once-quoted. Pure.
 */
export function terminalShell(plan: LaunchPlan, platform: string): { shellPath: string; shellArgs: string[] | string } {
  if (platform === 'win32' && plan.windowsVerbatimArguments === true) return { shellPath: plan.command, shellArgs: plan.args.join(' ') };
  return { shellPath: plan.command, shellArgs: [...plan.args] };
}

/**
 * The command that ends a process tree on Windows: `%SystemRoot%\System32\taskkill.exe`
 * by its absolute path (a bare `taskkill` is looked up in the current folder,
 * the workspace, first). Undefined where a process-group kill does it (POSIX),
 * and when `%SystemRoot%` is not an absolute folder: better not to run it than
 * to run whatever a bare name finds.
 */
export function planKillTree(pid: number, platform: string, systemRoot?: string): { command: string; args: string[] } | undefined {
  if (platform !== 'win32' || !Number.isInteger(pid) || pid <= 0) return undefined;
  const root = systemRoot?.trim();
  if (!root || !isDriveOrUncAbsolute(root) || /["\x00-\x1f]/.test(root)) return undefined;
  return { command: win.join(root, 'System32', 'taskkill.exe'), args: ['/PID', String(pid), '/T', '/F'] };
}

interface ShimNode {
  nodeExe: string;
  indexJs: string;
  nodeArgs: string[];
  how: string;
}

/** The `node.exe` and `index.js` a shim runs: from its text, else from the newest `versions\<ver>` beside it. */
export function findShimNode(shimPath: string, deps: LaunchDeps): ShimNode | undefined {
  const dir = win.dirname(shimPath);
  const text = deps.readFile?.(shimPath);
  if (text) {
    const parsed = parseShimText(text, dir, win.extname(shimPath).toLowerCase() === '.ps1');
    if (parsed && deps.fileExists(parsed.nodeExe) && deps.fileExists(parsed.indexJs)) return { ...parsed, how: 'from the shim text' };
  }
  const versions = win.join(dir, 'versions');
  const names = (deps.listDir?.(versions) ?? []).filter((n) => VERSION_DIR.test(n));
  names.sort(compareVersionsDesc);
  for (const name of names) {
    const nodeExe = win.join(versions, name, 'node.exe');
    const indexJs = win.join(versions, name, 'index.js');
    if (deps.fileExists(nodeExe) && deps.fileExists(indexJs)) return { nodeExe, indexJs, nodeArgs: [], how: `newest version ${name}` };
  }
  return undefined;
}

/**
 * Finds `<…\node.exe> [node flags] <…\index.js>` in a `.cmd` or `.ps1` shim.
 * `%~dp0`, `%dp0%`, `$PSScriptRoot` and simple `set "NAME=value"` variables
 * are resolved against the shim's folder. Undefined when no line has that
 * shape with absolute paths and only plain flags between them.
 */
export function parseShimText(text: string, shimDir: string, powershell = false): Omit<ShimNode, 'how'> | undefined {
  const dirWithSlash = shimDir.endsWith('\\') ? shimDir : shimDir + '\\';
  const vars = new Map<string, string>();
  const expand = (s: string) =>
    s
      .replace(/%~dp0/gi, dirWithSlash)
      .replace(/\$PSScriptRoot\b|\$\{PSScriptRoot\}/gi, shimDir)
      .replace(/%([A-Za-z_][\w]*)%/g, (all, name: string) => vars.get(name.toUpperCase()) ?? all);
  for (const raw of text.split(/\r?\n/)) {
    const [, setName, setValue] = /^\s*@?set\s+"?([A-Za-z_]\w*)=([^"]*)"?\s*$/i.exec(raw) ?? [];
    if (setName !== undefined && setValue !== undefined) {
      vars.set(setName.toUpperCase(), expand(setValue));
      continue;
    }
    const tokens = tokenize(expand(raw), powershell);
    const n = tokens.findIndex((t) => /(?:^|[\\/])node\.exe$/i.test(t.replace(/^@/, '')));
    const nodeToken = tokens[n]; // undefined when none (n is -1)
    if (nodeToken === undefined) continue;
    const j = tokens.findIndex((t, k) => k > n && /(?:^|[\\/])index\.js$/i.test(t));
    const indexToken = tokens[j];
    if (indexToken === undefined) continue;
    const nodeExe = win.normalize(nodeToken.replace(/^@/, ''));
    const indexJs = win.normalize(indexToken);
    const nodeArgs = tokens.slice(n + 1, j);
    if (!nodeArgs.every((t) => NODE_FLAG.test(t))) continue;
    if (![nodeExe, indexJs].every((p) => isDriveOrUncAbsolute(p) && !/[%$"]/.test(p))) continue;
    return { nodeExe, indexJs, nodeArgs };
  }
  return undefined;
}

/** Splits a shim line into words; double quotes (and single quotes in PowerShell) group. */
function tokenize(line: string, powershell: boolean): string[] {
  const tokens: string[] = [];
  let cur = '';
  let quote: string | undefined;
  let inToken = false;
  for (const c of line) {
    if (quote) {
      if (c === quote) quote = undefined;
      else cur += c;
    } else if (c === '"' || (powershell && c === "'")) {
      quote = c;
      inToken = true;
    } else if (/\s/.test(c)) {
      if (inToken) tokens.push(cur);
      cur = '';
      inToken = false;
    } else {
      cur += c;
      inToken = true;
    }
  }
  if (inToken) tokens.push(cur);
  return tokens;
}

function cmdLaunch(shim: string, args: string[], deps: LaunchDeps): LaunchResult {
  const cmdExe = pickCmdExe(deps);
  if (!cmdExe) return { ok: false, reason: 'Cannot find cmd.exe: %ComSpec% is not an absolute path to cmd.exe and %SystemRoot% is not set.' };
  const tokens = [shim, ...args];
  for (const [i, token] of tokens.entries()) {
    const bad = CMD_UNSAFE.exec(token);
    if (bad) {
      const what = i === 0 ? 'its path' : `argument ${i} (${JSON.stringify(token.slice(0, 60))})`;
      return { ok: false, reason: `Cannot run "${shim}" through cmd.exe safely: ${what} contains ${describeChar(bad[0])}.` };
    }
  }
  const line = tokens.map(quoteForCmd).join(' ');
  const cmdArgs = ['/d', '/s', '/c', `"${line}"`];
  const total = `"${cmdExe}" ${cmdArgs.join(' ')}`.length;
  if (total >= MAX_CMD_LINE) {
    return { ok: false, reason: `Cannot run "${shim}" through cmd.exe: the command line would be ${total} characters (limit ${MAX_CMD_LINE}).` };
  }
  return ok({
    command: cmdExe,
    args: cmdArgs,
    windowsVerbatimArguments: true,
    via: 'cmd',
    description: 'cmd.exe /d /s /c with validated, quoted tokens',
  });
}

function powerShellLaunch(script: string, args: string[], deps: LaunchDeps): LaunchResult {
  const root = deps.systemRoot?.trim();
  // Never a bare `powershell.exe`: Windows searches the current folder (the workspace) first.
  if (!root || !isDriveOrUncAbsolute(root) || /["\x00-\x1f]/.test(root)) {
    return {
      ok: false,
      reason: `Cannot run "${script}": %SystemRoot% is not set to an absolute folder, so powershell.exe cannot be located safely.`,
    };
  }
  return ok({
    command: win.join(root, 'System32', 'WindowsPowerShell', 'v1.0', 'powershell.exe'),
    args: ['-NoProfile', '-NonInteractive', '-ExecutionPolicy', 'Bypass', '-File', script, ...args],
    via: 'powershell',
    description: 'powershell.exe -File',
  });
}

function pickCmdExe(deps: LaunchDeps): string | undefined {
  const spec = deps.comSpec?.trim();
  if (spec && isDriveOrUncAbsolute(spec) && win.basename(spec).toLowerCase() === 'cmd.exe' && !/["\x00-\x1f]/.test(spec)) return spec;
  const root = deps.systemRoot?.trim();
  if (root && isDriveOrUncAbsolute(root) && !/["\x00-\x1f]/.test(root)) return win.join(root, 'System32', 'cmd.exe');
  return undefined;
}

/** `C:\…` or `\\server\…` (not the drive-relative `\…`). */
function isDriveOrUncAbsolute(p: string): boolean {
  return /^[A-Za-z]:\\|^\\\\[^\\]/.test(p);
}

/**
 * Double quotes for cmd.exe; trailing backslashes are doubled so the shim's
 * `%*` hands node `C:\dir\` rather than an escaped quote.
 */
function quoteForCmd(token: string): string {
  return `"${token.replace(/(\\+)$/, '$1$1')}"`;
}

function describeChar(c: string): string {
  if (c === '\n') return 'a newline';
  if (c === '\r') return 'a carriage return';
  const code = c.charCodeAt(0);
  if (code < 0x20 || code === 0x7f) return `a control character (U+${code.toString(16).toUpperCase().padStart(4, '0')})`;
  return `the character ${c}`;
}

function compareVersionsDesc(a: string, b: string): number {
  const pa = a.split(/[.-]/);
  const pb = b.split(/[.-]/);
  for (let i = 0; i < 3; i++) {
    const d = Number(pb[i]) - Number(pa[i]);
    if (d !== 0) return d;
  }
  return b < a ? -1 : b > a ? 1 : 0;
}

function ok(plan: LaunchPlan): LaunchResult {
  return { ok: true, plan };
}
