// `npm test`: every tier, side by side where they are isolated, each one run and reported even when another
// failed, so a run tells everything it can. Exit code 0 only when every step passed.
//
// 1. Gates, one after the other (nothing after a failed one could mean anything): the test build (`tsc`, one
//    `out/`), the development bundle (`dist/`, for the host tier) and the packaged .vsix (production bundle, for
//    the UI tier). The tiers' own `npm run test:<tier>` scripts still build for themselves when run alone.
// 2. Jobs, at most CURSOR_AGENT_TEST_JOBS at a time (default 3; see docs/testing.md for the measurements that chose
//    it on 2 cores): lint, the unit tier, each host suite on each VS Code version, each UI script on each version,
//    the Windows tier. Every host suite and UI script starts its own code-server, Chromium, temporary folders, fake
//    CLI and port, so they share nothing but the toolchain cache, which the `toolchains` job fills first (its
//    scripts also take a lock of their own). The longest jobs start first.
// 3. Each job's output goes to test-output/steps/<job>.log and is printed whole when the job ends (never
//    interleaved); then one count per tier and the last line, `tests: N passed, N failed, N skipped`.
//
// CURSOR_AGENT_TEST_ONLY=<regexp> runs only the jobs whose names match (and what they need).
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
process.chdir(root);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const node = process.execPath;
const t00 = Date.now();
const secs = (t0) => Math.round((Date.now() - t0) / 1000);

/** A gate: runs with inherited output; a failure ends `npm test` at once. */
function gate(label, command, args) {
  const t0 = Date.now();
  console.log(`\n::: ${label}`);
  const r = spawnSync(command, args, { stdio: 'inherit', shell: false });
  console.log(`::: ${label}: ${r.status === 0 ? 'ok' : `failed (exit ${r.status ?? r.signal})`} in ${secs(t0)} s`);
  if (r.status !== 0) {
    console.log(`\n::: npm test: failed: ${label}`);
    process.exit(1);
  }
}

// A developer's filter; CI runs every job whatever its environment holds.
const onlyFilter = process.env.CI ? undefined : process.env.CURSOR_AGENT_TEST_ONLY;
if (process.env.CI && process.env.CURSOR_AGENT_TEST_ONLY) console.log(`::: CI: ignoring CURSOR_AGENT_TEST_ONLY (CI runs every job)`);
const stepsDir = path.join(root, 'test-output', 'steps');
mkdirSync(stepsDir, { recursive: true });

const cpuRoot = '/sys/fs/cgroup/cpuacct';
const cpuGroup = (j) => {
  if (!process.env.CURSOR_AGENT_TEST_CPU) return undefined;
  const dir = path.join(cpuRoot, `cursor-agent-test-${process.pid}-${j.name.replace(/[^A-Za-z0-9.-]+/g, '_')}`);
  try {
    mkdirSync(dir, { recursive: true });
    return dir;
  } catch {
    return undefined;
  }
};
const cpuSeconds = (dir) => {
  try {
    return Math.round(Number(readFileSync(path.join(dir, 'cpuacct.usage'), 'utf8')) / 1e9);
  } catch {
    return undefined;
  }
};

function logFileOf(j) {
  return path.join(stepsDir, `${j.name.replace(/[^A-Za-z0-9.-]+/g, '_')}.log`);
}

