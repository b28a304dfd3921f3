// `npm run package`: writes cursor-agent-vscode.vsix with vsce. The README's relative links and images stay relative
// (the installed details page resolves them inside the .vsix). For a marketplace, which needs absolute image
// addresses, set CURSOR_AGENT_IMAGES_BASE_URL (e.g. a repository's raw address): only then vsce rewrites the images
// against it. Nothing invents one: there is no public repository yet.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const vsce = createRequire(import.meta.url).resolve('@vscode/vsce/vsce');
const base = process.env.CURSOR_AGENT_IMAGES_BASE_URL?.trim();
if (base && !/^https:\/\/\S+$/.test(base)) {
  console.error(`CURSOR_AGENT_IMAGES_BASE_URL must be an https:// address, not ${JSON.stringify(base)}`);
  process.exit(1);
}
const args = ['package', '--out', 'cursor-agent-vscode.vsix', ...(base ? ['--baseImagesUrl', base] : ['--no-rewrite-relative-links'])];
const r = spawnSync(process.execPath, [vsce, ...args], { stdio: 'inherit' });
process.exit(r.status ?? 1);
