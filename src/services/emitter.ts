/** A minimal event emitter with the same shape as vscode.Event, so services stay vscode-free. */
export interface Disposable {
  dispose(): void;
}
export type Listener<T> = (value: T) => void;
export type Event<T> = (listener: Listener<T>) => Disposable;

export class Emitter<T> implements Disposable {
  private listeners = new Set<Listener<T>>();

  readonly event: Event<T> = (listener) => {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  };

  fire(value: T): void {
    for (const l of [...this.listeners]) {
      try {
        l(value);
      } catch {
        // A faulty listener must not break the others.
      }
    }
  }

  dispose(): void {
    this.listeners.clear();
  }
}
