/**
 * Waiting in tests: polls for a state that give a slow (loaded CI) machine its time, a bound on a
 * promise, a turn of the event loop, and a pause. The unit tier's only real-time waits live here:
 * timing logic of the core is tested on the fake clock (./fakeClock.ts), never by sleeping.
 */

/**
 * A fixed pause. Only to prove a negative ("nothing was spawned", "it is still running"): the caller's
 * line says so. Anything positive is a {@link waitFor} on its state.
 */
export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** One turn of the event loop (no time passes): what is already due (promise chains, I/O callbacks) runs first. */
export function nextTurn(): Promise<void> {
  return new Promise((r) => setImmediate(r));
}

/** What `pending` gives, or 'still running' after `ms` (a bound: the test asserts on which). */
export async function within<T>(pending: Promise<T>, ms: number): Promise<T | 'still running'> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<'still running'>((r) => (timer = setTimeout(() => r('still running'), ms)));
  try {
    return await Promise.race([pending, bound]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Polls `cond` (every `everyMs`, default 20) until it holds or `ms` passed; resolves whether it held at the
 * end. The caller asserts on the result, so its own message says what was expected.
 */
export async function waitFor(cond: () => boolean | Promise<boolean>, ms: number, options: { everyMs?: number } = {}): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await cond()) return true;
    await sleep(options.everyMs ?? 20);
  }
  return cond();
}

/**
 * Waits until `cond` holds, polling, for at most `ms` (generous: a loaded CI machine is slow).
 * Never throws: the test's own assertions, unchanged, say what was expected.
 */
export async function settle(cond: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond() && Date.now() < end) await sleep(5);
}
