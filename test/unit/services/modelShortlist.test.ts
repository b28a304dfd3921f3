import * as assert from 'node:assert/strict';
import { parseModelsOutput } from '../../../src/cli/models';
import { groupByFamily, shortlist, variantOf } from '../../../src/services/models/modelShortlist';
import { BIG_LISTING_FAMILIES, bigModelListing, modelsText } from '../../support/models';

/** The requirement: the picker shows at most 15 entries by default (written out, not the code's own constant). */
const AT_MOST = 15;

/** The listing as the CLI prints it, parsed like the extension parses it. */
function account() {
  return parseModelsOutput(modelsText(bigModelListing())).models;
}

describe('the model picker with a ~200-model account (2026.10 labels)', () => {
  const models = account();

  it('parses the whole listing', () => {
    assert.equal(models.length, 200);
  });

  it('shows Auto, then one model per family at its most common variant, at most 15, in the CLI order', () => {
    const ids = [...shortlist({ models, chosen: [] })];
    assert.ok(BIG_LISTING_FAMILIES + 1 > AT_MOST, 'the listing must have more families than the cap, or the cap is not tested');
    assert.equal(ids.length, AT_MOST);
    assert.equal(ids[0], 'auto');
    assert.deepEqual(ids.slice(1, 5), ['gpt-5.6-sol-medium', 'claude-opus-5-medium', 'claude-opus-4-8-medium', 'gpt-5.5-medium']);
    const families = ids.map((id) => variantOf(models.find((m) => m.id === id)!).family);
    assert.equal(new Set(families).size, families.length, `a family twice: ${families.join(', ')}`);
    // Stable: the same list every time, whatever order the set is read in.
    assert.deepEqual([...shortlist({ models, chosen: [] })], ids);
  });

  it('groups every model into its family, with the variant named apart', () => {
    const fams = groupByFamily(models);
    assert.equal(fams.length, BIG_LISTING_FAMILIES + 1); // + Auto
    assert.equal(
      fams.reduce((n, f) => n + f.models.length, 0),
      200,
    );
    const opus = fams.find((f) => f.name === 'Opus 5')!;
    assert.equal(opus.primary.id, 'claude-opus-5-medium');
    assert.ok(opus.models.some((m) => m.id === 'claude-opus-5-1m-max-thinking'));
    assert.deepEqual(variantOf(models.find((m) => m.id === 'gpt-5.5-xh-fast')!), { family: 'GPT-5.5', variant: '272K Extra High Fast', rank: 130 });
    assert.equal(fams.find((f) => f.name === 'Composer 2.5')!.primary.id, 'composer-2.5');
  });

  it('adds the account default and the model chosen with Switch Model', () => {
    const withDefault = models.map((m) => (m.id === 'kimi-k3-high' ? { ...m, isDefault: true } : m.id === 'auto' ? { ...m, isDefault: false } : m));
    const ids = [...shortlist({ models: withDefault, chosen: [], selected: 'gpt-5.5-xh-fast' })];
    assert.ok(ids.includes('kimi-k3-high') && ids.includes('gpt-5.5-xh-fast'), ids.join(', '));
    assert.equal(ids.length, AT_MOST);
  });

  it('shows exactly what the user chose with Manage Models… (plus Auto), ignoring ids the account lacks', () => {
    assert.deepEqual(
      [...shortlist({ models, chosen: ['grok-4.5-high-fast', 'no-such-model', 'gpt-5.1-low'] })],
      ['auto', 'grok-4.5-high-fast', 'gpt-5.1-low'],
    );
  });

  it('keeps a small account whole', () => {
    const small = parseModelsOutput(
      'auto - Auto (default)\ncomposer-2.5-fast - Composer 2.5 Fast\nclaude-4.5-sonnet - Sonnet 4.5\ngpt-5 - GPT-5\n',
    ).models;
    assert.deepEqual([...shortlist({ models: small, chosen: [] })], ['auto', 'composer-2.5-fast', 'claude-4.5-sonnet', 'gpt-5']);
  });
});
