/** The backend selector while print mode is the only backend: every turn runs in print mode, nothing to fall back to. */
import type { BackendSelector, ChatBackend } from './chatBackend';

export class PrintOnlySelector implements BackendSelector {
  constructor(private readonly print: ChatBackend) {}

  current(): Promise<ChatBackend> {
    return Promise.resolve(this.print);
  }

  fallBack(): ChatBackend | undefined {
    return undefined;
  }
}
