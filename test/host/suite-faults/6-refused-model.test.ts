// A model the CLI refuses, on an account the size of a real one (about 200 models): the
// CLI's one stderr line (`Cannot use this model: <id>. Available models: <every id>`) is
// several KB, longer than the end of stderr the error classifier reads. The user must still
// be told which model is not available and to pick another, through both surfaces.
import * as assert from 'assert';
import * as vscode from 'vscode';
import { bigModelListing } from '../../support/models';
import { chatRequest, fake, lmRequest, logMark, setScenario, turnsSince, waitForLog } from '../requests';

const REFUSED = 'claude-4.5-sonnet';

function refusal(): string {
  const ids = bigModelListing()
    .map(([id]) => id)
    .filter((id) => id !== REFUSED);
  return `Cannot use this model: ${REFUSED}. Available models: ${ids.join(', ')}`;
}

/** What the user must read, from the requirement: the model named, that it is not offered, and where to pick another. */
function assertSaysModelRefused(message: string): void {
  assert.match(message, /^Cursor does not offer the model `claude-4\.5-sonnet` to this account\. Available: /, message);
  assert.match(message, /Pick another model with "Cursor: Switch Model" or in the model picker\./, message);
  assert.doesNotMatch(message, /The Cursor CLI failed|exit code/, message);
}

describe('a refused model on an account with ~200 models', function () {
  before(function () {
    assert.ok(refusal().length > 4096, 'the refusal is longer than the classifier reads from the end of stderr');
  });
  afterEach(() => setScenario({}));

  it('vscode.lm: the caller is told the model is not available (NotFound), naming it', async function () {
    this.timeout(30_000);
    setScenario({ turn: { kind: 'stderrExit', stderr: refusal() } });
    const before = fake().invocations().length;
    const o = await lmRequest('Which model answers this? refused-lm');
    assert.strictEqual(turnsSince(before).length, 1, 'one turn ran');
    assert.ok(o.error instanceof vscode.LanguageModelError, `expected a LanguageModelError, got ${String(o.error)} / ${o.text}`);
    assert.strictEqual(o.error.code, 'NotFound', o.error.message);
    assertSaysModelRefused(o.error.message);
  });

  it('@cursor: the chat says the model is not available and offers Switch Model', async function () {
    this.timeout(30_000);
    setScenario({ turn: { kind: 'stderrExit', stderr: refusal() } });
    const from = logMark();
    const r = await chatRequest('Which model answers this? refused-chat');
    assert.strictEqual(r.metadata?.errorKind, 'unknownModel', JSON.stringify(r));
    assertSaysModelRefused(r.errorDetails?.message ?? '');
    await waitForLog('[participant] turn failed: unknownModel', from);
  });
});
