/**
 * The texts a user reads outside the chat (the walkthrough, the settings' descriptions, the README and the
 * troubleshooting page) held to what the product does, the way troubleshooting.test.ts holds the messages: every
 * command they name by its palette title exists under that title, every command link and setting they name is
 * declared, every walkthrough step completes on a context key the code sets or a command that exists, the numbers
 * the descriptions state are the code's, and claims the product once made falsely stay gone.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { SHORTLIST_MAX } from '../../src/services/models/modelShortlist';
import { repoRoot } from '../support/samples';

interface Contributed {
  commands: Array<{ command: string; title: string; category?: string }>;
  configuration: { properties: Record<string, unknown> };
  walkthroughs: Array<{ steps: Array<{ id: string; completionEvents: string[] }> }>;
}

const root = repoRoot();
const read = (rel: string) => fs.readFileSync(path.join(root, rel), 'utf8');
const nls = JSON.parse(read('package.nls.json')) as Record<string, string>;
const contributes = (JSON.parse(read('package.json')) as { contributes: Contributed }).contributes;
const localized = (s: string) => s.replace(/^%(.+)%$/, (_, k: string) => nls[k] ?? s);
const walkthroughPages = fs.readdirSync(path.join(root, 'media/walkthrough')).map((f) => `media/walkthrough/${f}`);
/** Every text a user reads about the product outside the chat, by where it is. */
const TEXTS: Array<[string, string]> = [
  ...Object.entries(nls).map(([k, v]) => [`package.nls.json ${k}`, v] as [string, string]),
  ...walkthroughPages.map((f) => [f, read(f)] as [string, string]),
  ['README.md', read('README.md')],
  ['docs/troubleshooting.md', read('docs/troubleshooting.md')],
];
const flat = (s: string) => s.replace(/\s+/g, ' ');
const paletteTitles = new Set(contributes.commands.map((c) => `${localized(c.category ?? '')}: ${localized(c.title)}`));
const commandIds = new Set(contributes.commands.map((c) => c.command));
const settingIds = new Set(Object.keys(contributes.configuration.properties));
const sourceFiles = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? sourceFiles(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : []));
const source = sourceFiles(path.join(root, 'src'))
  .map((f) => fs.readFileSync(f, 'utf8'))
  .join('\n');

describe('the texts a user reads outside the chat', () => {
  it('name each command by the title the Command Palette shows (e.g. Cursor: Unlock macOS Keychain)', () => {
    const wrong: string[] = [];
    for (const [where, text] of TEXTS)
      for (const m of flat(text).matchAll(/\*\*(Cursor: [^*]+?)\*\*/g)) if (!paletteTitles.has(m[1]!)) wrong.push(`${where}: ${m[1]}`);
    assert.deepEqual(wrong, [], `not a command title (${[...paletteTitles].join(', ')})`);
  });

  it('link only commands the extension contributes, and name only settings it declares', () => {
    const wrong: string[] = [];
    for (const [where, text] of TEXTS) {
      for (const m of text.matchAll(/\(command:([\w.]+)/g)) if (!commandIds.has(m[1]!)) wrong.push(`${where}: command ${m[1]}`);
      for (const m of text.matchAll(/`(cursorAgent\.[\w.]+)`/g))
        if (!settingIds.has(m[1]!) && !commandIds.has(m[1]!)) wrong.push(`${where}: ${m[1]}`);
    }
    assert.deepEqual(wrong, []);
  });

  it('the walkthrough steps complete on context keys the code sets and commands that exist', () => {
    for (const step of contributes.walkthroughs.flatMap((w) => w.steps))
      for (const event of step.completionEvents) {
        const [kind, key] = event.split(':') as [string, string];
        if (kind === 'onCommand') assert.ok(commandIds.has(key), `${step.id}: ${event} is no command`);
        else if (kind === 'onContext')
          assert.ok(
            source.includes(`'${key}'`) && /'setContext'|setContext\(/.test(source),
            `${step.id}: ${event}: no code sets the context key ${key}`,
          );
        else assert.fail(`${step.id}: unknown completion event ${event}`);
      }
  });

  it('the numbers the setting descriptions state are the code’s: the short list of at most 15 models', () => {
    assert.equal(SHORTLIST_MAX, 15);
    assert.match(nls['config.pickerModels'] ?? '', new RegExp(`at most ${SHORTLIST_MAX}\\)`));
  });

  // Claims these texts once made that the product does otherwise, each with what it does.
  // A sentence that says @cursor is never reached must say it is so without Copilot.
  const neverReached =
    /never (reaches|calls) `?@cursor`?(?![^.|]*(without|no) (GitHub )?Copilot)(?<!(without|no) (GitHub )?Copilot[^.|]*never (reaches|calls) `?@cursor`?)/i;
  const FALSE_CLAIMS: Array<[RegExp, string]> = [
    [/Report Issue[^.]*opens an issue/i, 'Report Issue opens a document with the report: there is no issue tracker'],
    [/never edits files or runs commands/i, 'the agent is told not to; a turn that reports an edit or a command is stopped'],
    [neverReached, '@cursor answers in a Copilot harness chat when Copilot is signed in'],
    [/run `security unlock-keychain`/i, 'the extension has a command for it: Cursor: Unlock macOS Keychain'],
    [/\[[^\]]*\]\(THIRD_PARTY_NOTICES\.md\)/, 'a fresh checkout has no THIRD_PARTY_NOTICES.md until a build writes it'],
    [/"?In the Command Palette"? under \*\*Cursor\*\*:/, 'some commands are hidden from the palette or shown only sometimes'],
  ];
  for (const [claim, truth] of FALSE_CLAIMS)
    it(`do not say ${claim.source.replace(/\\/g, '')} (${truth})`, () => {
      const found = TEXTS.filter(([, text]) => claim.test(flat(text))).map(([where]) => where);
      assert.deepEqual(found, []);
    });

  it('the mode setting says a turn that reports a change anyway is stopped, as the breach stop does', () => {
    assert.match(nls['config.mode'] ?? '', /read-only/);
    assert.match(nls['config.mode'] ?? '', /is stopped/);
  });

  it('the README says "ACP" at most 3 times, and explains it where it does', () => {
    const readme = read('README.md');
    const count = (readme.match(/\bACP\b/g) ?? []).length;
    assert.ok(count <= 3, `"ACP" ${count} times`);
    if (count > 0) assert.match(flat(readme), /ACP, Cursor's agent server/);
  });
});
