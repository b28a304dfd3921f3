/**
 * Property: whatever reaches buildTurnArgs (a hand-edited setting, a stored
 * chat id, a model id with a flag in it), the agent is either not started or
 * started read-only: `--mode plan|ask`, never `--force`/`-f`/`--yolo`/
 * `--sandbox disabled`, `--trust` only for a trusted folder, and no prompt
 * text in argv.
 */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { assertReadOnlyArgs, buildTurnArgs, ChatMode, TurnArgsOptions } from '../../../src/cli/args';
import { params } from './support';

const NASTY = [
  '--force',
  '-f',
  '--yolo',
  '--sandbox disabled',
  '--sandbox=disabled',
  '--sandbox',
  'disabled',
  '-pf',
  '--mode',
  'agent',
  '--trust',
  '--auto-review',
  '--approve-mcps',
  '-',
  '--',
  ' ',
  '',
];

/** Strings that look like flags, contain spaces or newlines, or are anything at all. */
const hostile = fc.oneof(
  fc.constantFrom(...NASTY),
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.tuple(fc.constantFrom(...NASTY), fc.string(), fc.constantFrom(' ', '\n', '\r\n', '\t', '=', '')).map(([a, b, sep]) => `${b}${sep}${a}`),
  fc.tuple(fc.constantFrom(...NASTY), fc.string(), fc.constantFrom(' ', '\n', '=', '')).map(([a, b, sep]) => `${a}${sep}${b}`),
  fc.constantFrom(
    'gpt-5',
    'auto',
    'claude-opus-4-8[context=1m,effort=high]',
    'sonnet-4.5',
    '065d6699-0bd7-4d0c-86f5-3cfc5be0e336',
    'a b',
    'x\n--force',
    'sonnet --force',
  ),
);

const modeArb: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('plan', 'ask') },
  fc.constantFrom('plan', 'ask', '--force', 'yolo', 'agent', 'Plan', 'ASK', ' plan', 'plan ', 'plan\n', 'plan --force', ''),
  hostile,
  fc.constantFrom(undefined, null, 0, true, ['plan'], { toString: () => 'plan' }),
);

const absPath = fc.oneof(
  fc.string().map((s) => `/${s}`),
  fc.string().map((s) => `C:\\${s}`),
  fc.string().map((s) => `\\\\server\\share\\${s}`),
  fc.constantFrom('/home/u/proj', 'C:\\Users\\A User\\proj', '/tmp/--force', '/tmp/x --yolo', '/x\n--force', '/x\r', '/x\0y'),
);
const workspaceArb: fc.Arbitrary<unknown> = fc.oneof({ weight: 6, arbitrary: absPath }, hostile, fc.constantFrom(undefined, null, 42));

const trustedArb: fc.Arbitrary<unknown> = fc.oneof({ weight: 4, arbitrary: fc.boolean() }, fc.constantFrom('true', 1, undefined, null));
/** Inputs a correct caller passes: must always be accepted. */
const safeId = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._:/[\]=,+-]{0,80}$/);
const goodOptsArb = fc.record({
  mode: fc.constantFrom<ChatMode>('plan', 'ask'),
  workspace: fc.oneof(
    fc.constantFrom('/home/u/proj', 'C:\\Users\\A User\\proj', '\\\\server\\share\\proj', '/tmp/--force'),
    fc
      .string({ unit: 'grapheme' })
      .filter((s) => !/[\0\r\n]/.test(s))
      .map((s) => `/${s}`),
  ),
  trusted: fc.boolean(),
  model: fc.option(safeId, { nil: undefined }),
  // Chat ids have the shape of the CLI's (issue 12: nothing path-like from chat history).
  resumeChatId: fc.option(fc.oneof(fc.uuid(), fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9-]{0,99}$/)), { nil: undefined }),
});

const idArb: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constant(undefined) },
  { weight: 3, arbitrary: safeId },
  hostile,
  fc.constantFrom(null, 7, ['gpt-5']),
);
const optsArb = fc.record({ mode: modeArb, workspace: workspaceArb, trusted: trustedArb, model: idArb, resumeChatId: idArb });

