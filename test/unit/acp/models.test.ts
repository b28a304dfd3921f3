/** How ACP's models are named in the model picker and Switch Model (src/acp/models.ts). */
import * as assert from 'assert';
import { acpModelInfos, parseAcpModels, parseVariantId, variantLabel, type AcpModelList } from '../../../src/acp/models';
import { sessionSetupSchema } from '../../../src/acp/schema';
import { groupByFamily } from '../../../src/services/models/modelShortlist';
import { sessionNewResultOf } from '../../fixtures/acp/captures';

const model = (id: string, name = parseVariantId(id).base) => ({ id, name, ...parseVariantId(id) });
const list = (...ids: string[]): AcpModelList => ({
  form: 'variants',
  configId: 'model',
  models: ids.map((id) => model(id)),
  modelOptions: [],
  refused: 0,
});

describe('ACP model names', () => {
  it('a variant reads like print mode’s labels (window, effort, Fast, Thinking); a flag that is off is not mentioned', () => {
    const cases: Array<[string, string]> = [
      ['claude-opus-5[thinking=true,context=300k,effort=high,fast=false]', 'claude-opus-5 300K High Thinking'],
      ['gpt-5.5[context=272k,reasoning=medium,fast=false]', 'gpt-5.5 272K Medium'],
      ['grok-4.6[effort=high,fast=true]', 'grok-4.6 High Fast'],
      ['claude-opus-4-7[thinking=true,context=300k,effort=xhigh,fast=false]', 'claude-opus-4-7 300K Extra High Thinking'],
      ['gemini-3.8-flash[reasoning_effort=high]', 'gemini-3.8-flash High'],
      ['claude-sonnet-4[thinking=false,context=1m]', 'claude-sonnet-4 1M'],
      ['kimi-k3[reasoning=max]', 'kimi-k3 Max'],
      ['gemini-3.1-pro[]', 'gemini-3.1-pro'],
      ['composer-2.5', 'composer-2.5'],
    ];
    for (const [id, label] of cases) assert.strictEqual(variantLabel(model(id)), label, id);
  });

  it('a parameter with no such word keeps its k=v form, so no variant loses what tells it apart', () => {
    assert.strictEqual(
      variantLabel(model('x-1[context=big,effort=turbo,fast=maybe,tools=none]')),
      'x-1 (context=big, effort=turbo, fast=maybe, tools=none)',
    );
  });

  it('two variants that would read the same are listed with every parameter', () => {
    const infos = acpModelInfos(list('m-1[context=200k,fast=false]', 'm-1[context=200k]', 'm-2[fast=true]'));
    assert.deepStrictEqual(
      infos.map((i) => i.label),
      ['m-1 (context=200k, fast=false)', 'm-1 (context=200k)', 'm-2 Fast'],
    );
  });

  it('every model of the captured account gets its own short label, and the picker groups them by model, not by parameter list', () => {
    const parsed = sessionSetupSchema.parse(sessionNewResultOf());
    const infos = acpModelInfos(parseAcpModels(parsed));
    assert.ok(infos.length > 30, `${infos.length} models`);
    const labels = infos.map((i) => i.label);
    assert.strictEqual(new Set(labels).size, labels.length, 'two models share a label');
    for (const l of labels) {
      assert.ok(!/[=[\]]/.test(l), `a raw parameter list in the label: ${l}`);
      assert.ok(l.length <= 40, `a label too long for the picker: ${l}`);
    }
    // Families as Switch Model groups them: the model's own name, never a variant's parameters.
    const families = groupByFamily(infos.map((i) => ({ ...i, isCurrent: false })));
    assert.ok(
      families.some((f) => f.name === 'claude-opus-5'),
      families.map((f) => f.name).join(' | '),
    );
    assert.ok(
      families.every((f) => !/[=(]/.test(f.name)),
      families.map((f) => f.name).join(' | '),
    );
  });

  it("a listed value that is not a model id (print mode's rule: a backtick, a space, a leading '-', over 256 characters) is left out and counted", () => {
    const bad = ['gpt`](command:evil)', 'two words', '--force', `m${'x'.repeat(256)}`, ''];
    const good = ['composer-2.5[fast=true]', 'default[]', `m${'x'.repeat(255)}`];
    const setup = sessionSetupSchema.parse({
      models: { currentModelId: 'gpt`](command:evil)', availableModels: [...bad, ...good].map((modelId) => ({ modelId, name: modelId || 'x' })) },
    });
    const parsed = parseAcpModels(setup);
    assert.deepStrictEqual(
      parsed.models.map((m) => m.id),
      good,
    );
    assert.strictEqual(parsed.refused, 5);
    assert.strictEqual(parsed.current, undefined, 'a current model that is not an id is not taken');
    assert.ok(acpModelInfos(parsed).every((m) => !m.id.includes('`')));
  });
});
