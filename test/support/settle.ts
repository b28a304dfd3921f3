/**
 * Waits until `cond` holds, polling, for at most `ms` (generous: a loaded CI machine is slow).
 * Never throws: the test's own assertions, unchanged, say what was expected.
 */
export async function settle(cond: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond() && Date.now() < end) await new Promise((r) => setTimeout(r, 5));
}
