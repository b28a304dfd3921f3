/**
 * The assistant-text dedupe rule of the contract.
 *
 * With `--stream-partial-output` each stretch of text between tool calls
 * arrives as deltas and then again as a recap; a stretch can also arrive only
 * as its recap. Rule: keep the current stretch (reset at each `tool_call`
 * `started`); a fragment that starts with the stretch is a snapshot (emit only
 * what is new), anything else is a delta (append and emit). At the end the
 * `result` is the authority: if what was shown is a strict prefix of it, the
 * rest is emitted; any other disagreement is reported, not "fixed".
 */
export class AssistantTextDedupe {
  private stretch = '';
  private shown = '';

  /** Returns the text to show for one assistant fragment ('' when nothing is new). */
  push(fragment: string): string {
    if (fragment === '') return '';
    let fresh: string;
    if (this.stretch !== '' && fragment.startsWith(this.stretch)) {
      fresh = fragment.slice(this.stretch.length);
      this.stretch = fragment;
    } else {
      fresh = fragment;
      this.stretch += fragment;
    }
    this.shown += fresh;
    return fresh;
  }

  /** A tool call started: the next text is a new stretch. */
  resetStretch(): void {
    this.stretch = '';
  }

  /** Everything shown so far. */
  get text(): string {
    return this.shown;
  }

  /**
   * Reconciles with `result.result`. Returns the missing tail to show (when
   * what was shown is a strict prefix) and whether the two disagree otherwise.
   */
  reconcile(resultText: string): { rest: string; mismatch: boolean } {
    if (resultText === this.shown) return { rest: '', mismatch: false };
    if (resultText.startsWith(this.shown)) {
      const rest = resultText.slice(this.shown.length);
      this.shown = resultText;
      return { rest, mismatch: false };
    }
    return { rest: '', mismatch: true };
  }
}
