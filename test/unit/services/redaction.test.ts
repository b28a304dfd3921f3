/**
 * Issue 12, item 2: text from the CLI reaches the log, the chat (and its saved
 * history), /status, /models and the status bar tooltip only redacted.
 */
import * as assert from 'node:assert/strict';
import { CliError } from '../../../src/cli/errors';
import { AuthService } from '../../../src/services/readiness/authService';
import { CliAuthProbe } from '../../../src/services/engine/cliAuthProbe';
import { renderModelsMarkdown, renderStatusMarkdown } from '../../../src/services/readiness/reports';
import { statusBarView } from '../../../src/services/readiness/statusBarView';
import { createStack, Stack } from '../../support/stack';
import { printTurn } from '../../support/printTurn';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJQTEFOVEVEIn0.PLANTEDsignatureXYZ0123456789';
const HEX64 = 'feedface'.repeat(8);

describe('CLI error text is redacted wherever it is logged or shown', function () {
  this.timeout(30_000);
  let s: Stack;
  afterEach(() => s.dispose());

  it('a failing status probe: the info log line, the tooltip and /status carry no session cookie', async () => {
    s = createStack({
      statusOutput: { stderr: `Error: request rejected; Cookie: WorkosCursorSessionToken=user_01PLANTEDUSER%3A%3A${JWT}\n`, exitCode: 1 },
    });
    const auth = new AuthService(new CliAuthProbe(s.binary, s.agent), s.logger);
    const state = await auth.refresh();
    assert.equal(state.state, 'error');
    const shown = [statusBarView({ state }).tooltip, renderStatusMarkdown({ resolution: await s.binary.resolve(), state, remote: false })].join('\n');
    const logged = s.logger.lines.filter((l) => !l.startsWith('debug')).join('\n');
    assert.match(logged, /\[status\] error/);
    assert.match(shown, /Cookie/, "the CLI's message is still shown, redacted");
    for (const where of [logged, shown]) {
      assert.ok(!where.includes('PLANTED'), where);
      assert.ok(!where.includes('eyJhbGci'), where);
    }
  });

  it('a failing `models`: the warning, /models and the Switch Model placeholder carry no API key', async () => {
    s = createStack({ modelsOutput: { stderr: `Error: CURSOR_API_KEY is key_${HEX64} and was refused\n`, exitCode: 1 } });
    const catalog = s.runtime.catalog;
    const snap = await catalog.get();
    assert.ok(snap.lastError, 'the failure is reported');
    const warned = s.logger.lines.filter((l) => l.startsWith('warn')).join('\n');
    assert.match(warned, /could not list models/);
    for (const where of [warned, snap.lastError, renderModelsMarkdown(snap, undefined)]) {
      assert.ok(!where.includes(HEX64.slice(0, 16)), where);
    }
  });

  it('a turn whose error result quotes a token: the chat error message and the log show it redacted', async () => {
    const result = `Request failed: Authorization: bearer_${JWT} (aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/PLANTEDKEY)`;
    s = createStack({ turn: { kind: 'errorResult', result, stderr: 'npm_PLANTEDabcdefghijklmnopqrstuvwxyz0123' } });
    let err: unknown;
    await printTurn(s, { workspace: s.workspace, mode: 'plan', prompt: 'hi', onEvent: () => undefined }).catch((e: unknown) => (err = e));
    assert.ok(err instanceof CliError);
    assert.match(err.userMessage, /Request failed/);
    for (const where of [err.userMessage, err.message, err.stderrTail, s.logger.text]) {
      assert.ok(!where.includes('PLANTED'), where);
      assert.ok(!where.includes('eyJhbGci'), where);
    }
  });
});
