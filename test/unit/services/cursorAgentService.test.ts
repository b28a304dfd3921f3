import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CliError } from '../../../src/cli/errors';
import type { TurnEvent } from '../../../src/turn/events';
import type { PlannedTurn } from '../../../src/services/engine/chatTurn';
import { FAKE_NARRATION } from '../../fixtures/fakeCli';
import { cancellationSource } from '../../support/cancellation';
import { printTurn } from '../../support/printTurn';
import { createStack, Stack } from '../../support/stack';
import { waitFor } from '../../support/waits';

async function failure(p: Promise<unknown>): Promise<CliError> {
  try {
    await p;
  } catch (err) {
    assert.ok(err instanceof CliError, `expected a CliError, got ${String(err)}`);
    return err;
  }
  assert.fail('expected the turn to fail');
}

describe('CursorAgentService against the fake cursor-agent (real processes)', function () {
  this.timeout(30_000);
  let s: Stack;
  afterEach(() => {
    const live = s.fake.livePids();
    s.dispose();
    assert.deepEqual(live, [], 'no process of the turn may outlive it');
  });

  function turn(extra: Partial<PlannedTurn> = {}) {
    const events: TurnEvent[] = [];
    const req: PlannedTurn = { workspace: s.workspace, mode: 'plan', prompt: 'What does app.ts export?', onEvent: (e) => events.push(e), ...extra };
    return { events, promise: printTurn(s, req) };
  }
  const textOf = (events: TurnEvent[]) => events.flatMap((e) => (e.type === 'text' ? [e.text] : [])).join('');

  it('streams the answer once, in read-only plan mode, with the prompt on stdin and never in argv', async () => {
    s = createStack();
    const { events, promise } = turn({ model: 'gpt-5' });
    const result = await promise;
    assert.equal(result.cancelled, false);
    assert.equal(textOf(events), FAKE_NARRATION + 'Demo answer from gpt-5: you asked "What does app.ts export?".');
    assert.equal(result.text, textOf(events));
    assert.ok(result.sessionId);
    const inv = s.fake.invocations().filter((i) => i.argv.includes('-p'));
    assert.equal(inv.length, 1);
    assert.deepEqual(inv[0]!.argv, [
      '-p',
      '--output-format',
      'stream-json',
      '--stream-partial-output',
      '--mode',
      'plan',
      '--trust',
      '--workspace',
      s.workspace,
      '--model',
      'gpt-5',
    ]);
    assert.equal(inv[0]!.stdin, 'What does app.ts export?');
    assert.equal(inv[0]!.cwd, s.workspace);
    assert.ok(events.some((e) => e.type === 'tool' && e.summary.startsWith('Reading')));
  });

  it("never hands the CLI other tools' secrets, NODE_OPTIONS or ELECTRON_RUN_AS_NODE", async () => {
    s = createStack(
      {},
      { OPENAI_API_KEY: 'sk-planted-secret', NODE_OPTIONS: '--require /evil.js', ELECTRON_RUN_AS_NODE: '1', GITHUB_TOKEN: 'ghp_planted' },
    );
    await turn().promise;
    const env = s.fake.invocations().find((i) => i.argv.includes('-p'))!.env;
    assert.equal(env.OPENAI_API_KEY, undefined);
    assert.equal(env.GITHUB_TOKEN, undefined);
    assert.equal(env.NODE_OPTIONS, undefined);
    assert.ok(!JSON.stringify(env).includes('planted'));
    assert.equal(env.PATH, process.env.PATH);
  });

  it('resumes the CLI chat on a later turn and sends only the new message', async () => {
    s = createStack();
    const first = await turn().promise;
    const { events, promise } = turn({ prompt: 'And what else?', resume: { sessionId: first.sessionId!, fallbackPrompt: 'FULL HISTORY' } });
    const second = await promise;
    assert.equal(second.resumed, true);
    assert.equal(second.sessionId, first.sessionId);
    const inv = s.fake.invocations().filter((i) => i.argv.includes('-p'));
    assert.deepEqual(inv[1]!.argv.slice(-2), ['--resume', first.sessionId]);
    assert.equal(inv[1]!.stdin, 'And what else?');
    assert.match(textOf(events), /\(resumed\)/);
  });

  it('falls back to a fresh chat with the history, and says so, when the CLI says the chat cannot be resumed', async () => {
    s = createStack();
    const notices: string[] = [];
    const result = await turn({
      prompt: 'new',
      resume: { sessionId: 'no-such-chat', fallbackPrompt: 'history + new' },
      onNotice: (m) => notices.push(m),
    }).promise;
    assert.equal(result.resumed, false);
    assert.equal(notices.length, 1);
    const inv = s.fake.invocations().filter((i) => i.argv.includes('-p'));
    assert.equal(inv.length, 2);
    assert.ok(!inv[1]!.argv.includes('--resume'));
    assert.equal(inv[1]!.stdin, 'history + new');
  });

  it('reruns the turn as a fresh chat with the history, and says so, when the CLI silently starts a new chat instead of resuming', async () => {
    s = createStack({ unknownResume: 'freshChat' });
    const notices: string[] = [];
    const { events, promise } = turn({
      prompt: 'new',
      resume: { sessionId: '5b0c7d4e-0000-4000-8000-000000000001', fallbackPrompt: 'history + new' },
      onNotice: (m) => notices.push(m),
    });
    const result = await promise;
    assert.equal(result.resumed, false);
    assert.deepEqual(notices, ['The earlier Cursor chat could not be resumed, so this answer starts a fresh chat with the conversation so far.']);
    const inv = s.fake.invocations().filter((i) => i.argv.includes('-p'));
    assert.equal(inv.length, 2);
    assert.ok(inv[0]!.argv.includes('--resume'));
    assert.ok(!inv[1]!.argv.includes('--resume'));
    assert.equal(inv[1]!.stdin, 'history + new');
    // The user sees one answer: the fresh chat's, to the whole conversation.
    assert.equal(textOf(events), FAKE_NARRATION + 'Demo answer from auto: you asked "history + new".');
    assert.equal(result.text, textOf(events));
    assert.notEqual(result.sessionId, '5b0c7d4e-0000-4000-8000-000000000001');
  });

  it('keeps result.result as the answer (for the history) when it disagrees with the text shown, and logs it', async () => {
    const assistant = (text: string) => ({ type: 'assistant', message: { role: 'assistant', content: [{ type: 'text', text }] } });
    s = createStack({
      turn: {
        kind: 'script',
        events: [assistant('What was shown.'), { type: 'result', subtype: 'success', is_error: false, result: 'What the CLI says it answered.' }],
      },
    });
    const { events, promise } = turn();
    const r = await promise;
    assert.equal(textOf(events), 'What was shown.');
    assert.equal(r.text, 'What the CLI says it answered.');
    assert.ok(
      s.logger.lines.some((l) => l.includes('the streamed text and the final result differ')),
      s.logger.lines.join('\n'),
    );
  });

  it('tells the user which models exist when the model is unknown', async () => {
    s = createStack();
    const e = await failure(turn({ model: 'no-such-model' }).promise);
    assert.equal(e.kind, 'unknownModel');
    assert.match(e.message, /no-such-model/);
    assert.match(e.message, /claude-4\.5-sonnet/);
    assert.deepEqual(e.actions, ['switchModel']);
  });

  const stderrCases: Array<[string, string]> = [
    ["Error: Authentication required. Please run 'agent login' first, or set CURSOR_API_KEY environment variable.", 'loggedOut'],
    ['Error: Your macOS login keychain is locked.\nRun security unlock-keychain and try again.', 'keychainLocked'],
    ['The provided API key is invalid.', 'invalidApiKey'],
    ["Error: You've hit your usage limit for this billing period.", 'usageLimit'],
    ['Connection lost, reconnecting to https://api2.cursor.sh (attempt 3)...\nRetriableError: [unavailable] upstream', 'network'],
    ['Error: Session ID "0f6c7a7e-1111-2222-3333-444455556666" is already in use.', 'sessionInUse'],
    ['Error: 429 Too Many Requests', 'rateLimit'],
  ];
  for (const [stderr, kind] of stderrCases) {
    it(`reports "${stderr.split('\n')[0]!.slice(0, 50)}…" as ${kind}`, async () => {
      s = createStack({ turn: { kind: 'stderrExit', stderr } });
      const e = await failure(turn().promise);
      assert.equal(e.kind, kind);
      assert.ok(e.stderrTail.includes(stderr.split('\n')[0]!));
    });
  }

  it('runs nothing in an untrusted folder', async () => {
    s = createStack();
    s.trusted = false;
    const folderAsked: string[] = [];
    const r = await s.flow.run({
      folder: () => (folderAsked.push('asked'), s.workspace),
      conversation: () => ({ mode: 'plan', history: [], message: 'What does app.ts export?', references: [] }),
      onEvent: () => undefined,
    });
    assert.deepEqual(r, { status: 'refused', reason: 'untrustedWorkspace' });
    assert.deepEqual(folderAsked, []);
    assert.equal(s.fake.invocations().length, 0);
  });

  it('refuses an oversized prompt before starting the CLI', async () => {
    s = createStack();
    const e = await failure(turn({ prompt: 'x'.repeat(500_000) }).promise);
    assert.equal(e.kind, 'promptTooLarge');
    assert.equal(s.fake.invocations().filter((i) => i.argv.includes('-p')).length, 0);
  });

  it('says the CLI is not installed when the binary is missing', async () => {
    s = createStack();
    s.configuredPath = '/nonexistent/cursor-agent';
    s.binary.invalidate();
    const e = await failure(turn().promise);
    assert.equal(e.kind, 'notInstalled');
    assert.ok(e.actions.includes('selectBinary'));
  });

  it('gives up with a timeout when the CLI prints nothing, and leaves no process behind', async () => {
    s = createStack({ turn: { kind: 'noFirstLine' } });
    s.settings = { ...s.settings, firstOutputTimeoutMs: 400 };
    const e = await failure(turn().promise);
    assert.equal(e.kind, 'timeout');
    assert.match(e.message, /printed nothing/);
  });

  it('keeps the partial answer and reports a stall mid-stream as a timeout', async () => {
    s = createStack({ turn: { kind: 'silenceMidStream', afterEvents: 6 } });
    s.settings = { ...s.settings, inactivityTimeoutMs: 500 };
    const { promise } = turn();
    const e = await failure(promise);
    assert.equal(e.kind, 'timeout');
    assert.match(e.message, /stopped responding/);
  });

  it('stops a read-only turn whose agent wrote a file, and says so', async () => {
    s = createStack({ turn: { kind: 'writeToolSuccess', tool: 'write' } });
    const e = await failure(turn().promise);
    assert.equal(e.kind, 'policyBreach');
    assert.match(e.message, /read-only/);
  });

  it('ends the turn at the result even when the CLI never exits', async () => {
    s = createStack({ turn: { kind: 'resultThenHang' } });
    // Deadlines far beyond this test's own timeout: only ending at `result` can pass it.
    s.settings = { ...s.settings, firstOutputTimeoutMs: 600_000, inactivityTimeoutMs: 600_000 };
    const { events, promise } = turn();
    const r = await promise;
    assert.equal(r.cancelled, false);
    assert.match(textOf(events), /Demo answer/);
  });

  it('reports an answer cut short when the CLI exits without a result', async () => {
    s = createStack({ turn: { kind: 'noResult' } });
    const { events, promise } = turn();
    const e = await failure(promise);
    assert.equal(e.kind, 'malformedStream');
    assert.match(textOf(events), /Demo answer/);
  });

  it("reports a crash mid-stream with the CLI's own words", async () => {
    s = createStack({ turn: { kind: 'crashMidStream', afterEvents: 5, stderr: 'Error: something exploded' } });
    const e = await failure(turn().promise);
    assert.equal(e.kind, 'unknown');
    assert.match(e.message, /something exploded/);
  });

  it('stops at once on cancellation, keeps what was shown, and kills the process tree', async () => {
    s = createStack({ turn: { kind: 'slowStream', intervalMs: 50, durationMs: 5000 } });
    const c = cancellationSource();
    const { events, promise } = turn({ cancellation: c.token });
    assert.ok(await waitFor(() => events.some((e) => e.type === 'text'), 10_000), 'no text was shown');
    const t0 = Date.now();
    c.cancel();
    const r = await promise;
    assert.equal(r.cancelled, true);
    assert.ok(r.text.length > 0);
    assert.ok(Date.now() - t0 < 2000);
  });

  it('survives noise, unknown events and a huge line and still shows the whole answer', async () => {
    for (const t of [{ kind: 'binaryNoise' as const }, { kind: 'unknownEvents' as const }, { kind: 'hugeLine' as const, bytes: 5 * 1024 * 1024 }]) {
      s?.dispose();
      s = createStack({ turn: t });
      const { events, promise } = turn();
      await promise;
      assert.match(textOf(events), /^Demo answer from auto/, t.kind);
    }
  });

  it('reads login state from status --format json (logged in, logged out, and a locked keychain, which status reports as logged out)', async () => {
    s = createStack({ auth: 'loggedIn', email: 'me@example.com' });
    assert.deepEqual(await s.agent.status(), { state: 'loggedIn', email: 'me@example.com' });
    s.fake.setScenario({ auth: 'loggedOut' });
    assert.equal((await s.agent.status()).state, 'loggedOut');
    s.fake.setScenario({ auth: 'keychainLocked' });
    assert.equal((await s.agent.status()).state, 'loggedOut');
  });

  it('still reports a locked keychain when a turn fails with the keychain wording (status said logged out)', async () => {
    s = createStack({ auth: 'keychainLocked' });
    assert.equal((await s.agent.status()).state, 'loggedOut');
    const e = await failure(turn().promise);
    assert.equal(e.kind, 'keychainLocked');
    assert.deepEqual(e.actions, ['unlockKeychain', 'showLogs']);
  });

  it('runs the --version probe, status and models in the home folder, never in the workspace', async () => {
    const home = fs.mkdtempSync(path.join(fs.realpathSync(os.tmpdir()), 'home-'));
    try {
      s = createStack({}, {}, home);
      await s.agent.status();
      await s.agent.modelsText();
      const invs = s.fake.invocations();
      for (const cmd of ['--version', 'status', 'models'])
        assert.ok(
          invs.some((i) => i.argv.includes(cmd)),
          `${cmd} ran: ${JSON.stringify(invs.map((i) => i.argv))}`,
        );
      for (const inv of invs) assert.equal(inv.cwd, home, `${inv.argv.join(' ')} ran in ${inv.cwd}`);
    } finally {
      fs.rmSync(home, { recursive: true, force: true });
    }
  });

  it('reports a missing CLI from the status probe as not installed', async () => {
    s = createStack();
    s.configuredPath = '/nonexistent/cursor-agent';
    s.binary.invalidate();
    assert.equal((await s.agent.status()).state, 'notInstalled');
  });
});
