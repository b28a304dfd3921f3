/**
 * The models an ACP session accepts, in either spelling the CLI uses: without
 * the parameterized picker, bracketed variants (`composer-2.5[fast=true]`,
 * `default[]` = Auto) in `models.availableModels` and the `model` config option;
 * with `clientCapabilities._meta.parameterizedModelPicker`, bare names in the
 * `model` config option plus per-model options (`fast`, `effort`, `context`,
 * `thinking`) as their own config options. These ids are not the ones
 * `cursor-agent models` prints, and ACP rejects those. Pure.
 */
import { agentLine } from '../cli/agentText';
import { isModelId } from '../cli/modelId';
import type { ConfigOption, SessionSetup } from './schema';

export interface AcpModel {
  /** The exact value `session/set_config_option {configId:"model"}` takes. */
  id: string;
  /** The agent's label (`composer-2.5`, `Auto`). */
  name: string;
  /** The id without its bracketed parameters (`composer-2.5`; `default` for Auto). */
  base: string;
  /** The bracketed parameters (`{fast: "true"}`); empty in the parameterized form. */
  params: Record<string, string>;
}

export interface AcpModelList {
  form: 'variants' | 'parameterized';
  /** The config option id that sets the model (`model`). */
  configId: string;
  current?: string;
  models: AcpModel[];
  /** Parameterized form: the other model options (`fast`, `effort`, …) and their allowed values. */
  modelOptions: Array<{ id: string; values: string[]; current?: string }>;
  /** Values the agent listed that are not model ids ({@link isModelId}, print mode's rule): left out, counted. */
  refused: number;
}

/** `name[k=v,…]` → its base and parameters; ids without brackets have none. */
export function parseVariantId(id: string): { base: string; params: Record<string, string> } {
  const [, base, inner = ''] = /^([^[\]]+)\[([^\]]*)\]$/.exec(id) ?? [];
  if (base === undefined) return { base: id, params: {} };
  const params: Record<string, string> = {};
  for (const part of inner.split(',')) {
    const eq = part.indexOf('=');
    if (eq > 0) params[part.slice(0, eq).trim()] = part.slice(eq + 1).trim();
  }
  return { base, params };
}

function selectValues(o: ConfigOption | undefined): Array<{ value: string; name?: string }> {
  const out: Array<{ value: string; name?: string }> = [];
  for (const e of o?.options ?? []) {
    if ('value' in e) out.push(e);
    else out.push(...e.options);
  }
  return out;
}

function modelOptionOf(options: readonly ConfigOption[]): ConfigOption | undefined {
  return options.find((o) => o.id === 'model') ?? options.find((o) => o.category === 'model');
}

