// Records every unhandled promise rejection and uncaught exception of this
// extension host (the extension's and the tests'), so the last test of the
// suite can assert there were none. VS Code's own handlers stay in place:
// these listeners only watch.
export interface Unhandled {
  type: 'unhandledRejection' | 'uncaughtException';
  text: string;
  at: number;
}

const seen: Unhandled[] = [];
let installed = false;
const onRejection = (reason: unknown) => seen.push({ type: 'unhandledRejection', text: describe(reason), at: Date.now() });
const onException = (err: Error) => seen.push({ type: 'uncaughtException', text: describe(err), at: Date.now() });

function describe(reason: unknown): string {
  if (reason instanceof Error) return reason.stack ?? `${reason.name}: ${reason.message}`;
  try {
    return typeof reason === 'string' ? reason : JSON.stringify(reason);
  } catch {
    return String(reason);
  }
}

export function installUnhandledHooks(): void {
  if (installed) return;
  installed = true;
  process.on('unhandledRejection', onRejection);
  process.on('uncaughtExceptionMonitor', onException);
}

/** Whether the hooks are still installed (nothing removed them since the suite started). */
export function hooksInstalled(): boolean {
  return process.listeners('unhandledRejection').includes(onRejection) && process.listeners('uncaughtExceptionMonitor').includes(onException);
}

export function unhandledSoFar(): readonly Unhandled[] {
  return seen;
}
