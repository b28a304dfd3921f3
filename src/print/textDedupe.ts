/**
 * The assistant-text dedupe rule of the contract ("Assistant text arrives twice").
 *
 * With `--stream-partial-output` each stretch of text between tool calls
 * arrives as deltas and then again as a recap; a stretch can also arrive only
 * as its recap. Each fragment is classified by its metadata first, and the
 * text of the current stretch is kept (reset at each `tool_call` `started`):
 * - `timestamp_ms` without `model_call_id`: a delta. Appended and shown,
 *   always, even when it happens to start with the stretch so far (`"ha"`,
 *   `"ha"`, `"!"` is `"haha!"`).
 * - `model_call_id`: a recap of the stretch. Shows only what it adds; when it
 *   neither equals nor extends the stretch, what was shown stays (a mismatch).
 * - neither (the end-of-turn recap, and every fragment without partial
 *   output): a snapshot when it starts with the stretch (only the new part is
 *   shown), otherwise appended.
 * At the end the `result` is the authority: if what was shown is a strict
 * prefix of it, the rest is shown; any other disagreement is reported.
 */
export interface FragmentMeta {
  timestampMs?: number;
  modelCallId?: string;
}

export class AssistantTextDedupe {
  private stretch = '';
  private shown = '';
  /** Recaps that neither equalled nor extended their stretch. */
  recapMismatches = 0;

  /** Returns the text to show for one assistant fragment ('' when nothing is new). */
  push(fragment: string, meta: FragmentMeta = {}): string {
    if (fragment === '') return '';
    let fresh: string;
    if (meta.modelCallId !== undefined) {
      // A recap of the current stretch.
      if (fragment.startsWith(this.stretch)) {
        fresh = fragment.slice(this.stretch.length);
        this.stretch = fragment;
      } else {
        this.recapMismatches++;
        fresh = '';
      }
    } else if (meta.timestampMs !== undefined) {
      // A delta: never a snapshot, whatever it starts with.
      fresh = fragment;
      this.stretch += fragment;
    } else if (fragment.startsWith(this.stretch)) {
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
