/** The walkthrough's "Pick a model" step ticks on a choice in the chat's model picker too, not only on Switch Model. */
import * as vscode from 'vscode';

/** The context key the step's `onContext:` completion event waits for. */
export const MODEL_PICKED = 'cursorAgent.modelPicked';

/**
 * VS Code tells an extension nothing when its picker's selection changes; a chat request carries the model
 * selected then. So a choice is seen as a request whose Cursor model differs from the previous request's.
 * Set once (VS Code remembers a ticked step); a request with no Cursor model selected changes nothing.
 */
export class ModelPickWatch {
  private last: string | undefined;
  private picked = false;

  constructor(private readonly setContext: (key: string, value: boolean) => unknown = (k, v) => vscode.commands.executeCommand('setContext', k, v)) {}

  /** `modelId`: the request's model when it is a Cursor model, else undefined. */
  requested(modelId: string | undefined): void {
    if (this.picked || modelId === undefined) return;
    if (this.last !== undefined && modelId !== this.last) {
      this.picked = true;
      void Promise.resolve(this.setContext(MODEL_PICKED, true)).catch(() => undefined);
    }
    this.last = modelId;
  }
}
