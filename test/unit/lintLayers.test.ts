/**
 * Issue 22: the layers are kept by `npm run lint`, and the ways around them fail it too. Each probe is a
 * small house (the repository's own eslint.config.mjs and scripts/eslint/layers.mjs, copied into a temporary
 * folder beside a src/ of probe files) linted by ESLint as `npm run lint` lints.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ESLint } from 'eslint';
import { repoRoot } from '../support/samples';

const PROBES: Record<string, string> = {
  'src/vscode/view.ts': 'export const shown = 1;\n',
  // 1. A re-export from the VS Code edge inside the ground floor.
  'src/cli/reexport.ts': "export { shown } from '../vscode/view';\n",
  // 2. The same import written with double quotes.
  'src/cli/doubleQuoted.ts': 'import { shown } from "../vscode/view";\nexport const twice = shown * 2;\n',
  // 3. A dynamic import() and a template-literal require(), each with a name the lint cannot read.
  'src/cli/dynamic.ts': 'export const load = (name: string): Promise<unknown> => import(name);\n',
  'src/cli/templateRequire.ts':
    'const edge = "vscode";\n// eslint-disable-next-line @typescript-eslint/no-require-imports\nexport const api: unknown = require(`../${edge}/view`);\n',
  // 4. A new folder outside every layer that imports vscode.
  'src/util/window.ts': "import * as vscode from 'vscode';\nexport const w = vscode.window;\n",
  // And switching the rule off inline does not switch it off.
  'src/cli/disabled.ts': "// eslint-disable-next-line house/layers\nimport { shown } from '../vscode/view';\nexport const again = shown;\n",
  // A file that keeps the rules: no complaint.
  'src/cli/fine.ts': "import type * as vscode from 'vscode';\nexport type Uri = vscode.Uri;\nexport const n = 1;\n",
  'src/services/plans/uses.ts': "import { n } from '../../cli/fine';\nexport const m = n + 1;\n",
  // 5. Inside services/, rooms in steps: a room that imports a room above it, or one beside it, fails; a new room too.
  'src/services/engine/flow.ts': "import { m } from '../plans/uses';\nexport const f = m;\n",
  'src/services/plans/upward.ts': "import { f } from '../engine/flow';\nexport const g = f;\n",
  'src/services/models/beside.ts': "import type { m } from '../plans/uses';\nexport type B = typeof m;\n",
  'src/services/base.ts': "import { m } from './plans/uses';\nexport const b = m;\n",
  'src/services/newRoom/thing.ts': 'export const t = 1;\n',
};

describe('layers kept by lint (npm run lint)', function () {
  this.timeout(120_000);
  let results: Map<string, ESLint.LintResult>;

  before(async () => {
    const root = repoRoot();
    const house = fs.mkdtempSync(path.join(os.tmpdir(), 'lint-layers-'));
    fs.mkdirSync(path.join(house, 'scripts/eslint'), { recursive: true });
    fs.copyFileSync(path.join(root, 'eslint.config.mjs'), path.join(house, 'eslint.config.mjs'));
    fs.copyFileSync(path.join(root, 'scripts/eslint/layers.mjs'), path.join(house, 'scripts/eslint/layers.mjs'));
    const tsconfig = JSON.parse(fs.readFileSync(path.join(root, 'tsconfig.json'), 'utf8')) as {
      include: string[];
      compilerOptions: { types: string[] };
    };
    fs.writeFileSync(
      path.join(house, 'tsconfig.json'),
      JSON.stringify({ ...tsconfig, include: ['src'], compilerOptions: { ...tsconfig.compilerOptions, types: ['node'] } }),
    );
    fs.symlinkSync(path.join(root, 'node_modules'), path.join(house, 'node_modules'), 'dir');
    for (const [file, text] of Object.entries(PROBES)) {
      fs.mkdirSync(path.dirname(path.join(house, file)), { recursive: true });
      fs.writeFileSync(path.join(house, file), text);
    }
    const eslint = new ESLint({ cwd: house });
    results = new Map((await eslint.lintFiles(['src'])).map((r) => [path.relative(house, r.filePath).split(path.sep).join('/'), r]));
    fs.rmSync(house, { recursive: true, force: true });
  });

  /** What lint says about `file`: each message as "rule: text", warnings too (--max-warnings 0 fails on them). */
  const said = (file: string): string[] => (results.get(file)?.messages ?? []).map((m) => `${m.ruleId ?? 'eslint'}: ${m.message}`);

  it('a re-export from src/vscode/ in the ground floor (src/cli/) fails lint', () => {
    assert.match(said('src/cli/reexport.ts').join('\n'), /house\/layers: cli\/ may not import vscode\//);
  });

  it('a double-quoted import from src/vscode/ in src/cli/ fails lint', () => {
    assert.match(said('src/cli/doubleQuoted.ts').join('\n'), /house\/layers: cli\/ may not import vscode\//);
  });

  it('a dynamic import() or a template-literal require() in src/ fails lint (the layers could not be checked)', () => {
    assert.match(said('src/cli/dynamic.ts').join('\n'), /house\/layers: A module name must be a plain string here.*import\(\)/);
    assert.match(said('src/cli/templateRequire.ts').join('\n'), /house\/layers: A module name must be a plain string here.*require\(\)/);
  });

  it('a new folder under src/ outside every layer (src/util/) that imports vscode fails lint', () => {
    const out = said('src/util/window.ts').join('\n');
    assert.match(out, /house\/layers: src\/util\/window\.ts is outside every layer/);
    assert.match(out, /house\/layers: util\/ is the pure core: import vscode only as `import type`/);
  });

  it('an eslint-disable comment in src/ does not switch the layers off, and says so', () => {
    const out = said('src/cli/disabled.ts');
    assert.ok(
      out.some((m) => /^house\/layers: cli\/ may not import vscode\//.test(m)),
      out.join('\n'),
    );
    assert.ok(
      out.some((m) => /no effect because you have 'noInlineConfig'/.test(m)),
      out.join('\n'),
    );
  });

  it('an import type of vscode below the edge, and an import downwards, pass', () => {
    assert.deepEqual(said('src/cli/fine.ts'), []);
    assert.deepEqual(said('src/services/plans/uses.ts'), []);
    assert.deepEqual(said('src/services/engine/flow.ts'), []);
  });

  it('inside services/, a room importing a room of its own step or above, the base importing a room, and a room in no step fail lint', () => {
    assert.match(said('src/services/plans/upward.ts').join('\n'), /house\/layers: services\/plans\/ may not import services\/engine\//);
    assert.match(said('src/services/models/beside.ts').join('\n'), /house\/layers: services\/models\/ may not import services\/plans\//);
    assert.match(said('src/services/base.ts').join('\n'), /house\/layers: services\/\(base\)\/ may not import services\/plans\//);
    assert.match(said('src/services/newRoom/thing.ts').join('\n'), /house\/layers: services\/newRoom\/ is in no step of SERVICE_ROOMS/);
  });
});
