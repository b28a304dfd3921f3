import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { repoRoot } from '../support/samples';

// The README is the extension's details page: every image it embeds must ship in the .vsix, or the
// installed page shows a broken image (there is no public repository for vsce to point images at).
// The package's file list comes from vsce itself (`vsce ls`, the same .vscodeignore evaluation as
// `vsce package`), not from a second reading of .vscodeignore.

/** The relative image paths README.md embeds: `![alt](path "title")` and `<img src="path">`. */
function readmeImages(markdown: string): string[] {
  const inline = [...markdown.matchAll(/!\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]);
  const html = [...markdown.matchAll(/<img\b[^>]*\bsrc=["']([^"']+)["']/gi)].map((m) => m[1]);
  return [...new Set([...inline, ...html])]
    .filter((link) => !/^[a-z][a-z0-9+.-]*:/i.test(link!) && !link!.startsWith('#'))
    .map((link) => path.posix.normalize(decodeURI(link!.split('#')[0]!).replace(/^\.\//, '')));
}

function packagedFiles(root: string): string[] {
  const vsce = path.join(root, 'node_modules', '@vscode', 'vsce', 'vsce');
  const out = execFileSync(process.execPath, [vsce, 'ls', '--no-dependencies'], { cwd: root, encoding: 'utf8', timeout: 60_000 });
  return out
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

describe('the package', () => {
  const root = repoRoot();

  it("finds the README's images however they are written", () => {
    const md = '![a](media/a.png) ![b](./media/b.png "B") <img src="media/c.png" width="400"> ![d](https://x.example/d.png) ![e](#e)';
    assert.deepEqual(readmeImages(md), ['media/a.png', 'media/b.png', 'media/c.png']);
  });

  it('ships every image README.md embeds (vsce ls), and each exists', function () {
    this.timeout(60_000);
    const images = readmeImages(fs.readFileSync(path.join(root, 'README.md'), 'utf8'));
    const shipped = new Set(packagedFiles(root));
    assert.ok(shipped.has('package.json') && shipped.has('README.md'), `vsce ls listed: ${[...shipped].join(', ')}`);
    for (const image of images) {
      assert.ok(fs.existsSync(path.join(root, image)), `README.md embeds ${image}, which does not exist`);
      assert.ok(shipped.has(image), `README.md embeds ${image}, but the .vsix leaves it out (add it to .vscodeignore)`);
    }
  });
});
