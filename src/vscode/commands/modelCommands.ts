/** Cursor: Switch Model and Cursor: Manage Models…: every model one step away, and what the chat's picker shows. */
import * as vscode from 'vscode';
import { modelInformation } from '../../services/models/modelInformation';
import { groupByFamily, ModelFamily, shortlist, variantOf } from '../../services/models/modelShortlist';
import { modelNote } from '../../services/models/modelAvailability';

import type { CommandDeps } from './commandDeps';

type ModelItem = vscode.QuickPickItem & { id?: string; family?: ModelFamily };

/**
 * Every model, one step away: the families (Auto and the CLI's default first), then the chosen
 * family's variants. The choice is saved in `cursorAgent.model`. Returns the chosen id.
 */
export async function switchModel(deps: CommandDeps): Promise<string | undefined> {
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
      const [m, ...others] = f.models;
      if (m && others.length === 0) {
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
export async function manageModels(deps: CommandDeps): Promise<string[] | undefined> {
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
