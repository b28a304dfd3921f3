import * as assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import { repoRoot } from '../support/samples';

const { detailsPageReadme } = createRequire(__filename)(path.join(repoRoot(), 'scripts', 'details-readme.cjs')) as {
  detailsPageReadme(markdown: string, opts?: { keepImages?: boolean }): string;
};

// The README is the extension's details page. The installed page (VS Code's extension editor) shows only http(s)
// images and links, so the .vsix carries it with each image as its caption and each relative link as its text
// (scripts/details-readme.cjs; test/ui/steps/detailsPageSteps.ts, run in ownAgent.ts, checks the page itself); the files they name ship in the .vsix.
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

/** The relative link targets README.md has (`[text](path)`, `<a href="path">`, reference definitions), images left out. */
function readmeLinks(markdown: string): string[] {
  const inline = [...markdown.matchAll(/(?<!!)\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]);
  const html = [...markdown.matchAll(/<a\b[^>]*\bhref=["']([^"']+)["']/gi)].map((m) => m[1]);
  const refs = [...markdown.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((m) => m[1]);
  return [...new Set([...inline, ...html, ...refs])]
    .filter((link) => !/^[a-z][a-z0-9+.-]*:/i.test(link!) && !link!.startsWith('#'))
    .map((link) => path.posix.normalize(decodeURI(link!.split('#')[0]!).replace(/^\.\//, '')));
}

/** The .vsix's size limit: a download a newcomer does not think twice about, with every image the README needs. */
const MAX_VSIX_BYTES = 250 * 1024;

/** What vsce packages from the extension folder `dir`, asked once per folder (each `vsce ls` is 2–3 CPU-seconds). */
const listed = new Map<string, string[]>();
function packagedFiles(dir: string): string[] {
  const known = listed.get(dir);
  if (known) return known;
  const files = vsceLs(dir);
  listed.set(dir, files);
  return files;
}

function vsceLs(dir: string): string[] {
  const vsce = path.join(repoRoot(), 'node_modules', '@vscode', 'vsce', 'vsce');
  const out = execFileSync(process.execPath, [vsce, 'ls', '--no-dependencies'], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
  return out
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

describe('the package', () => {
  const root = repoRoot();
  before(function () {
    this.timeout(60_000);
    // THIRD_PARTY_NOTICES.md is written by every build (esbuild.mjs): build once when a fresh clone has none yet.
    if (!fs.existsSync(path.join(root, 'THIRD_PARTY_NOTICES.md'))) execFileSync(process.execPath, ['esbuild.mjs'], { cwd: root, timeout: 60_000 });
  });

  it("finds the README's links however they are written, images and web addresses left out", () => {
    const md = '[a](docs/a.md) [b](./B.md#x "t") <a href="c.md">c</a> ![i](media/i.png) [w](https://x.example) [h](#h)\n[r]: ./r.md';
    assert.deepEqual(readmeLinks(md), ['docs/a.md', 'B.md', 'c.md', 'r.md']);
  });

  it('every relative link in README.md leads to a file the .vsix ships (vsce ls) or to a page of docs/ that the page says is in the source: no dead link', function () {
    this.timeout(60_000);
    const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
    const links = readmeLinks(readme);
    const shipped = new Set(packagedFiles(root));
    const docs = links.filter((link) => !shipped.has(link) && /^docs\/[\w-]+\.md$/.test(link));
    for (const d of docs) assert.ok(fs.existsSync(path.join(root, d)), `README.md links to ${d}, which does not exist`);
    if (docs.length > 0)
      assert.match(readme.replace(/\s+/g, ' '), /In an installed copy these pages are in the `docs` folder of the source you built it from\./);
    const dead = links.filter((link) => !shipped.has(link) && !docs.includes(link));
    assert.deepEqual(dead, [], `README.md links to files the .vsix leaves out (vsce ls: ${[...shipped].join(', ')})`);
  });

  it('the README the .vsix carries for the details page has no relative image or link: each image is its caption, naming the file', () => {
    const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
    const page = detailsPageReadme(readme);
    assert.deepEqual(readmeImages(page), []);
    assert.deepEqual(readmeLinks(page), []);
    for (const image of readmeImages(readme)) assert.ok(page.includes(`\`${image}\``), `the page does not name ${image}`);
    for (const link of readmeLinks(readme)) assert.ok(page.includes(link), `the page does not name ${link}`);
    // With an https base for the images (CURSOR_AGENT_IMAGES_BASE_URL), vsce rewrites them: they stay.
    assert.deepEqual(readmeImages(detailsPageReadme(readme, { keepImages: true })), readmeImages(readme));
    assert.equal(
      detailsPageReadme('[a](https://x.example) [LICENSE](LICENSE) [notes](docs/n.md)'),
      '[a](https://x.example) `LICENSE` notes (`docs/n.md`)',
    );
  });

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

  it('the .vsix is at most 250 KB: vsce packages the files it lists, with the production bundles', function () {
    this.timeout(180_000);
    // A copy of what vsce ls lists (dist/ may hold the development build: the production one is built into the copy),
    // packaged there by vsce with the manifest's prepublish step left out (it is the build just done).
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vsix-size-'));
    try {
      const copy = path.join(tmp, 'extension');
      const build = spawnSyncOk(process.execPath, ['esbuild.mjs', '--production', '--outdir', path.join(copy, 'dist')], root);
      assert.match(build, /production/);
      for (const file of [...packagedFiles(root), '.vscodeignore']) {
        if (file.startsWith('dist/')) continue;
        fs.mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
        fs.copyFileSync(path.join(root, file), path.join(copy, file));
      }
      const manifest = JSON.parse(fs.readFileSync(path.join(copy, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
      delete manifest.scripts['vscode:prepublish'];
      fs.writeFileSync(path.join(copy, 'package.json'), JSON.stringify(manifest, null, 2));
      const vsix = path.join(tmp, 'size.vsix');
      const vsce = path.join(root, 'node_modules', '@vscode', 'vsce', 'vsce');
      spawnSyncOk(process.execPath, [vsce, 'package', '--no-dependencies', '--no-rewrite-relative-links', '--out', vsix], copy);
      const inCopy = [...packagedFiles(copy)].sort();
      assert.deepEqual(inCopy, [...packagedFiles(root)].sort(), 'the copy packages the same files');
      const bytes = fs.statSync(vsix).size;
      const sizes = inCopy.map((f) => `${f} ${(fs.statSync(path.join(copy, f)).size / 1024).toFixed(1)} KB`).join(', ');
      assert.ok(bytes <= MAX_VSIX_BYTES, `the .vsix is ${(bytes / 1024).toFixed(1)} KB, over ${MAX_VSIX_BYTES / 1024} KB (uncompressed: ${sizes})`);
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });
});

/** Runs a command, returns its output; fails with its output when it fails. */
function spawnSyncOk(command: string, args: string[], cwd: string): string {
  const r = spawnSync(command, args, { cwd, encoding: 'utf8', timeout: 120_000 });
  assert.equal(r.status, 0, `${path.basename(args[0] ?? command)} failed:\n${r.stdout}${r.stderr}`);
  return r.stdout + r.stderr;
}