/** Reads the model list from a `session/new` or `session/load` result (or later configOptions). */
export function parseAcpModels(setup: SessionSetup): AcpModelList {
  const options = setup.configOptions ?? [];
  const modelOpt = modelOptionOf(options);
  const fromConfig = selectValues(modelOpt);
  const fromModels = (setup.models?.availableModels ?? []).map((m) => ({ value: m.modelId, name: m.name }));
  const list = fromConfig.length > 0 ? fromConfig : fromModels;
  const seen = new Set<string>();
  const models: AcpModel[] = [];
  let refused = 0;
  for (const { value, name } of list) {
    if (seen.has(value)) continue;
    // An id goes into a setting, a status bar tooltip and a Markdown answer: held to the rule print mode's ids keep.
    if (!isModelId(value)) {
      refused++;
      continue;
    }
    seen.add(value);
    const { base, params } = parseVariantId(value);
    // The agent's label is shown in quick picks (where `$(…)` is a codicon): one bounded, inert line.
    models.push({ id: value, name: agentLine(name ?? base, 120) || base, base, params });
  }
  const variants = models.some((m) => /\[/.test(m.id));
  const stated = typeof modelOpt?.currentValue === 'string' ? modelOpt.currentValue : setup.models?.currentModelId;
  const current = isModelId(stated) ? stated : undefined;
  const modelOptions = variants
    ? []
    : options
        .filter((o) => o !== modelOpt && o.id !== 'mode' && o.category !== 'mode')
        .map((o) => ({
          id: o.id,
          values: selectValues(o).map((v) => v.value),
          ...(o.currentValue !== undefined ? { current: String(o.currentValue) } : {}),
        }));
  const form = variants ? 'variants' : 'parameterized';
  return { form, configId: modelOpt?.id ?? 'model', ...(current ? { current } : {}), models, modelOptions, refused };
}

/** What to send to choose `wanted`: the model value, then (parameterized form) its options in order. */
export type AcpModelPick = { ok: true; value: string; options: Array<{ configId: string; value: string }> } | { ok: false };

const AUTO = new Set(['auto', 'default', 'default[]']);

/**
 * Resolves a model the user chose to what this session accepts: an exact id,
 * `auto`, or (parameterized form) `base[k=v]` split into the model and its
 * options. Anything else is unknown here: reported, never replaced.
 */
export function chooseModel(list: AcpModelList, wanted: string): AcpModelPick {
  const exact = list.models.find((m) => m.id === wanted);
  if (exact) return { ok: true, value: exact.id, options: [] };
  if (AUTO.has(wanted.toLowerCase())) {
    const auto = list.models.find((m) => m.base === 'default');
    return auto ? { ok: true, value: auto.id, options: [] } : { ok: false };
  }
  if (list.form !== 'parameterized') return { ok: false };
  const { base, params } = parseVariantId(wanted);
  const model = list.models.find((m) => m.id === base);
  if (!model) return { ok: false };
  const options: Array<{ configId: string; value: string }> = [];
  for (const [k, v] of Object.entries(params)) {
    const opt = list.modelOptions.find((o) => o.id === k);
    if (!opt || (opt.values.length > 0 && !opt.values.includes(v))) return { ok: false };
    options.push({ configId: k, value: v });
  }
  return { ok: true, value: model.id, options };
}

/** `300k` → 300 000, `1m` → 1 000 000; undefined when unstated or unreadable. */
function contextTokensOf(value: string | undefined): number | undefined {
  const [, amount, unit] = /^(\d+(?:\.\d+)?)([km])$/i.exec(value ?? '') ?? [];
  if (amount === undefined || unit === undefined) return undefined;
  return Math.round(Number(amount) * (unit.toLowerCase() === 'k' ? 1_000 : 1_000_000));
}

/**
 * The session's models as the model picker and Switch Model list them: the ids the session accepts
 * (each bracketed variant its own entry; bare names in the parameterized form), the agent's label with
 * the variant in the words print mode's labels use ({@link variantLabel}), Auto marked as the default,
 * the session's model as the current one. Auto is listed as `auto` (which {@link chooseModel} resolves),
 * the id print mode lists it under too: a chat model picker holding Auto keeps it when the backend
 * changes, and `selectChatModels({ id: 'auto' })` works on both.
 */
export function acpModelInfos(
  list: AcpModelList,
): Array<{ id: string; label: string; contextTokens?: number; isDefault: boolean; isCurrent: boolean }> {
  const labelled = list.models.map((m) => ({ m, short: variantLabel(m) }));
  const seen = new Map<string, number>();
  for (const { short } of labelled) seen.set(short, (seen.get(short) ?? 0) + 1);
  return labelled.map(({ m, short }) => {
    const context = contextTokensOf(m.params.context);
    return {
      id: m.base === 'default' ? 'auto' : m.id,
      // Two variants that read the same once their off flags are dropped keep every parameter.
      label: seen.get(short) === 1 ? short : explicitLabel(m),
      ...(context ? { contextTokens: context } : {}),
      isDefault: m.base === 'default',
      isCurrent: m.id === list.current,
    };
  });
}

const EFFORT_WORDS: Record<string, string> = {
  xhigh: 'Extra High',
  'extra-high': 'Extra High',
  high: 'High',
  medium: 'Medium',
  low: 'Low',
  max: 'Max',
  minimal: 'Minimal',
  none: 'None',
};
const EFFORT_KEYS = ['effort', 'reasoning', 'reasoning_effort'];

/**
 * A variant's label in the words `cursor-agent models` uses (`claude-opus-5[thinking=true,context=300k,effort=high,fast=false]`
 * → `claude-opus-5 300K High Thinking`): the context window, the effort, Fast, Thinking; a flag that is off is not
 * mentioned; a parameter with no such word keeps its `k=v` form, in parentheses.
 */
export function variantLabel(m: AcpModel): string {
  const words: string[] = [];
  const other: string[] = [];
  const p = m.params;
  if (p.context !== undefined) {
    if (/^\d+(?:\.\d+)?[km]$/i.test(p.context)) words.push(p.context.toUpperCase());
    else other.push(`context=${p.context}`);
  }
  for (const k of EFFORT_KEYS) {
    if (p[k] === undefined) continue;
    const word = EFFORT_WORDS[p[k].toLowerCase()];
    if (word) words.push(word);
    else other.push(`${k}=${p[k]}`);
  }
  for (const [k, word] of [
    ['fast', 'Fast'],
    ['thinking', 'Thinking'],
  ] as const) {
    if (p[k] === 'true') words.push(word);
    else if (p[k] !== undefined && p[k] !== 'false') other.push(`${k}=${p[k]}`);
  }
  for (const [k, v] of Object.entries(p)) if (!['context', 'fast', 'thinking', ...EFFORT_KEYS].includes(k)) other.push(`${k}=${v}`);
  return [m.name, ...words, ...(other.length ? [`(${other.join(', ')})`] : [])].join(' ');
}

function explicitLabel(m: AcpModel): string {
  const params = Object.entries(m.params).map(([k, v]) => `${k}=${v}`);
  return params.length > 0 ? `${m.name} (${params.join(', ')})` : m.name;
}
