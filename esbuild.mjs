// Bundles the extension into dist/extension.js (CommonJS, node, `vscode` external).
// `--production` minifies and drops source maps; `--watch` rebuilds on change.
import * as esbuild from 'esbuild';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

// In watch mode, one line when a rebuild starts and one when it ends (errors first, as file:line:column), so the
// `npm: watch` task in .vscode/tasks.json knows when F5 may start the extension host (the esbuild-sample habit).
const watchReporter = {
  name: 'watch-reporter',
  setup(build) {
    build.onStart(() => console.log('[watch] build started'));
    build.onEnd((result) => {
      for (const { text, location } of result.errors) {
        console.error(`✘ [ERROR] ${text}`);
        if (location) console.error(`    ${location.file}:${location.line}:${location.column}:`);
      }
      console.log('[watch] build finished');
    });
  },
};

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
  plugins: watch ? [watchReporter] : [],
});

if (watch) {
  await ctx.watch();
} else {
  const result = await ctx.rebuild();
  const bytes = Object.values(result.metafile.outputs).reduce((n, o) => n + o.bytes, 0);
  console.log(`dist/extension.js, dist/hostWatchdogMain.js: ${(bytes / 1024).toFixed(1)} KiB${production ? ' (production)' : ''}`);
  await ctx.dispose();
}
