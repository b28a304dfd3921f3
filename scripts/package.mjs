// `npm run package`: writes cursor-agent-vscode.vsix with vsce. The installed details page shows the README with
// http(s) images and links only (VS Code drops relative ones): the .vsix carries dist/README.md, README.md with each
// image as its caption and each relative link as its text (scripts/details-readme.cjs). Set CURSOR_AGENT_IMAGES_BASE_URL
// (e.g. a repository's raw address) to keep the images: vsce then rewrites them against it. Nothing invents one:
// there is no public repository yet.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const vsce = require.resolve('@vscode/vsce/vsce');
const { detailsPageReadme } = require('./details-readme.cjs');
const base = process.env.CURSOR_AGENT_IMAGES_BASE_URL?.trim();
if (base && !/^https:\/\/\S+$/.test(base)) {
  console.error(`CURSOR_AGENT_IMAGES_BASE_URL must be an https:// address, not ${JSON.stringify(base)}`);
  process.exit(1);
}
mkdirSync('dist', { recursive: true });
writeFileSync('dist/README.md', detailsPageReadme(readFileSync('README.md', 'utf8'), { keepImages: !!base }));
const args = [
  'package',
  '--out',
  'cursor-agent-vscode.vsix',
  '--readme-path',
  'dist/README.md',
  ...(base ? ['--baseImagesUrl', base] : ['--no-rewrite-relative-links']),
];
const r = spawnSync(process.execPath, [vsce, ...args], { stdio: 'inherit' });
process.exit(r.status ?? 1);
