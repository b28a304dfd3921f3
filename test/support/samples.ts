import * as fs from 'node:fs';
import * as path from 'node:path';

/** Repository root (the folder holding package.json), found from the compiled test's location. */
export function repoRoot(): string {
  let dir = __dirname;
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error('package.json not found above ' + __dirname);
    dir = up;
  }
  return dir;
}

export const SAMPLES_DIR = () => path.join(repoRoot(), 'test', 'fixtures', 'samples');

/** The stream samples (`*.jsonl`), with any `<seconds> ` timing prefix removed from each line. */
export function streamSamples(): Array<{ name: string; bytes: Buffer; lines: string[] }> {
  return fs
    .readdirSync(SAMPLES_DIR())
    .filter((f) => f.endsWith('.jsonl'))
    .sort()
    .map((name) => {
      const text = fs.readFileSync(path.join(SAMPLES_DIR(), name), 'utf8');
      const lines = text.split('\n').filter((l) => l.trim() !== '').map((l) => l.replace(/^\d+(?:\.\d+)? (?=\{)/, ''));
      return { name, lines, bytes: Buffer.from(lines.join('\n') + '\n', 'utf8') };
    });
}

export function resultTextOf(lines: string[]): string | undefined {
  for (const l of lines) {
    const o = JSON.parse(l) as { type?: string; result?: string };
    if (o.type === 'result') return o.result;
  }
  return undefined;
}
