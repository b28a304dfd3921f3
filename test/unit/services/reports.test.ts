import * as assert from 'node:assert/strict';
import { renderModelsMarkdown, renderStatusMarkdown } from '../../../src/services/readiness/reports';

describe('what the user reads: model info, /models, /status, status bar', () => {
  it('lists models with the current one marked', () => {
    const models = [
      { id: 'auto', label: 'Auto', isDefault: true, isCurrent: false },
      { id: 'gpt-5', label: 'GPT | 5', isDefault: false, isCurrent: false },
    ];
    const md = renderModelsMarkdown({ models, fetchedAt: 1, backend: 'print' }, 'gpt-5');
    assert.match(md, /\| `gpt-5` \| GPT \\\| 5 \| {2}\| \*\*current\*\* \|/);
    assert.match(
      renderModelsMarkdown({ models: [], fetchedAt: 0, backend: 'print', lastError: 'boom' }, undefined),
      /Could not list Cursor models: boom/,
    );
  });

  it('reports binary, version, login and model in /status', () => {
    const md = renderStatusMarkdown({
      resolution: {
        ...{
          found: true,
          path: '/bin/cursor-agent',
          version: '2026.10.01-e373342',
          source: 'path:cursor-agent',
          argsPrefix: [],
          configuredPathFailed: true,
        },
        rejected: [{ candidate: '/bad', source: 'setting', reason: 'ENOENT' }],
      },
      state: { state: 'ready', binary: '/bin/cursor-agent', version: '2026.10.01-e373342', email: 'me@example.com' },
      model: { id: 'gpt-5', source: 'setting' },
      remote: true,
    });
    assert.match(md, /Binary: `\/bin\/cursor-agent`/);
    assert.match(md, /skipped `\/bad`: ENOENT/);
    assert.match(md, /logged in as me@example.com/);
    assert.match(md, /`gpt-5`/);
    assert.match(md, /remote window/);
  });
});
