import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { repoRoot } from '../support/samples';

/** Runtime imports of a TypeScript file (type-only imports excluded). */
function runtimeImports(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(/^\s*import\s+(type\s+)?[^'";]*?from\s+'([^']+)'/gm)) if (!m[1]) out.push(m[2]);
  for (const m of text.matchAll(/^\s*import\s+'([^']+)'/gm)) out.push(m[1]);
  for (const m of text.matchAll(/require\(\s*'([^']+)'\s*\)/g)) out.push(m[1]);
  return out;
}

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : []));
}

describe('architecture (pure core, thin VS Code edge)', () => {
  const src = path.join(repoRoot(), 'src');
  const layerOf = (f: string) => path.relative(src, f).split(path.sep)[0];

  it('keeps vscode out of cli/, node/ and services/ at run time, so they are tested in milliseconds', () => {
    const offenders = files(src).filter((f) => ['cli', 'turn', 'print', 'node', 'services', 'acp'].includes(layerOf(f)) && runtimeImports(f).includes('vscode'));
    assert.deepEqual(offenders.map((f) => path.relative(src, f)), []);
  });

  it('imports only downwards: vscode/ → services/ → print/, acp/ → turn/ → cli/, node/ → cli/; only extension.ts builds node/ classes', () => {
    const allowed: Record<string, string[]> = {
      cli: ['cli'],
      turn: ['turn', 'cli'],
      print: ['print', 'turn', 'cli'],
      acp: ['acp', 'turn', 'cli'],
      node: ['node', 'cli'],
      services: ['services', 'print', 'acp', 'turn', 'cli'],
      vscode: ['vscode', 'services', 'turn', 'cli'],
    };
    const bad: string[] = [];
    for (const f of files(src)) {
      const layer = layerOf(f);
      if (layer === 'extension.ts') continue;
      for (const imp of runtimeImports(f)) {
        if (!imp.startsWith('.')) continue;
        const target = layerOf(path.resolve(path.dirname(f), imp));
        if (!allowed[layer]?.includes(target)) bad.push(`${path.relative(src, f)} → ${imp}`);
      }
    }
    assert.deepEqual(bad, []);
  });

  it('never spawns through a shell or with --force anywhere in the source', () => {
    for (const f of files(src)) {
      const text = fs.readFileSync(f, 'utf8');
      assert.ok(!/shell:\s*true/.test(text), `${f} uses shell: true`);
      assert.ok(!/['"]--force['"]\s*[,\]]/.test(text.replace(/FORBIDDEN[\s\S]*?\]/g, '')), `${f} passes --force`);
    }
  });
});