// Lint reads only the sources: it starts beside the builds (one core is idle while tsc works) and is reported with the jobs.
const lintJob = { name: 'lint', est: 25, command: npm, args: ['run', 'lint'], env: {}, tier: null };
const lintWanted = !onlyFilter || new RegExp(onlyFilter).test(lintJob.name);
if (lintWanted) lintJob.started = startJob(lintJob, ' (beside the builds)');
rmSync('out', { recursive: true, force: true });
gate('build: tests (tsc)', node, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.test.json']);
gate('build: development bundle', npm, ['run', 'compile']);
gate('build: .vsix', npm, ['run', 'package']);

// The matrix comes from the compiled test code, so it is declared once (test/host/suites.ts, test/host/versions.ts).
const { HOST_SUITES } = require(path.join(root, 'out/test/host/suites.js'));
const { selectedTargets } = require(path.join(root, 'out/test/host/versions.js'));
const targets = selectedTargets();
/** The value of CURSOR_AGENT_VSCODE that selects one target in a child. */
const pick = (t) => (t.role === 'chosen' ? t.codeServer : t.role);
const onNewest = (t) => t.role !== 'lowest';

/**
 * A job: `est` is the seconds it took on an idle 2-core machine (it only orders the queue: longest first);
 * `tier` names the count its closing line carries (`<tier>: N passed, N failed[, N skipped]`), or 'mocha'.
 */
const jobs = [];
const job = (name, est, args, extra = {}) => jobs.push({ name, est, command: extra.command ?? node, args, env: extra.env ?? {}, ...extra });
jobs.push(lintJob);
job('unit', 85, ['node_modules/mocha/bin/mocha.js', '--config', '.mocharc.js'], { tier: 'unit', mocha: true });
// The toolchains (code-server per VS Code version, Chromium, Wine and the Windows node.exe): installed once, before
// anything that uses them starts (seconds when cached, ~10 minutes on an empty cache).
const toolchainScript = [
  ...targets.map((t) => `CODE_SERVER_VERSION=${t.codeServer} bash scripts/vscode-toolchain.sh >/dev/null`),
  'bash scripts/windows-toolchain.sh >/dev/null',
].join(' && ');
job('toolchains', 1, ['-c', toolchainScript], { command: 'bash', tier: null });
const hostEst = { 'suite-acp': 135, 'suite-faults': 100, 'suite-trusted': 55, 'suite-multiroot': 25 };
for (const t of targets) {
  for (const s of HOST_SUITES.filter((s) => !s.newestOnly || onNewest(t))) {
    job(`host ${s.folder} on VS Code ${t.vscode}`, hostEst[s.folder] ?? 15, ['out/test/host/run.js'], {
      tier: 'host',
      after: 'toolchains',
      env: { CURSOR_AGENT_HOST_JOB: s.folder, CURSOR_AGENT_VSCODE: pick(t) },
    });
  }
}
const uiScripts = { run: 75, continuity: 75, models: 60, acpChat: 70, ownAgent: 60, harness: 80, harnessCopilot: 60, firstQuestion: 150 };
const newestOnlyUi = new Set(['continuity', 'models', 'harness', 'harnessCopilot']); // they choose their VS Code themselves (the newest)
for (const [script, est] of Object.entries(uiScripts)) {
  for (const t of newestOnlyUi.has(script) ? [undefined] : targets) {
    job(`UI ${script}${t ? ` on VS Code ${t.vscode}` : ''}`, est, [`out/test/ui/${script}.js`], {
      tier: 'ui',
      after: 'toolchains',
      env: t ? { CURSOR_AGENT_VSCODE: pick(t) } : {},
    });
  }
}
job('Windows', 35, ['out/test/windows/run.js'], { tier: 'windows', after: 'toolchains' });

const only = onlyFilter ? new RegExp(onlyFilter) : undefined;
const wanted = jobs.filter(
  (j) => !only || only.test(j.name) || (j.name === 'toolchains' && jobs.some((k) => k.after === 'toolchains' && only.test(k.name))),
);
const concurrency = Math.max(1, Number(process.env.CURSOR_AGENT_TEST_JOBS ?? 3) || 3);

/** Counts from a job's output: its tier's closing line, or mocha's summary. */
function countsOf(j, output) {
  if (j.mocha) {
    const n = (word) => Number((new RegExp(`^\\s+(\\d+) ${word}`, 'm').exec(output) ?? [])[1] ?? 0);
    return { tier: j.tier, passed: n('passing'), failed: n('failing'), skipped: n('pending') };
  }
  // The last `<tier>: N passed, N failed[, N skipped]` line (the UI scripts print `ui-plan:`, `ui-harness:`, …).
  const lines = [...output.matchAll(/^([a-z][a-z0-9-]*): (\d+) passed, (\d+) failed(?:, (\d+) skipped)?/gm)];
  const m = lines.at(-1);
  if (!m) return undefined;
  return { tier: m[1], passed: Number(m[2]), failed: Number(m[3]), skipped: Number(m[4] ?? 0) };
}

const results = [];
/** Starts a job's process, its output to its log file; `closed` resolves with its exit once the log is written. */
function startJob(j, note = '') {
  const t0 = Date.now();
  const out = createWriteStream(logFileOf(j));
  console.log(`::: start ${j.name}${note}`);
  // CURSOR_AGENT_TEST_CPU=1 (a developer's measurement, root on Linux with cgroup v1's cpuacct): each job runs in a
  // cgroup of its own, so its CPU seconds, every process it started included, are reported beside its wall time.
  const cg = cpuGroup(j);
  const [command, args] = cg ? ['bash', ['-c', `echo $$ > ${cg}/tasks && exec "$@"`, 'job', j.command, ...j.args]] : [j.command, j.args];
  const child = spawn(command, args, { env: { ...process.env, ...j.env }, stdio: ['ignore', 'pipe', 'pipe'], shell: false });
  child.stdout.pipe(out, { end: false });
  child.stderr.pipe(out, { end: false });
  const closed = new Promise((resolve) => child.on('close', (code, signal) => out.end(() => resolve({ code, signal }))));
  return { t0, cg, closed };
}

/** Waits for a started job, prints its whole log and its outcome, and records its counts. */
async function finishJob(j, { t0, cg, closed }) {
  const { code, signal } = await closed;
  const file = logFileOf(j);
  const output = readFileSync(file, 'utf8');
  const ok = code === 0;
  const counts = j.tier === null ? undefined : countsOf(j, output);
  console.log(`\n::: ${j.name}`);
  process.stdout.write(output.endsWith('\n') || output === '' ? output : output + '\n');
  console.log(`::: ${j.name}: ${ok ? 'ok' : `failed (exit ${code ?? signal})`} in ${secs(t0)} s (${secs(t00)} s since npm test began)`);
  const cpu = cg ? cpuSeconds(cg) : undefined;
  results.push({ job: j, ok, counts, seconds: secs(t0), log: file, cpu });
  return ok;
}

const runJob = (j) => finishJob(j, j.started ?? startJob(j));

// The queue: the longest jobs first; a job that needs another waits for it, and is reported failed if that failed.
// (A job already started, lint beside the builds, takes its slot first.)
const queue = [...wanted].sort((a, b) => Number(!!b.started) - Number(!!a.started) || b.est - a.est);
const done = new Map();
await new Promise((finish) => {
  let running = 0;
  const pump = () => {
    for (;;) {
      if (running >= concurrency) return;
      const i = queue.findIndex((j) => !j.after || done.has(j.after) || !wanted.some((k) => k.name === j.after));
      // The dependency first: while toolchains waits in the queue, start it before what needs it.
      const dep = queue.findIndex((j) => j.name === 'toolchains');
      const next = dep >= 0 ? dep : i;
      if (next < 0) {
        if (running === 0) finish();
        return;
      }
      const [j] = queue.splice(next, 1);
      if (j.after && done.get(j.after) === false) {
        console.log(`\n::: ${j.name}: not run (${j.after} failed)`);
        results.push({ job: j, ok: false, counts: undefined, seconds: 0 });
        done.set(j.name, false);
        continue;
      }
      running++;
      void runJob(j).then((ok) => {
        done.set(j.name, ok);
        running--;
        pump();
      });
    }
  };
  pump();
});

// One count per tier (a job that failed without counting a failed test counts as one failure), then the total.
const tiers = new Map();
for (const r of results) {
  // A step without tests (lint, toolchains) counts only when it failed, as one failure under its own name.
  if (r.job.tier === null && r.ok) continue;
  const c = r.counts ?? { tier: r.job.tier ?? r.job.name, passed: 0, failed: 0, skipped: 0 };
  const failed = !r.ok && c.failed === 0 ? 1 : c.failed;
  const t = tiers.get(c.tier) ?? { passed: 0, failed: 0, skipped: 0 };
  tiers.set(c.tier, { passed: t.passed + c.passed, failed: t.failed + failed, skipped: t.skipped + c.skipped });
}
const failedJobs = results.filter((r) => !r.ok).map((r) => r.job.name);
// What failed, again at the end, where a reader of only the last lines of a long log (CI's report) still sees it:
// from each failed job's log, mocha's failure list (or, without one, its last lines), at most 60 lines a job.
for (const r of results.filter((x) => !x.ok && x.log)) {
  const lines = readFileSync(r.log, 'utf8').split('\n');
  const at = lines.findIndex((l) => /^\s*\d+ failing/.test(l) || /\bFAIL(ED)?\b/.test(l));
  const part = at >= 0 ? lines.slice(at, at + 60) : lines.slice(-40);
  console.log(`\n::: failed: ${r.job.name} (whole log: ${path.relative(root, r.log)})`);
  for (const l of part) console.log(`    ${l}`);
}
console.log('\n::: jobs (seconds)');
for (const r of [...results].sort((a, b) => b.seconds - a.seconds))
  console.log(`    ${r.ok ? 'ok    ' : 'FAILED'} ${String(r.seconds).padStart(4)}${r.cpu === undefined ? '' : ` (${r.cpu} CPU s)`}  ${r.job.name}`);
console.log(
  `\n::: npm test: ${failedJobs.length === 0 ? 'every step passed' : `failed: ${failedJobs.join(', ')}`} (${secs(t00)} s, ${concurrency} jobs at a time)`,
);
const total = { passed: 0, failed: 0, skipped: 0 };
for (const [tier, c] of tiers) {
  console.log(`${tier}: ${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped`);
  for (const k of Object.keys(total)) total[k] += c[k];
}
console.log(`tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(failedJobs.length === 0 ? 0 : 1);
