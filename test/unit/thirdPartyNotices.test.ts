/**
 * The .vsix ships THIRD_PARTY_NOTICES.md: the license of every npm package the bundles hold, read from esbuild's
 * metafile by scripts/third-party-notices.cjs (esbuild.mjs writes it on every build). A bundled package without a
 * license fails the build, and here.
 */
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';

interface Metafile {
  outputs: Record<string, { inputs: Record<string, unknown> }>;
}
interface Notices {
  collectNotices(meta: Metafile, root: string): { packages: Array<{ name: string; license: string; texts: string[] }>; missing: string[] };
  writeNotices(meta: Metafile, root: string, outFile: string): unknown;
}

const repo = path.resolve(__dirname, '../../..');
const notices = createRequire(__filename)(path.join(repo, 'scripts', 'third-party-notices.cjs')) as Notices;

describe('the third-party license notices the package ships', function () {
  this.timeout(60_000);
  let meta: Metafile;
  before(() => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'notices-')), 'meta.json');
    const r = spawnSync(process.execPath, ['esbuild.mjs', '--production', '--metafile', file], { cwd: repo, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    meta = JSON.parse(fs.readFileSync(file, 'utf8')) as Metafile;
  });

  it('names every bundled npm package with its license and license text, none missing', () => {
    const { packages, missing } = notices.collectNotices(meta, repo);
    assert.deepEqual(missing, []);
    const names = packages.map((p) => p.name);
    // (ajv, fast-uri and zod-to-json-schema are left out of the bundles: see esbuild.mjs's UNUSED_SDK_PARTS.)
    for (const expected of ['zod', 'tree-kill', '@modelcontextprotocol/sdk', 'hono', '@hono/node-server'])
      assert.ok(names.includes(expected), expected);
    const shipped = fs.readFileSync(path.join(repo, 'THIRD_PARTY_NOTICES.md'), 'utf8');
    for (const p of packages) {
      assert.ok(shipped.includes(`## ${p.name} `), `THIRD_PARTY_NOTICES.md names ${p.name}`);
      assert.ok(p.texts.length > 0 && shipped.includes(p.texts[0]!), `THIRD_PARTY_NOTICES.md holds the license text of ${p.name}`);
    }
  });

  it('fails the build when a bundled package has no license file', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'notices-missing-'));
    try {
      const dir = path.join(root, 'node_modules', 'unlicensed');
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'unlicensed', version: '1.0.0', license: 'MIT' }));
      const fake: Metafile = { outputs: { 'dist/extension.js': { inputs: { 'node_modules/unlicensed/index.js': {} } } } };
      assert.deepEqual(notices.collectNotices(fake, root).missing, ['unlicensed (no license file)']);
      assert.throws(() => notices.writeNotices(fake, root, path.join(root, 'out.md')), /unlicensed/);
      assert.equal(fs.existsSync(path.join(root, 'out.md')), false);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
