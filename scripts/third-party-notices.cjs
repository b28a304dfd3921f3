// The third-party license notices the .vsix ships (THIRD_PARTY_NOTICES.md), generated from esbuild's metafile:
// every npm package with a file in a bundle, its version, its license and the text of its license file.
// esbuild.mjs writes it on every build; test/unit/thirdPartyNotices.test.ts fails when a bundled package has no license.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

/** The package directories (relative to the repository, e.g. `node_modules/@hono/node-server`) that a bundle holds. */
function bundledPackageDirs(metafile) {
  const dirs = new Set();
  for (const output of Object.values(metafile.outputs)) {
    for (const input of Object.keys(output.inputs)) {
      const at = input.lastIndexOf('node_modules/');
      if (at < 0) continue;
      const rest = input.slice(at + 'node_modules/'.length).split('/');
      const name = rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
      dirs.add(`${input.slice(0, at)}node_modules/${name}`);
    }
  }
  return [...dirs].sort();
}

const LICENSE_FILE = /^(licen[cs]e|copying|notice)(\.(md|txt|markdown))?$/i;

/** Each bundled package with its license; `missing` names those with neither a license field nor a license file. */
function collectNotices(metafile, root) {
  const packages = [];
  const missing = [];
  for (const dir of bundledPackageDirs(metafile)) {
    const abs = path.join(root, dir);
    const manifest = JSON.parse(fs.readFileSync(path.join(abs, 'package.json'), 'utf8'));
    const files = fs
      .readdirSync(abs)
      .filter((f) => LICENSE_FILE.test(f))
      .sort();
    const texts = files.map((f) => fs.readFileSync(path.join(abs, f), 'utf8').trim());
    const license = typeof manifest.license === 'string' ? manifest.license : manifest.license?.type;
    if (!license || texts.length === 0) missing.push(`${manifest.name ?? dir} (${!license ? 'no license field' : 'no license file'})`);
    packages.push({ name: manifest.name ?? dir, version: manifest.version ?? '', license: license ?? 'UNKNOWN', texts });
  }
  const seen = new Set();
  const unique = packages.filter((p) => !seen.has(`${p.name}@${p.version}`) && seen.add(`${p.name}@${p.version}`));
  return { packages: unique, missing };
}

function renderNotices(packages) {
  const head = [
    '# Third-party notices',
    '',
    'The extension bundles these npm packages into its `dist/` files. Their licenses follow.',
    '',
    ...packages.map((p) => `- ${p.name} ${p.version} (${p.license})`),
    '',
  ];
  // A license text never closes the fence: a four-backtick fence holds any three-backtick block inside.
  const body = packages.flatMap((p) => [`## ${p.name} ${p.version}`, '', `License: ${p.license}`, '', '````text', p.texts.join('\n\n'), '````', '']);
  return [...head, ...body].join('\n');
}

/** Writes the notices file; throws (failing the build) when a bundled package's license is missing. */
function writeNotices(metafile, root, outFile) {
  const { packages, missing } = collectNotices(metafile, root);
  if (missing.length > 0) throw new Error(`Bundled packages without a license: ${missing.join(', ')}`);
  fs.writeFileSync(outFile, renderNotices(packages));
  return packages;
}

module.exports = { bundledPackageDirs, collectNotices, renderNotices, writeNotices };
