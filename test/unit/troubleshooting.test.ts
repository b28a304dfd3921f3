/**
 * docs/troubleshooting.md holds every message a user can see: for each error kind (src/cli/errorKinds.ts), the
 * opening words of its message (src/cli/errorMessages.ts, up to the first detail it fills in) appear in one of its
 * tables; and so do the opening words of every sentence src/ shows some other way, found in the source: the texts
 * given to `vscode.l10n.t`, to a progress line or a notification, to `#cursor`'s results (`toolText`,
 * `ToolInputError`), and the core's `…notice` constants. A new message, or a reworded one, without its entry fails here.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { CliErrorKind } from '../../src/cli/errorKinds';
import { describeError } from '../../src/cli/errorMessages';
import { repoRoot } from '../support/samples';

/** Every kind once: a kind added to the union without an entry here fails to compile. */
const KINDS = Object.keys({
  notInstalled: true,
  notExecutable: true,
  ideLauncherOnly: true,
  loggedOut: true,
  keychainLocked: true,
  invalidApiKey: true,
  unknownModel: true,
  usageLimit: true,
  rateLimit: true,
  network: true,
  sessionInUse: true,
  resumeFailed: true,
  promptTooLarge: true,
  timeout: true,
  malformedStream: true,
  policyBreach: true,
  untrustedWorkspace: true,
  unsafeWorkspace: true,
  imageTooLarge: true,
  imagesUnsupported: true,
  unknown: true,
} satisfies Record<CliErrorKind, true>) as CliErrorKind[];

/** The opening five words, with every `code span` (a filled-in detail in the message, a placeholder in the doc) as X. */
const normal = (s: string) => s.replace(/`[^`]*`/g, 'X').replace(/\s+/g, ' ');
const opening = (message: string) =>
  normal(message)
    .split(' ')
    .slice(0, 5)
    .join(' ')
    .replace(/[.,:…]+$/, '');

describe('docs/troubleshooting.md lists every message the chat can show', () => {
  const doc = normal(fs.readFileSync(path.join(repoRoot(), 'docs', 'troubleshooting.md'), 'utf8'));

  for (const kind of KINDS) {
    it(`the ${kind} message`, () => {
      const start = opening(describeError(kind).message);
      assert.ok(doc.includes(start), `docs/troubleshooting.md has no row for "${describeError(kind).message}" (looked for "${start}")`);
    });
  }
});

/**
 * Texts in src/ that are labels, titles or placeholders (a button, a picker's title, a terminal's name), not messages:
 * each is named here, so a new sentence is a doc entry or a deliberate line here.
 */
const NOT_MESSAGES = new Set([
  "The agent's own commands", // the subject of the /commands refusal ("… need the ACP backend"), documented there
  'Pick a Cursor chat, then type your question', // Open Past Chat's picker placeholder
  'Select the cursor-agent binary', // Select Binary…'s file dialog title
  'Start New Chats as Local Chats', // a button
  'Cursor: Switch Model: {0}', // Switch Model's picker title
  'Model for @cursor: the most recent choice, here or in the chat model picker, wins', // Switch Model's placeholder
  'The Cursor models the picker shows in Local chats (none checked: the default short list)', // Manage Models' placeholder
  'Check the Cursor CLI status', // a follow-up's label
  'List the available models', // a follow-up's label
  'Cursor Agent: Build Plan', // a terminal's name
  'The plan as an unsaved Markdown document', // Open Plan's tooltip
  "VS Code's agent mode with the plan in its input: needs a chat model that can edit, such as GitHub Copilot's", // Build with Agent's tooltip
  'The Cursor agent in a terminal with the plan; you approve each change there', // Build in Terminal's tooltip
  '(choose any, then Done)', // a multiple-choice question's hint
  'problems from the Problems panel', // an attachment's label
  'Describe what you did, what you expected and what happened instead.', // a line of the issue report's template
  'Which folder should Cursor work in?', // the folder picker's placeholder (several folders open)
]);

/** The texts src/ hands to VS Code for the user to read, at least four words long, with where each is. */
function sourceMessages(): Array<{ text: string; file: string }> {
  const sink = /(?:l10n\.t|ToolInputError|toolText|\.progress|show(?:Information|Warning|Error)Message)\(\s*(['"`])((?:\\.|(?!\1)[^\\])*)\1/g;
  const notice = /\b(?:const|let)\s+\w*(?:notice|NOTICE)\w*\s*=\s*(['"`])((?:\\.|(?!\1)[^\\])*)\1/g;
  const found: Array<{ text: string; file: string }> = [];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith('.ts')) {
        const source = fs.readFileSync(file, 'utf8');
        for (const m of [...source.matchAll(sink), ...source.matchAll(notice)]) {
          const text = m[2]!.replace(/\\(['"`])/g, '$1');
          if (NOT_MESSAGES.has(text) || withPlaceholders(text).split(' ').length < 4) continue;
          found.push({ text, file: path.relative(repoRoot(), file) });
        }
      }
    }
  };
  walk(path.join(repoRoot(), 'src'));
  return found;
}

/** `{0}` and `${…}` (a detail filled in) as X, as the doc writes a detail: `<file>`, N, `x`. */
const withPlaceholders = (text: string) =>
  normal(
    text
      .replace(/\$\{[^}]*\}/g, 'X')
      .replace(/\$\{.*$/, ' X') // a placeholder holding a nested template, cut off where the source scan stopped
      .replace(/\{\d+\}/g, 'X'),
  ).trim();

describe('docs/troubleshooting.md lists every other message src/ shows', () => {
  const doc = normal(fs.readFileSync(path.join(repoRoot(), 'docs', 'troubleshooting.md'), 'utf8')).replace(/[<>]/g, '');
  const messages = sourceMessages();

  it('finds the messages in the source: the /resume, /commands, reconnect, long-conversation and #cursor ones among them', () => {
    const texts = messages.map((m) => m.text);
    for (const want of [
      'No past Cursor chats in this folder yet.',
      'The Cursor agent has not announced any commands.',
      'Connection to Cursor lost, reconnecting…',
    ])
      assert.ok(texts.includes(want), want);
    assert.ok(texts.some((t) => t.startsWith('The conversation is long')));
    assert.ok(texts.some((t) => t.startsWith('cursor_ask reads only files inside the workspace folder')));
  });

  it('each one has its entry (its opening words, a filled-in detail as X)', () => {
    const missing = messages.filter((m) => !doc.includes(opening(withPlaceholders(m.text)).replace(/[<>]/g, '')));
    assert.deepEqual(
      missing.map((m) => `${m.file}: ${m.text}`),
      [],
      'docs/troubleshooting.md has no entry for these (or, for a label, name it in NOT_MESSAGES)',
    );
  });
});
