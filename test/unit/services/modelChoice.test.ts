import * as assert from 'node:assert/strict';
import { ModelChoice } from '../../../src/services/models/modelChoice';

describe('which model @cursor uses', () => {
  it('uses the Cursor model selected in the picker', () => {
    const c = new ModelChoice();
    assert.equal(c.choose('gpt-5', 'auto'), 'gpt-5');
  });
  it('uses the Switch Model choice after the user runs it, although the picker still shows its old model', () => {
    const c = new ModelChoice();
    assert.equal(c.choose('gpt-5', ''), 'gpt-5');
    c.settingChanged('claude-4.5-sonnet');
    assert.equal(c.choose('gpt-5', 'claude-4.5-sonnet'), 'claude-4.5-sonnet');
    assert.equal(c.choose('gpt-5', 'claude-4.5-sonnet'), 'claude-4.5-sonnet');
  });
  it('goes back to the picker when the user picks another model there', () => {
    const c = new ModelChoice();
    c.choose('gpt-5', '');
    c.settingChanged('claude-4.5-sonnet');
    assert.equal(c.choose('auto', 'claude-4.5-sonnet'), 'auto');
  });
  it('uses the CLI default when the user chose it in Switch Model, although the picker holds a Cursor model', () => {
    const c = new ModelChoice();
    c.choose('gpt-5', 'claude-4.5-sonnet');
    c.settingChanged('');
    assert.equal(c.choose('gpt-5', ''), undefined);
  });
  it('uses the setting, then the CLI default, when the picker holds no Cursor model', () => {
    const c = new ModelChoice();
    assert.equal(c.choose(undefined, 'gpt-5'), 'gpt-5');
    assert.equal(new ModelChoice().choose(undefined, ''), undefined);
  });
});
