/**
 * Property: on Windows, when the CLI can only be started through `cmd.exe`,
 * an argument can never turn into a second command. Any token with a cmd.exe
 * metacharacter or a control character is refused with a reason; every other
 * command line is under cmd.exe's limit and reaches the CLI exactly as given.
 */
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import fc from 'fast-check';
import { MAX_CMD_LINE, launchCommandFor, type LaunchDeps } from '../../../src/cli/windowsLaunch';
import { params } from './support';

const win = path.win32;
/** cmd.exe metacharacters (special even inside quotes, or breaking them) and control characters. */
const UNSAFE = /["%!^&|<>()\x00-\x1f\x7f]/;
const META_CHARS = ['"', '%', '!', '^', '&', '|', '<', '>', '(', ')'];
const CONTROL_CHARS = ['\n', '\r', '\t', '\0', '\x07', '\x1a', '\x1b', '\x7f'];

/** Argument tokens: ordinary, full Unicode, built from metacharacters, long. */
const token = fc.oneof(
  { weight: 3, arbitrary: fc.string() },
  { weight: 2, arbitrary: fc.string({ unit: 'binary' }) },
  fc.string({ unit: 'grapheme' }),
  { weight: 2, arbitrary: fc.string({ unit: fc.constantFrom(...META_CHARS, ...CONTROL_CHARS, 'a', ' ', '\\', '-', '=', 'é', '정', '\u{1F600}') }) },
  fc.tuple(fc.string(), fc.constantFrom(...META_CHARS, ...CONTROL_CHARS), fc.string()).map(([a, m, b]) => a + m + b),
  fc.constantFrom(
    '-p',
    '--mode',
    'plan',
    '--workspace',
    'C:\\Users\\A User\\proj',
    'C:\\proj\\',
    'C:\\proj\\\\',
    '\\',
    '',
    ' ',
    'a b',
    '--model',
    'claude-opus-4-8[context=1m,effort=high]',
    '\uD800',
    '\uDFFF',
  ),
);
/** Occasionally enough text to pass cmd.exe's 8,191-character limit. */
const longToken = fc.oneof(
  fc.string({ unit: fc.constantFrom('a', 'Z', ' ', '\\', '-', '=', 'é', '정'), minLength: 1500, maxLength: 4500 }),
  fc.string({ minLength: 1500, maxLength: 4500 }),
);
/** Tokens with no metacharacter, so the accepted path is exercised often. */
const safeToken = fc.string({
  unit: fc.constantFrom('a', 'Z', '0', ' ', '\\', '-', '=', '.', ':', '/', '[', ']', ',', 'é', '정', '\u{1F600}', '\u00A0', '\u2028'),
});
const argsArb = fc.oneof(
  { weight: 4, arbitrary: fc.array(token, { maxLength: 12 }) },
  { weight: 3, arbitrary: fc.array(safeToken, { maxLength: 12 }) },
  fc.array(fc.oneof(token, safeToken, longToken), { minLength: 1, maxLength: 6 }),
  // Right around cmd.exe's limit: k safe tokens totalling 7,850 to 8,100 characters.
  fc
    .tuple(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 7850, max: 8100 }), fc.constantFrom('a', 'é', ' ', '\\', 'a\\'))
    .map(([k, total, unit]) => Array.from({ length: k }, () => unit.repeat(Math.max(1, Math.floor(total / k / unit.length))))),
);

/** A folder segment of a Windows path: usually plain, sometimes with a metacharacter. */
const segment = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('Users', 'A User', 'AppData', 'Local', 'cursor-agent', 'José', '사용자', 'bin', 'x.y') },
  fc.string({ unit: fc.constantFrom('a', 'B', ' ', '.', '-', '_', 'é', '정'), minLength: 1, maxLength: 10 }),
  fc.constantFrom('A&B', 'R&D', '100%', 'Hi!', '(x86)', 'a^b'),
);
const root = fc.constantFrom('C:\\', 'D:\\', 'c:\\', '\\\\server\\share\\');
const shimArb = (exts: string[]) =>
  fc
    .tuple(root, fc.array(segment, { maxLength: 4 }), fc.constantFrom('cursor-agent', 'agent', 'my agent'), fc.constantFrom(...exts))
    .map(([r, dirs, name, ext]) => r + [...dirs, name + ext].join('\\'));

