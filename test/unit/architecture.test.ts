/**
 * The house's shape, read with TypeScript's own parser (not regular expressions): the layers of
 * scripts/eslint/layers.mjs (the one place they are written) hold for every import, type-only ones too;
 * the import graph has no cycle; nothing spawns through a shell or with --force. `npm run lint` keeps the
 * layers file by file as code is written; this test checks the whole graph at once.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as ts from 'typescript';
import { repoRoot } from '../support/samples';

interface Edge {
  from: string;
  spec: string;
  typeOnly: boolean;
}

/** Every module a file names: import/export … from, import x = require(), require(), import(), import('x').T. */
function importsOf(file: string): Edge[] {
  const sf = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
  const out: Edge[] = [];
  const add = (spec: ts.Expression | ts.TypeNode | undefined, typeOnly: boolean) => {
    const lit = spec && ts.isLiteralTypeNode(spec) ? spec.literal : spec;
    if (lit && (ts.isStringLiteral(lit) || ts.isNoSubstitutionTemplateLiteral(lit))) out.push({ from: file, spec: lit.text, typeOnly });
    else if (lit) out.push({ from: file, spec: `<computed ${lit.getText(sf)}>`, typeOnly });
  };
  const visit = (n: ts.Node) => {
    if (ts.isImportDeclaration(n)) {
      const c = n.importClause;
      const named = c?.namedBindings && ts.isNamedImports(c.namedBindings) ? c.namedBindings.elements : undefined;
      add(n.moduleSpecifier, !!c && (c.isTypeOnly || (!c.name && !!named && named.length > 0 && named.every((e) => e.isTypeOnly))));
    } else if (ts.isExportDeclaration(n) && n.moduleSpecifier) add(n.moduleSpecifier, n.isTypeOnly);
    else if (ts.isImportEqualsDeclaration(n) && ts.isExternalModuleReference(n.moduleReference)) add(n.moduleReference.expression, n.isTypeOnly);
    else if (
      ts.isCallExpression(n) &&
      (n.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(n.expression) && n.expression.text === 'require'))
    )
      add(n.arguments[0], false);
    else if (ts.isImportTypeNode(n)) add(n.argument, true);
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

function files(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : []));
}

/** The module file an import names (undefined: a package or a builtin). */
function resolve(from: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), spec);
  // A `.js` specifier names the `.ts` file (node16 resolution: ES-style dynamic imports carry the extension).
  return [`${base}.ts`, base.replace(/\.js$/, '.ts'), path.join(base, 'index.ts'), base].find((f) => fs.existsSync(f) && fs.statSync(f).isFile());
}

describe('architecture (pure core, thin VS Code edge)', () => {
  const src = path.join(repoRoot(), 'src');
  const all = files(src);
  const rel = (f: string) => path.relative(src, f).split(path.sep).join('/');
  const layerOf = (f: string) => rel(f).split('/')[0] ?? '';
  let layers: Record<string, string[]>;

  before(async () => {
    // layers.mjs is ESM; this test is compiled to CommonJS, where `import()` would become require().
    const load = new Function('url', 'return import(url)') as (url: string) => Promise<{ LAYERS: Record<string, string[]> }>;
    ({ LAYERS: layers } = await load(pathToFileURL(path.join(repoRoot(), 'scripts/eslint/layers.mjs')).href));
  });

  it('reads the imports it checks (the parser sees each way a module is named)', () => {
    const probe = path.join(repoRoot(), 'out', 'architecture-probe.ts');
    fs.mkdirSync(path.dirname(probe), { recursive: true });
    fs.writeFileSync(
      probe,
      [
        'export { a } from "./a";',
        "import type { B } from './b';",
        'const c = require(`./c`);',
        "void import('./d');",
        "type E = import('./e').E;",
      ].join('\n'),
    );
    try {
      assert.deepEqual(
        importsOf(probe).map((e) => `${e.spec}${e.typeOnly ? ' (type)' : ''}`),
        ['./a', './b (type)', './c', './d', './e (type)'],
      );
    } finally {
      fs.rmSync(probe);
    }
  });

  it('every file under src/ is in a layer, and names its modules with plain strings', () => {
    const bad = all.filter((f) => layerOf(f) !== 'extension.ts' && !(layerOf(f)! in layers)).map(rel);
    for (const f of all) for (const e of importsOf(f)) if (e.spec.startsWith('<computed')) bad.push(`${rel(f)}: ${e.spec}`);
    assert.deepEqual(bad, []);
  });

  it('keeps vscode out of every layer but src/vscode/ at run time, so the core is tested in milliseconds', () => {
    const offenders = all.filter(
      (f) => !['vscode', 'extension.ts'].includes(layerOf(f)!) && importsOf(f).some((e) => e.spec === 'vscode' && !e.typeOnly),
    );
    assert.deepEqual(offenders.map(rel), []);
  });

  it('imports only downwards (type-only imports too), as scripts/eslint/layers.mjs lists; only extension.ts builds node/ classes', () => {
    const bad: string[] = [];
    for (const f of all) {
      const from = layerOf(f);
      if (from === 'extension.ts') continue;
      for (const e of importsOf(f)) {
        const target = resolve(f, e.spec);
        if (!target) continue;
        const to = layerOf(target);
        if (to !== from && !layers[from]?.includes(to)) bad.push(`${rel(f)} → ${e.spec}`);
        if (to === 'node' && from !== 'node' && !e.typeOnly) bad.push(`${rel(f)} builds node/: ${e.spec}`);
      }
    }
    assert.deepEqual(bad, []);
  });

  it('has no import cycle in src/', () => {
    const graph = new Map(
      all.map((f) => [
        f,
        importsOf(f)
          .map((e) => resolve(f, e.spec))
          .filter((t): t is string => !!t),
      ]),
    );
    const state = new Map<string, 'open' | 'done'>();
    const cycles: string[] = [];
    const walk = (f: string, trail: string[]) => {
      if (state.get(f) === 'done') return;
      if (state.get(f) === 'open') {
        cycles.push([...trail.slice(trail.indexOf(f)), f].map(rel).join(' → '));
        return;
      }
      state.set(f, 'open');
      for (const t of graph.get(f) ?? []) walk(t, [...trail, f]);
      state.set(f, 'done');
    };
    for (const f of all) walk(f, []);
    assert.deepEqual(cycles, []);
  });

  it('never spawns through a shell or with --force anywhere in the source', () => {
    for (const f of all) {
      const text = fs.readFileSync(f, 'utf8');
      assert.ok(!/shell:\s*true/.test(text), `${f} uses shell: true`);
      assert.ok(!/['"]--force['"]\s*[,\]]/.test(text.replace(/FORBIDDEN[\s\S]*?\]/g, '')), `${f} passes --force`);
    }
  });
});
