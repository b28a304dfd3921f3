// What `npm run screenshots` (test/ui/run.ts --screenshots) shows instead of test data: the README's
// images should look like a user's own window, not a test run's.

/** Screenshots mode: the sample folder under a name a real project might have (not a temporary folder's). */
export const SCREENSHOT_WORKSPACE = 'acme-web';

/** The first answer in screenshots mode: what the agent says about the sample folder's files (true of them). */
export const README_ANSWER =
  '**acme-web** is a small TypeScript project with one Python helper script:\n\n' +
  '- `src/hello.ts`: `hello(name)` builds a greeting; `main()` logs `hello("world")` and `add(2, 3)`.\n' +
  '- `src/math.ts`: the `add` and `mean` helpers that `hello.ts` imports.\n' +
  '- `scripts/report.py`: reads a JSON file of rows and prints how many there are and the sum of their `amount` fields.\n\n' +
  '`package.json` has no build or test scripts yet; `tsc` and a test runner would be a natural next step.';
export const README_ANSWER_START = 'is a small TypeScript project with one Python helper script';
