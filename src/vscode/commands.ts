/** The palette commands (category "Cursor"). */
import * as vscode from 'vscode';
import { cleanTerminalLaunch } from '../cli/env';
import { CliError } from '../cli/errors';
import { terminalShell } from '../cli/windowsLaunch';
import type { Logger } from '../cli/logger';
import type { LaunchPlan } from '../cli/process';
import type { CursorAgentService } from '../services/engine/cursorAgentService';
import type { AuthService } from '../services/readiness/authService';
import { READINESS_COMMANDS, statusMenuEntries } from '../services/readiness/readinessTable';
import type { BinaryService } from '../services/readiness/binaryService';
import type { ModelCatalog } from '../services/models/modelCatalog';
import { modelInformation } from '../services/models/modelInformation';
import { groupByFamily, ModelFamily, shortlist, variantOf } from '../services/models/modelShortlist';
import { modelNote } from '../services/models/modelAvailability';
import type { Settings } from '../services/settingsSchema';
import type { CursorStatusBar } from './statusBar';

export interface CommandDeps {
  agent: CursorAgentService;
  auth: AuthService;
  binary: BinaryService;
  catalog: ModelCatalog;
  settings: () => Settings;
  logger: Logger;
  output: vscode.LogOutputChannel;
  statusBar: () => CursorStatusBar | undefined;
  /** The OS the CLI runs on: on macOS a logged-out state may be a locked keychain. */
  platform: string;
  terminalListeners: Set<vscode.Disposable>; // listeners for open login terminals, disposed with the extension
  reportIssue: () => Promise<unknown>; // Cursor: Report Issue… (vscode/reportIssue.ts)
}

type TerminalLaunch = Pick<vscode.TerminalOptions, 'cwd' | 'env' | 'strictEnv' | 'shellPath' | 'shellArgs'>;

/**
 * Where the Log In / Log Out / Unlock Keychain terminals run: the home folder (never the workspace, trusted or not),
 * with the same allowlisted environment as turns and nothing else (`strictEnv`: no extension host variables such as
 * `NODE_OPTIONS`, no `terminal.integrated.env.*` from workspace settings).
 */
export function terminalLaunch(deps: { agent: Pick<CursorAgentService, 'launcher'> }, plan: LaunchPlan): TerminalLaunch {
  const { launcher } = deps.agent;
  const platform = launcher.platform;
  const env = launcher.terminalEnv();
  // Windows: a cmd.exe plan goes as one command-line string, so it arrives once-quoted (strictEnv holds there).
  // POSIX: /bin/sh drops whatever a remote window added to the environment, then starts the command.
  const shell = platform === 'win32' ? terminalShell(plan, platform) : cleanTerminalLaunch(plan.command, plan.args, env, platform);
  return { cwd: launcher.homeFolder(), env, strictEnv: true, ...shell };
}

export function registerCommands(deps: CommandDeps): vscode.Disposable[] {
  const reg = (id: string, fn: (...args: unknown[]) => unknown) => vscode.commands.registerCommand(id, fn);
  return [
    new vscode.Disposable(() => {
      for (const l of deps.terminalListeners) l.dispose();
      deps.terminalListeners.clear();
    }),
    reg('cursorAgent.switchModel', () => switchModel(deps)),
    reg('cursorAgent.manageModels', () => manageModels(deps)),
    reg('cursorAgent.login', () => runInTerminal(deps, 'login')),
    reg('cursorAgent.logout', () => runInTerminal(deps, 'logout')),
    reg('cursorAgent.unlockKeychain', () => unlockKeychain(deps)),
    reg('cursorAgent.refreshStatus', async () => {
      deps.binary.invalidate();
      deps.catalog.invalidate();
      return deps.auth.refresh({ force: true });
    }),
    reg('cursorAgent.selectBinary', () => selectBinary(deps)),
    reg('cursorAgent.showLogs', () => deps.output.show(true)),
    reg('cursorAgent.showStatusMenu', () => statusMenu(deps)),
    reg('cursorAgent.reportIssue', () => deps.reportIssue()),
  ];
}