interface Deps {
  comSpec: string | undefined;
  systemRoot: string | undefined;
}
const depsArb: fc.Arbitrary<Deps> = fc.record({
  comSpec: fc.constantFrom(
    'C:\\Windows\\System32\\cmd.exe',
    'C:\\Windows\\System32\\cmd.exe',
    'C:\\WINDOWS\\system32\\CMD.EXE',
    undefined,
    'cmd.exe',
    'C:\\tools\\notcmd.exe',
    'C:\\Windows\\System32\\cmd.exe\n',
    '"C:\\Windows\\System32\\cmd.exe"',
  ),
  systemRoot: fc.constantFrom('C:\\Windows', 'D:\\WINNT', undefined, 'Windows', '', 'C:\\Win"dows'),
});

/** A layout where the shim's own node.exe cannot be found: no files, no shim text, no versions folder. */
function noNodeRoute(d: Deps): LaunchDeps {
  return {
    platform: 'win32',
    comSpec: d.comSpec,
    systemRoot: d.systemRoot,
    fileExists: () => false,
    readFile: () => undefined,
    listDir: () => undefined,
  };
}

const isAbsoluteWin = (p: string) => /^[A-Za-z]:\\|^\\\\[^\\]/.test(p);

/** The cmd.exe a correct planner would pick, or undefined when none is safe. */
function expectedCmd(d: Deps): string | undefined {
  const spec = d.comSpec?.trim();
  if (spec && isAbsoluteWin(spec) && win.basename(spec).toLowerCase() === 'cmd.exe' && !/["\x00-\x1f]/.test(spec)) return spec;
  const r = d.systemRoot?.trim();
  if (r && isAbsoluteWin(r) && !/["\x00-\x1f]/.test(r)) return win.join(r, 'System32', 'cmd.exe');
  return undefined;
}

/**
 * cmd.exe `/s /c <rest>`: if <rest> starts with a quote, that quote and the
 * last quote on the line are removed; the remainder is the command to run.
 */
function cmdSlashSC(rest: string): string {
  if (!rest.startsWith('"')) return rest;
  const last = rest.lastIndexOf('"');
  return last <= 0 ? rest.slice(1) : rest.slice(1, last) + rest.slice(last + 1);
}

/**
 * How the shim's `%*` reaches node: MSVCRT / CommandLineToArgvW splitting.
 * Whitespace (space, tab) separates tokens outside quotes; `"` toggles
 * quoting; 2n backslashes before a quote give n backslashes (the quote
 * toggles), 2n+1 give n backslashes and a literal quote; other backslashes
 * are literal; `""` inside quotes is a literal quote.
 */
function parseMsvcrt(line: string): string[] {
  const out: string[] = [];
  let i = 0;
  const n = line.length;
  while (true) {
    while (i < n && (line[i] === ' ' || line[i] === '\t')) i++;
    if (i >= n) break;
    let cur = '';
    let quoted = false;
    while (i < n) {
      const c = line[i];
      if (!quoted && (c === ' ' || c === '\t')) break;
      if (c === '\\') {
        let k = 0;
        while (line[i + k] === '\\') k++;
        if (line[i + k] === '"') {
          cur += '\\'.repeat(Math.floor(k / 2));
          if (k % 2 === 1) {
            cur += '"';
            i += k + 1;
          } else i += k;
        } else {
          cur += '\\'.repeat(k);
          i += k;
        }
        continue;
      }
      if (c === '"') {
        if (quoted && line[i + 1] === '"') {
          cur += '"';
          i += 2;
        } else {
          quoted = !quoted;
          i++;
        }
        continue;
      }
      cur += c;
      i++;
    }
    out.push(cur);
  }
  return out;
}

/** Checks that cmd.exe would expand or redirect nothing in `line`. */
function cmdInterpretsNothing(line: string): void {
  let quoted = false;
  for (const c of line) {
    if (c === '"') quoted = !quoted;
    else if (c === '%' || c === '!' || c === '\r' || c === '\n') assert.fail(`cmd.exe would act on ${JSON.stringify(c)} in ${JSON.stringify(line)}`);
    else if (!quoted && '&|<>()^'.includes(c)) assert.fail(`cmd.exe would act on an unquoted ${c} in ${JSON.stringify(line)}`);
  }
  assert.equal(quoted, false, 'every quote is closed');
}

describe('properties: Windows launch through cmd.exe', function () {
  this.timeout(60_000);

  it('refuses any argument or path with a cmd.exe metacharacter or control character, and passes every other one through exactly', () => {
    const seen = { accepted: 0, unsafe: 0, tooLong: 0 };
    fc.assert(
      fc.property(shimArb(['.cmd', '.CMD', '.bat', '.Bat']), argsArb, depsArb, (shim, args, d) => {
        const r = launchCommandFor(shim, args, noNodeRoute(d));
        const tokens = [shim, ...args];
        const cmd = expectedCmd(d);
        if (!cmd) {
          assert.ok(!r.ok && /cmd\.exe/.test(r.reason), 'no safe cmd.exe: refused, saying why');
          return;
        }
        if (tokens.some((t) => UNSAFE.test(t))) {
          assert.ok(!r.ok, `a token with a metacharacter was accepted: ${JSON.stringify(tokens)}`);
          assert.ok(r.reason.length > 0 && r.reason.includes(shim));
          seen.unsafe++;
          return;
        }
        // Documented quoting: each token in double quotes, trailing backslashes doubled.
        const quoted = tokens.map((t) => `"${t.replace(/(\\+)$/, '$1$1')}"`).join(' ');
        const expectedLength = `"${cmd}" /d /s /c "${quoted}"`.length;
        if (expectedLength >= MAX_CMD_LINE) {
          assert.ok(!r.ok && /characters/.test(r.reason), `a ${expectedLength}-character line was not refused`);
          seen.tooLong++;
          return;
        }
        assert.ok(r.ok, `a safe command line was refused: ${r.ok ? '' : r.reason}`);
        const { plan } = r;
        seen.accepted++;
        assert.equal(plan.windowsVerbatimArguments, true);
        assert.equal(plan.command, cmd);
        assert.ok(isAbsoluteWin(plan.command) && win.basename(plan.command).toLowerCase() === 'cmd.exe', `cmd.exe not absolute: ${plan.command}`);
        assert.deepEqual(plan.args.slice(0, 3), ['/d', '/s', '/c']);
        assert.equal(plan.args.length, 4);
        // The command line Node builds with windowsVerbatimArguments (argv joined by spaces).
        const commandLine = [plan.command, ...plan.args].join(' ');
        assert.ok(commandLine.length < MAX_CMD_LINE && `"${plan.command}" ${plan.args.join(' ')}`.length < MAX_CMD_LINE);
        const prefix = `${plan.command} /d /s /c `;
        assert.ok(commandLine.startsWith(prefix));
        const inner = cmdSlashSC(commandLine.slice(prefix.length));
        cmdInterpretsNothing(inner);
        assert.deepEqual(parseMsvcrt(inner), tokens);
      }),
      params(2500),
    );
    if (process.env.PROPERTY_DEBUG) console.log(seen);
    // Every branch was exercised.
    assert.ok(seen.accepted > 100 && seen.unsafe > 100 && seen.tooLong > 20, JSON.stringify(seen));
  });

  it('refuses a token as soon as it holds any one metacharacter or control character', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('-p', '--mode', 'plan', 'a b', 'C:\\x\\'), { maxLength: 5 }),
        fc.string({ unit: 'grapheme-ascii' }),
        fc.constantFrom(...META_CHARS, ...CONTROL_CHARS),
        fc.nat(),
        (args, around, bad, at) => {
          const i = at % (around.length + 1);
          const tok = around.slice(0, i) + bad + around.slice(i);
          const cmdShim = 'C:\\Users\\u\\AppData\\Local\\cursor-agent\\cursor-agent.cmd';
          const r = launchCommandFor(cmdShim, [...args, tok], noNodeRoute({ comSpec: 'C:\\Windows\\System32\\cmd.exe', systemRoot: 'C:\\Windows' }));
          assert.ok(!r.ok && r.reason.length > 0, `accepted ${JSON.stringify(tok)}`);
        },
      ),
      params(1000),
    );
  });

  it('starts a .ps1 shim with powershell.exe -NoProfile -NonInteractive -ExecutionPolicy Bypass -File and an argv array', () => {
    fc.assert(
      fc.property(shimArb(['.ps1', '.PS1', '.Ps1']), argsArb, depsArb, (script, args, d) => {
        const r = launchCommandFor(script, args, noNodeRoute(d));
        const rootOk = d.systemRoot !== undefined && isAbsoluteWin(d.systemRoot.trim()) && !/["\x00-\x1f]/.test(d.systemRoot);
        if (!rootOk) {
          // Never a bare powershell.exe, which Windows would look up in the workspace first.
          assert.ok(!r.ok && /SystemRoot/.test(r.reason));
          return;
        }
        assert.ok(r.ok);
        const { plan } = r;
        assert.equal(plan.command, win.join(d.systemRoot!.trim(), 'System32', 'WindowsPowerShell', 'v1.0', 'powershell.exe'));
        assert.deepEqual(plan.args, ['-NoProfile', '-NonInteractive', '-ExecutionPolicy', 'Bypass', '-File', script, ...args]);
        assert.ok(!plan.windowsVerbatimArguments, 'no verbatim command line for PowerShell');
      }),
      params(500),
    );
  });

  it('refuses a file it does not know how to start on Windows (not .exe, .com, .cmd, .bat or .ps1)', () => {
    const known = new Set(['.exe', '.com', '.cmd', '.bat', '.ps1']);
    const ext = fc
      .oneof(
        fc.constantFrom('', '.js', '.sh', '.py', '.lnk', '.vbs', '.exe.txt', '.cmd.bak', '.cm', '.cmdx', '.ps', '.msi', '.'),
        fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'm', 'x', 's', '1'), minLength: 1, maxLength: 5 }).map((s) => `.${s}`),
      )
      .filter((e) => !known.has(e.toLowerCase()));
    fc.assert(
      fc.property(
        fc.tuple(root, fc.array(segment, { maxLength: 3 }), fc.constantFrom('cursor-agent', 'agent'), ext),
        fc.array(token, { maxLength: 5 }),
        depsArb,
        ([r, dirs, name, e], args, d) => {
          const p = r + [...dirs, name + e].join('\\');
          const res = launchCommandFor(p, args, noNodeRoute(d));
          assert.ok(!res.ok && res.reason.includes(p), `started ${p}`);
        },
      ),
      params(500),
    );
  });

  it('runs a Windows .exe, and anything on macOS or Linux, directly with the argv unchanged', () => {
    fc.assert(
      fc.property(
        fc.oneof(shimArb(['.exe', '.EXE', '.com']), fc.string()),
        argsArb,
        fc.constantFrom('linux', 'darwin', 'freebsd', 'win32'),
        (p, args, platform) => {
          const isExe = /\.(exe|com)$/i.test(p);
          fc.pre(platform !== 'win32' || isExe);
          const r = launchCommandFor(p, args, { platform, fileExists: () => false });
          assert.ok(r.ok);
          assert.equal(r.plan.command, p);
          assert.deepEqual(r.plan.args, args);
          assert.ok(!r.plan.windowsVerbatimArguments);
        },
      ),
      params(300),
    );
  });
});
