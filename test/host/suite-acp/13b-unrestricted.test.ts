// Read-only whatever the user's CLI config says: under `acp` the CLI ignores `--mode`/`--allowed-tools`, and with
// `approvalMode: "unrestricted"` in its cli-config.json it asks no permission. A turn that reports a web fetch, an
// edit, a delete and a shell command as completed stops as a policy breach at the edit; nothing after it is shown.
import * as assert from 'assert';
import { chatRequest } from '../requests';
import { renderedAnswer } from '../helpers';
import { acpReady, freshAgents, printTurnsSince, acpFake, wire } from './support';

const BREACH_FIX =
  'Review your workspace for changes (e.g. `git status`). Report this to Cursor; this extension only runs the agent in plan/ask mode.';

describe('read-only under an unrestricted CLI config (ACP)', function () {
  this.timeout(60_000);
  before(async function () {
    this.timeout(30_000);
    await acpReady();
  });

  it('an agent that asks no permission and edits, deletes and runs a command is stopped at the edit; nothing after it is shown', async () => {
    await freshAgents({
      approvalMode: 'unrestricted',
      turn: { kind: 'unrestricted', before: 'Let me look it up.', after: 'All done, I cleaned up.' },
    });
    const since = acpFake().invocations().length;
    const wireFrom = wire().length;
    const r = await chatRequest('Tidy this repo. unrestricted-1');
    assert.strictEqual(r.metadata?.errorKind, 'policyBreach', JSON.stringify(r));
    assert.match(
      r.errorDetails?.message ?? '',
      /^The Cursor agent changed something in a read-only turn \(Editing .*unrestricted\.txt\), so the turn was stopped\. /,
    );
    assert.ok(r.errorDetails?.message.endsWith(BREACH_FIX), r.errorDetails?.message);
    // The web fetch before the edit is no breach (it writes nothing here); the delete, the command and the text after the edit never show.
    assert.strictEqual(await renderedAnswer(), 'Let me look it up.');
    assert.strictEqual(r.metadata?.answerText, 'Let me look it up.');
    assert.strictEqual(printTurnsSince(since), 0, 'a policy breach must never be rerun in print mode');
    assert.ok(
      !wire()
        .slice(wireFrom)
        .some((l) => l.msg.method === 'session/request_permission'),
      'the unrestricted fake asked permission',
    );
  });
});
