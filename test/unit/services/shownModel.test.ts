/**
 * The status bar and /status name the model the next @cursor turn uses: the picker's after a picker choice, the
 * setting's after Switch Model, by the model list's label, and say where it comes from.
 */
import * as assert from 'node:assert/strict';
import { ModelChoice } from '../../../src/services/models/modelChoice';
import { renderStatusMarkdown } from '../../../src/services/readiness/reports';
import { shownModel } from '../../../src/services/models/shownModel';
import { statusBarView } from '../../../src/services/readiness/statusBarView';

const ACP_ID = 'gpt-5.5[context=272k,reasoning=medium,fast=false]';
const list = [
  { id: ACP_ID, label: 'GPT-5.5 272K Medium', isDefault: false, isCurrent: false },
  { id: 'claude-opus-5', label: 'Claude Opus 5', isDefault: false, isCurrent: false },
];
const ready = { state: 'ready' as const, binary: '/x', version: 'v1' };
const bar = (choice: ModelChoice, setting: string) => {
  const m = shownModel(choice.next(setting), list);
  return statusBarView({ state: ready, model: m.id, modelLabel: m.label, modelSource: m.source });
};
const status = (choice: ModelChoice, setting: string) =>
  renderStatusMarkdown({
    resolution: { found: false, kind: 'notInstalled', rejected: [] } as never,
    state: ready,
    model: shownModel(choice.next(setting), list),
    remote: false,
  });

describe('the status bar and /status name the model the next turn uses', () => {
  it("after a picker choice: the picker's model, by its label, chosen in the picker", () => {
    const choice = new ModelChoice();
    choice.choose(ACP_ID, 'claude-opus-5');
    assert.match(bar(choice, 'claude-opus-5').text, /Cursor: GPT-5\.5 272K Medium$/);
    assert.match(bar(choice, 'claude-opus-5').tooltip, /Model: \*\*GPT\\-5\.5 272K Medium\*\* \(chosen in the chat's model picker\)/);
    assert.doesNotMatch(bar(choice, 'claude-opus-5').text, /\[context=/);
    assert.match(status(choice, 'claude-opus-5'), /- Model: \*\*GPT-5.5 272K Medium\*\*, chosen in the chat's model picker/);
  });

  it("after Switch Model: the setting's model, said to come from Switch Model, though the picker still shows the old one", () => {
    const choice = new ModelChoice();
    const fired: unknown[] = [];
    choice.onDidChange((m) => fired.push(m));
    choice.choose(ACP_ID, '');
    choice.settingChanged('claude-opus-5');
    assert.deepEqual(fired.at(-1), { id: 'claude-opus-5', source: 'setting' });
    assert.match(bar(choice, 'claude-opus-5').text, /Cursor: Claude Opus 5$/);
    assert.match(bar(choice, 'claude-opus-5').tooltip, /chosen with Cursor: Switch Model/);
    assert.match(status(choice, 'claude-opus-5'), /\*\*Claude Opus 5\*\*, chosen with Cursor: Switch Model/);
    // The next request still carries the old picker selection: the setting stays the choice.
    assert.equal(choice.choose(ACP_ID, 'claude-opus-5'), 'claude-opus-5');
    assert.match(bar(choice, 'claude-opus-5').text, /Claude Opus 5$/);
  });

  it('a model not in the list is shown by its id; none chosen is the CLI default', () => {
    assert.match(bar(new ModelChoice(), 'mystery-1').text, /Cursor: mystery-1$/);
    assert.equal(bar(new ModelChoice(), '').text.endsWith('Cursor'), true);
    assert.match(status(new ModelChoice(), ''), /Model: the CLI's default/);
  });
});
