import * as fs from 'node:fs';
import * as path from 'node:path';
import { findRepoRoot } from '../fixtures/fakeCli';

/** Repository root (the folder holding package.json), found from the compiled test's location. */
export function repoRoot(): string {
  return findRepoRoot(__dirname);
}

export const SAMPLES_DIR = () => path.join(repoRoot(), 'test', 'fixtures', 'samples');

/** One capture in test/fixtures/samples/, as recorded (timing prefixes and all). */
export function sampleText(name: string): string {
  return fs.readFileSync(path.join(SAMPLES_DIR(), name), 'utf8');
}

/** The lines of one capture in test/fixtures/samples/, without blank lines and without the `<seconds> ` timing prefix of a stream line. */
export function sampleLines(name: string): string[] {
  return sampleText(name)
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => l.replace(/^\d+(?:\.\d+)? (?=\{)/, ''));
}

/** The stream samples (`*.jsonl`), in name order, each line as {@link sampleLines} reads it. */
export function streamSamples(): Array<{ name: string; bytes: Buffer; lines: string[] }> {
  return fs
    .readdirSync(SAMPLES_DIR())
    .filter((f) => f.endsWith('.jsonl'))
    .sort()
    .map((name) => {
      const lines = sampleLines(name);
      return { name, lines, bytes: Buffer.from(lines.join('\n') + '\n', 'utf8') };
    });
}

/** The `result` event's text (`result.result`, the CLI's final answer), undefined when the lines have none. */
export function resultTextOf(lines: string[]): string | undefined {
  for (const l of lines) {
    const o = JSON.parse(l) as { type?: string; result?: string };
    if (o.type === 'result') return o.result;
  }
  return undefined;
}
