import * as assert from 'assert';
import { mapModel, modelKey } from '../../../../src/services/models/modelMapping';

/** The ACP variants a late-2026 CLI lists (samples-acp captures). */
const ACP = [
  'default[]',
  'gpt-5-mini[]',
  'gpt-5.5[context=272k,reasoning=medium,fast=false]',
  'gpt-5.5[context=272k,reasoning=high,fast=false]',
  'grok-4.6[effort=high,fast=true]',
  'claude-opus-5[thinking=true,context=300k,effort=high,fast=false]',
  'composer-2.5[fast=true]',
  'composer-2.5[fast=false]',
];
/** Late-2026 print-mode slugs. */
const PRINT = ['auto', 'cursor-grok-4.6-high', 'gpt-5.5', 'gpt-5.5-high', 'gpt-5.5-high-fast', 'claude-opus-5-thinking-high', 'composer-2.5'];

describe('a model id the backend does not list maps to the same model and options, or to nothing', () => {
  it('reads both spellings as a family and its options', () => {
    assert.deepStrictEqual(modelKey('cursor-grok-4.6-high'), { family: 'grok-4.6', options: { effort: 'high' } });
    assert.deepStrictEqual(modelKey('gpt-5.5[context=272k,reasoning=medium,fast=false]'), {
      family: 'gpt-5.5',
      options: { effort: 'medium', context: '272k' },
    });
    assert.strictEqual(modelKey('default[]'), undefined);
  });

  it('a listed id is itself', () => {
    assert.deepStrictEqual(mapModel('grok-4.6[effort=high,fast=true]', ACP), { kind: 'listed' });
  });

  it('print slugs map to the one ACP variant of the same family and options', () => {
    assert.deepStrictEqual(mapModel('cursor-grok-4.6-high', ACP), { kind: 'mapped', to: 'grok-4.6[effort=high,fast=true]' });
    assert.deepStrictEqual(mapModel('gpt-5.5-high', ACP), { kind: 'mapped', to: 'gpt-5.5[context=272k,reasoning=high,fast=false]' });
    assert.deepStrictEqual(mapModel('claude-opus-5-thinking-high', ACP), {
      kind: 'mapped',
      to: 'claude-opus-5[thinking=true,context=300k,effort=high,fast=false]',
    });
    // Fast off wins over fast on when nothing was asked.
    assert.deepStrictEqual(mapModel('composer-2.5', ACP), { kind: 'mapped', to: 'composer-2.5[fast=false]' });
  });

  it('ACP variants map to the one print slug of the same family and options', () => {
    assert.deepStrictEqual(mapModel('gpt-5.5[context=272k,reasoning=high,fast=false]', PRINT), { kind: 'mapped', to: 'gpt-5.5-high' });
    assert.deepStrictEqual(mapModel('grok-4.6[effort=high,fast=true]', ['auto', 'grok-4.6-high-fast', 'grok-4.6-high']), {
      kind: 'mapped',
      to: 'grok-4.6-high-fast',
    });
    assert.deepStrictEqual(mapModel('composer-2.5[fast=true]', PRINT), { kind: 'none' });
  });

  it('an ambiguous or unknown family, an option no listed model has, and Auto map to nothing', () => {
    // Two reasoning levels, neither asked for.
    assert.deepStrictEqual(mapModel('gpt-5.5', ACP), { kind: 'none' });
    // gpt-5 is no gpt-5-mini and no gpt-5.5.
    assert.deepStrictEqual(mapModel('gpt-5', ACP), { kind: 'none' });
    assert.deepStrictEqual(mapModel('gpt-5.5-low', ACP), { kind: 'none' });
    assert.deepStrictEqual(mapModel('grok-4.6[effort=high,fast=true]', ['cursor-grok-4.6-high']), { kind: 'none' });
    assert.deepStrictEqual(mapModel('auto', ACP), { kind: 'none' });
  });
});