/** The read-only promise, checked on an argv independently of assertReadOnlyArgs. */
function checkReadOnly(argv: readonly string[], opts: Record<string, unknown>): void {
  for (const [i, a] of argv.entries()) {
    assert.ok(!['--force', '-f', '--yolo', '--sandbox=disabled'].includes(a), `argv has ${a}`);
    assert.ok(!(a === '--sandbox' && argv[i + 1] === 'disabled'), 'argv has --sandbox disabled');
    assert.ok(!/[\r\n]/.test(a), `argv element ${JSON.stringify(a)} has a newline (prompt text belongs on stdin)`);
  }
  assert.doesNotThrow(() => assertReadOnlyArgs(argv));
  const modes = argv.flatMap((a, i) => (a === '--mode' ? [argv[i + 1]] : []));
  assert.equal(modes.length, 1, 'exactly one --mode');
  assert.ok(modes[0] === 'plan' || modes[0] === 'ask');
  assert.equal(modes[0], opts.mode);
  assert.equal(argv.includes('--trust'), opts.trusted === true, '--trust iff the folder is trusted');
  // The exact shape: every flag is ours, and every value sits right after its flag.
  assert.deepEqual(argv, [
    '-p',
    '--output-format',
    'stream-json',
    '--stream-partial-output',
    '--mode',
    opts.mode,
    ...(opts.trusted === true ? ['--trust'] : []),
    '--workspace',
    opts.workspace,
    ...(opts.model !== undefined ? ['--model', opts.model] : []),
    ...(opts.resumeChatId !== undefined ? ['--resume', opts.resumeChatId] : []),
  ]);
  // A value can never be read as a flag by the CLI's option parser.
  for (const flag of ['--workspace', '--model', '--resume']) {
    const i = argv.indexOf(flag);
    if (i >= 0) assert.ok(!argv[i + 1]!.startsWith('-'), `${flag} value ${JSON.stringify(argv[i + 1])} looks like a flag`);
  }
}

describe('properties: every chat turn is started read-only', function () {
  this.timeout(30_000);

  it('for any mode, folder, trust, model and chat id, the turn is refused or its argv is read-only', () => {
    let accepted = 0;
    let refused = 0;
    fc.assert(
      fc.property(optsArb, (opts) => {
        let argv: string[];
        try {
          argv = buildTurnArgs(opts as unknown as TurnArgsOptions);
        } catch (e) {
          assert.ok(e instanceof Error);
          assert.match(e.message, /^Refusing to run cursor-agent/);
          refused++;
          return;
        }
        checkReadOnly(argv, opts);
        accepted++;
      }),
      params(3000),
    );
    // Both outcomes are exercised, not just the refusals.
    assert.ok(accepted >= (accepted + refused) / 20, `only ${accepted} of ${accepted + refused} runs built an argv`);
    assert.ok(refused >= (accepted + refused) / 20, `only ${refused} of ${accepted + refused} runs were refused`);
  });

  it('refuses any mode other than plan or ask, so a bad setting can never start a writing agent', () => {
    fc.assert(
      fc.property(
        modeArb.filter((m) => m !== 'plan' && m !== 'ask'),
        goodOptsArb,
        (mode, good) => {
          assert.throws(() => buildTurnArgs({ ...good, mode: mode as ChatMode }), /mode must be one of plan, ask/);
        },
      ),
      params(500),
    );
  });

  it('refuses a model or chat id that starts with "-" or holds whitespace, so it cannot smuggle a flag in', () => {
    const smuggled = fc.oneof(
      fc.constantFrom(...NASTY.filter((n) => n !== 'disabled' && n !== 'agent')),
      fc.tuple(fc.string(), fc.constantFrom(' ', '\t', '\n', '\r')).map(([s, w]) => `a${w}${s}`),
      fc.string().map((s) => `-${s}`),
    );
    fc.assert(
      fc.property(goodOptsArb, smuggled, fc.boolean(), (good, bad, asModel) => {
        const opts = asModel ? { ...good, model: bad } : { ...good, resumeChatId: bad };
        assert.throws(() => buildTurnArgs(opts), /invalid (model|chat) id/);
      }),
      params(500),
    );
  });

  it('accepts every well-formed request (plan/ask, absolute folder, safe ids) and builds the documented argv', () => {
    fc.assert(
      fc.property(goodOptsArb, (opts) => {
        checkReadOnly(buildTurnArgs(opts), opts);
      }),
      params(1000),
    );
  });

  it('the last guard refuses an argv with a writing flag slipped in anywhere', () => {
    const slipped = fc.constantFrom(
      ['--force'],
      ['-f'],
      ['--yolo'],
      ['-pf'],
      ['-fp'],
      ['--sandbox', 'disabled'],
      ['--sandbox=disabled'],
      ['--sandbox'],
      ['--mode', 'agent'],
      ['--mode=agent'],
      ['--force=true'],
      ['--auto-review'],
      ['--approve-mcps'],
    );
    fc.assert(
      fc.property(goodOptsArb, slipped, fc.nat(), (opts, extra, at) => {
        const argv = buildTurnArgs(opts);
        const i = at % (argv.length + 1);
        const bad = [...argv.slice(0, i), ...extra, ...argv.slice(i)];
        assert.throws(() => assertReadOnlyArgs(bad), /Refusing to run cursor-agent/);
      }),
      params(1000),
    );
  });
});
