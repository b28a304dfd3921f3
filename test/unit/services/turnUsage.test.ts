import * as assert from 'node:assert/strict';
import { statusBarView } from '../../../src/services/readiness/statusBarView';
import { compactTokens, contextWarning, usageLine } from '../../../src/services/answer/turnUsage';

describe('context at a glance (the usage line under an answer, the status bar tooltip)', () => {
  it('says how full the context is when the model states its size', () => {
    const line = usageLine({ model: 'GPT-5.5', usage: { inputTokens: 24_100, outputTokens: 300 }, contextTokens: 272_000 });
    assert.equal(line.text, 'GPT-5.5 · 24,100 input · 300 output tokens · 24k of 272k context');
    assert.equal(line.nearlyFull, false);
    assert.equal(contextWarning(line), undefined);
  });

  it('warns past 80% and suggests a new chat', () => {
    const line = usageLine({ model: 'Opus 5', usage: { inputTokens: 250_000, outputTokens: 10 }, contextTokens: 300_000 });
    assert.match(line.text, /250k of 300k context/);
    assert.equal(line.nearlyFull, true);
    assert.equal(
      contextWarning(line),
      'The context is 83% full: start a new chat to keep answers sharp (earlier turns may be dropped or summarised).',
    );
  });

  it('warns at exactly 80% full (the requirement: at 80%, not only above it)', () => {
    const line = usageLine({ model: 'GPT-5.5', usage: { inputTokens: 217_600, outputTokens: 10 }, contextTokens: 272_000 });
    assert.equal(line.text, 'GPT-5.5 · 217,600 input · 10 output tokens · 218k of 272k context');
    assert.equal(line.nearlyFull, true);
    assert.equal(
      contextWarning(line),
      'The context is 80% full: start a new chat to keep answers sharp (earlier turns may be dropped or summarised).',
    );
  });

  it('does not warn just under 80% full (even when the share rounds to 80%)', () => {
    // 239,999 of 300,000 is 79.9997%: shown as 240k of 300k, but not yet at the 80% mark.
    const line = usageLine({ model: 'Opus 5', usage: { inputTokens: 239_999, outputTokens: 10 }, contextTokens: 300_000 });
    assert.equal(line.text, 'Opus 5 · 239,999 input · 10 output tokens · 240k of 300k context');
    assert.equal(line.nearlyFull, false);
    assert.equal(contextWarning(line), undefined);
  });

  it('shows the cached input tokens the CLI reports', () => {
    const line = usageLine({ model: 'Auto', usage: { inputTokens: 5_093, outputTokens: 16, cacheReadTokens: 4_096 } });
    assert.equal(line.text, 'Auto · 5,093 input · 16 output tokens · 4,096 cached');
    const withContext = usageLine({
      model: 'GPT-5.5',
      usage: { inputTokens: 24_100, outputTokens: 300, cacheReadTokens: 20_000 },
      contextTokens: 272_000,
    });
    assert.equal(withContext.text, 'GPT-5.5 · 24,100 input · 300 output tokens · 20,000 cached · 24k of 272k context');
  });

  it('shows no context figure without a known context size or without input tokens', () => {
    assert.equal(usageLine({ model: 'Auto', usage: { inputTokens: 5_000, outputTokens: 16 } }).text, 'Auto · 5,000 input · 16 output tokens');
    const none = usageLine({ model: 'Auto', usage: { outputTokens: 16 }, contextTokens: 200_000 });
    assert.doesNotMatch(none.text, /context/);
    assert.equal(none.nearlyFull, false);
  });

  it('writes token counts compactly', () => {
    assert.deepEqual([compactTokens(950), compactTokens(24_400), compactTokens(1_000_000), compactTokens(1_500_000)], ['950', '24k', '1M', '1.5M']);
  });

  it('the status bar tooltip shows the last answer’s model and usage, and nothing before an answer', () => {
    const ready = { state: 'ready' as const, binary: '/x', version: 'v1' };
    assert.doesNotMatch(statusBarView({ state: ready }).tooltip, /Last answer/);
    const tip = statusBarView({
      state: ready,
      platform: 'linux',
      lastTurn: { model: 'Sonnet 5', usage: { inputTokens: 180_000, outputTokens: 20 }, contextTokens: 200_000 },
    }).tooltip;
    assert.match(tip, /Last answer: Sonnet 5 · 180,000 input · 20 output tokens · 180k of 200k context/);
    assert.match(tip, /90% full/);
  });
});
