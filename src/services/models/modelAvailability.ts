/**
 * Models across a change of backend. ACP and print mode name models
 * differently (`gpt-5` in `cursor-agent models`, `gpt-5[reasoning=high]` on the
 * ACP server; Auto is `auto` in both), so a model chosen under one backend may
 * not exist under the other. Such a model stays listed to VS Code, not
 * user-selectable: a request for it (the chat's selection, a `vscode.lm` caller
 * that holds it, `cursorAgent.model`) still reaches the extension, which reports
 * it with Switch Model instead of VS Code's "Language model unavailable", and
 * never runs another model in its place. (The same model and options under the
 * other backend's name is not another model: it runs as that, modelMapping.ts.) Pure.
 */
import { CliError } from '../../cli/errors';
import type { ModelInfo } from '../../cli/models';
import type { BackendId } from '../../turn/chatBackend';
import type { ModelCatalogSnapshot } from './modelCatalog';

export const BACKEND_NAMES: Record<BackendId, string> = { acp: 'ACP', print: 'print-mode' };

export interface ListedModel {
  model: ModelInfo;
  /** Shown in the chat's model picker. */
  selectable: boolean;
  /** Kept from the other backend (or chosen, and listed by neither): not available with the current one. */
  kept?: true;
}

type Lists = Pick<ModelCatalogSnapshot, 'models' | 'backend' | 'other'>;

/**
 * What the provider lists: the current backend's models (in the picker when `shown` has them), then,
 * never in the picker, the other backend's last list and each chosen id that neither lists.
 */
export function listedModels(snap: Lists, shown: ReadonlySet<string>, chosen: ReadonlyArray<string | undefined>): ListedModel[] {
  const out: ListedModel[] = snap.models.map((m) => ({ model: m, selectable: shown.has(m.id) }));
  const seen = new Set(snap.models.map((m) => m.id));
  const keep = (m: ModelInfo) => {
    if (seen.has(m.id)) return;
    seen.add(m.id);
    out.push({ model: { ...m, isDefault: false, isCurrent: false }, selectable: false, kept: true });
  };
  for (const m of snap.other?.models ?? []) keep(m);
  for (const id of chosen) if (id) keep({ id, label: id, isDefault: false, isCurrent: false });
  return out;
}

/** Each backend's last list of ids, as far as the snapshot knows them. */
function idsByBackend(snap: Lists): Partial<Record<BackendId, Set<string>>> {
  const lists: Partial<Record<BackendId, Set<string>>> = {};
  if (snap.other && snap.other.models.length > 0) lists[snap.other.backend] = new Set(snap.other.models.map((m) => m.id));
  if (snap.models.length > 0) lists[snap.backend] = new Set(snap.models.map((m) => m.id));
  return lists;
}

/**
 * `backend`'s last list of model ids, whether the snapshot holds it as the current list or as the other
 * backend's (the catalog listed print mode's models while auto ran a turn there, and ACP answers again).
 */
export function modelIdsOf(snap: Lists, backend: BackendId): string[] | undefined {
  const ids = idsByBackend(snap)[backend];
  return ids ? [...ids] : undefined;
}

/**
 * The error to report instead of running `model` on `backend`, when the model is known to be the
 * other backend's only: that backend listed it, this one's list (known) does not. Anything less
 * certain (no list yet, an id neither lists) runs, and the CLI decides.
 */
export function unavailableModel(snap: Lists, model: string | undefined, backend: BackendId): CliError | undefined {
  if (!model) return undefined;
  const lists = idsByBackend(snap);
  const here = lists[backend];
  const elsewhere: BackendId = backend === 'acp' ? 'print' : 'acp';
  if (!here || here.has(model) || !lists[elsewhere]?.has(model)) return undefined;
  const name = BACKEND_NAMES[backend];
  return new CliError({
    kind: 'unknownModel',
    message:
      `The model \`${model}\` is not available with the ${name} backend (the one in use now): ` +
      `it was chosen from the ${BACKEND_NAMES[elsewhere]} backend's models, and the two name models differently. Nothing was run.`,
    fix:
      `Pick another model with "Cursor: Switch Model" or in the model picker (they show the ${name} backend's models), ` +
      `or set \`cursorAgent.backend\` to \`${elsewhere}\` to keep this one.`,
    actions: ['switchModel'],
  });
}

/** For the status bar and Switch Model: the chosen model is the other backend's only (`not available with the ACP backend`). */
export function modelNote(snap: Lists, model: string | undefined): string | undefined {
  const backend = snap.backend;
  return unavailableModel(snap, model, backend) ? `not available with the ${BACKEND_NAMES[backend]} backend (the one in use now)` : undefined;
}
