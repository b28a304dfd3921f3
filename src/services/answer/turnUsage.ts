/**
 * The line under an answer (model, tokens, and how full the model's context
 * window is) and the record of the last turn the status bar tooltip shows.
 * Pure. Nothing is claimed without numbers: no usage, no line; no known
 * context size, no context figure.
 */
import type { Usage } from '../../turn/events';

/** Past this share of the context window, the line says so and suggests a new chat. */
export const CONTEXT_WARNING_RATIO = 0.8;

export interface TurnUsage {
  /** The model's display name as the CLI reported it (`Auto`, `GPT-5.5`), or its id. */
  model?: string;
  usage: Usage;
  /** The model's context window in tokens, when its label states one. */
  contextTokens?: number;
}

export interface TurnUsageLine {
  /** `Auto · 5,093 input · 16 output tokens · 24k of 272k context` */
  text: string;
  /** Share of the context used, when known. */
  contextRatio?: number;
  /** True past CONTEXT_WARNING_RATIO: suggest a new chat. */
  nearlyFull: boolean;
}

/** `24000` → `24k`, `1_000_000` → `1M`, `950` → `950`. */
export function compactTokens(n: number): string {
  if (n >= 1_000_000) return `${+(n / 1_000_000).toFixed(n % 1_000_000 === 0 ? 0 : 1)}M`;
  if (n >= 1_000) return `${Math.round(n / 1_000)}k`;
  return String(Math.round(n));
}

export function usageLine(t: TurnUsage): TurnUsageLine {
  const n = (x: number | undefined) => (x ?? 0).toLocaleString('en-US');
  const u = t.usage;
  const parts = [t.model, `${n(u.inputTokens)} input`, `${n(u.outputTokens)} output tokens`];
  if (u.cacheReadTokens) parts.push(`${n(u.cacheReadTokens)} cached`);
  let contextRatio: number | undefined;
  // The input of the last request is what the conversation now fills of the window.
  if (t.contextTokens && t.contextTokens > 0 && u.inputTokens !== undefined && u.inputTokens > 0) {
    contextRatio = u.inputTokens / t.contextTokens;
    parts.push(`${compactTokens(u.inputTokens)} of ${compactTokens(t.contextTokens)} context`);
  }
  return { text: parts.filter(Boolean).join(' · '), contextRatio, nearlyFull: contextRatio !== undefined && contextRatio >= CONTEXT_WARNING_RATIO };
}

/** The sentence under a nearly full context. */
export function contextWarning(line: TurnUsageLine): string | undefined {
  if (!line.nearlyFull || line.contextRatio === undefined) return undefined;
  return (
    `The context is ${Math.min(100, Math.round(line.contextRatio * 100))}% full: ` +
    'start a new chat to keep answers sharp (earlier turns may be dropped or summarised).'
  );
}
