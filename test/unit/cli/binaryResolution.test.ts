import * as assert from 'node:assert/strict';
import { expandHome, resolveBinary, sortVersionDirs, type ProbeResult, type ResolveDeps } from '../../../src/cli/binaryResolution';

const IDE_ONLY: ProbeResult = {
  ok: false,
  reason: "Error: No Cursor IDE installation found. Use 'cursor agent' or 'agent' to run the agent.",
  kind: 'ideLauncherOnly',
};

/** A fake machine: which PATH names exist, which files exist, what each binary answers to --version. */
function fakeDeps(opts: {
  onPath?: Record<string, string>;
  files?: string[];
  dirs?: Record<string, string[]>;
  probes?: Record<string, ProbeResult>;
}) {
  const probed: string[] = [];
  const deps: ResolveDeps = {
    which: async (name) => opts.onPath?.[name],
    listDir: async (dir) => opts.dirs?.[dir] ?? [],
    isFile: async (p) => (opts.files ?? []).includes(p) || Object.values(opts.onPath ?? {}).includes(p),
    probeVersion: async (p) => {
      probed.push(p);
      return opts.probes?.[p] ?? { ok: false, reason: 'spawn ENOENT', kind: 'notInstalled' };
    },
  };
  return { deps, probed };
}
const ok = (version: string): ProbeResult => ({ ok: true, version });
const linux = { platform: 'linux', homeDir: '/home/u' };

