import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { buildTurnArgs } from '../../../src/cli/args';
import { isModelId, MODEL_ID_MAX_LENGTH, MODEL_ID_PATTERN, MODEL_ID_SETTING_PATTERN } from '../../../src/cli/modelId';
import { parseModelsOutput } from '../../../src/cli/models';
import { readSettings } from '../../../src/services/settingsSchema';

const GOOD = [
  ...['auto', 'gpt-5', 'sonnet-4-thinking', 'composer-2.5-fast', 'models/x:1', 'a+b=c', 'default[]', 'claude-opus-4-8[context=1m,effort=high]'],
  ...['8c3a2f1e-0b7d-4c6e-9f1a-2b3c4d5e6f70', 'x'.repeat(MODEL_ID_MAX_LENGTH)],
];
const BAD = ['', '-f', '--force', '-gpt', 'gpt 5', 'a;b', 'a$b', 'a\nb', '.hidden', 'x'.repeat(MODEL_ID_MAX_LENGTH + 1)];

describe('the model-id rule (cli/modelId)', () => {
  it('accepts real model ids (print and ACP spellings) up to 256 characters', () => {
    for (const id of GOOD) assert.ok(isModelId(id), id);
  });
  it('refuses anything that could be read as a flag, has other characters, or is too long', () => {
    for (const id of BAD) assert.equal(isModelId(id), false, JSON.stringify(id));
    assert.equal(isModelId(undefined), false);
    assert.equal(isModelId(5), false);
  });
  it('is the pattern the manifest declares for cursorAgent.model (empty allowed there)', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(__dirname, '../../../../package.json'), 'utf8')) as {
      contributes: { configuration: { properties: Record<string, { pattern?: string }> } };
    };
    assert.equal(manifest.contributes.configuration.properties['cursorAgent.model']!.pattern, MODEL_ID_SETTING_PATTERN);
    const settingPattern = new RegExp(MODEL_ID_SETTING_PATTERN);
    for (const id of GOOD.slice(0, -1)) assert.ok(settingPattern.test(id) && MODEL_ID_PATTERN.test(id), id);
    for (const id of BAD.slice(1, -1)) assert.equal(settingPattern.test(id), false, id);
    assert.ok(settingPattern.test(''));
  });
});

describe('every model-id check uses the one rule', () => {
  const turn = (model: string) => buildTurnArgs({ mode: 'ask', workspace: '/w', trusted: false, model });
  it('argv: --model takes exactly the ids the rule accepts', () => {
    for (const id of GOOD) assert.deepEqual(turn(id).slice(-2), ['--model', id]);
    for (const id of BAD) assert.throws(() => turn(id), /invalid model id/, JSON.stringify(id));
  });
  it('settings: model (empty or an id) and pickerModels (ids) agree with the rule', () => {
    for (const id of GOOD) {
      const r = readSettings((k) => (k === 'model' ? id : k === 'pickerModels' ? [id] : undefined));
      assert.deepEqual([r.settings.model, r.settings.pickerModels, r.problems], [id, [id], []], id);
    }
    for (const id of BAD.filter((b) => b.trim() !== '' && b.trim() === b)) {
      const r = readSettings((k) => (k === 'model' ? id : k === 'pickerModels' ? [id] : undefined));
      assert.deepEqual([r.settings.model, r.settings.pickerModels, r.problems.length], ['', [], 2], JSON.stringify(id));
    }
  });
  it('the `cursor-agent models` parser keeps only lines whose id follows the rule', () => {
    const lines = [...GOOD, ...BAD.filter((b) => b !== '' && !/\s/.test(b))].map((id) => `${id} - Label`);
    const out = parseModelsOutput(['Available models', '', ...lines].join('\n'));
    assert.deepEqual(
      out.models.map((m) => m.id),
      GOOD,
    );
  });
});
