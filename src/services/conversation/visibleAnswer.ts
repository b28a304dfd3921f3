/**
 * An `@cursor` answer as the chat panel shows it, for recognising it in the
 * history VS Code hands back (a restored chat may lack the answer's metadata,
 * never its text). Pure.
 *
 * What follows the answer is ours, not the agent's, and may be missing from a
 * chat saved before the answer finished: the "Read: …" line (where VS Code
 * hides a participant's references), the usage line, and the context warning.
 * The same function reads what was streamed and what was restored, so both
 * give the same key.
 */

/** The answer without the lines @cursor adds under it. `readLabel`: the localised "Read:". */
export function withoutAnswerFooter(markdown: string, readLabel = 'Read:'): string {
  // Line by line, not one regular expression: an answer can be one very long line (no backtracking over it).
  let text = markdown.trimEnd();
  const dropLast = (isFooter: (line: string) => boolean) => {
    const at = text.lastIndexOf('\n\n');
    const line = text.slice(at + 2);
    if (at >= 0 && !line.includes('\n') && isFooter(line)) text = text.slice(0, at).trimEnd();
  };
  dropLast((l) => l.startsWith('$(warning) '));
  dropLast((l) => l.length > 2 && l.startsWith('*') && l.endsWith('*') && l.includes(' output tokens'));
  dropLast((l) => l.startsWith(`${readLabel} `) || l === readLabel);
  return text;
}

/** What identifies an answer in a transcript: its text without our footer, whitespace runs as one space. */
export function visibleAnswerKey(markdown: string, readLabel = 'Read:'): string {
  return withoutAnswerFooter(markdown, readLabel).replace(/\s+/g, ' ').trim();
}