describe('resolveBinary', () => {
  it('uses the configured path when it answers --version', async () => {
    const { deps } = fakeDeps({
      files: ['/opt/ca/cursor-agent'],
      onPath: { 'cursor-agent': '/usr/bin/cursor-agent' },
      probes: { '/opt/ca/cursor-agent': ok('2026.10.01-e373342') },
    });
    const r = await resolveBinary(deps, { ...linux, configuredPath: '/opt/ca/cursor-agent' });
    assert.deepEqual(r, {
      found: true,
      path: '/opt/ca/cursor-agent',
      version: '2026.10.01-e373342',
      source: 'setting',
      argsPrefix: [],
      configuredPathFailed: false,
      rejected: [],
    });
  });

  it('expands ~ in the configured path', async () => {
    const { deps } = fakeDeps({ files: ['/home/u/bin/cursor-agent'], probes: { '/home/u/bin/cursor-agent': ok('v') } });
    const r = await resolveBinary(deps, { ...linux, configuredPath: '  ~/bin/cursor-agent ' });
    assert.ok(r.found && r.path === '/home/u/bin/cursor-agent' && r.source === 'setting');
  });

  it('falls back to PATH when the configured path is broken, and reports the broken setting', async () => {
    const { deps } = fakeDeps({
      files: ['/opt/bad/cursor-agent'],
      onPath: { 'cursor-agent': '/usr/bin/cursor-agent' },
      probes: { '/opt/bad/cursor-agent': { ok: false, reason: 'EACCES', kind: 'notExecutable' }, '/usr/bin/cursor-agent': ok('2026.10.01-e373342') },
    });
    const r = await resolveBinary(deps, { ...linux, configuredPath: '/opt/bad/cursor-agent' });
    assert.ok(r.found);
    assert.equal(r.source, 'path:cursor-agent');
    assert.equal(r.configuredPathFailed, true);
    assert.deepEqual(r.rejected, [{ candidate: '/opt/bad/cursor-agent', source: 'setting', reason: 'EACCES' }]);
  });

  it('does not send prompts to an unrelated `agent` on PATH: it must answer --version like the Cursor CLI, and /status says why it was skipped', async () => {
    for (const version of ['1.2.3', 'v0.9', 'agent-2026', '2026.10.01']) {
      const { deps } = fakeDeps({
        onPath: { agent: '/usr/bin/agent' },
        files: ['/home/u/.local/share/cursor-agent/versions/2026.09.01-abc1234/cursor-agent'],
        dirs: { '/home/u/.local/share/cursor-agent/versions': ['2026.09.01-abc1234'] },
        probes: {
          '/usr/bin/agent': ok(version),
          '/home/u/.local/share/cursor-agent/versions/2026.09.01-abc1234/cursor-agent': ok('2026.09.01-abc1234'),
        },
      });
      const r = await resolveBinary(deps, linux);
      assert.ok(r.found && r.source === 'install-dir', `${version}: ${JSON.stringify(r)}`);
      const skipped = r.rejected.find((x) => x.source === 'path:agent');
      assert.match(skipped?.reason ?? '', /not a Cursor CLI version/);
    }
  });

  it('reports a configured path that points to no file, then falls back', async () => {
    const { deps, probed } = fakeDeps({ onPath: { agent: '/usr/local/bin/agent' }, probes: { '/usr/local/bin/agent': ok('2026.10.01-e373342') } });
    const r = await resolveBinary(deps, { ...linux, configuredPath: '/nope/cursor-agent' });
    assert.ok(r.found && r.source === 'path:agent' && r.configuredPathFailed);
    assert.deepEqual(
      r.rejected.map((x) => x.source),
      ['setting', 'path:cursor-agent'],
    );
    assert.match(r.rejected[0]!.reason, /points to no file/);
    assert.deepEqual(probed, ['/usr/local/bin/agent']);
  });

  it('says "not executable" when the configured file exists but fails and nothing else works', async () => {
    const { deps } = fakeDeps({
      files: ['/opt/bad/cursor-agent'],
      probes: { '/opt/bad/cursor-agent': { ok: false, reason: 'EACCES', kind: 'notExecutable' } },
    });
    const r = await resolveBinary(deps, { ...linux, configuredPath: '/opt/bad/cursor-agent' });
    assert.deepEqual(r.found, false);
    assert.equal(!r.found && r.kind, 'notExecutable');
  });

  it('looks a bare command name in the setting up on PATH', async () => {
    const { deps } = fakeDeps({ onPath: { 'my-agent': '/usr/bin/my-agent' }, probes: { '/usr/bin/my-agent': ok('1') } });
    const r = await resolveBinary(deps, { ...linux, configuredPath: 'my-agent' });
    assert.ok(r.found && r.path === '/usr/bin/my-agent' && r.source === 'setting');
  });

  it('refuses a relative configured path', async () => {
    const { deps } = fakeDeps({});
    const r = await resolveBinary(deps, { ...linux, configuredPath: './bin/cursor-agent' });
    assert.ok(!r.found && r.kind === 'notInstalled');
    assert.match(r.rejected[0]!.reason, /absolute/);
  });

  it('prefers cursor-agent on PATH over agent', async () => {
    const { deps, probed } = fakeDeps({
      onPath: { 'cursor-agent': '/a/cursor-agent', agent: '/a/agent' },
      probes: { '/a/cursor-agent': ok('1'), '/a/agent': ok('2') },
    });
    const r = await resolveBinary(deps, linux);
    assert.ok(r.found && r.source === 'path:cursor-agent');
    assert.deepEqual(probed, ['/a/cursor-agent']);
  });

  it('does not probe the same binary twice when the setting and PATH agree', async () => {
    const { deps, probed } = fakeDeps({
      onPath: { 'cursor-agent': '/usr/bin/cursor-agent' },
      probes: { '/usr/bin/cursor-agent': { ok: false, reason: 'boom', kind: 'unknown' } },
    });
    const r = await resolveBinary(deps, { ...linux, configuredPath: '/usr/bin/cursor-agent' });
    assert.deepEqual(probed, ['/usr/bin/cursor-agent']);
    assert.ok(!r.found);
  });

  it('finds the newest installed version when nothing is on PATH (GUI-launched VS Code)', async () => {
    const versions = '/home/u/.local/share/cursor-agent/versions';
    const { deps } = fakeDeps({
      dirs: { [versions]: ['2026.7.15-aaa', '2026.10.01-e373342', '2026.09.30-fff', 'latest', '.DS_Store'] },
      files: [`${versions}/2026.10.01-e373342/cursor-agent`, `${versions}/2026.09.30-fff/cursor-agent`],
      probes: { [`${versions}/2026.10.01-e373342/cursor-agent`]: ok('2026.10.01-e373342') },
    });
    const r = await resolveBinary(deps, linux);
    assert.ok(r.found);
    assert.equal(r.source, 'install-dir');
    assert.equal(r.path, `${versions}/2026.10.01-e373342/cursor-agent`);
    assert.deepEqual(
      r.rejected.map((x) => x.candidate),
      ['cursor-agent', 'agent'],
    );
  });

  it('finds the Windows shims under %LOCALAPPDATA%', async () => {
    const shim = 'C:\\Users\\A User\\AppData\\Local\\cursor-agent\\cursor-agent.cmd';
    const { deps } = fakeDeps({ files: [shim], probes: { [shim]: ok('2026.10.01-e373342') } });
    const r = await resolveBinary(deps, { platform: 'win32', homeDir: 'C:\\Users\\A User' });
    assert.ok(r.found && r.path === shim && r.source === 'install-dir');
  });

  it('finds the Windows shims under %LOCALAPPDATA% wherever it points, else the newest unpacked version there', async () => {
    const dir = 'D:\\Profiles\\u\\Local\\cursor-agent';
    const v = (n: string) => `${dir}\\versions\\${n}`;
    const files = [
      `${v('2026.10.01-e373342')}\\index.js`,
      `${v('2026.10.01-e373342')}\\node.exe`,
      `${v('2026.9.1-aaaaaaa')}\\index.js`,
      `${v('2026.9.1-aaaaaaa')}\\node.exe`,
      `${v('2026.11.1-bbbbbbb')}\\index.js`,
    ];
    const versions = ['2026.9.1-aaaaaaa', '2026.11.1-bbbbbbb', '2026.10.01-e373342', 'junk'];
    const { deps, probed } = fakeDeps({ files, dirs: { [`${dir}\\versions`]: versions }, probes: { [files[0]!]: ok('2026.10.01-e373342') } });
    const r = await resolveBinary(deps, { platform: 'win32', homeDir: 'C:\\Users\\u', localAppData: 'D:\\Profiles\\u\\Local' });
    assert.ok(r.found && r.source === 'install-dir' && r.path === files[0], JSON.stringify(r));
    assert.deepEqual(probed, [files[0]], 'the newest version with both files; one without node.exe is skipped');
  });

  it('uses the cursor launcher last, only when it answers --version, and runs it as "cursor agent"', async () => {
    const { deps } = fakeDeps({ onPath: { cursor: '/usr/bin/cursor' }, probes: { '/usr/bin/cursor': ok('2026.10.01-e373342') } });
    const r = await resolveBinary(deps, linux);
    assert.ok(r.found && r.source === 'path:cursor');
    assert.deepEqual(r.argsPrefix, ['agent']);
  });

  it('reports the IDE launcher without the IDE as such, not as "not installed"', async () => {
    const { deps } = fakeDeps({ onPath: { cursor: '/usr/bin/cursor' }, probes: { '/usr/bin/cursor': IDE_ONLY } });
    const r = await resolveBinary(deps, linux);
    assert.ok(!r.found);
    assert.equal(r.kind, 'ideLauncherOnly');
    assert.deepEqual(
      r.rejected.map((x) => x.source),
      ['path:cursor-agent', 'path:agent', 'path:cursor'],
    );
  });

  it('says not installed when nothing is found, listing every place it looked', async () => {
    const { deps } = fakeDeps({});
    const r = await resolveBinary(deps, linux);
    assert.deepEqual(r, {
      found: false,
      kind: 'notInstalled',
      rejected: [
        { candidate: 'cursor-agent', source: 'path:cursor-agent', reason: 'not found on PATH' },
        { candidate: 'agent', source: 'path:agent', reason: 'not found on PATH' },
        { candidate: 'cursor', source: 'path:cursor', reason: 'not found on PATH' },
      ],
    });
  });
});

describe('sortVersionDirs', () => {
  it('orders install folders newest first by date, ignoring other names', () => {
    assert.deepEqual(sortVersionDirs(['2026.7.15-a', '2026.10.01-b', 'tmp', '2026.10.01-c', '2025.12.31-z']), [
      '2026.10.01-c',
      '2026.10.01-b',
      '2026.7.15-a',
      '2025.12.31-z',
    ]);
  });
});

describe('expandHome', () => {
  it('expands ~ on POSIX and Windows and leaves other paths alone', () => {
    assert.equal(expandHome('~', '/home/u', 'linux'), '/home/u');
    assert.equal(expandHome('~/x/y', '/home/u', 'linux'), '/home/u/x/y');
    assert.equal(expandHome('~\\x', 'C:\\Users\\u', 'win32'), 'C:\\Users\\u\\x');
    assert.equal(expandHome('~other/x', '/home/u', 'linux'), '~other/x');
    assert.equal(expandHome('/abs', '/home/u', 'linux'), '/abs');
  });
});
