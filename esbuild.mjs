// Bundles the extension into dist/extension.js (CommonJS, node, `vscode` external).
// `--production` minifies and drops source maps; `--watch` rebuilds on change; `--metafile <file>` writes esbuild's
// record of which inputs went into which bundle (test/unit/bundle.test.ts reads it); `--outdir <folder>` instead of dist/.
import * as esbuild from 'esbuild';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

// THIRD_PARTY_NOTICES.md (shipped in the .vsix): the licenses of the npm packages the bundles hold, read from the metafile.
const { writeNotices } = createRequire(import.meta.url)('./scripts/third-party-notices.cjs');

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
const argAfter = (flag) => (process.argv.includes(flag) ? process.argv[process.argv.indexOf(flag) + 1] : undefined);
const metafileAt = argAfter('--metafile');
// `--outdir <folder>`: the bundles go there instead of dist/ (test/unit/packageSize.test.ts packages a copy).
const outdir = argAfter('--outdir') ?? 'dist';

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

// Parts of the MCP SDK our two servers never reach, left out of dist/editorToolsServer.js (about a third of it):
// - ajv (with ajv-formats, fast-uri…): the SDK's server uses it only to check a client's answer to an elicitation
//   request, and our servers never elicit;
// - zod/v3 and zod-to-json-schema: the SDK's branch for Zod 3 schemas; our tools' schemas are Zod 4 (`zod/mini`).
// Each is replaced by a stub that throws, naming itself, if it is ever reached; test/unit/packagedServer.test.ts runs
// the built bundle through an MCP client (list the tools, call one, refuse bad input) so a stub in use fails there.
const UNUSED_SDK_PARTS = {
  ajv: {
    match: /\/validation\/ajv-provider\.js$/,
    contents: 'export class AjvJsonSchemaValidator { getValidator() { throw new Error(NOT_BUNDLED); } }',
  },
  'zod/v3': { match: /^zod\/v3$/, contents: 'export function object() { throw new Error(NOT_BUNDLED); }' },
  'zod-to-json-schema': { match: /^zod-to-json-schema$/, contents: 'export function zodToJsonSchema() { throw new Error(NOT_BUNDLED); }' },
};
const unusedSdkParts = {
  name: 'unused-sdk-parts',
  setup(build) {
    build.onResolve({ filter: /ajv-provider\.js$|^zod\/v3$|^zod-to-json-schema$/ }, (args) => {
      if (!/[\\/]@modelcontextprotocol[\\/]sdk[\\/]/.test(args.importer)) return undefined;
      const name = Object.keys(UNUSED_SDK_PARTS).find((k) => UNUSED_SDK_PARTS[k].match.test(args.path));
      return name ? { path: name, namespace: 'unused-sdk-part' } : undefined;
    });
    build.onLoad({ filter: /.*/, namespace: 'unused-sdk-part' }, (args) => ({
      contents: `const NOT_BUNDLED = ${JSON.stringify(`${args.path} is not bundled (unused by the extension's MCP servers: see esbuild.mjs)`)};\n${UNUSED_SDK_PARTS[args.path].contents}\n`,
      loader: 'js',
    }));
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
  outdir,
  external: ['vscode'],
  // import() becomes require() (CommonJS throughout; the extension host's require finds dist/editorToolsServer.js).
  supported: { 'dynamic-import': false },
  minify: production,
  sourcemap: !production,
  sourcesContent: false,
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
  plugins: watch ? [lazyEditorTools, unusedSdkParts, watchReporter] : [lazyEditorTools, unusedSdkParts],
});

if (watch) {
  await ctx.watch();
} else {
  const result = await ctx.rebuild();
  if (metafileAt) writeFileSync(metafileAt, JSON.stringify(result.metafile));
  writeNotices(result.metafile, process.cwd(), 'THIRD_PARTY_NOTICES.md');
  const bytes = (file) => Object.entries(result.metafile.outputs).find(([out]) => out.endsWith(`/${file}`))?.[1].bytes ?? 0;
  const kib = (file) => `${(bytes(file) / 1024).toFixed(1)} KiB`;
  const files = ['extension.js', 'hostWatchdogMain.js', 'editorToolsServer.js'];
  console.log(`${files.map((f) => `${outdir}/${f} ${kib(f)}`).join(', ')}${production ? ' (production)' : ''}`);
  await ctx.dispose();
}
