import * as assert from 'node:assert/strict';
import { cleanCliLine } from '../../../src/cli/cliText';
import { contextTokensOf, parseModelsOutput } from '../../../src/cli/models';

describe('parseModelsOutput', () => {
  it('reads the documented list with header, blank lines and tip', () => {
    const out = parseModelsOutput(
      'Available models\n\nauto - Auto (default)\nclaude-4.5-sonnet - Sonnet 4.5\ngpt-5 - GPT-5 (current)\n\nTip: use --model <id> (or /model <id> in interactive mode) to switch.\n',
    );
    assert.deepEqual(out, {
      models: [
        { id: 'auto', label: 'Auto', isDefault: true, isCurrent: false },
        { id: 'claude-4.5-sonnet', label: 'Sonnet 4.5', isDefault: false, isCurrent: false },
        { id: 'gpt-5', label: 'GPT-5', isDefault: false, isCurrent: true },
      ],
      empty: false,
      ignoredLines: 0,
    });
  });

  it('reads the other header wording', () => {
    const out = parseModelsOutput('Available models:\nUse --model <id> to select a model.\n\nauto - Auto\r\n');
    assert.deepEqual(
      out.models.map((m) => m.id),
      ['auto'],
    );
    assert.equal(out.ignoredLines, 0);
  });

  it('says the account has no models when the CLI says so', () => {
    assert.deepEqual(parseModelsOutput('No models available for this account.\n'), { models: [], empty: true, ignoredLines: 0 });
  });

  it('does not mistake unreadable output for an empty account', () => {
    const out = parseModelsOutput('Error: something odd\nanother line\n');
    assert.equal(out.empty, false);
    assert.equal(out.models.length, 0);
    assert.equal(out.ignoredLines, 2);
  });

  it('shows clean labels when the CLI adds colours, zero-width spaces and double spaces', () => {
    const out = parseModelsOutput(
      '\x1b[1mAvailable models\x1b[0m\n\n\u200Bgpt-5\u200B - \x1b[32mGPT-5\x1b[0m  High \x1b[2m(current)\x1b[0m\n\uFEFFauto - Auto\u2060  (default)\n',
    );
    assert.deepEqual(out.models, [
      { id: 'gpt-5', label: 'GPT-5 High', isDefault: false, isCurrent: true },
      { id: 'auto', label: 'Auto', isDefault: true, isCurrent: false },
    ]);
  });

  it('reads the context window the label states', () => {
    const out = parseModelsOutput('grok-4.7-xh - Grok 4.7 256K Extra High\nsonnet-1m - Sonnet 4.5 1M\nopus - Opus 4.8\n');
    assert.deepEqual(
      out.models.map((m) => m.contextTokens),
      [256_000, 1_000_000, undefined],
    );
    assert.ok(!('contextTokens' in out.models[2]!));
  });

  it('lists each model once, in the CLI order, keeping markers from duplicates', () => {
    const out = parseModelsOutput('b - B\na - A\nb - B (default)\n');
    assert.deepEqual(out.models, [
      { id: 'b', label: 'B', isDefault: true, isCurrent: false },
      { id: 'a', label: 'A', isDefault: false, isCurrent: false },
    ]);
  });

  it('handles lists of more than 200 models', () => {
    const lines = Array.from({ length: 250 }, (_, i) => `model-${i} - Model ${i}`);
    const out = parseModelsOutput(['Available models', '', ...lines, '', 'Tip: use --model <id>'].join('\n'));
    assert.equal(out.models.length, 250);
    assert.equal(out.models[249]!.id, 'model-249');
  });

  it('skips lines whose id could be read as a flag', () => {
    const out = parseModelsOutput('--force - Evil\nauto - Auto\n');
    assert.deepEqual(
      out.models.map((m) => m.id),
      ['auto'],
    );
    assert.equal(out.ignoredLines, 1);
  });

  it('keeps a label that itself contains " - "', () => {
    assert.equal(parseModelsOutput('x - Model - preview\n').models[0]!.label, 'Model - preview');
  });
});

describe('contextTokensOf', () => {
  it('reads K and M sizes, ignoring version numbers', () => {
    assert.equal(contextTokensOf('Grok 4.7 256K Extra High'), 256_000);
    assert.equal(contextTokensOf('Model (200k)'), 200_000);
    assert.equal(contextTokensOf('Gemini 1.5M'), 1_500_000);
    assert.equal(contextTokensOf('GPT-5'), undefined);
    assert.equal(contextTokensOf('Sonnet 4.5'), undefined);
  });
});

describe('cleanCliLine', () => {
  it('removes OSC hyperlinks and control characters', () => {
    assert.equal(cleanCliLine('\x1b]8;;https://x\x07link\x1b]8;;\x07\t a\r'), 'link a');
  });
});
