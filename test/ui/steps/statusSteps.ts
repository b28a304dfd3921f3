// Two steps of test/ui/run.ts: what the status bar item shows (its text, tooltip and menu) when the CLI logs out,
// and when cursor-agent is no longer on PATH, in the real workbench.

import * as fs from 'fs';
import * as path from 'path';
import type { FakeCli, FakeScenario } from '../../fixtures/fakeCli';
import { SEL, type UiFlow } from './flow';

/** `root` is the workbench's temporary folder (its home holds the fake on PATH). */
export async function statusSteps(flow: UiFlow, fake: FakeCli, scenario: FakeScenario, name: (s: string) => string, root: string): Promise<void> {
  const page = flow.page;
  await flow.step(
    'the status bar shows a sign-in item after the CLI logs out, and its menu offers Log In',
    async () => {
      fake.setScenario({ ...scenario, auth: 'loggedOut' });
      await flow.runCommand('Cursor: Refresh Status');
      const item = page.locator(SEL.statusItem);
      await item.locator('.codicon-sign-in').waitFor({ state: 'visible', timeout: 15_000 });
      await flow.expectStatusItem({ text: 'Cursor', tooltip: ['not logged in', 'Log In', 'Show Logs'], menu: ['Log In', 'Refresh Status'] });
      await flow.shot(name('status-bar-logged-out'));
      fake.setScenario(scenario);
    },
    60_000,
  );

  // 11. Not installed: the binary disappears from PATH.
  await flow.step(
    'the status bar warns when cursor-agent is no longer on PATH, and its menu offers Select Binary…',
    async () => {
      const onPath = path.join(root, 'home', '.local', 'bin', 'cursor-agent');
      const aside = `${onPath}.moved`;
      fs.renameSync(onPath, aside);
      try {
        await flow.runCommand('Cursor: Refresh Status');
        await page.locator(SEL.statusItem).locator('.codicon-warning').waitFor({ state: 'visible', timeout: 15_000 });
        await flow.expectStatusItem({
          text: 'Cursor',
          tooltip: ['Install the CLI', 'cursorAgent.path', 'Select Binary'],
          menu: ['Select Binary', 'Refresh Status'],
        });
        await flow.shot(name('status-bar-not-installed'));
      } finally {
        fs.renameSync(aside, onPath);
      }
      await flow.runCommand('Cursor: Refresh Status');
      await flow.waitForReadyStatus(15_000);
    },
    60_000,
  );
}
