/**
 * A saved model id the current backend does not list, mapped to the listed model of the same family and
 * options where that is unambiguous. Print mode names models by slugs (`gpt-5.5`, `gpt-5.5-high-fast`, late
 * 2026 `cursor-grok-4.6-high`), ACP by bracketed variants (`grok-4.6[effort=high,fast=true]`): both are read
 * as a family (`grok-4.6`) and the options they state (effort, fast, thinking, context). A listed model
 * matches when it states every option the saved id states, with the same value (an option that is off
 * counts as unstated; a print slug never states a context); of several matches, the one stating the fewest
 * options that are on wins; a tie is ambiguous and maps to nothing. Pure.
 */
import { parseVariantId } from '../../acp/models';

export interface ModelKey {
  family: string;
  /** The options the id states as on / with a value: `effort`, `fast`, `thinking`, `context`. */
  options: Record<string, string>;
}

const EFFORTS = new Set(['none', 'minimal', 'low', 'medium', 'high', 'xhigh', 'max']);
/** Print mode's short spelling, ACP's long one. */
const EFFORT_ALIASES: Record<string, string> = { xh: 'xhigh', 'extra-high': 'xhigh' };
const effortOf = (e: string) => EFFORT_ALIASES[e.toLowerCase()] ?? e.toLowerCase();
const EFFORT_PARAMS = ['effort', 'reasoning', 'reasoning_effort'];

/** `claude-opus-4-8` and `claude-opus-4.8` are one family; a late-2026 `cursor-` prefix is no part of it. */
function familyOf(name: string): string {
  return name
    .toLowerCase()
    .replace(/^cursor-/, '')
    .replace(/(\d)-(?=\d)/g, '$1.');
}

/** Reads either spelling; Auto (`auto`, `default[]`) has no key (it is never mapped). */
export function modelKey(id: string): ModelKey | undefined {
  if (/^(auto|default)(\[\])?$/i.test(id)) return undefined;
  const options: Record<string, string> = {};
  if (id.includes('[')) {
    const { base, params } = parseVariantId(id);
    for (const k of EFFORT_PARAMS) if (params[k]) options.effort = effortOf(params[k]);
    for (const k of ['fast', 'thinking']) if (params[k] === 'true') options[k] = 'true';
    if (params.context) options.context = params.context.toLowerCase();
    return { family: familyOf(base), options };
  }
  const parts = id.toLowerCase().split('-');
  while (parts.length > 1) {
    const last = parts[parts.length - 1]!;
    if (last === 'fast' || last === 'thinking') options[last] = 'true';
    else if ((EFFORTS.has(last) || EFFORT_ALIASES[last]) && !options.effort) options.effort = effortOf(last);
    else break;
    parts.pop();
  }
  return { family: familyOf(parts.join('-')), options };
}

function matches(wanted: ModelKey, listed: ModelKey, listedIsSlug: boolean): boolean {
  if (wanted.family !== listed.family) return false;
  return Object.entries(wanted.options).every(([k, v]) => (k === 'context' && listedIsSlug) || listed.options[k] === v);
}

const onCount = (k: ModelKey) => Object.keys(k.options).filter((o) => o !== 'context').length;

export type ModelMapping = { kind: 'listed' } | { kind: 'mapped'; to: string } | { kind: 'none' };

/** What runs for `wanted` given the backend's `listed` ids: itself, the one listed model of its family and options, or none. */
export function mapModel(wanted: string, listed: readonly string[]): ModelMapping {
  if (listed.includes(wanted)) return { kind: 'listed' };
  const key = modelKey(wanted);
  if (!key) return { kind: 'none' };
  const found = listed.flatMap((id) => {
    const k = modelKey(id);
    return k && matches(key, k, !id.includes('[')) ? [{ id, on: onCount(k) }] : [];
  });
  if (found.length === 0) return { kind: 'none' };
  const fewest = Math.min(...found.map((f) => f.on));
  const best = found.filter((f) => f.on === fewest);
  return best.length === 1 ? { kind: 'mapped', to: best[0]!.id } : { kind: 'none' };
}

/** The line the user reads once per saved id per window. */
export function mappedModelNotice(wanted: string, to: string): string {
  return `The model \`${wanted}\` is not in this Cursor CLI's list; \`${to}\` (the same model and options) answers instead.`;
}

/**
 * The model to run instead of `wanted` on a backend that lists `listed` (unknown: undefined, nothing mapped), and the
 * notice to show when `told` (the window's ids already announced) does not hold it yet; it then does.
 */
export function modelInstead(
  wanted: string | undefined,
  listed: readonly string[] | undefined,
  told: Set<string>,
): { model: string; notice?: string } | undefined {
  if (!wanted || !listed || listed.length === 0) return undefined;
  const m = mapModel(wanted, listed);
  if (m.kind !== 'mapped') return undefined;
  const first = !told.has(wanted);
  told.add(wanted);
  return { model: m.to, ...(first ? { notice: mappedModelNotice(wanted, m.to) } : {}) };
}
