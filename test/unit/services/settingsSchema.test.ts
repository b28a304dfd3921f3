import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DEFAULT_SETTINGS, effectiveValue, readSettings, USER_ONLY_SETTINGS } from '../../../src/services/settingsSchema';

describe('settings validation', () => {
  it('uses defaults for missing values and falls back with a warning for invalid ones', () => {
    const raw: Record<string, unknown> = { mode: 'yolo', firstOutputTimeoutSeconds: -3, model: 'gpt-5', inactivityTimeoutSeconds: 'soon', path: '  /opt/cursor-agent  ' };
    const { settings, problems } = readSettings((k) => raw[k]);
    assert.equal(settings.mode, 'plan');
    assert.equal(settings.firstOutputTimeoutSeconds, DEFAULT_SETTINGS.firstOutputTimeoutSeconds);
    assert.equal(settings.inactivityTimeoutSeconds, DEFAULT_SETTINGS.inactivityTimeoutSeconds);
    assert.equal(settings.model, 'gpt-5');
    assert.equal(settings.path, '/opt/cursor-agent');
    assert.equal(problems.length, 3);
    assert.match(problems.join('\n'), /cursorAgent\.mode: "yolo" is not valid/);
  });

  it('refuses a model id that could smuggle a flag', () => {
    for (const bad of ['gpt-5 --force', '-f', '--force', '-gpt-5']) {
      const { settings, problems } = readSettings((k) => (k === 'model' ? bad : undefined));
      assert.equal(settings.model, '', bad);
      assert.equal(problems.length, 1, bad);
    }
    assert.equal(readSettings((k) => (k === 'model' ? 'gpt-5' : undefined)).settings.model, 'gpt-5');
  });

  it('takes the model, model-list cache time and binary only from the user, never from workspace settings (the manifest agrees)', () => {
    const layers = { defaultValue: 60, globalValue: undefined, workspaceValue: 0, workspaceFolderValue: 0 };
    assert.equal(effectiveValue('modelListCacheMinutes', layers), 60, 'a workspace set the cache time to 0');
    assert.equal(effectiveValue('modelListCacheMinutes', { ...layers, globalValue: 5 }), 5);
    assert.equal(effectiveValue('model', { defaultValue: '', workspaceValue: 'workspace-model' }), '');
    assert.equal(effectiveValue('path', { defaultValue: '', workspaceValue: '/ws/evil' }), '');
    assert.equal(effectiveValue('showThinking', { defaultValue: true, workspaceValue: false }), false, 'other settings may be per workspace');
    type Manifest = { contributes: { configuration: { properties: Record<string, { scope?: string }> } } };
    const props = (JSON.parse(fs.readFileSync(path.join(__dirname, '../../../../package.json'), 'utf8')) as Manifest).contributes.configuration.properties;
    for (const key of USER_ONLY_SETTINGS) {
      assert.ok(['machine', 'application'].includes(props[`cursorAgent.${key}`].scope ?? ''), `cursorAgent.${key} is ${props[`cursorAgent.${key}`].scope ?? 'window'}-scoped`);
    }
  });
});
