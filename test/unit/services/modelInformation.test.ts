import * as assert from 'node:assert/strict';
import { estimateTokens, familyOf, modelInformation } from '../../../src/services/models/modelInformation';

describe('what the user reads: model info, /models, /status, status bar', () => {
  it('describes models to VS Code with the context size from the label and honest defaults', () => {
    const info = modelInformation({ id: 'claude-4.5-sonnet', label: 'Sonnet 4.5 1M', contextTokens: 1_000_000, isDefault: false, isCurrent: false });
    assert.equal(info.maxInputTokens, 1_000_000);
    assert.equal(info.family, 'claude');
    assert.equal(modelInformation({ id: 'auto', label: 'Auto', isDefault: true, isCurrent: false }).maxInputTokens, 128_000);
    assert.equal(familyOf('gpt-5.1-codex'), 'gpt');
    assert.equal(estimateTokens('abcdefgh'), 2);
  });
});
