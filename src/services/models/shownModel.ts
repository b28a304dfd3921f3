/** How the status bar and `/status` name the model the next `@cursor` turn uses: its label, and where the choice came from (pure). */
import type { ModelInfo } from '../../cli/models';
import type { NextModel, ModelSource } from './modelChoice';

export interface ShownModel {
  /** The model id (absent: the CLI's default). */
  id?: string;
  /** The model list's label for it (absent: not in the list, or the CLI's default). */
  label?: string;
  source: ModelSource;
}

/** The next turn's model with its label from the model list (the current backend's list, then the other's). */
export function shownModel(next: NextModel, ...lists: ReadonlyArray<readonly ModelInfo[] | undefined>): ShownModel {
  if (next.id === undefined) return { source: next.source };
  const label = lists.flatMap((l) => l ?? []).find((m) => m.id === next.id)?.label;
  return { id: next.id, source: next.source, ...(label && label !== next.id ? { label } : {}) };
}

/** Where the choice came from, as a user would say it. */
export function modelSourceText(source: ModelSource): string {
  switch (source) {
    case 'picker':
      return "chosen in the chat's model picker";
    case 'setting':
      return 'chosen with Cursor: Switch Model (`cursorAgent.model`)';
    default:
      return 'none chosen';
  }
}
