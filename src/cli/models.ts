/**
 * Parses the plain-text output of `cursor-agent models` (there is no JSON
 * option). Pure.
 *
 * Shape: a header (`Available models`, or `Available models:` and
 * `Use --model <id> to select a model.`), blank lines, `<id> - <label>` lines
 * (`auto - Auto (default)`), then a `Tip: …` line; an empty account prints
 * `No models available for this account.`. Labels may carry ANSI colour codes,
 * zero-width spaces and double spaces.
 */
import { isModelId } from './modelId';
import { cleanCliLine } from './cliText';
import { redactSecrets } from './redact';

export interface ModelInfo {
  /** What `--model` takes. */
  id: string;
  /** Display name, without the `(default)`/`(current)` markers. */
  label: string;
  /** Context window in tokens, when the label states one (`256K`, `1M`). */
  contextTokens?: number;
  /** The label carried `(default)`. */
  isDefault: boolean;
  /** The label carried `(current)`. */
  isCurrent: boolean;
}

export interface ModelsOutput {
  /** In the CLI's order, each id once. */
  models: ModelInfo[];
  /**
   * True when the CLI said the account has no models. No models with
   * `empty: false` means the output was not understood (see `ignoredLines`).
   */
  empty: boolean;
  /** Non-blank lines that were neither a model, a header nor a tip. */
  ignoredLines: number;
}

const HEADER = /^(?:Available models:?|Use --model\b.*)$/i;
const TIP = /^Tip\b:?/i;
const EMPTY = /^No models available\b/i;
const MODEL_LINE = /^(\S+) - (.+)$/;
// Lines are cleaned first (single spaces only), so each ` ?` is one optional space, never a run to backtrack over.
const MARKERS = / ?\( ?((?:default|current)(?: ?[,/&] ?(?:default|current))*) ?\)/gi;
/** Real lines are under 200 characters; longer ones are not model lines (and are not cleaned whole). */
const MAX_LINE_CHARS = 1000;
/** Real lists have about a hundred models; lines past this many are not read (counted as ignored). */
const MAX_LINES = 2000;

/** Parses `cursor-agent models` stdout. Never throws. */
export function parseModelsOutput(stdout: string): ModelsOutput {
  const byId = new Map<string, ModelInfo>();
  let empty = false;
  let ignoredLines = 0;
  const lines = stdout.split(/\r?\n|\r/);
  if (lines.length > MAX_LINES) ignoredLines += lines.splice(MAX_LINES).filter((l) => l.trim() !== '').length;
  for (const raw of lines) {
    if (raw.length > MAX_LINE_CHARS) {
      ignoredLines++;
      continue;
    }
    const line = cleanCliLine(raw);
    if (line === '' || HEADER.test(line) || TIP.test(line)) continue;
    if (EMPTY.test(line)) {
      empty = true;
      continue;
    }
    const [, id, rawLabel] = MODEL_LINE.exec(line) ?? [];
    if (id === undefined || rawLabel === undefined || !isModelId(id)) {
      ignoredLines++;
      continue;
    }
    const model = parseModelLine(id, rawLabel);
    const seen = byId.get(model.id);
    if (seen) {
      seen.isDefault ||= model.isDefault;
      seen.isCurrent ||= model.isCurrent;
    } else {
      byId.set(model.id, model);
    }
  }
  const models = [...byId.values()];
  return { models, empty: empty && models.length === 0, ignoredLines };
}

function parseModelLine(id: string, rawLabel: string): ModelInfo {
  let isDefault = false;
  let isCurrent = false;
  const label = rawLabel
    .replace(MARKERS, (_all, inner: string) => {
      if (/default/i.test(inner)) isDefault = true;
      if (/current/i.test(inner)) isCurrent = true;
      return '';
    })
    .trim();
  const contextTokens = contextTokensOf(label);
  // Shown in /models and the model picker: redacted like any other text from the CLI.
  return { id, label: redactSecrets(label) || id, isDefault, isCurrent, ...(contextTokens !== undefined ? { contextTokens } : {}) };
}

/** `Grok 4.7 256K Extra High` → 256000, `Sonnet 4.5 1M` → 1000000; undefined when no size is stated. */
export function contextTokensOf(label: string): number | undefined {
  const [, amount, unit] = /(?:^|[\s(\[,])(\d+(?:\.\d+)?)\s?([KkMm])(?=$|[\s)\],])/.exec(label) ?? [];
  if (amount === undefined || unit === undefined) return undefined;
  const n = Number(amount) * (unit.toUpperCase() === 'K' ? 1_000 : 1_000_000);
  // Guard against things like a version "4M" that is not a plausible window.
  return Number.isFinite(n) && n >= 1_000 && n <= 100_000_000 ? Math.round(n) : undefined;
}
