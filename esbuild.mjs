// Bundles the extension into dist/extension.js (CommonJS, node, `vscode` external).
// `--production` minifies and drops source maps; `--watch` rebuilds on change; `--metafile <file>` writes esbuild's
// record of which inputs went into which bundle (test/unit/bundle.test.ts reads it).
import * as esbuild from 'esbuild';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

// THIRD_PARTY_NOTICES.md (shipped in the .vsix): the licenses of the npm packages the bundles hold, read from the metafile.
const { writeNotices } = createRequire(import.meta.url)('./scripts/third-party-notices.cjs');

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
const metafileAt = process.argv.includes('--metafile') ? process.argv[process.argv.indexOf('--metafile') + 1] : undefined;

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

// The editor-tools MCP server (src/node/editorToolsServer.ts, with the MCP SDK and what it brings) is a bundle of its
// own, loaded by the extension on first use: its `import('./node/editorToolsServer.js')` stays a require of that file.
const lazyEditorTools = {
  name: 'lazy-editor-tools',
  setup(build) {
    build.onResolve({ filter: /^\.\/node\/editorToolsServer\.js$/ }, (args) =>
      args.importer.endsWith('extension.ts') ? { path: './editorToolsServer.js', external: true } : undefined,
    );
  },
};

const ctx = await esbuild.context({
  // The process watchdog (src/node/hostWatchdog.ts) runs as a script of its own beside the extension.
  entryPoints: {
    extension: 'src/extension.ts',
    hostWatchdogMain: 'src/node/hostWatchdogMain.ts',
    editorToolsServer: 'src/node/editorToolsServer.ts',
  },
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  outdir: 'dist',
  external: ['vscode'],
  // import() becomes require() (CommonJS throughout; the extension host's require finds dist/editorToolsServer.js).
  supported: { 'dynamic-import': false },
  minify: production,
  sourcemap: !production,
  sourcesContent: false,
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
  plugins: watch ? [lazyEditorTools, watchReporter] : [lazyEditorTools],
});

if (watch) {
  await ctx.watch();
} else {
  const result = await ctx.rebuild();
  if (metafileAt) writeFileSync(metafileAt, JSON.stringify(result.metafile));
  writeNotices(result.metafile, process.cwd(), 'THIRD_PARTY_NOTICES.md');
  const kib = (file) => `${((result.metafile.outputs[`dist/${file}`]?.bytes ?? 0) / 1024).toFixed(1)} KiB`;
  const files = ['extension.js', 'hostWatchdogMain.js', 'editorToolsServer.js'];
  console.log(`${files.map((f) => `dist/${f} ${kib(f)}`).join(', ')}${production ? ' (production)' : ''}`);
  await ctx.dispose();
}
