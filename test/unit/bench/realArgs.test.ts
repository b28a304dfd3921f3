import * as assert from 'node:assert/strict';
import { DEFAULT_REAL_PROMPT, DEFAULT_REAL_TURNS, formatRealReport, parseBenchArgs, RealRun, refuseReal } from '../../../bench/realArgs';

describe('npm run bench -- --real: arguments and report', () => {
  it('plain `npm run bench` and named benchmarks still run the fakes', () => {
    assert.deepEqual(parseBenchArgs([]), { mode: 'fakes', names: [] });
    assert.deepEqual(parseBenchArgs(['firstText', 'backends']), { mode: 'fakes', names: ['firstText', 'backends'] });
  });

  it('--real takes --turns and --prompt, in both spellings, with defaults', () => {
    assert.deepEqual(parseBenchArgs(['--real']), { mode: 'real', turns: DEFAULT_REAL_TURNS, prompt: DEFAULT_REAL_PROMPT });
    assert.deepEqual(parseBenchArgs(['--real', '--turns', '3', '--prompt', 'Say hi']), { mode: 'real', turns: 3, prompt: 'Say hi' });
    assert.deepEqual(parseBenchArgs(['--turns=8', '--real']), { mode: 'real', turns: 8, prompt: DEFAULT_REAL_PROMPT });
  });

  it('a bad turn count, a missing value or an unknown option is refused with the usage, not run', () => {
    for (const argv of [
      ['--real', '--turns', '0'],
      ['--real', '--turns', 'many'],
      ['--real', '--turns', '2.5'],
      ['--real', '--turns'],
      ['--real', '--fast'],
      ['--turns', '3'],
    ]) {
      const r = parseBenchArgs(argv);
      assert.equal(r.mode, 'error', argv.join(' '));
    }
    const r = parseBenchArgs(['--real', 'firstText']);
    assert.ok(r.mode === 'error' && /not named benchmarks/.test(r.message));
  });

  it('never runs in CI', () => {
    assert.match(refuseReal({ CI: 'true' }) ?? '', /never runs in CI/);
    assert.match(refuseReal({ CI: '1' }) ?? '', /never runs in CI/);
    assert.equal(refuseReal({}), undefined);
    assert.equal(refuseReal({ CI: '' }), undefined);
  });

  it('the report shows both backends per turn, the later turns’ medians, failures and the prepared session', () => {
    const run: RealRun = {
      cli: '/usr/local/bin/cursor-agent',
      version: '2026.10.01-e373342',
      workspace: '/tmp/x',
      prompt: 'Say hi',
      acpPrepareMs: 2650,
      print: [
        { firstTextMs: 6100, totalMs: 7300, processes: 1 },
        { firstTextMs: 5900, totalMs: 7000, processes: 1 },
        { firstTextMs: 6300, totalMs: 7400, processes: 1 },
      ],
      acp: [
        { firstTextMs: 3100, totalMs: 4200, processes: 0 },
        { firstTextMs: 2900, totalMs: 4000, processes: 0 },
        { totalMs: 30, processes: 0, error: 'usageLimit: You have reached your usage limit' },
      ],
      acpRssMb: 210.4,
    };
    const text = formatRealReport(run);
    const lines = text.split('\n');
    assert.match(text, /2026\.10\.01-e373342/);
    assert.match(text, /session\/new before turn 1 .*: 2\.65 s/);
    const row = (label: string) =>
      lines
        .find((l) => l.startsWith(label))
        ?.trim()
        .split(/\s{2,}/);
    assert.deepEqual(row('1 '), ['1', '6.10 s', '7.30 s', '1', '3.10 s', '4.20 s', '0']);
    assert.deepEqual(row('3 '), ['3', '6.30 s', '7.40 s', '1', '-', '30 ms', '0']);
    // Turns 2–3: print 5.9 and 6.3 → 6.1; the failed ACP turn is left out of the median.
    assert.deepEqual(row('median 2–3'), ['median 2–3', '6.10 s', '7.20 s', '1', '2.90 s', '4.00 s', '0']);
    assert.deepEqual(row('all 3'), ['all 3', '21.70 s', '3', '8.23 s', '0']);
    assert.match(text, /acp turn 3 failed: usageLimit: You have reached your usage limit/);
    assert.match(text, /acp process RSS after the last turn: 210 MB/);
  });
});
