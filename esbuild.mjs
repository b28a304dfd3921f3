// Bundles the extension into dist/extension.js (CommonJS, node, `vscode` external).
// `--production` minifies and drops source maps; `--watch` rebuilds on change.
import * as esbuild from 'esbuild';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

const ctx = await esbuild.context({
  // The process watchdog (src/node/hostWatchdog.ts) runs as a script of its own beside the extension.
  entryPoints: { extension: 'src/extension.ts', hostWatchdogMain: 'src/node/hostWatchdogMain.ts' },
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  outdir: 'dist',
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
  console.log(`dist/extension.js, dist/hostWatchdogMain.js: ${(bytes / 1024).toFixed(1)} KiB${production ? ' (production)' : ''}`);
  await ctx.dispose();
}
