"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.AssistantTextDedupe = void 0;
class AssistantTextDedupe {
    stretch = '';
    shown = '';
    /** Recaps that neither equalled nor extended their stretch. */
    recapMismatches = 0;
    /** Returns the text to show for one assistant fragment ('' when nothing is new). */
    push(fragment, meta = {}) {
        if (fragment === '')
            return '';
        let fresh;
        if (meta.modelCallId !== undefined) {
            // A recap of the current stretch.
            if (fragment.startsWith(this.stretch)) {
                fresh = fragment.slice(this.stretch.length);
                this.stretch = fragment;
            }
            else {
                this.recapMismatches++;
                fresh = '';
            }
        }
        else if (meta.timestampMs !== undefined) {
            // A delta: never a snapshot, whatever it starts with.
            fresh = fragment;
            this.stretch += fragment;
        }
        else if (fragment.startsWith(this.stretch)) {
            fresh = fragment.slice(this.stretch.length);
            this.stretch = fragment;
        }
        else {
            fresh = fragment;
            this.stretch += fragment;
        }
        this.shown += fresh;
        return fresh;
    }
    /** A tool call started: the next text is a new stretch. */
    resetStretch() {
        this.stretch = '';
    }
    /** Everything shown so far. */
    get text() {
        return this.shown;
    }
    /**
     * Reconciles with `result.result`. Returns the missing tail to show (when
     * what was shown is a strict prefix) and whether the two disagree otherwise.
     */
    reconcile(resultText) {
        if (resultText === this.shown)
            return { rest: '', mismatch: false };
        if (resultText.startsWith(this.shown)) {
            const rest = resultText.slice(this.shown.length);
            this.shown = resultText;
            return { rest, mismatch: false };
        }
        return { rest: '', mismatch: true };
    }
}
exports.AssistantTextDedupe = AssistantTextDedupe;
//# sourceMappingURL=textDedupe.js.map