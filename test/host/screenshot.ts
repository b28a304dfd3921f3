// For host tests: a screenshot of the live workbench (with the extension host
// still running, unlike the one run.ts takes after the suite ends).
//   import { screenshot } from '../screenshot';
//   const png = await screenshot('chat-answer'); // test-output/<suite>/chat-answer.png
import * as fs from 'fs';
import * as path from 'path';

export const SCREENSHOT_MARKER = '__HOST_SCREENSHOT__';

export async function screenshot(name: string, timeoutMs = 15_000): Promise<string> {
  const dir = process.env.CURSOR_AGENT_TEST_OUTPUT;
  if (!dir) throw new Error('CURSOR_AGENT_TEST_OUTPUT is not set (not run by test/host/run.ts?)');
  const safe = name.replace(/[^A-Za-z0-9._-]+/g, '_');
  const file = path.join(dir, `${safe}.png`);
  fs.rmSync(file, { force: true });
  console.log(`${SCREENSHOT_MARKER} ${safe}`);
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (fs.existsSync(file + '.done')) {
      fs.rmSync(file + '.done', { force: true });
      return file;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`screenshot ${safe} not taken within ${timeoutMs} ms`);
}
