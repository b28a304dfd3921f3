/**
 * Which Cursor models the chat's model picker shows. A real account lists about
 * 200 models (every model in its effort levels, Fast and Thinking variants,
 * context sizes); all of them in the picker is a wall nobody can use. The short
 * list: Auto, the account's default, the model chosen with Switch Model, then
 * one entry per model family at its most common variant, in the CLI's order,
 * at most 15 entries. Or, when the user chose with Manage Models…, exactly
 * their choice (plus Auto and the account's default). Every other model stays
 * usable by id (`vscode.lm.selectChatModels`, Switch Model). Pure.
 */
import type { ModelInfo } from '../../cli/models';

export const SHORTLIST_MAX = 15;

export interface ModelVariant {
  /** What distinguishes this model inside its family: `272K High Fast`; '' for the plain one. */
  variant: string;
  /** The family's display name: `GPT-5.5`. */
  family: string;
  /** Lower is more common: the plain/medium effort, no Fast, no Thinking, the usual context. */
  rank: number;
}

const EFFORTS: Array<[RegExp, number]> = [
  [/^medium$/i, 0],
  [/^high$/i, 1],
  [/^low$/i, 2],
  [/^(?:extra high|xhigh|x-high)$/i, 3],
  [/^max$/i, 4],
  [/^(?:minimal|none)$/i, 5],
];
// Trailing label words that name a variant rather than the model (the 2026.10 labels).
const VARIANT_WORD = /\s+(?:\d+(?:\.\d+)?\s?[KkMm]|Extra High|XHigh|X-High|High|Medium|Low|Max|Minimal|None|Fast|Thinking)$/;

/** Splits a model's label into its family and its variant (`GPT-5.5 272K High Fast` → `GPT-5.5` + `272K High Fast`). */
export function variantOf(m: ModelInfo): ModelVariant {
  let family = m.label.trim();
  const words: string[] = [];
  for (let guard = 0; guard < 8; guard++) {
    const hit = VARIANT_WORD.exec(family);
    if (!hit || hit.index === 0) break;
    words.unshift(hit[0].trim());
    family = family.slice(0, hit.index);
  }
  if (family === '') family = m.id;
  let rank = 0;
  const effort = words.find((w) => EFFORTS.some(([re]) => re.test(w)));
  rank += effort ? (EFFORTS.find(([re]) => re.test(effort))?.[1] ?? 0) * 10 : 0;
  if (words.some((w) => /^fast$/i.test(w))) rank += 100;
  if (words.some((w) => /^thinking$/i.test(w))) rank += 200;
  // A 1M variant of a model that also comes with a smaller window is the special one.
  if (words.some((w) => /^\d+(?:\.\d+)?\s?[Mm]$/.test(w))) rank += 5;
  return { family, variant: words.join(' '), rank };
}

export interface ModelFamily {
  name: string;
  /** In the CLI's order. */
  models: ModelInfo[];
  /** The most common variant (lowest rank; the CLI's order breaks ties). */
  primary: ModelInfo;
}

/** The models grouped by family, families in the order the CLI first lists them. */
export function groupByFamily(models: readonly ModelInfo[]): ModelFamily[] {
  const byName = new Map<string, { name: string; models: ModelInfo[]; best: ModelInfo; bestRank: number }>();
  for (const m of models) {
    const v = variantOf(m);
    const key = v.family.toLowerCase();
    const f = byName.get(key);
    if (!f) byName.set(key, { name: v.family, models: [m], best: m, bestRank: v.rank });
    else {
      f.models.push(m);
      if (v.rank < f.bestRank) {
        f.best = m;
        f.bestRank = v.rank;
      }
    }
  }
  return [...byName.values()].map((f) => ({ name: f.name, models: f.models, primary: f.best }));
}

export interface ShortlistInput {
  models: readonly ModelInfo[];
  /** `cursorAgent.pickerModels`: the user's own choice (Manage Models…); empty = the default short list. */
  chosen: readonly string[];
  /** `cursorAgent.model` (Switch Model), shown so the picker can display it. */
  selected?: string;
}

/** The ids the model picker shows, in a stable order (the CLI's). */
export function shortlist(input: ShortlistInput): Set<string> {
  const ids = new Set<string>();
  const known = new Set(input.models.map((m) => m.id));
  const add = (id: string | undefined) => {
    if (id && known.has(id)) ids.add(id);
  };
  add(input.models.find((m) => m.id === 'auto')?.id);
  add(input.models.find((m) => m.isDefault)?.id);
  add(input.selected);
  const chosen = input.chosen.filter((id) => known.has(id));
  if (chosen.length > 0) {
    for (const id of chosen) add(id);
    return ids;
  }
  for (const f of groupByFamily(input.models)) {
    if (ids.size >= SHORTLIST_MAX) break;
    if (f.models.some((m) => ids.has(m.id) && m.id !== input.selected)) continue; // Auto, or the default is this family's entry
    add(f.primary.id);
  }
  return ids;
}
