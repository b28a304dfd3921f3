/**
 * The live verification kit (test/live/) run whole against the fake CLI, so it cannot rot: every
 * fact gets a verdict, the script's steps run, and the report holds no prompt, id or account data.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { createFakeAcpCli, FakeAcpCli } from '../../fixtures/acp/fakeAcpCli';
import { FACTS } from '../../live/facts';
import { PROMPTS } from '../../live/script';
import { refuseLive, verifyLive } from '../../live/verifyLive';

const EMAIL = 'maintainer.planted@example.com';
const ANSWER = 'Planted answer sk-verify-0123456789abcdef0123456789.';

describe('live verification kit (against the fake CLI)', function () {
  this.timeout(30_000);
  let fake: FakeAcpCli | undefined;
  let out: string | undefined;
  afterEach(() => {
    fake?.cleanup();
    if (out) fs.rmSync(out, { recursive: true, force: true });
    fake = undefined;
    out = undefined;
  });

  it('runs the whole script and writes a report with a verdict for every fact, none of the prompts, ids or account data in it', async () => {
    fake = createFakeAcpCli({
      scenario: { email: EMAIL, turn: { kind: 'default', answer: ANSWER } },
      acp: {
        turn: { kind: 'answer', text: ANSWER },
        byPrompt: [
          { match: '[verify:plan]', turn: { kind: 'requests', text: ANSWER } },
          { match: '[verify:tools]', turn: { kind: 'mcpCall', calls: [{ tool: 'diagnostics', args: {} }], text: ANSWER } },
          { match: '[verify:image]', turn: { kind: 'describeImages', text: ANSWER } },
          { match: '[verify:cancel]', turn: { kind: 'never', text: ANSWER } },
        ],
      },
    });
    out = fs.mkdtempSync(path.join(os.tmpdir(), 'verify-live-out-'));
    const r = await verifyLive({ binPath: fake.binPath, outDir: out, stepTimeoutMs: 10_000, secrets: [ANSWER] });
    assert.ok(r.ran, r.ran ? '' : r.reason);
    // Every fact of the table, each with a verdict, in the JSON and in the Markdown.
    const json = fs.readFileSync(path.join(out, 'report.json'), 'utf8');
    const md = fs.readFileSync(path.join(out, 'report.md'), 'utf8');
    assert.deepStrictEqual(
      r.report.facts.map((f) => f.id),
      FACTS.map((f) => f.id),
    );
    for (const f of r.report.facts) {
      assert.ok(['held', 'did not hold', 'not seen'].includes(f.verdict), f.id);
      assert.match(md, new RegExp(`\\| ${f.id} \\|.*\\| (held|did not hold|not seen) \\|`));
      assert.ok(md.includes(`| ${f.readme.replace(/\|/g, '\\|')} | ${f.verdict} |`), `${f.id}: the report does not name the README claim it backs`);
    }
    assert.ok(r.report.os.length > 0 && md.includes(`, ${r.report.os}, `), 'the report does not name the OS');
    // The fake follows the contract: every fact holds.
    const notHeld = r.report.facts.filter((f) => f.verdict !== 'held').map((f) => `${f.id}: ${f.verdict}`);
    assert.deepStrictEqual(notHeld, []);
    assert.deepStrictEqual(
      r.report.steps.map((s) => `${s.step}: ${s.outcome}`),
      [
        'plain: answered',
        'plan: answered',
        'editorTools: answered',
        'image: answered',
        'cancel: cancelled',
        'model: failed (unknownModel)',
        'load: answered',
        'print: answered',
      ],
    );
    for (const k of ['handshakeMs', 'firstTextMs', 'turnMs', 'loadMs', 'cancelMs'] as const) assert.ok(typeof r.report.timings[k] === 'number', k);
    // Redacted: no prompt, no answer text, no email, no session id (every one the fake gave out).
    const sessionIds = new Set<string>();
    for (const lines of fake.acpLog().values())
      for (const l of lines) {
        const id = (l.msg.result as { sessionId?: unknown } | undefined)?.sessionId;
        if (typeof id === 'string') sessionIds.add(id);
      }
    assert.ok(sessionIds.size >= 2);
    for (const text of [json, md]) {
      for (const p of Object.values(PROMPTS)) assert.ok(!text.includes(p) && !text.includes(p.slice(16, 40)), 'a prompt reached the report');
      for (const id of sessionIds) assert.ok(!text.includes(id), 'a session id reached the report');
      assert.ok(!text.includes(EMAIL) && !text.includes('planted@'), 'the account email reached the report');
      assert.ok(!text.includes('sk-verify') && !text.includes('Planted answer'), 'answer text reached the report');
      assert.ok(!text.includes('Bearer') && !text.includes('vscode-'), 'the editor tools server name or token reached the report');
    }
  });

  it('refuses to run with a signed-out CLI, and says to run cursor-agent login', async () => {
    fake = createFakeAcpCli({ scenario: { auth: 'loggedOut' } });
    out = fs.mkdtempSync(path.join(os.tmpdir(), 'verify-live-out-'));
    const r = await verifyLive({ binPath: fake.binPath, outDir: out });
    assert.ok(!r.ran);
    assert.match(r.reason, /cursor-agent login/);
    assert.deepStrictEqual(fs.readdirSync(out), []);
  });

  it('refuses to run without a usable binary, and says how to set CURSOR_AGENT_PATH or PATH', async () => {
    out = fs.mkdtempSync(path.join(os.tmpdir(), 'verify-live-out-'));
    const r = await verifyLive({ binPath: path.join(out, 'no-such-cursor-agent'), outDir: out });
    assert.ok(!r.ran);
    assert.match(r.reason, /CURSOR_AGENT_PATH/);
    assert.match(r.reason, /PATH/);
  });

  it('never runs in CI', () => {
    assert.match(refuseLive({ CI: 'true' }) ?? '', /never runs in CI/);
    assert.strictEqual(refuseLive({}), undefined);
  });

  it('the README invites a run with the number of facts it checks, each fact names words the README says, and docs/verified.md has a place for the results', () => {
    const root = path.join(__dirname, '..', '..', '..', '..');
    const flat = (t: string) => t.replace(/\s+/g, ' ');
    const readme = flat(fs.readFileSync(path.join(root, 'README.md'), 'utf8'));
    assert.ok(readme.includes('npm run verify:live'), 'the README does not invite a live run');
    assert.ok(readme.includes(`checks ${FACTS.length} facts`), `the README does not say the kit checks ${FACTS.length} facts`);
    assert.ok(readme.includes('[docs/verified.md](docs/verified.md)'), 'the README does not link the results');
    for (const f of FACTS) assert.ok(readme.includes(f.readme), `${f.id} backs "${f.readme}", which the README does not say`);
    const verified = fs.readFileSync(path.join(root, 'docs', 'verified.md'), 'utf8');
    assert.match(verified, /\| Date \| CLI version \| OS \| Held \| Did not hold \| Not seen \|/);
  });
});
