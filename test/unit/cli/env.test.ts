import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { buildChildEnv, buildTerminalEnv, cleanTerminalLaunch, findProxyProblems } from '../../../src/cli/env';

describe('buildChildEnv', () => {
  const host = {
    PATH: '/usr/bin',
    HOME: '/home/u',
    USER: 'u',
    LANG: 'en_US.UTF-8',
    LC_ALL: 'C',
    XDG_CONFIG_HOME: '/home/u/.config',
    HTTPS_PROXY: 'http://proxy:3128',
    https_proxy: 'http://proxy:3128',
    NODE_EXTRA_CA_CERTS: '/etc/ca.pem',
    CURSOR_API_KEY: 'cur-key',
    CURSOR_API_ENDPOINT: 'https://api.example',
    NODE_OPTIONS: '--inspect',
    ELECTRON_RUN_AS_NODE: '1',
    VSCODE_PID: '123',
    VSCODE_IPC_HOOK: '/tmp/x',
    OPENAI_API_KEY: 'sk-secret',
    GITHUB_TOKEN: 'ghp_secret',
    TERM: 'xterm-256color',
    FORCE_COLOR: '1',
    UNSET: undefined,
  };

  it('passes only the allowlist, plus TERM=dumb and NO_COLOR=1', () => {
    assert.deepEqual(buildChildEnv(host, 'linux'), {
      PATH: '/usr/bin',
      HOME: '/home/u',
      USER: 'u',
      LANG: 'en_US.UTF-8',
      LC_ALL: 'C',
      XDG_CONFIG_HOME: '/home/u/.config',
      HTTPS_PROXY: 'http://proxy:3128',
      https_proxy: 'http://proxy:3128',
      NODE_EXTRA_CA_CERTS: '/etc/ca.pem',
      CURSOR_API_KEY: 'cur-key',
      CURSOR_API_ENDPOINT: 'https://api.example',
      TERM: 'dumb',
      NO_COLOR: '1',
    });
  });

  it('never leaks other tools’ secrets or the host’s node settings to the CLI', () => {
    for (const platform of ['linux', 'darwin', 'win32']) {
      const env = buildChildEnv(host, platform);
      for (const name of [
        'NODE_OPTIONS',
        'ELECTRON_RUN_AS_NODE',
        'VSCODE_PID',
        'VSCODE_IPC_HOOK',
        'OPENAI_API_KEY',
        'GITHUB_TOKEN',
        'FORCE_COLOR',
        'UNSET',
      ]) {
        assert.ok(!(name in env), `${name} on ${platform}`);
      }
      assert.ok(!Object.values(env).some((v) => v.includes('secret')));
    }
  });

  it('matches Windows variable names case-insensitively and keeps one spelling', () => {
    const env = buildChildEnv(
      {
        Path: 'C:\\Windows',
        PATH: 'C:\\Other',
        SystemRoot: 'C:\\Windows',
        COMSPEC: 'C:\\Windows\\System32\\cmd.exe',
        PathExt: '.COM;.EXE;.CMD',
        LocalAppData: 'C:\\Users\\u\\AppData\\Local',
        node_options: '--x',
        Term: 'xterm',
        vscode_cwd: 'x',
        windir: 'C:\\Windows',
      },
      'win32',
    );
    assert.deepEqual(env, {
      Path: 'C:\\Windows',
      SystemRoot: 'C:\\Windows',
      COMSPEC: 'C:\\Windows\\System32\\cmd.exe',
      PathExt: '.COM;.EXE;.CMD',
      LocalAppData: 'C:\\Users\\u\\AppData\\Local',
      windir: 'C:\\Windows',
      TERM: 'dumb',
      NO_COLOR: '1',
      NoDefaultCurrentDirectoryInExePath: '1',
    });
  });

  it('on Windows always tells the CLI not to run programs from the workspace folder before Path', () => {
    for (const given of [{}, { NoDefaultCurrentDirectoryInExePath: '0' }, { nodefaultcurrentdirectoryinexepath: '' }]) {
      const env = buildChildEnv({ Path: 'C:\\Windows', ...given }, 'win32');
      const spellings = Object.keys(env).filter((k) => k.toUpperCase() === 'NODEFAULTCURRENTDIRECTORYINEXEPATH');
      assert.deepEqual(spellings, ['NoDefaultCurrentDirectoryInExePath'], JSON.stringify(given));
      assert.equal(env.NoDefaultCurrentDirectoryInExePath, '1');
    }
    assert.ok(!('NoDefaultCurrentDirectoryInExePath' in buildChildEnv({ PATH: '/usr/bin' }, 'linux')));
  });

  it('is case-sensitive on POSIX', () => {
    const env = buildChildEnv({ Path: '/x', home: '/h' }, 'linux');
    assert.deepEqual(env, { TERM: 'dumb', NO_COLOR: '1' });
  });
});

