// Bundles the extension into dist/extension.js (CommonJS, node, `vscode` external).
// `--production` minifies and drops source maps; `--watch` rebuilds on change.
import * as esbuild from 'esbuild';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

const ctx = await esbuild.context({
  entryPoints: ['src/extension.ts'],
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  outfile: 'dist/extension.js',
  external: ['vscode'],
  minify: production,
  sourcemap: !production,
  sourcesContent: false,
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
});

if (watch) {
  await ctx.watch();
} else {
  const result = await ctx.rebuild();
  const bytes = Object.values(result.metafile.outputs).reduce((n, o) => n + o.bytes, 0);
  console.log(`dist/extension.js: ${(bytes / 1024).toFixed(1)} KiB${production ? ' (production)' : ''}`);
  await ctx.dispose();
}
