/**
 * `npm run verify:live`: checks the facts the project's fakes assume against the
 * user's real, signed-in `cursor-agent` (CURSOR_AGENT_PATH, else PATH and the
 * known install places, as the extension resolves it), through the extension's
 * own backends (./script.ts), and writes a redacted report to
 * test-output/verify-live/report.md and report.json (./report.ts). Opt-in, never
 * in CI: it spends a few turns of the account's Cursor usage. Refuses, saying
 * why, when no CLI is found or it is not signed in. test/unit/live/ runs the
 * whole kit against the fake CLI so it cannot rot.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Logger } from '../../src/cli/process';
import { nodeHostEnvironment } from '../../src/node/nodeHost';
import { NodeProcessRunner } from '../../src/node/nodeProcessRunner';
import { DEFAULT_SETTINGS } from '../../src/services/settingsSchema';
import { quietLogger } from '../support/logger';
import { nodeRuntime } from '../support/runtime';
import { assertClean, buildReport, LiveReport, renderMarkdown, scrub } from './report';
import { runScript } from './script';

export interface VerifyOptions {
  /** `cursorAgent.path` (empty: PATH and the known install places). */
  binPath: string;
  outDir: string;
  stepTimeoutMs?: number;
  logger?: Logger;
  onProgress?: (line: string) => void;
  /** More strings that must never reach the report (the tests plant some). */
  secrets?: readonly string[];
}

export type VerifyResult = { ran: true; report: LiveReport; files: string[] } | { ran: false; reason: string };

/** Found and signed in (the extension's own readiness probe: `--version`, then `status --format json`), or why not. */
async function readiness(binPath: string, logger: Logger): Promise<{ version: string; email?: string } | { reason: string }> {
  const runner = new NodeProcessRunner(logger);
  const user = { ...DEFAULT_SETTINGS, path: binPath };
  const rt = nodeRuntime({
    runner,
    host: nodeHostEnvironment(process.env, process.platform),
    logger,
    settings: () => user,
    workspace: { isTrusted: () => true, folders: () => [os.tmpdir()] },
  });
  try {
    const s = await rt.auth.refresh({ force: true });
    switch (s.state) {
      case 'ready':
        return { version: s.version, ...(s.email ? { email: s.email } : {}) };
      case 'notInstalled':
        return {
          reason:
            `no usable cursor-agent (${s.message}). Install it, then put it on PATH or set CURSOR_AGENT_PATH to its full path ` +
            '(e.g. CURSOR_AGENT_PATH=~/.local/bin/cursor-agent npm run verify:live).',
        };
      case 'loggedOut':
        return { reason: 'cursor-agent is not signed in: run `cursor-agent login`, then `npm run verify:live` again.' };
      case 'keychainLocked':
        return { reason: 'the macOS login keychain is locked: run `security unlock-keychain`, then try again.' };
      default:
        return { reason: `cursor-agent status did not say signed in (${s.state === 'error' ? s.detail : s.state}).` };
    }
  } finally {
    rt.acp.dispose();
    rt.agent.print.dispose();
    for (const d of rt.disposables) d.dispose();
    runner.dispose();
  }
}

export async function verifyLive(o: VerifyOptions): Promise<VerifyResult> {
  const logger = o.logger ?? quietLogger;
  const ready = await readiness(o.binPath, logger);
  if ('reason' in ready) return { ran: false, reason: ready.reason };
  const run = await runScript({
    binPath: o.binPath,
    stepTimeoutMs: o.stepTimeoutMs ?? 180_000,
    logger,
    ...(o.onProgress ? { onProgress: o.onProgress } : {}),
  });
  const secrets = [...(o.secrets ?? []), ...(ready.email ? [ready.email] : []), ...(run.editorTools ? [run.editorTools.token] : [])];
  const report = buildReport(run, ready.version);
  const json = scrub(JSON.stringify(report, null, 2), run, secrets);
  const md = scrub(renderMarkdown(report), run, secrets);
  assertClean(json, run, secrets);
  assertClean(md, run, secrets);
  fs.mkdirSync(o.outDir, { recursive: true });
  const files = [path.join(o.outDir, 'report.json'), path.join(o.outDir, 'report.md')];
  fs.writeFileSync(files[0]!, `${json}\n`);
  fs.writeFileSync(files[1]!, md);
  return { ran: true, report: JSON.parse(json) as LiveReport, files };
}

/** Why the kit must not run here, or undefined: never in CI (it needs a signed-in account and spends its usage). */
export function refuseLive(env: Record<string, string | undefined>): string | undefined {
  const ci = env.CI;
  if (ci !== undefined && ci !== '' && ci !== 'false' && ci !== '0')
    return "npm run verify:live uses your signed-in cursor-agent and your account's usage; it never runs in CI (CI is set). Run it on your own machine.";
  return undefined;
}

async function main(): Promise<number> {
  const refused = refuseLive(process.env);
  if (refused) {
    console.error(refused);
    return 2;
  }
  const outDir = path.resolve(__dirname, '../../../test-output/verify-live');
  const t0 = Date.now();
  const r = await verifyLive({ binPath: process.env.CURSOR_AGENT_PATH ?? '', outDir, onProgress: (l) => console.log(l) });
  if (!r.ran) {
    console.error(`verify:live did not run: ${r.reason}`);
    return 2;
  }
  const c = r.report.counts;
  console.log(
    `verify:live: ${c.held} held, ${c['did not hold']} did not hold, ${c['not seen']} not seen, in ${Math.round((Date.now() - t0) / 1000)} s`,
  );
  for (const f of r.report.facts.filter((x) => x.verdict !== 'held')) console.log(`  ${f.verdict}: ${f.id}: ${f.statement}`);
  console.log(`report: ${r.files.join(', ')}`);
  return c['did not hold'] > 0 ? 1 : 0;
}

if (require.main === module) {
  void main().then(
    (code) => (process.exitCode = code),
    (err: unknown) => {
      console.error(`verify:live failed: ${err instanceof Error ? err.message : String(err)}`);
      process.exitCode = 1;
    },
  );
}
