import * as assert from 'assert';
import { hidesParticipantReferences, vscodeMinor } from '../../../src/services/chatUi/vscodeVersion';

describe('VS Code version differences', () => {
  it('reads the minor version VS Code reports (1.110.2 → 110; "1.139.0-insider" → 139)', () => {
    assert.strictEqual(vscodeMinor('1.110.2'), 110);
    assert.strictEqual(vscodeMinor('1.139.0-insider'), 139);
  });

  it('an unreadable version counts as a newer VS Code, so nothing extra is shown', () => {
    assert.strictEqual(vscodeMinor('2.0'), Number.POSITIVE_INFINITY);
    assert.strictEqual(hidesParticipantReferences('nonsense'), false);
  });

  it('lists the files read under the answer only where VS Code hides the references (before 1.116)', () => {
    assert.strictEqual(hidesParticipantReferences('1.110.0'), true);
    assert.strictEqual(hidesParticipantReferences('1.115.9'), true);
    assert.strictEqual(hidesParticipantReferences('1.116.0'), false);
    assert.strictEqual(hidesParticipantReferences('1.139.1'), false);
  });
});