type ModelItem = vscode.QuickPickItem & { id?: string; family?: ModelFamily };

/**
 * Every model, one step away: the families (Auto and the CLI's default first), then the chosen
 * family's variants. The choice is saved in `cursorAgent.model`. Returns the chosen id.
 */
async function switchModel(deps: CommandDeps): Promise<string | undefined> {
  const current = deps.settings().model || undefined;
  const pick = vscode.window.createQuickPick<ModelItem>();
  pick.title = vscode.l10n.t('Cursor: Switch Model');
  pick.placeholder = vscode.l10n.t('Model for @cursor: the most recent choice, here or in the chat model picker, wins');
  pick.busy = true;
  pick.matchOnDescription = true;
  const check = (on: boolean) => (on ? new vscode.ThemeIcon('check') : undefined);
  const joined = (...parts: string[]) => parts.filter(Boolean).join(' · ');
  const familyItems = (): ModelItem[] => [
    { id: '', label: vscode.l10n.t("CLI's default"), description: current ? '' : vscode.l10n.t('current'), iconPath: check(!current) },
    ...groupByFamily(deps.catalog.peek().models).map((f): ModelItem => {
      const holds = f.models.some((m) => m.id === current);
      if (f.models.length === 1) {
        const m = f.models[0];
        return { id: m.id, label: m.label, description: joined(m.id, holds ? vscode.l10n.t('current') : ''), iconPath: check(holds) };
      }
      const variant = holds ? f.models.find((m) => m.id === current)?.id : undefined;
      const description = joined(vscode.l10n.t('{0} variants', f.models.length), variant ? vscode.l10n.t('current: {0}', variant) : '');
      return { family: f, label: f.name, description, iconPath: check(holds) };
    }),
  ];
  const variantItems = (f: ModelFamily): ModelItem[] =>
    f.models.map((m) => ({
      id: m.id,
      label: variantOf(m).variant || m.label,
      description: joined(m.id, m.id === f.primary.id ? vscode.l10n.t('most common') : '', m.id === current ? vscode.l10n.t('current') : ''),
      iconPath: check(m.id === current),
    }));
  let family: ModelFamily | undefined;
  const showFamilies = (clearFilter: boolean) => {
    family = undefined;
    pick.title = vscode.l10n.t('Cursor: Switch Model');
    pick.buttons = [];
    if (clearFilter) pick.value = '';
    pick.items = familyItems();
    const active = pick.items.find((i) => (i.id !== undefined && i.id === (current ?? '')) || i.family?.models.some((m) => m.id === current));
    if (active) pick.activeItems = [active];
  };
  showFamilies(true);
  pick.show();
  void deps.catalog.get().then((snap) => {
    pick.busy = false;
    if (!family) showFamilies(false); // keep what the user typed meanwhile
    const note = modelNote(snap, current);
    if (snap.models.length === 0) {
      pick.placeholder = snap.lastError
        ? vscode.l10n.t('Could not list models: {0}', snap.lastError)
        : vscode.l10n.t('No models available: check "Cursor: Refresh Status"');
    } else if (note) pick.placeholder = vscode.l10n.t('The current model {0} is {1}: pick another', current ?? '', note);
  });
  const chosen = await new Promise<ModelItem | undefined>((resolve) => {
    pick.onDidTriggerButton((b) => b === vscode.QuickInputButtons.Back && showFamilies(true));
    pick.onDidAccept(() => {
      const item = pick.selectedItems[0];
      if (item?.family) {
        family = item.family;
        pick.title = vscode.l10n.t('Cursor: Switch Model: {0}', item.family.name);
        pick.buttons = [vscode.QuickInputButtons.Back];
        pick.value = '';
        pick.items = variantItems(item.family);
        const active = pick.items.find((i) => i.id === current) ?? pick.items.find((i) => i.id === item.family?.primary.id);
        if (active) pick.activeItems = [active];
        return;
      }
      resolve(item);
    });
    pick.onDidHide(() => resolve(undefined));
  });
  pick.dispose();
  if (!chosen || chosen.id === undefined) return undefined;
  // A model outside the picker's short list joins it when chosen here: let the workbench re-read
  // our models (it does on the setting change) before asking its picker to select it.
  const settings = deps.settings();
  const selected = settings.model || undefined;
  const listed = !chosen.id || shortlist({ models: deps.catalog.peek().models, chosen: settings.pickerModels, selected }).has(chosen.id);
  const relisted = listed ? Promise.resolve() : modelsChanged(3_000);
  await vscode.workspace.getConfiguration('cursorAgent').update('model', chosen.id, vscode.ConfigurationTarget.Global);
  await relisted;
  deps.logger.info(`[model] switched to ${chosen.id || "the CLI's default"}`);
  if (chosen.id) {
    // Keep the chat's model picker in step, so it shows the model @cursor will use. This is a
    // workbench command, not API: when it is missing or refuses, the setting still decides.
    const known = deps.catalog.peek().models.find((m) => m.id === chosen.id);
    const info = modelInformation(known ?? { id: chosen.id, label: chosen.id, isDefault: false, isCurrent: false });
    const selector = { vendor: 'cursor', id: info.id, family: info.family };
    const unchanged = (err: unknown) => deps.logger.debug(`[model] could not update the chat model picker: ${String(err)}`);
    await Promise.resolve(vscode.commands.executeCommand('workbench.action.chat.changeModel', selector)).catch(unchanged);
  }
  return chosen.id;
}

