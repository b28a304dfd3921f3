// The setup of the host-exit check, the suite's last test (files run in name order): warm ACP processes that
// misbehave, whose pids and this extension host's pid are written to host-exit.json for the harness, which then
// SIGKILLs this host and checks that no process of the fake is left 5 s later (test/host/launch/hostExit.ts).
// (Its own suite once; it runs here to save a workbench start per VS Code version.)
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { env, waitFor } from '../helpers';
import { lmRequest } from '../requests';
import { acpFake, acpReady, fakePids, freshAgents, setUserSetting } from './support';
import { HOST_EXIT_FILE } from '../launch/hostExit';

describe('warm ACP processes when the extension host goes', function () {
  this.timeout(60_000);
  before(async function () {
    this.timeout(40_000);
    await acpReady();
  });

  it('an agent that ignores SIGTERM, with a child in its group and a setsid escapee, answers, and is left warm for the harness to kill the host', async () => {
    // On ACP whatever an earlier test of the suite left `auto` with (a fallback keeps a window on print mode); the
    // host is killed after this test, so the setting stays.
    await setUserSetting('backend', 'acp');
    await freshAgents({ ignoreSigterm: true, children: ['group', 'escaped'], turn: { kind: 'answer', text: 'Warm answer.' } });
    const o = await lmRequest('Hello. host-exit');
    assert.ok(!(o.error instanceof vscode.LanguageModelError), String(o.error));
    assert.strictEqual(o.text, 'Warm answer.');
    // The agent that answered, its group child and its escapee (the escapee starts a moment later).
    const roles = () =>
      acpFake()
        .pids()
        .filter((p) => fakePids().includes(p.pid));
    await waitFor(
      'the agent and both its children to run',
      () => roles().filter((p) => p.role === 'grandchild').length >= 2 && roles().some((p) => p.role === 'fake'),
      10_000,
    );
    const pids = fakePids();
    fs.writeFileSync(path.join(env('CURSOR_AGENT_TEST_OUTPUT'), HOST_EXIT_FILE), JSON.stringify({ hostPid: process.pid, pids }));
  });
});
