// For host tests: what a person sees in the live workbench page, and a click there, as the page itself
// answers (code-server runs: test/host/launch/codeServerSuite.ts answers the marker through Playwright).
//   import { pageEval, pageClick } from '../page';
//   const headings = await pageEval<number>('document.querySelectorAll("h1").length');
//   await pageClick('.chat-question-close');
import * as fs from 'fs';
import * as path from 'path';

export const PAGE_MARKER = '__HOST_PAGE__';

/** A request to the page: a JavaScript expression evaluated there (its value must be JSON), or a click on the last visible match of a CSS selector. */
export type PageRequest = { evaluate: string } | { click: string };

let next = 0;

async function ask<T>(request: PageRequest, timeoutMs: number): Promise<T> {
  const dir = process.env.CURSOR_AGENT_TEST_OUTPUT;
  if (!dir) throw new Error('CURSOR_AGENT_TEST_OUTPUT is not set (not run by test/host/run.ts?)');
  const name = `page-${process.pid}-${++next}`;
  const file = path.join(dir, `${name}.json`);
  console.log(`${PAGE_MARKER} ${JSON.stringify({ name, ...request })}`);
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (fs.existsSync(file)) {
      const answer = JSON.parse(fs.readFileSync(file, 'utf8')) as { ok: boolean; value?: T; error?: string };
      fs.rmSync(file, { force: true });
      if (!answer.ok) throw new Error(`the page: ${answer.error ?? 'failed'}`);
      return answer.value as T;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`the page did not answer within ${timeoutMs} ms (only code-server runs answer: not CURSOR_AGENT_HOST_VSCODE=electron)`);
}

/** The value of `expression` evaluated in the workbench page. */
export function pageEval<T>(expression: string, timeoutMs = 15_000): Promise<T> {
  return ask<T>({ evaluate: expression }, timeoutMs);
}

/** Clicks the last visible element matching `selector` in the workbench page, as a person would. */
export function pageClick(selector: string, timeoutMs = 15_000): Promise<void> {
  return ask<void>({ click: selector }, timeoutMs);
}
