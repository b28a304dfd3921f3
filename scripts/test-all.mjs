// `npm test`: lint, one build, then every tier, each one run and reported even when another failed, so a run
// tells everything it can. The build happens once here (the tiers' own `npm run test:<tier>` scripts still
// build for themselves when run alone). Exit code: 0 only when lint, the build and every tier passed.
//
// Order: the test build (`out/`), the unit tier, the development bundle (`dist/`) for the host tier, then the
// packaged .vsix (production bundle) for the UI tier, then the Windows tier. A failed lint or build stops the
// run (nothing after it could mean anything).
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Runs a command with inherited output; returns whether it exited 0. */
function run(label, command, args) {
  const t0 = Date.now();
  console.log(`\n::: ${label}`);
  const r = spawnSync(command, args, { stdio: 'inherit', shell: false });
  const ok = r.status === 0;
  console.log(`::: ${label}: ${ok ? 'ok' : `failed (exit ${r.status ?? r.signal})`} in ${Math.round((Date.now() - t0) / 1000)} s`);
  return ok;
}

const node = process.execPath;
const steps = [];
const gate = (label, command, args) => {
  const ok = run(label, command, args);
  steps.push([label, ok]);
  if (!ok) finish();
};
const tier = (label, command, args) => steps.push([label, run(label, command, args)]);

function finish() {
  const failed = steps.filter(([, ok]) => !ok).map(([label]) => label);
  console.log(`\n::: npm test: ${failed.length === 0 ? 'every step passed' : `failed: ${failed.join(', ')}`}`);
  process.exit(failed.length === 0 ? 0 : 1);
}

gate('lint', npm, ['run', 'lint']);
rmSync('out', { recursive: true, force: true });
gate('build: tests (tsc)', node, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.test.json']);
tier('unit tier', node, ['node_modules/mocha/bin/mocha.js', '--config', '.mocharc.js']);
gate('build: development bundle', npm, ['run', 'compile']);
tier('host tier', node, ['out/test/host/run.js']);
gate('build: .vsix', npm, ['run', 'package']);
for (const script of ['run', 'continuity', 'acpPlan', 'ownAgent', 'harness']) tier(`UI: ${script}`, node, [`out/test/ui/${script}.js`]);
tier('Windows tier', node, ['out/test/windows/run.js']);
finish();