/** Resolves when the workbench's list of chat models changes, or after `timeoutMs`. */
function modelsChanged(timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      sub.dispose();
      resolve();
    };
    const sub = vscode.lm.onDidChangeChatModels(done);
    const timer = setTimeout(done, timeoutMs);
  });
}

/**
 * Manage Models… (the model picker's management command): which Cursor models the picker shows, every model
 * listed by family. Saved in `cursorAgent.pickerModels`; choosing nothing goes back to the default short list. Returns the saved ids.
 */
async function manageModels(deps: CommandDeps): Promise<string[] | undefined> {
  const pick = vscode.window.createQuickPick<ModelItem>();
  pick.title = vscode.l10n.t('Cursor: Manage Models…');
  pick.placeholder = vscode.l10n.t('The Cursor models the picker shows in Local chats (none checked: the default short list)');
  pick.canSelectMany = true;
  pick.matchOnDescription = true;
  pick.busy = true;
  const fill = () => {
    const models = deps.catalog.peek().models;
    const settings = deps.settings();
    const shown = shortlist({ models, chosen: settings.pickerModels, selected: settings.model || undefined });
    const items: ModelItem[] = [];
    for (const f of groupByFamily(models)) {
      items.push({ label: f.name, kind: vscode.QuickPickItemKind.Separator });
      for (const m of f.models) items.push({ id: m.id, label: m.label, description: m.id });
    }
    pick.items = items;
    pick.selectedItems = items.filter((i) => i.id && shown.has(i.id));
  };
  fill();
  pick.show();
  void deps.catalog.get().then(() => {
    pick.busy = false;
    fill();
  });
  const accepted = await new Promise<boolean>((resolve) => {
    pick.onDidAccept(() => resolve(true));
    pick.onDidHide(() => resolve(false));
  });
  const ids = pick.selectedItems.map((i) => i.id).filter((id): id is string => !!id);
  pick.dispose();
  if (!accepted) return undefined;
  await vscode.workspace.getConfiguration('cursorAgent').update('pickerModels', ids, vscode.ConfigurationTarget.Global);
  deps.logger.info(`[model] the model picker shows ${ids.length ? `${ids.length} chosen models` : 'the default short list'}`);
  return ids;
}

