import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  DEFAULT_SETTINGS,
  effectiveValue,
  readSettings,
  SETTINGS,
  USER_ONLY_SETTINGS,
  type Settings,
  type SettingSpec,
} from '../../../src/services/settingsSchema';

describe('settings validation', () => {
  it('uses defaults for missing values and falls back with a warning for invalid ones', () => {
    const raw: Record<string, unknown> = {
      mode: 'yolo',
      firstOutputTimeoutSeconds: -3,
      model: 'gpt-5',
      inactivityTimeoutSeconds: 'soon',
      path: '  /opt/cursor-agent  ',
    };
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
    const props = (JSON.parse(fs.readFileSync(path.join(__dirname, '../../../../package.json'), 'utf8')) as Manifest).contributes.configuration
      .properties;
    for (const key of USER_ONLY_SETTINGS) {
      assert.ok(
        ['machine', 'application'].includes(props[`cursorAgent.${key}`]!.scope ?? ''),
        `cursorAgent.${key} is ${props[`cursorAgent.${key}`]!.scope ?? 'window'}-scoped`,
      );
    }
  });
});

describe('settings declared once: package.json agrees with the SETTINGS table', () => {
  type Property = {
    type?: string;
    default?: unknown;
    minimum?: number;
    maximum?: number;
    enum?: string[];
    scope?: string;
    pattern?: string;
    items?: { type?: string };
  };
  const manifest = JSON.parse(fs.readFileSync(path.join(__dirname, '../../../../package.json'), 'utf8')) as {
    contributes: { configuration: { properties: Record<string, Property> } };
  };
  const props = manifest.contributes.configuration.properties;
  /** The fields the table declares, as the manifest spells them (a missing `scope` is `window`). */
  const declared = (p: Property) => ({
    type: p.type,
    default: p.default,
    minimum: p.minimum,
    maximum: p.maximum,
    enum: p.enum,
    scope: p.scope ?? 'window',
    pattern: p.pattern,
  });

  it('declares the same settings (none only in the manifest, none only in the table)', () => {
    assert.deepEqual(
      Object.keys(props).sort(),
      Object.keys(SETTINGS)
        .map((k) => `cursorAgent.${k}`)
        .sort(),
    );
  });

  it('declares each field alike: type, default, minimum/maximum, enum, pattern, scope', () => {
    for (const [key, spec] of Object.entries(SETTINGS) as Array<[string, SettingSpec<unknown>]>) {
      const fromTable = {
        type: spec.type,
        default: spec.default,
        minimum: spec.minimum,
        maximum: spec.maximum,
        enum: spec.enum ? [...spec.enum] : undefined,
        scope: spec.scope,
        pattern: spec.pattern,
      };
      assert.deepEqual(declared(props[`cursorAgent.${key}`]!), fromTable, `cursorAgent.${key}`);
      if (spec.type === 'array') assert.equal(props[`cursorAgent.${key}`]!.items?.type, 'string', `cursorAgent.${key} items`);
    }
  });

  it('validates what it declares: defaults pass, values past a bound or outside the enum fall back', () => {
    for (const [key, spec] of Object.entries(SETTINGS) as Array<[keyof Settings, SettingSpec<unknown>]>) {
      assert.equal(spec.validate.safeParse(spec.default).success, true, `${key} default`);
      const bad = [
        ...(spec.minimum !== undefined ? [spec.minimum - 1] : []),
        ...(spec.maximum !== undefined ? [spec.maximum + 1] : []),
        ...(spec.type === 'integer' ? [(spec.minimum ?? 0) + 0.5] : []),
        ...(spec.enum ? ['not-one-of-them'] : []),
        ...(spec.type === 'boolean' ? ['true'] : spec.type === 'array' ? ['x'] : [{}]),
      ];
      for (const value of bad) {
        const { settings, problems } = readSettings((k) => (k === key ? value : undefined));
        assert.deepEqual([settings[key], problems.length], [spec.default, 1], `${key} = ${JSON.stringify(value)}`);
      }
    }
  });

  it('derives USER_ONLY_SETTINGS from the table scopes', () => {
    assert.deepEqual(
      [...USER_ONLY_SETTINGS].sort(),
      Object.keys(props)
        .filter((k) => ['machine', 'application'].includes(props[k]!.scope ?? ''))
        .map((k) => k.slice('cursorAgent.'.length))
        .sort(),
    );
    assert.deepEqual([...USER_ONLY_SETTINGS].sort(), [
      'acp.idleMinutes',
      'acp.maxProcesses',
      'acp.warmStart',
      'askServer',
      'backend',
      'editorTools',
      'model',
      'modelListCacheMinutes',
      'path',
      'pickerModels',
    ]);
  });
});
