/**
 * The unit tier's last check (a mocha root hook, loaded by .mocharc.js): anything a test started and left open
 * (a timer, a server, a child process, a socket) is a bug, not something to wait for. After the last test it
 * waits a few seconds for what is still closing, then fails naming what is left (Node's own names: `Timeout`,
 * `TCPServerWrap`, `ProcessWrap`…). Without it mocha (`exit: false`) would hang on a leak, or, with `--exit`,
 * hide it.
 */
const GRACE_MS = 3000;
/** What the test process itself holds (its terminal, its pipes to the parent): not the tests' doing. */
let baseline: string[] = [];

function active(): string[] {
  return process.getActiveResourcesInfo().filter((r) => r !== 'TTYWrap');
}

/** The resources in `now` beyond those in `base` (as a multiset). */
export function beyond(base: readonly string[], now: readonly string[]): string[] {
  const left = [...base];
  return now.filter((r) => {
    const i = left.indexOf(r);
    if (i === -1) return true;
    left.splice(i, 1);
    return false;
  });
}

export const mochaHooks = {
  beforeAll(): void {
    baseline = active();
  },
  async afterAll(this: { timeout(ms: number): void }): Promise<void> {
    this.timeout(GRACE_MS + 5000);
    const until = Date.now() + GRACE_MS;
    let leaked = beyond(baseline, active());
    while (leaked.length > 0 && Date.now() < until) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      await new Promise<void>((resolve) => setTimeout(resolve, 50).unref());
      leaked = beyond(baseline, active());
    }
    if (leaked.length > 0) {
      // What is left would keep the process alive (mocha runs with `exit: false`): end it once mocha has reported.
      setTimeout(() => process.exit(process.exitCode || 1), 2000).unref();
      const names = [...new Set(leaked)].join(', ');
      throw new Error(`the unit tier left open, ${GRACE_MS / 1000} s after its last test: ${names} (a test started it and never closed it)`);
    }
  },
};
