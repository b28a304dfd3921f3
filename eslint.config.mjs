// ESLint (flat config): the house rules a tool keeps, so nobody has to keep them by hand.
// `npm run lint` runs it. TypeScript is linted with type information (the root tsconfig.json covers
// src/, test/ and bench/); the few plain JavaScript files get only the size rules.
// Deliberately small: the layering, file and line size, promises nobody waits for, and a handful of
// cheap rules that catch real bugs. No style rules beyond that.
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';
import { layersPlugin } from './scripts/eslint/layers.mjs';

// Size limits, counted the way `wc -l` counts (blank lines and comments are lines too).
// Code lines only: comments and blank lines never count, so a file near its cap never trades its doc comments for room.
const maxLines = (max) => ['error', { max, skipBlankLines: true, skipComments: true }];
// Long strings and template literals count: a 200-character line is already generous (150 in src/), and
// a long message is easy to split; URLs and regular expression literals may run long.
const maxLenAt = (code) => [
  'error',
  { code, tabWidth: 2, ignoreUrls: true, ignoreRegExpLiterals: true, ignoreStrings: false, ignoreTemplateLiterals: false },
];
const maxLen = maxLenAt(200);

export default defineConfig(
  globalIgnores([
    // Build output, dependencies, test output, and VS Code / code-server downloads (the toolchain
    // itself lives outside the repository, in ~/.cache/cursor-agent-vscode-toolchain).
    'out/',
    'dist/',
    'node_modules/',
    'test-output/',
    '**/.vscode-test*/',
    // Captures of the real CLI are ground truth, never edited to please a linter. Only .ts/.js/.mjs/.cjs
    // files are linted at all, so the .txt/.json/.jsonl captures elsewhere are never touched either.
    'test/fixtures/samples/',
  ]),
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  {
    name: 'house/typescript',
    files: ['**/*.ts'],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      // A promise nobody awaits loses its rejection: await it, or mark a deliberate fire-and-forget with `void`.
      // VS Code's API returns Thenables (executeCommand, showMessage…): they reject too, so they count.
      '@typescript-eslint/no-floating-promises': ['error', { checkThenables: true }],
      // A promise where a boolean or a void callback is expected (`if (p)`, `emitter.on('x', async …)`).
      '@typescript-eslint/no-misused-promises': 'error',
      // `await` on something that is not a promise: usually a missing call or a wrong type.
      '@typescript-eslint/await-thenable': 'error',
      // A switch over a union names every member (a new error kind or state cannot fall through unnoticed), and a
      // `default:` may not hide one.
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { allowDefaultCaseForExhaustiveSwitch: false, considerDefaultExhaustiveForUnions: true },
      ],
      // `require()` in TypeScript loses the module's types (the code already marks its few deliberate ones).
      '@typescript-eslint/no-require-imports': ['error', { allowAsImport: true }],
      'no-async-promise-executor': 'error',
      'no-unsafe-finally': 'error',
      'no-self-assign': 'error',
      'no-self-compare': 'error',
      'no-debugger': 'error',
      'max-len': maxLen,
    },
  },
  {
    name: 'house/javascript',
    files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
    languageOptions: { sourceType: 'commonjs', ecmaVersion: 2022 },
    rules: { 'max-len': maxLen },
  },
  {
    files: ['**/*.mjs'],
    languageOptions: { sourceType: 'module' },
  },
  {
    name: 'house/size-src',
    files: ['src/**'],
    rules: { 'max-lines': maxLines(250), 'max-len': maxLenAt(150) },
  },
  {
    name: 'house/size-tests',
    files: ['test/**', 'bench/**'],
    rules: { 'max-lines': maxLines(350) },
  },
  {
    // The layers (scripts/eslint/layers.mjs), deny by default: an import that runs up, a file outside every
    // layer, a runtime vscode import below src/vscode/, a require()/import() with a computed name.
    // Nothing in src/ may switch a rule off: inline `eslint-disable` comments are ignored there, and the
    // warning ESLint gives for one fails `npm run lint` (--max-warnings 0).
    name: 'house/layers',
    files: ['src/**/*.ts'],
    linterOptions: { noInlineConfig: true },
    plugins: { house: layersPlugin },
    rules: {
      'house/layers': 'error',
      // The full zod build is about 400 KiB in the bundle; zod/mini (the same schemas, functional API) is what src/ uses.
      'no-restricted-imports': ['error', { paths: [{ name: 'zod', message: "Import * as z from 'zod/mini' (the full zod triples the bundle)." }] }],
    },
  },
  {
    // Time in the pure core goes through the injected Clock (src/cli/clock.ts), so every deadline, back-off and
    // keep-alive is tested on the fake clock (test/support/fakeClock.ts). Only the clock itself touches the timers.
    name: 'house/clock',
    files: ['src/cli/**/*.ts', 'src/turn/**/*.ts', 'src/acp/**/*.ts', 'src/print/**/*.ts', 'src/services/**/*.ts'],
    ignores: ['src/cli/clock.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval', 'setImmediate'].map((name) => ({
          name,
          message: 'Use the injected Clock (src/cli/clock.ts): time logic in the core runs on the fake clock in tests.',
        })),
      ],
    },
  },
);
