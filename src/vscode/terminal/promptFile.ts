/**
 * A hand-off's prompt, carried as services/plans/terminalPrompt.ts decides: as the CLI's argument, or written to a
 * prompt file in the extension's storage (the CLI is told to read it; the file is removed when its terminal closes,
 * and files a day old are removed with the next one), or refused.
 */
import { randomBytes } from 'crypto';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as vscode from 'vscode';
import type { Logger } from '../../cli/logger';
import type { LaunchPlan } from '../../cli/process';
import type { CursorAgentService } from '../../services/engine/cursorAgentService';
import { planPromptLaunch } from '../../services/plans/terminalPrompt';

const PROMPT_FILE = /^plan-[\w-]+\.md$/;
const DAY_MS = 24 * 60 * 60 * 1000;

export type PromptHandOff = { plan: LaunchPlan; opened?(terminal: vscode.Terminal): void } | { refused: string };

/**
 * How to start the CLI with `prompt`.
 * @throws what the launcher throws when the CLI cannot be started at all.
 */
export async function promptLaunch(
  deps: { agent: Pick<CursorAgentService, 'launcher' | 'resolveLaunch'>; logger: Logger; promptFolder?: string },
  prompt: string,
): Promise<PromptHandOff> {
  const folder = deps.promptFolder ?? path.join(os.tmpdir(), 'cursor-agent-vscode');
  const file = path.join(folder, `plan-${Date.now()}-${randomBytes(4).toString('hex')}.md`);
  const decided = await planPromptLaunch(prompt, file, {
    platform: deps.agent.launcher.platform,
    resolveLaunch: (args) => deps.agent.resolveLaunch(args),
  });
  switch (decided.how) {
    case 'argument':
      return { plan: decided.plan };
    case 'refused':
      deps.logger.warn(`[plan] the plan cannot be handed to the terminal: not as an argument (${decided.why}), nor in a file (${decided.reason})`);
      return { refused: decided.reason };
    case 'file':
      await fs.promises.mkdir(folder, { recursive: true });
      await removeOld(folder);
      await fs.promises.writeFile(file, decided.text, { encoding: 'utf8', mode: 0o600 });
      deps.logger.info(`[plan] the plan goes to the terminal in a prompt file (${decided.file}): as an argument ${decided.why}`);
      return { plan: decided.plan, opened: (terminal) => removeWhenClosed(terminal, file) };
  }
}

function removeWhenClosed(terminal: vscode.Terminal, file: string): void {
  const listener = vscode.window.onDidCloseTerminal((closed) => {
    if (closed !== terminal) return;
    listener.dispose();
    void fs.promises.rm(file, { force: true });
  });
}

async function removeOld(folder: string): Promise<void> {
  const now = Date.now();
  for (const name of await fs.promises.readdir(folder).catch(() => [])) {
    if (!PROMPT_FILE.test(name)) continue;
    const f = path.join(folder, name);
    const stat = await fs.promises.stat(f).catch(() => undefined);
    if (stat && now - stat.mtimeMs > DAY_MS) await fs.promises.rm(f, { force: true });
  }
}
