// Read-only whatever the user's CLI config says, in print mode: a turn that reports a web fetch, an edit, a delete and
// a shell command as completed (as `approvalMode: "unrestricted"` or `--force` would let it) stops as a policy breach
// at the edit; the fetch before it is no breach, and nothing after the edit is shown.
import * as assert from 'assert';
import { renderedAnswer } from '../helpers';
import { chatRequest, cursorModel, logMark, setScenario, waitForLog } from '../requests';

const BREACH_FIX =
  'Review your workspace for changes (e.g. `git status`). Report this to Cursor; this extension only runs the agent in plan/ask mode.';

describe('read-only under an unrestricted CLI config (print mode)', function () {
  this.timeout(60_000);
  before(async function () {
    this.timeout(30_000);
    setScenario({});
    await cursorModel('auto', 25_000);
  });
  afterEach(() => setScenario({}));

  it('an agent that edits, deletes and runs a command is stopped at the edit; nothing after it is shown', async () => {
    setScenario({ turn: { kind: 'unrestricted', before: 'Let me look it up.', after: 'All done, I cleaned up.' } });
    const from = logMark();
    const r = await chatRequest('Tidy this repo. unrestricted-print');
    assert.strictEqual(r.metadata?.errorKind, 'policyBreach', JSON.stringify(r));
    assert.match(
      r.errorDetails?.message ?? '',
      /^The Cursor agent changed something in a read-only turn \(Editing .*unrestricted\.txt\), so the turn was stopped\. /,
    );
    assert.ok(r.errorDetails?.message.endsWith(BREACH_FIX), r.errorDetails?.message);
    assert.strictEqual(await renderedAnswer(), 'Let me look it up.');
    await waitForLog('[participant] turn failed: policyBreach', from);
  });
});
