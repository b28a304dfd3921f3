import type { CancellationLike } from '../../src/cli/process';

/** A cancellation token for plain-Node tests (the shape of vscode.CancellationToken) and the button that stops it. */
export function cancellationSource(): { token: CancellationLike; cancel(): void } {
  const listeners: Array<() => void> = [];
  let requested = false;
  const token: CancellationLike = {
    get isCancellationRequested() {
      return requested;
    },
    onCancellationRequested(l: () => void) {
      listeners.push(l);
      return { dispose: () => void listeners.splice(listeners.indexOf(l) >>> 0, 1) };
    },
  };
  return {
    token,
    cancel() {
      requested = true;
      for (const l of listeners.splice(0)) l();
    },
  };
}