describe('findProxyProblems', () => {
  it('warns about a SOCKS proxy, which breaks the CLI, without repeating credentials', () => {
    const problems = findProxyProblems({
      HTTPS_PROXY: 'socks5://user:pw@host:1080',
      all_proxy: 'socks://h:1',
      HTTP_PROXY: 'http://ok:3128',
      NO_PROXY: 'socks5://irrelevant',
    });
    assert.equal(problems.length, 2);
    assert.match(problems[0]!, /HTTPS_PROXY.*socks5:\/\//);
    assert.match(problems[1]!, /all_proxy.*socks:\/\//);
    assert.ok(!problems.join().includes('pw'));
  });

  it('is silent for HTTP proxies and no proxy', () => {
    assert.deepEqual(findProxyProblems({ HTTPS_PROXY: 'http://p:1', PATH: 'socks5://x' }), []);
  });
});

describe('buildChildEnv: PATH holds absolute folders only (the CLI runs in the workspace)', () => {
  it('drops relative and empty POSIX entries, keeps the absolute ones in order', () => {
    const out = buildChildEnv({ PATH: './node_modules/.bin:/usr/local/bin::.:bin:/usr/bin:' }, 'linux');
    assert.equal(out.PATH, '/usr/local/bin:/usr/bin');
  });
  it('drops relative, drive-relative and empty Windows entries, keeps drive and UNC paths', () => {
    const out = buildChildEnv(
      { Path: '.;node_modules\\.bin;C:\\Windows\\System32;;\\rooted;C:relative;"C:\\Program Files\\nodejs";\\\\server\\share\\bin' },
      'win32',
    );
    assert.equal(out.Path, 'C:\\Windows\\System32;"C:\\Program Files\\nodejs";\\\\server\\share\\bin');
  });
});

describe('buildTerminalEnv (Log In / Log Out / Unlock Keychain terminals)', () => {
  const host = {
    PATH: './node_modules/.bin:/usr/bin',
    HOME: '/home/u',
    NODE_OPTIONS: '--require /workspace/evil.js',
    ELECTRON_RUN_AS_NODE: '1',
    VSCODE_IPC_HOOK: '/tmp/x.sock',
    OPENAI_API_KEY: 'sk-planted',
    DISPLAY: ':0',
    CURSOR_API_KEY: 'user-own-key',
  };
  it("gets the turns' allowlist (no NODE_OPTIONS, no other tools' secrets, absolute PATH), plus a display for the login browser", () => {
    const env = buildTerminalEnv(host, 'linux');
    assert.equal(env.NODE_OPTIONS, undefined);
    assert.equal(env.ELECTRON_RUN_AS_NODE, undefined);
    assert.equal(env.VSCODE_IPC_HOOK, undefined);
    assert.equal(env.OPENAI_API_KEY, undefined);
    assert.equal(env.PATH, '/usr/bin');
    assert.equal(env.DISPLAY, ':0');
    assert.equal(env.CURSOR_API_KEY, 'user-own-key');
    assert.equal(env.TERM, 'xterm-256color');
    assert.equal(env.NO_COLOR, undefined);
  });
});

describe('cleanTerminalLaunch (remote windows add the server environment to a terminal despite strictEnv)', () => {
  it('starts the command with only the allowlisted variables, values intact, and no value in argv', function () {
    if (process.platform === 'win32') this.skip(); // POSIX /bin/sh; Windows terminals keep strictEnv
    const ours = {
      PATH: '/usr/bin:/bin',
      HOME: '/home/u',
      CURSOR_API_KEY: 'key with spaces\nand a second line',
      LANG: 'C.UTF-8',
      TERM: 'xterm-256color',
    };
    const launch = cleanTerminalLaunch('/usr/bin/env', [], ours, 'linux');
    assert.ok(!launch.shellArgs.some((a) => a.includes('key with spaces')), 'a value went into argv');
    // What a remote terminal really gets: the server's environment, then ours on top.
    const terminalEnv = {
      ...ours,
      NODE_OPTIONS: '--require /ws/evil.js',
      OPENAI_API_KEY: 'sk-planted',
      VSCODE_IPC_HOOK_CLI: '/tmp/x',
      'odd.name': 'x',
      MULTI: 'a\nNODE_OPTIONS=--inspect',
    };
    const out = spawnSync(launch.shellPath, launch.shellArgs, { env: terminalEnv, encoding: 'utf8' });
    assert.equal(out.status, 0, out.stderr);
    const names = out.stdout
      .split('\n')
      .filter((l) => /^[A-Za-z_][A-Za-z0-9_.]*=/.test(l))
      .map((l) => l.slice(0, l.indexOf('=')));
    const extra = names.filter((n) => !(n in ours) && !['PWD', 'OLDPWD', 'SHLVL', '_'].includes(n) && n !== 'odd.name');
    assert.deepEqual(extra, [], out.stdout);
    assert.ok(out.stdout.includes('CURSOR_API_KEY=key with spaces\nand a second line\n'), out.stdout);
  });
});
