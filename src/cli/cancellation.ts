/** Structural subset of vscode.CancellationToken; tests pass plain objects. Pure: no runtime imports. */
export interface CancellationLike {
  readonly isCancellationRequested: boolean;
  onCancellationRequested(listener: () => void): { dispose(): void };
}
