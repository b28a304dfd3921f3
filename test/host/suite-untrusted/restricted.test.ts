import * as assert from 'assert';
import * as vscode from 'vscode';
import type { CursorAgentApi } from '../../../src/extension';
import { activateApi, chatRequest, cursorModel, env, fake, invocationsSince, isTurn, sleep, waitFor, workspacePath } from '../helpers';

/**
 * Restricted mode. Decision: the machine-scoped cursor-agent is the user's own
 * binary (never the workspace's), so probing it (`--version`, `status`,
 * `models`, from the home folder) is allowed and keeps the status bar and the
 * model picker truthful; a chat turn (`-p`) never runs in an untrusted folder.
 */
describe('untrusted folder (restricted mode)', () => {
  let api: CursorAgentApi;
  const PROBES = [['--version'], ['status', '--format', 'json'], ['models']];

  before(async function () {
    this.timeout(30_000);
    api = await activateApi();
    fake().setScenario({});
    await waitFor('the first status probe', () => api.readiness.state !== 'checking', 15_000);
  });

  it("the workspace's cursorAgent.path is ignored: the status bar shows the user's own cursor-agent as ready", () => {
    const configured = vscode.workspace.getConfiguration('cursorAgent').inspect<string>('path');
    assert.strictEqual(configured?.globalValue, env('CURSOR_AGENT_TEST_FAKE_BIN'));
    assert.strictEqual(api.readiness.state, 'ready', `readiness: ${JSON.stringify(api.readiness)}`);
    assert.strictEqual(api.readiness.state === 'ready' ? api.readiness.binary : undefined, env('CURSOR_AGENT_TEST_FAKE_BIN'));
    assert.match(api.statusBarText, /^\$\(check\) Cursor/);
  });

  it('a language model request is refused with a "no permissions" error and runs no cursor-agent turn', async function () {
    this.timeout(30_000);
    const model = await cursorModel('auto');
    const before = fake().invocations().length;
    let error: unknown;
    try {
      const response = await model.sendRequest(
        [vscode.LanguageModelChatMessage.User('Read my files. untrusted-lm')],
        {},
        new vscode.CancellationTokenSource().token,
      );
      for await (const t of response.text) assert.fail(`text arrived in an untrusted folder: ${t}`);
    } catch (err) {
      error = err;
    }
    assert.ok(error instanceof vscode.LanguageModelError, `expected a LanguageModelError, got ${String(error)}`);
    assert.strictEqual(error.code, vscode.LanguageModelError.NoPermissions.name);
    assert.match(error.message, /not trusted/i);
    await sleep(500);
    assert.deepStrictEqual(invocationsSince(before).filter(isTurn), []);
  });

  it('@cursor explains that the folder must be trusted first, and runs no cursor-agent turn', async function () {
    this.timeout(30_000);
    const before = fake().invocations().length;
    const result = await chatRequest('@cursor Summarize this folder. untrusted-chat');
    assert.ok(result, 'the chat request returned no result');
    assert.match(result.errorDetails?.message ?? '', /not trusted/i, `errorDetails: ${JSON.stringify(result.errorDetails)}`);
    assert.strictEqual(result.metadata?.errorKind, 'untrustedWorkspace');
    await sleep(500);
    assert.deepStrictEqual(invocationsSince(before).filter(isTurn), []);
  });

  it('only the status probes ever ran, from outside the untrusted folder', () => {
    const all = fake().invocations();
    assert.ok(all.length > 0, 'the status probe never ran');
    for (const inv of all) {
      assert.ok(
        PROBES.some((p) => JSON.stringify(p) === JSON.stringify(inv.argv)),
        `unexpected cursor-agent invocation in restricted mode: ${JSON.stringify(inv.argv)}`,
      );
      assert.notStrictEqual(inv.cwd, workspacePath(), `${inv.argv.join(' ')} ran inside the untrusted folder`);
    }
  });
});
