/**
 * What activation loads: dist/extension.js holds none of the MCP SDK (it and what it brings load on first use, from
 * dist/editorToolsServer.js). Built here with the project's own esbuild.mjs, read from esbuild's metafile.
 */
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

interface Metafile {
  outputs: Record<string, { inputs: Record<string, unknown>; bytes: number }>;
}

const repo = path.resolve(__dirname, '../../..');

describe('the extension bundle (esbuild metafile)', function () {
  this.timeout(60_000);
  let meta: Metafile;
  before(() => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bundle-')), 'meta.json');
    const r = spawnSync(process.execPath, ['esbuild.mjs', '--metafile', file], { cwd: repo, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    meta = JSON.parse(fs.readFileSync(file, 'utf8')) as Metafile;
  });

  it('activation loads none of the MCP SDK: dist/extension.js has no input from @modelcontextprotocol, the lazy bundle has', () => {
    const inputs = (out: string) => Object.keys(meta.outputs[out]?.inputs ?? {});
    const sdk = (i: string) => i.includes('node_modules/@modelcontextprotocol/');
    assert.ok(inputs('dist/extension.js').length > 0, 'no dist/extension.js in the metafile');
    assert.deepEqual(inputs('dist/extension.js').filter(sdk), []);
    assert.ok(inputs('dist/editorToolsServer.js').some(sdk), 'the MCP servers bundle should hold the SDK');
  });
});
