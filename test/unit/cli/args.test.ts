import * as assert from 'node:assert/strict';
import { assertReadOnlyArgs, buildTurnArgs, modelsArgs, statusArgs, versionArgs } from '../../../src/cli/args';

const FORBIDDEN = ['-f', '--force', '--yolo'];

describe('buildTurnArgs', () => {
  it('builds the documented read-only turn command line', () => {
    assert.deepEqual(
      buildTurnArgs({ mode: 'plan', workspace: '/home/u/proj', trusted: true, model: 'gpt-5', resumeChatId: '8c3a2f1e-0b7d-4c6e-9f1a-2b3c4d5e6f70' }),
      [
        '-p',
        '--output-format',
        'stream-json',
        '--stream-partial-output',
        '--mode',
        'plan',
        '--trust',
        '--workspace',
        '/home/u/proj',
        '--model',
        'gpt-5',
        '--resume',
        '8c3a2f1e-0b7d-4c6e-9f1a-2b3c4d5e6f70',
      ],
    );
  });

  it('leaves out --trust for a folder VS Code does not trust, and model/resume when not given', () => {
    assert.deepEqual(buildTurnArgs({ mode: 'ask', workspace: 'C:\\Users\\A User\\proj', trusted: false }), [
      '-p',
      '--output-format',
      'stream-json',
      '--stream-partial-output',
      '--mode',
      'ask',
      '--workspace',
      'C:\\Users\\A User\\proj',
    ]);
  });

  it('accepts parameterised model ids with brackets', () => {
    const args = buildTurnArgs({ mode: 'plan', workspace: '/w', trusted: true, model: 'claude-opus-4-8[context=1m,effort=high,fast=false]' });
    assert.equal(args[args.indexOf('--model') + 1], 'claude-opus-4-8[context=1m,effort=high,fast=false]');
  });

  it('refuses any mode other than plan or ask, so the agent can never write files', () => {
    for (const mode of ['agent', 'force', '', 'PLAN', undefined, 1]) {
      assert.throws(() => buildTurnArgs({ mode: mode as never, workspace: '/w', trusted: true }), /mode must be one of plan, ask/);
    }
  });

  it('refuses model and chat ids that could be read as flags or are unsafe', () => {
    for (const bad of ['--force', '-f', '', ' gpt', 'gpt 5', 'a;rm -rf', 'x\ny', 'a"b', '$(id)', 'x'.repeat(300)]) {
      assert.throws(() => buildTurnArgs({ mode: 'plan', workspace: '/w', trusted: true, model: bad }), /invalid model id/);
      assert.throws(() => buildTurnArgs({ mode: 'plan', workspace: '/w', trusted: true, resumeChatId: bad }), /invalid chat id/);
    }
  });

  it('resumes only ids shaped like a real chat id, never a path from edited chat history', () => {
    for (const bad of ['a/../../../x', '../x', 'a.b', 'c:d', 'chat/1', 'a'.repeat(101), '-abc']) {
      assert.throws(() => buildTurnArgs({ mode: 'plan', workspace: '/w', trusted: true, resumeChatId: bad }), /invalid chat id/);
    }
    assert.deepEqual(buildTurnArgs({ mode: 'plan', workspace: '/w', trusted: true, resumeChatId: 'B2c3-0bd7' }).slice(-2), ['--resume', 'B2c3-0bd7']);
  });

  it('refuses a relative, empty or multi-line workspace', () => {
    for (const ws of ['', '   ', 'proj', './proj', '-f', '/w\n--force']) {
      assert.throws(() => buildTurnArgs({ mode: 'plan', workspace: ws, trusted: true }), /absolute folder path/);
    }
  });

  it('never produces a write-enabling flag, whatever it is given', () => {
    const inputs = ['--force', '-f', '--yolo', '--sandbox', 'disabled', 'plan --force', 'auto'];
    for (const model of [undefined, ...inputs]) {
      for (const chat of [undefined, ...inputs]) {
        let args: string[] | undefined;
        try {
          args = buildTurnArgs({ mode: 'plan', workspace: '/w', trusted: true, model, resumeChatId: chat });
        } catch {
          continue;
        }
        for (const f of FORBIDDEN) assert.ok(!args.includes(f), `${f} in ${args.join(' ')}`);
        assert.ok(!args.includes('--sandbox'));
        assertReadOnlyArgs(args);
      }
    }
  });
});

describe('probe args', () => {
  it('runs the version, status and models commands exactly as documented', () => {
    assert.deepEqual(versionArgs(), ['--version']);
    assert.deepEqual(statusArgs(), ['status', '--format', 'json']);
    assert.deepEqual(modelsArgs(), ['models']);
  });
});

describe('assertReadOnlyArgs', () => {
  it('stops a launch that would let the agent write or run commands', () => {
    const forbidden = [
      ['-p', '-f'],
      ['-p', '--force'],
      ['--yolo'],
      ['-pf'],
      ['--force=true'],
      ['--sandbox', 'disabled'],
      ['--sandbox=disabled'],
      ['--mode', 'agent'],
      ['--mode=agent'],
      ['--mode'],
      ['--auto-review'],
      ['--approve-mcps'],
    ];
    for (const argv of forbidden) {
      assert.throws(() => assertReadOnlyArgs(argv), /Refusing to run cursor-agent/, argv.join(' '));
    }
  });

  it('lets read-only turns and probes through', () => {
    assertReadOnlyArgs(buildTurnArgs({ mode: 'plan', workspace: '/w', trusted: true, model: 'auto' }));
    assertReadOnlyArgs(['--mode=ask', '--sandbox', 'enabled']);
    assertReadOnlyArgs(statusArgs());
    assertReadOnlyArgs(modelsArgs());
    assertReadOnlyArgs(versionArgs());
  });
});
