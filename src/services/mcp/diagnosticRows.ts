/**
 * Diagnostics as the agent reads them (the `diagnostics` editor tool, and problems the user
 * attaches to a question): one row each, most severe first, bounded. Pure.
 */
export const SEVERITIES = ['error', 'warning', 'information', 'hint'] as const;
export type Severity = (typeof SEVERITIES)[number];

export interface DiagnosticRow {
  /** Relative to the workspace folder (or absolute outside it). */
  file: string;
  /** 1-based. */
  line: number;
  character: number;
  severity: Severity;
  source?: string;
  code?: string;
  message: string;
}

/** Characters of one message kept. */
const MAX_MESSAGE_CHARS = 500;

/** Most severe first, then by file and line; at most `max`, with how many there were. */
export function sortAndBound(rows: readonly DiagnosticRow[], max: number, minSeverity: Severity = 'hint'): { rows: DiagnosticRow[]; total: number } {
  const rank = (r: DiagnosticRow) => SEVERITIES.indexOf(r.severity);
  const kept = rows.filter((r) => rank(r) <= SEVERITIES.indexOf(minSeverity));
  const sorted = [...kept].sort((a, b) => rank(a) - rank(b) || a.file.localeCompare(b.file) || a.line - b.line || a.character - b.character);
  return { rows: sorted.slice(0, max).map((r) => ({ ...r, message: cut(r.message) })), total: kept.length };
}

/** The rows as prompt text: `src/a.ts:3:7 error TS2322 (ts): Type 'string' is not assignable…`. */
export function diagnosticsText(rows: readonly DiagnosticRow[], total: number): string {
  const lines = rows.map((r) => {
    const what = `${r.severity}${r.code ? ` ${r.code}` : ''}${r.source ? ` (${r.source})` : ''}`;
    return `${r.file}:${r.line}:${r.character} ${what}: ${oneLine(r.message)}`;
  });
  if (total > rows.length) lines.push(`… and ${total - rows.length} more`);
  return lines.join('\n');
}

function cut(s: string): string {
  return s.length <= MAX_MESSAGE_CHARS ? s : `${s.slice(0, MAX_MESSAGE_CHARS)}…`;
}

/** Newlines only (not cli/markdownText's oneLine): a diagnostic row is plain text for an agent, where a message's own spacing is kept. */
function oneLine(s: string): string {
  return s.replace(/\s*\n\s*/g, ' ');
}