async function runInTerminal(deps: CommandDeps, sub: 'login' | 'logout'): Promise<void> {
  let plan;
  try {
    plan = await deps.agent.resolveLaunch([sub]);
  } catch (err) {
    const message = err instanceof CliError ? err.userMessage : String(err);
    const select = vscode.l10n.t('Select Binary…');
    const logs = vscode.l10n.t('Show Logs');
    const choice = await vscode.window.showErrorMessage(vscode.l10n.t('Cannot run cursor-agent {0}: {1}', sub, message), select, logs);
    if (choice === select) await vscode.commands.executeCommand('cursorAgent.selectBinary');
    if (choice === logs) deps.output.show(true);
    return;
  }
  const name = sub === 'login' ? 'Cursor: Log In' : 'Cursor: Log Out';
  const terminal = vscode.window.createTerminal({ name, isTransient: true, ...terminalLaunch(deps, plan) });
  terminal.show();
  watchTerminal(deps, terminal, () => {
    deps.catalog.invalidate();
    void deps.auth.refresh({ force: true });
  });
}

/** Runs `onClose` when the terminal closes; the listener is disposed then, or with the extension. */
function watchTerminal(deps: CommandDeps, terminal: vscode.Terminal, onClose: () => void): void {
  const listener = vscode.window.onDidCloseTerminal((t) => {
    if (t !== terminal) return;
    listener.dispose();
    deps.terminalListeners.delete(listener);
    onClose();
  });
  deps.terminalListeners.add(listener);
}

function unlockKeychain(deps: CommandDeps): void {
  const launch = terminalLaunch(deps, { command: '/usr/bin/security', args: ['unlock-keychain'] });
  const terminal = vscode.window.createTerminal({ name: 'Cursor: Unlock Keychain', isTransient: true, ...launch });
  terminal.show();
  watchTerminal(deps, terminal, () => void deps.auth.refresh({ force: true }));
}

async function selectBinary(deps: CommandDeps): Promise<string | undefined> {
  const picked = await vscode.window.showOpenDialog({
    canSelectFiles: true,
    canSelectFolders: false,
    canSelectMany: false,
    title: vscode.l10n.t('Select the cursor-agent binary'),
    openLabel: vscode.l10n.t('Use This Binary'),
  });
  const file = picked?.[0]?.fsPath;
  if (!file) return undefined;
  const probe = await deps.binary.validate(file);
  if (!probe.ok) {
    const message = vscode.l10n.t('{0} is not a working cursor-agent: {1}', file, probe.reason);
    void vscode.window.showErrorMessage(message, vscode.l10n.t('Show Logs')).then((c) => c && deps.output.show(true));
    return undefined;
  }
  await vscode.workspace.getConfiguration('cursorAgent').update('path', file, vscode.ConfigurationTarget.Global);
  void vscode.window.showInformationMessage(vscode.l10n.t('Cursor will use {0} ({1}).', file, probe.version));
  return file;
}

async function statusMenu(deps: CommandDeps): Promise<void> {
  // The entries come from the readiness table; their English titles are the l10n keys.
  const items = statusMenuEntries(deps.auth.state.state, deps.platform).map((e): vscode.QuickPickItem & { command: string } => {
    const c = READINESS_COMMANDS[e.run];
    const description =
      e.description === 'model' ? deps.settings().model || vscode.l10n.t("CLI's default") : e.description && vscode.l10n.t(e.description);
    return { label: `$(${c.icon}) ${vscode.l10n.t(c.menu)}`, ...(description ? { description } : {}), command: c.command };
  });
  const view = deps.statusBar()?.view;
  const title = view ? view.text.replace(/\$\([^)]*\)\s*/g, '') : 'Cursor';
  const choice = await vscode.window.showQuickPick(items, { title, placeHolder: vscode.l10n.t('Cursor') });
  if (choice) await vscode.commands.executeCommand(choice.command);
}
