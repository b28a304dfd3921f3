/** Waiting in tests: a pause, and polls that give a slow (loaded CI) machine its time. */

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
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
  while (!cond() && Date.now() < end) await new Promise((r) => setTimeout(r, 5));
}
